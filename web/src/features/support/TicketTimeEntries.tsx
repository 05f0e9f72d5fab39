/** The ticket's time entries: the total, each entry, and a form to log more minutes. */
import type { TicketDetail } from '@asbuilt/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddTimeEntry, useDeleteTimeEntry } from '../../api/tickets.ts';
import { formatDateTime } from '../../lib/dates.ts';

export function TicketTimeEntries({ detail, canChange }: { detail: TicketDetail; canChange: boolean }) {
  const { t } = useTranslation('support');
  const add = useAddTimeEntry();
  const remove = useDeleteTimeEntry();
  const [minutes, setMinutes] = useState('');
  const [note, setNote] = useState('');
  const total = detail.ticket.total_time ?? 0;
  return (
    <Stack spacing={2}>
      <Typography sx={{ fontWeight: 600 }} data-testid="time-total">
        {t('time.total', { hours: Math.floor(total / 60), minutes: total % 60 })}
      </Typography>
      {detail.time_entries.length === 0 ? (
        <Typography color="text.secondary">{t('time.empty')}</Typography>
      ) : (
        <List dense disablePadding aria-label={t('tab.time')}>
          {detail.time_entries.map((entry) => (
            <ListItem
              key={entry.id}
              divider
              secondaryAction={
                canChange && (
                  <IconButton
                    edge="end"
                    aria-label={t('time.delete')}
                    onClick={() => remove.mutateAsync(entry.id).catch(() => undefined)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={t('time.entry', { count: entry.minutes })}
                secondary={[entry.note, formatDateTime(entry.created_at), entry.user_name]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
      {canChange && (
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          onSubmit={(e) => {
            e.preventDefault();
            add
              .mutateAsync({ ticket_id: detail.ticket.id, minutes: Number(minutes), note })
              .then(() => {
                setMinutes('');
                setNote('');
              })
              .catch(() => undefined);
          }}
        >
          <TextField
            size="small"
            type="number"
            label={t('time.minutes')}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
            sx={{ width: { sm: 140 } }}
          />
          <TextField
            size="small"
            label={t('time.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained" disabled={!(Number(minutes) > 0)} loading={add.isPending}>
            {t('time.add')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
