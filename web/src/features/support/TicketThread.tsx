import type { TicketMessageDto } from '@asbuilt/domain';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/auth.ts';
import { useSendMessage } from '../../api/tickets.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { toastSuccess } from '../../lib/toast.ts';

/** Messages (or notes): oldest first, the newest in view; Enter sends, Shift+Enter starts a new line. */
export function TicketThread({
  ticketId,
  messages,
  note,
}: {
  ticketId: number;
  messages: TicketMessageDto[];
  note: boolean;
}) {
  const { t } = useTranslation('support');
  const me = useMe();
  const send = useSendMessage();
  const [text, setText] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length;
  useEffect(() => {
    if (count) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);
  const submit = () => {
    const body = text.trim();
    if (!body || send.isPending) return;
    send
      .mutateAsync({ ticketId, body, note })
      .then(() => {
        setText('');
        toastSuccess(note ? t('toast.note') : t('toast.message'));
      })
      .catch(() => undefined);
  };
  const myId = me.data?.id;
  return (
    <Stack spacing={2}>
      {note && <Alert severity="info">{t('notes.internal')}</Alert>}
      {count === 0 ? (
        <Typography color="text.secondary">{note ? t('notes.empty') : t('messages.empty')}</Typography>
      ) : (
        <Stack spacing={1.5} aria-label={note ? t('notes.label') : t('messages.label')} role="list">
          {messages.map((m) => {
            const mine = m.sender_id !== null && m.sender_id === myId;
            return (
              <Box
                key={m.id}
                role="listitem"
                data-testid="ticket-message"
                sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}
              >
                <Paper
                  variant="outlined"
                  sx={{
                    p: 1.5,
                    maxWidth: { xs: '90%', sm: '75%' },
                    bgcolor: mine ? 'primary.50' : note ? 'warning.50' : 'background.paper',
                    borderColor: mine ? 'primary.light' : undefined,
                  }}
                >
                  <Typography variant="caption" color="text.secondary" component="p">
                    {t('messages.meta', { name: m.sender_name || '—', when: formatDateTime(m.created_at) })}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {m.body}
                  </Typography>
                </Paper>
              </Box>
            );
          })}
          <div ref={end} />
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
        <TextField
          fullWidth
          multiline
          maxRows={6}
          label={note ? t('notes.write') : t('messages.write')}
          helperText={t('messages.hint')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <Tooltip title={t('messages.send')}>
          <span>
            <IconButton
              color="primary"
              aria-label={t('messages.send')}
              onClick={submit}
              disabled={!text.trim() || send.isPending}
              sx={{ mb: 3 }}
            >
              <SendIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
