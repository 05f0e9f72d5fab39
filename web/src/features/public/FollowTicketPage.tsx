/**
 * /follow/{hash}: the page a visitor's mails link to. Without an account they read their report's
 * number, subject and state, the public messages of the installer, and answer them. The hash is
 * signed by the server; anything else answers "not valid".
 */
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Chip, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { currentLanguage } from '../../i18n/i18n.ts';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { errorMessages } from '../../lib/errors.ts';
import { AuthCard } from '../auth/AuthCard.tsx';
import { STATUS_COLORS } from '../support/ticketText.ts';
import { type FollowedTicket, useAnswerTicket, useFollowedTicket } from './followApi.ts';

export function FollowTicketPage() {
  const { t } = useTranslation(['public', 'domain']);
  usePageTitle(t('follow.title'));
  const { hash = '' } = useParams();
  const followed = useFollowedTicket(hash);

  if (followed.isError) {
    return (
      <AuthCard title={t('follow.title')}>
        <Alert severity="warning">{errorMessages(followed.error).join(' ')}</Alert>
      </AuthCard>
    );
  }
  if (!followed.data) {
    return (
      <AuthCard title={t('follow.title')}>
        <Box role="status" aria-label={t('loading')}>
          <Skeleton height={64} />
          <Skeleton height={160} />
        </Box>
      </AuthCard>
    );
  }
  const { ticket, messages } = followed.data;
  return (
    <AuthCard title={t('follow.heading', { number: ticket.number })}>
      <Stack spacing={2.5}>
        <Box>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{ticket.subject}</Typography>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}
          >
            <Chip
              size="small"
              color={STATUS_COLORS[ticket.ticket_status]}
              label={t(`domain:ticket_status.${ticket.ticket_status}`)}
            />
            <Typography variant="body2" color="text.secondary">
              {t('follow.site', { site: ticket.site })}
            </Typography>
          </Stack>
        </Box>
        {ticket.ticket_status === 'closed' && <Alert severity="info">{t('follow.closed')}</Alert>}
        <Thread messages={messages} />
        <Answer hash={hash} />
      </Stack>
    </AuthCard>
  );
}

function Thread({ messages }: { messages: FollowedTicket['messages'] }) {
  const { t } = useTranslation('public');
  return (
    <Stack spacing={1.5} role="list" aria-label={t('follow.messages')}>
      {messages.map((m) => {
        const mine = m.from === 'visitor';
        return (
          <Box
            key={m.id}
            role="listitem"
            sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}
          >
            <Paper
              variant="outlined"
              sx={{
                p: 1.5,
                maxWidth: '88%',
                bgcolor: mine ? 'primary.50' : 'background.paper',
                borderColor: mine ? 'primary.light' : undefined,
              }}
            >
              <Typography variant="caption" color="text.secondary" component="p">
                {t('follow.meta', {
                  name: mine ? t('follow.you') : (m.name ?? t('follow.installer')),
                  when: formatDateTime(m.created_at),
                })}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.body}
              </Typography>
            </Paper>
          </Box>
        );
      })}
    </Stack>
  );
}

function Answer({ hash }: { hash: string }) {
  const { t } = useTranslation('public');
  const answer = useAnswerTicket(hash);
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const submit = () => {
    const body = text.trim();
    if (!body || answer.isPending) return;
    setSent(false);
    answer
      .mutateAsync({ body, language: currentLanguage() })
      .then(() => {
        setText('');
        setSent(true);
      })
      .catch(() => undefined);
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack spacing={1.5}>
        {answer.isError && <Alert severity="error">{errorMessages(answer.error).join(' ')}</Alert>}
        {sent && (
          <Alert severity="success" role="status">
            {t('follow.sent')}
          </Alert>
        )}
        <TextField
          fullWidth
          multiline
          minRows={3}
          maxRows={8}
          label={t('follow.answer')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 5000 } }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<SendIcon />}
          disabled={!text.trim()}
          loading={answer.isPending}
        >
          {t('follow.send')}
        </Button>
      </Stack>
    </Box>
  );
}
