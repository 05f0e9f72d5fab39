/**
 * The full-screen view sheet of a ticket: its facts, the status toggle (the six statuses in
 * order; each click saves and is logged), and the tabs Messages, Notes, Time entries,
 * Attachments, History and Resolution. While it is open the ticket is fetched again every few
 * seconds, so the other party's messages appear without a reload.
 */
import { TICKET_STATUSES, type TicketDetail, type TicketMessageDto } from '@asbuilt/domain';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SendIcon from '@mui/icons-material/Send';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  AppBar,
  Box,
  Button,
  Chip,
  Container,
  Dialog,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMe } from '../../api/auth.ts';
import {
  useAddTicketFile,
  useAddTimeEntry,
  useDeleteTimeEntry,
  useRemoveTicketFile,
  useSendMessage,
  useTicket,
  useTicketStatus,
  useUpdateTicket,
} from '../../api/tickets.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { ActivityList } from '../logs/ActivityList.tsx';
import { TicketDialog, type TicketSite } from './TicketDialog.tsx';
import { openerName, personName } from './ticketText.ts';

type TabKey = 'messages' | 'notes' | 'time' | 'files' | 'history' | 'resolution';

export function TicketSheet({
  ticketId,
  sites,
  onClose,
}: {
  ticketId: number | null;
  sites: TicketSite[];
  onClose: () => void;
}) {
  const { t } = useTranslation('support');
  const titleId = useId();
  const query = useTicket(ticketId, ticketId !== null);
  return (
    <Dialog fullScreen open={ticketId !== null} onClose={onClose} aria-labelledby={titleId}>
      <AppBar position="sticky" color="default" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton edge="start" onClick={onClose} aria-label={t('sheet.close')}>
            <CloseIcon />
          </IconButton>
          <Typography id={titleId} variant="h6" component="h2" noWrap sx={{ flex: 1 }}>
            {query.data
              ? t('sheet.title', { number: query.data.ticket.number, subject: query.data.ticket.subject })
              : t('sheet.loading')}
          </Typography>
        </Toolbar>
      </AppBar>
      <Container maxWidth="lg" sx={{ py: 2 }}>
        {query.isError && !query.data ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : !query.data ? (
          <Box role="status" aria-label={t('sheet.loading')}>
            <Skeleton height={80} />
            <Skeleton height={240} />
          </Box>
        ) : (
          <SheetBody key={query.data.ticket.id} detail={query.data} sites={sites} />
        )}
      </Container>
    </Dialog>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

function SheetBody({ detail, sites }: { detail: TicketDetail; sites: TicketSite[] }) {
  const { t } = useTranslation(['support', 'domain']);
  const { ticket, permission } = detail;
  const canChange = permission >= 2;
  const status = useTicketStatus();
  const [tab, setTab] = useState<TabKey>('messages');
  const [editing, setEditing] = useState(false);
  const tabs: [TabKey, string][] = [
    ['messages', t('tab.messages', { count: detail.messages.length })],
    ...(detail.notes
      ? ([['notes', t('tab.notes', { count: detail.notes.length })]] as [TabKey, string][])
      : []),
    ['time', t('tab.time')],
    ['files', t('tab.files', { count: detail.attachments.length })],
    ['history', t('tab.history')],
    ['resolution', t('tab.resolution')],
  ];
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {(ticket.source === 'visitor' || canChange) && (
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}
          >
            {ticket.source === 'visitor' && <Chip color="warning" size="small" label={t('list.visitor')} />}
            <Box sx={{ flex: 1 }} />
            {canChange && (
              <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                {t('action.edit')}
              </Button>
            )}
          </Stack>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          <Fact label={t('domain:field.site')}>{ticket.site?.name}</Fact>
          <Fact label={t('dialog.device')}>
            {ticket.device_id && ticket.site_id && permission >= 1 ? (
              <Link component={RouterLink} to={`/site/${ticket.site_id}/devices?device=${ticket.device_id}`}>
                {ticket.device_code}
              </Link>
            ) : (
              ticket.device_code
            )}
          </Fact>
          <Fact label={t('domain:field.zone')}>{ticket.zone_name}</Fact>
          <Fact label={t('domain:field.priority')}>{t(`domain:ticket_priority.${ticket.priority}`)}</Fact>
          <Fact label={t('domain:field.ticket_type')}>
            {ticket.ticket_type ? t(`domain:ticket_type.${ticket.ticket_type}`) : ''}
          </Fact>
          <Fact label={ticket.source === 'visitor' ? t('sheet.reporter') : t('domain:field.assigner')}>
            {openerName(ticket)}
            {ticket.source === 'visitor' && ticket.reporter_email ? (
              <>
                {' · '}
                <Link href={`mailto:${ticket.reporter_email}`}>{ticket.reporter_email}</Link>
              </>
            ) : null}
          </Fact>
          <Fact label={t('domain:field.assignee')}>{personName(ticket.assignee)}</Fact>
          <Fact label={t('domain:field.due_date')}>{ticket.due_date ? formatDate(ticket.due_date) : ''}</Fact>
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2, mb: 0.5 }}>
          {t('domain:field.ticket_status')}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={ticket.ticket_status}
            disabled={!canChange || status.isPending}
            aria-label={t('domain:field.ticket_status')}
            onChange={(_e, value: string | null) => {
              if (!value || value === ticket.ticket_status) return;
              status
                .mutateAsync({ id: ticket.id, ticket_status: value })
                .then(() => toastSuccess(t('toast.status')))
                .catch(() => undefined);
            }}
          >
            {TICKET_STATUSES.map((s) => (
              <ToggleButton key={s} value={s} sx={{ whiteSpace: 'nowrap' }}>
                {t(`domain:ticket_status.${s}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      </Paper>
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_e, value: TabKey) => setTab(value)}
          variant="scrollable"
          scrollButtons="auto"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map(([key, label]) => (
            <Tab key={key} value={key} label={label} />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
          {tab === 'messages' && <Thread ticketId={ticket.id} messages={detail.messages} note={false} />}
          {tab === 'notes' && detail.notes && <Thread ticketId={ticket.id} messages={detail.notes} note />}
          {tab === 'time' && <TimeEntries detail={detail} canChange={canChange} />}
          {tab === 'files' && <Files detail={detail} canChange={canChange} />}
          {tab === 'history' &&
            (detail.logs.length ? (
              <ActivityList
                logs={detail.logs}
                label={t('tab.history')}
                secondary={(log) => `${formatDateTime(log.created_at)} · ${log.user_name ?? ''}`}
              />
            ) : (
              <Typography color="text.secondary">{t('sheet.no_history')}</Typography>
            ))}
          {tab === 'resolution' && <Resolution detail={detail} canChange={canChange} />}
        </Box>
      </Paper>
      <TicketDialog
        open={editing}
        ticket={ticket}
        sites={
          sites.some((s) => s.id === ticket.site_id) || !ticket.site
            ? sites
            : [...sites, { ...ticket.site, permission }]
        }
        defaultSiteId={ticket.site_id}
        onClose={() => setEditing(false)}
      />
    </Stack>
  );
}

/** Messages (or notes): oldest first, the newest in view; Enter sends, Shift+Enter starts a new line. */
function Thread({
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

function TimeEntries({ detail, canChange }: { detail: TicketDetail; canChange: boolean }) {
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

function Files({ detail, canChange }: { detail: TicketDetail; canChange: boolean }) {
  const { t } = useTranslation('support');
  const siteId = detail.ticket.site_id ?? 0;
  const add = useAddTicketFile(siteId, detail.ticket.id);
  const remove = useRemoveTicketFile(detail.ticket.id);
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack spacing={2}>
      {detail.attachments.length === 0 ? (
        <Typography color="text.secondary">{t('files.empty')}</Typography>
      ) : (
        <List dense disablePadding aria-label={t('tab.files', { count: detail.attachments.length })}>
          {detail.attachments.map((file) => (
            <ListItem
              key={file.id}
              divider
              secondaryAction={
                canChange && (
                  <IconButton
                    edge="end"
                    aria-label={t('files.remove', { name: file.filename })}
                    onClick={() => remove.mutateAsync(file.id).catch(() => undefined)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )
              }
            >
              {file.thumb || ['png', 'jpg', 'jpeg', 'webp', 'gif'].includes(file.file_type) ? (
                <Box
                  component="img"
                  src={file.thumb ?? file.url ?? undefined}
                  alt=""
                  sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1, mr: 1.5 }}
                />
              ) : null}
              <ListItemText
                primary={
                  file.url ? (
                    <Link href={file.url} target="_blank" rel="noopener">
                      {file.filename}
                    </Link>
                  ) : (
                    file.filename
                  )
                }
                secondary={`${file.file_type.toUpperCase()} · ${formatDateTime(file.created_at)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      {canChange && (
        <Box>
          <input
            ref={input}
            type="file"
            hidden
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file)
                add
                  .mutateAsync(file)
                  .then(() => toastSuccess(t('toast.file')))
                  .catch(toastError);
            }}
          />
          <Button
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            loading={add.isPending}
          >
            {t('files.add')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function Resolution({ detail, canChange }: { detail: TicketDetail; canChange: boolean }) {
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
