/**
 * The lists of the config tabs (Floors, Zones & layers): an outlined section with its heading and
 * action, rows with a name, a second line and their icons, and the words of an empty list.
 */

import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Box, IconButton, ListItem, ListItemText, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';

/** The section's border closes the last row. */
export const lastRowSx = { '& .MuiList-root:last-of-type > li:last-of-type': { borderBottom: 0 } };

export function Section({
  title,
  action,
  children,
}: {
  title: string;
  action: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ flex: 1, minWidth: 0, overflow: 'hidden', ...lastRowSx }}
    >
      <Stack
        direction="row"
        sx={{
          px: 2,
          py: 1.25,
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

export function Row({
  name,
  code,
  editLabel,
  onEdit,
  deleteLabel,
  onDelete,
  link,
}: {
  name: string;
  /** The second line. */
  code: string | null;
  editLabel: string;
  onEdit: () => void;
  deleteLabel?: string;
  onDelete?: () => void;
  /** An icon that leads to the row's own page. */
  link?: { label: string; to: string };
}) {
  const icons = 1 + (onDelete ? 1 : 0) + (link ? 1 : 0);
  return (
    <ListItem
      divider
      sx={{ pr: 2 + 5 * icons }}
      secondaryAction={
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          {link ? (
            <Tooltip title={link.label}>
              <IconButton edge="end" aria-label={link.label} component={RouterLink} to={link.to} size="small">
                <ArrowForwardIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
          <Tooltip title={editLabel}>
            <IconButton edge="end" aria-label={editLabel} onClick={onEdit} size="small">
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {onDelete && deleteLabel ? (
            <Tooltip title={deleteLabel}>
              <IconButton edge="end" aria-label={deleteLabel} onClick={onDelete} size="small">
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </Box>
      }
    >
      <ListItemText
        primary={name}
        secondary={code}
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
      />
    </ListItem>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" variant="body2" component="div" sx={{ px: 2, py: 3 }}>
      {children}
    </Typography>
  );
}
