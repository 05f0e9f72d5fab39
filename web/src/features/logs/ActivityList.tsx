/**
 * A short list of activity entries (site dashboard, device card, admin dashboard): the day and
 * time, then what happened in the reader's language, with a line under it.
 */
import type { LogEntryDto } from '@asbuilt/domain';
import { Box, List, ListItem, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../lib/dates.ts';
import { actionText } from './logText.ts';

export function ActivityList({
  logs,
  label,
  item,
  secondary,
  inset = 0,
}: {
  logs: LogEntryDto[];
  label: string;
  /** The object's name in bold before the action; none when the list is about one object. */
  item?: (log: LogEntryDto) => string | null;
  secondary: (log: LogEntryDto) => ReactNode;
  /** Horizontal padding of each row (theme spacing). */
  inset?: number;
}) {
  const { t } = useTranslation(['logs', 'domain']);
  return (
    <List aria-label={label} disablePadding>
      {logs.map((log, index) => {
        const name = item?.(log);
        return (
          <ListItem
            key={log.id}
            divider={index < logs.length - 1}
            sx={{ px: inset, alignItems: 'flex-start', gap: 2 }}
          >
            <Box
              sx={{ flex: '0 0 auto', width: 84, color: 'text.secondary', fontSize: '0.8125rem', pt: 0.75 }}
            >
              <div>{formatDate(log.created_at)}</div>
              <div>{formatTime(log.created_at)}</div>
            </Box>
            <ListItemText
              primary={
                name ? (
                  <>
                    <Box component="span" sx={{ fontWeight: 700 }}>
                      {name}
                    </Box>
                    {' · '}
                    {actionText(t, log)}
                  </>
                ) : (
                  actionText(t, log)
                )
              }
              secondary={secondary(log)}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
