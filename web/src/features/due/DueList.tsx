/**
 * The rows of a Due page: overdue first, then the window's, each part grouped by kind; every row
 * opens its object and carries the actions that handle it in place.
 */
import { DUE_KINDS, type DueItem, type DueKind } from '@asbuilt/domain';
import AlarmIcon from '@mui/icons-material/AlarmOff';
import EventIcon from '@mui/icons-material/Event';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PasswordIcon from '@mui/icons-material/Password';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import {
  Box,
  Chip,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { canSetDate } from '../../api/due.ts';
import { formatDate } from '../../lib/dates.ts';
import { type DueAction, DueActionDialog } from './DueDialogs.tsx';
import { objectPath } from './dueLinks.ts';

/** What the row's menu offers to move its date: none where the viewer may not, or nothing to move. */
function dateAction(
  item: DueItem,
): { action: DueAction; word: 'action.password' | 'action.extend' | 'action.new_date' } | null {
  if (!item.can_edit) return null;
  if (item.kind === 'secret_rotation') return { action: 'password', word: 'action.password' };
  if (!canSetDate(item.kind)) return null;
  return { action: 'date', word: item.kind === 'access' ? 'action.extend' : 'action.new_date' };
}

function RowActions({ item, onAction }: { item: DueItem; onAction: (action: DueAction) => void }) {
  const { t } = useTranslation('due');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: DueAction) => {
    setAnchor(null);
    onAction(action);
  };
  const moves = dateAction(item);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
      {item.kind === 'task' && item.can_edit ? (
        <Tooltip title={t('action.done')}>
          <IconButton aria-label={`${t('action.done')}: ${item.title}`} onClick={() => onAction('done')}>
            <TaskAltIcon />
          </IconButton>
        </Tooltip>
      ) : null}
      <IconButton
        aria-label={t('row.actions', { title: item.title })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {moves ? (
          <MenuItem onClick={() => choose(moves.action)}>
            {moves.action === 'password' ? (
              <PasswordIcon fontSize="small" sx={{ mr: 1.5 }} />
            ) : (
              <EventIcon fontSize="small" sx={{ mr: 1.5 }} />
            )}
            {t(moves.word)}
          </MenuItem>
        ) : null}
        <MenuItem onClick={() => choose('snooze')}>
          <AlarmIcon fontSize="small" sx={{ mr: 1.5 }} />
          {t('action.snooze')}
        </MenuItem>
      </Menu>
    </Stack>
  );
}

function KindGroup({
  kind,
  items,
  siteNames,
  onAction,
}: {
  kind: DueKind;
  items: DueItem[];
  siteNames: Map<number, string> | null;
  onAction: (item: DueItem, action: DueAction) => void;
}) {
  const { t } = useTranslation('due');
  return (
    <Box component="section" aria-label={t(`kind.${kind}`)}>
      <Typography variant="subtitle2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
        {t(`kind.${kind}`)} <Chip size="small" label={items.length} sx={{ ml: 0.5 }} />
      </Typography>
      <List dense disablePadding>
        {items.map((item) => (
          <ListItem
            key={`${item.kind}-${item.id}-${item.site_id}`}
            divider
            secondaryAction={<RowActions item={item} onAction={(action) => onAction(item, action)} />}
            sx={{ pr: item.kind === 'task' && item.can_edit ? 13 : 8 }}
          >
            <ListItemText
              primary={
                <Link
                  component={RouterLink}
                  to={objectPath(item)}
                  underline="hover"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {item.title}
                </Link>
              }
              secondary={[
                item.overdue
                  ? t('row.overdue_since', { date: formatDate(item.due_date) })
                  : t('row.due', { date: formatDate(item.due_date) }),
                siteNames ? t('row.site', { name: siteNames.get(item.site_id) ?? `#${item.site_id}` }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
              slotProps={{ secondary: { color: item.overdue ? 'error' : 'text.secondary' } }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

function Part({
  title,
  items,
  siteNames,
  onAction,
  tone,
}: {
  title: string;
  items: DueItem[];
  siteNames: Map<number, string> | null;
  onAction: (item: DueItem, action: DueAction) => void;
  tone: 'error' | 'primary';
}) {
  const byKind = DUE_KINDS.map((kind) => [kind, items.filter((i) => i.kind === kind)] as const).filter(
    ([, list]) => list.length > 0,
  );
  return (
    <Paper variant="outlined" sx={{ borderLeft: 4, borderLeftColor: `${tone}.main`, overflow: 'hidden' }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
        {title} <Chip size="small" color={tone} label={items.length} sx={{ ml: 0.5 }} />
      </Typography>
      {byKind.map(([kind, list]) => (
        <KindGroup key={kind} kind={kind} items={list} siteNames={siteNames} onAction={onAction} />
      ))}
    </Paper>
  );
}

export function DueList({
  items,
  days,
  siteNames,
}: {
  items: DueItem[];
  days: number;
  /** The sites' names, on the tenant's list (each row says its site). */
  siteNames: Map<number, string> | null;
}) {
  const { t } = useTranslation('due');
  const [open, setOpen] = useState<{ item: DueItem; action: DueAction } | null>(null);
  const onAction = (item: DueItem, action: DueAction) => setOpen({ item, action });
  const overdue = items.filter((i) => i.overdue);
  const upcoming = items.filter((i) => !i.overdue);
  if (items.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">{t('page.empty', { days })}</Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={2}>
      {overdue.length > 0 ? (
        <Part
          title={t('page.overdue')}
          items={overdue}
          siteNames={siteNames}
          onAction={onAction}
          tone="error"
        />
      ) : null}
      {upcoming.length > 0 ? (
        <Part
          title={t('page.upcoming', { days })}
          items={upcoming}
          siteNames={siteNames}
          onAction={onAction}
          tone="primary"
        />
      ) : null}
      {open ? <DueActionDialog item={open.item} action={open.action} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
