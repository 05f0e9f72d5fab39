import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A tab's heading: its title, a line of help and the tab's actions on the right. */
export function TabHeading({
  title,
  hint,
  actions,
  id,
}: {
  title: string;
  hint?: string;
  actions?: ReactNode;
  id?: string;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        gap: 2,
        mb: 2.5,
      }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 260px' }}>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {hint ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 640 }}>
            {hint}
          </Typography>
        ) : null}
      </Box>
      {actions ? <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box> : null}
    </Box>
  );
}
