/**
 * The full-screen view sheet of a ticket: its facts and status toggle (TicketSummary), and the
 * tabs Messages, Notes, Time entries, Attachments, History and Resolution. While it is open the
 * ticket is fetched again every few seconds, so the other party's messages appear without a reload.
 */
import type { TicketDetail } from '@asbuilt/domain';
import CloseIcon from '@mui/icons-material/Close';
import {
  AppBar,
  Box,
  Container,
  Dialog,
  IconButton,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  Toolbar,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicket } from '../../api/tickets.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { ActivityList } from '../logs/ActivityList.tsx';
import { TicketDialog, type TicketSite } from './TicketDialog.tsx';
import { TicketFiles } from './TicketFiles.tsx';
import { TicketResolution } from './TicketResolution.tsx';
import { TicketSummary } from './TicketSummary.tsx';
import { TicketThread } from './TicketThread.tsx';
import { TicketTimeEntries } from './TicketTimeEntries.tsx';

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

function SheetBody({ detail, sites }: { detail: TicketDetail; sites: TicketSite[] }) {
  const { t } = useTranslation(['support', 'domain']);
  const { ticket, permission } = detail;
  const canChange = permission >= 2;
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
      <TicketSummary detail={detail} canChange={canChange} onEdit={() => setEditing(true)} />
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
          {tab === 'messages' && (
            <TicketThread ticketId={ticket.id} messages={detail.messages} note={false} />
          )}
          {tab === 'notes' && detail.notes && (
            <TicketThread ticketId={ticket.id} messages={detail.notes} note />
          )}
          {tab === 'time' && <TicketTimeEntries detail={detail} canChange={canChange} />}
          {tab === 'files' && <TicketFiles detail={detail} canChange={canChange} />}
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
          {tab === 'resolution' && <TicketResolution detail={detail} canChange={canChange} />}
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
