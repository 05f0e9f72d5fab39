/** The ticket's resolution: read-only text, or a form for those who may change the ticket. */
import type { TicketDetail } from '@asbuilt/domain';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateTicket } from '../../api/tickets.ts';
import { toastSuccess } from '../../lib/toast.ts';

export function TicketResolution({ detail, canChange }: { detail: TicketDetail; canChange: boolean }) {
  const { t } = useTranslation(['support', 'domain']);
  const update = useUpdateTicket();
  const [text, setText] = useState(detail.ticket.resolution ?? '');
  const changed = text.trim() !== (detail.ticket.resolution ?? '');
  if (!canChange) {
    return (
      <Typography
        sx={{ whiteSpace: 'pre-wrap' }}
        color={detail.ticket.resolution ? undefined : 'text.secondary'}
      >
        {detail.ticket.resolution || t('resolution.empty')}
      </Typography>
    );
  }
  return (
    <Stack
      component="form"
      spacing={1.5}
      onSubmit={(e) => {
        e.preventDefault();
        update
          .mutateAsync({ id: detail.ticket.id, resolution: text })
          .then(() => toastSuccess(t('toast.resolution')))
          .catch(() => undefined);
      }}
    >
      <TextField
        multiline
        minRows={4}
        label={t('domain:field.resolution')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={!changed} loading={update.isPending}>
          {t('action.save')}
        </Button>
      </Box>
    </Stack>
  );
}
