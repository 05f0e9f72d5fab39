/**
 * The ticket list of the portal (/support, /support/{tenant}) and of a site's Support page:
 * search, cards (site, assigner, subject, status chip, view icon), New Ticket, the pager, and the
 * view sheet (opened by `?ticket=` so that the links of the mails open it too).
 */
import type { TicketDto } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  Chip,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { TICKET_PAGE_SIZE, useTickets } from '../../api/tickets.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { TicketDialog } from './TicketDialog.tsx';
import { TicketSheet } from './TicketSheet.tsx';
import { openerName, STATUS_COLORS } from './ticketText.ts';

export function TicketStatusChip({ status }: { status: TicketDto['ticket_status'] }) {
  const { t } = useTranslation('domain');
  return <Chip size="small" color={STATUS_COLORS[status]} label={t(`ticket_status.${status}`)} />;
}

function TicketCard({ ticket, onOpen }: { ticket: TicketDto; onOpen: () => void }) {
  const { t } = useTranslation(['support', 'domain']);
  return (
    <Card variant="outlined" data-testid="ticket-card">
      <Box sx={{ display: 'flex', alignItems: 'stretch' }}>
        <CardActionArea onClick={onOpen} sx={{ p: 1.5, flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="caption" color="text.secondary">
              {t('list.number', { number: ticket.number })}
            </Typography>
            <Typography variant="caption" sx={{ fontWeight: 700 }}>
              {ticket.site?.name}
            </Typography>
            {ticket.source === 'visitor' && (
              <Chip size="small" variant="outlined" color="warning" label={t('list.visitor')} />
            )}
          </Stack>
          <Typography sx={{ fontWeight: 600, mt: 0.5, overflowWrap: 'anywhere' }}>
            {ticket.subject}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('list.by', { name: openerName(ticket) || '—', when: formatDateTime(ticket.created_at) })}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
          >
            <TicketStatusChip status={ticket.ticket_status} />
            <Chip size="small" variant="outlined" label={t(`domain:ticket_priority.${ticket.priority}`)} />
            {ticket.ticket_type && (
              <Chip size="small" variant="outlined" label={t(`domain:ticket_type.${ticket.ticket_type}`)} />
            )}
          </Stack>
        </CardActionArea>
        <Box sx={{ display: 'flex', alignItems: 'center', px: 0.5 }}>
          <Tooltip title={t('list.view')}>
            <IconButton aria-label={t('list.view_named', { subject: ticket.subject })} onClick={onOpen}>
              <VisibilityIcon />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
    </Card>
  );
}

export function TicketPortal({
  tenantId,
  siteId,
  title,
  subtitle,
}: {
  /** null: the caller's own tenant. */
  tenantId: number | null;
  /** A site's Support page lists that site's tickets only. */
  siteId: number | null;
  title: string;
  subtitle?: string;
}) {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim());
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const list = useTickets({ tenantId, siteId, q, page });
  const openId = Number(params.get('ticket')) || null;
  const open = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('ticket', String(id));
        else next.delete('ticket');
        return next;
      },
      { replace: !id },
    );

  if (list.isError && !list.data) return <ErrorState error={list.error} onRetry={() => list.refetch()} />;
  if (!list.data) return <LoadingScreen fullPage={false} />;
  const data = list.data;
  const canCreate = data.sites.length > 0;
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle ?? data.tenant.name}
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {t('action.new')}
            </Button>
          )
        }
      />
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <Box sx={{ flex: 1 }}>
            <SearchField
              value={query}
              onChange={(value) => {
                setQuery(value);
                setPage(0);
              }}
              label={t('list.search')}
            />
          </Box>
          {siteId === null && data.tenants.length > 1 && (
            <TextField
              select
              size="small"
              label={t('list.tenant')}
              value={data.tenant.id}
              onChange={(e) => navigate(`/support/${e.target.value}`)}
              sx={{ minWidth: 200 }}
            >
              {data.tenants.map((tenant) => (
                <MenuItem key={tenant.id} value={tenant.id}>
                  {tenant.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
        {data.tickets.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {q ? t('list.no_match') : t('list.empty')}
          </Typography>
        ) : (
          <Stack spacing={1.5}>
            {data.tickets.map((ticket) => (
              <TicketCard key={ticket.id} ticket={ticket} onOpen={() => open(ticket.id)} />
            ))}
          </Stack>
        )}
        <ListPager count={data.total} page={page} pageSize={TICKET_PAGE_SIZE} onPage={setPage} />
      </Paper>
      <TicketDialog
        open={creating}
        ticket={null}
        sites={data.sites}
        defaultSiteId={siteId ?? (data.sites.length === 1 ? data.sites[0]!.id : null)}
        onClose={() => setCreating(false)}
        onCreated={(ticket) => open(ticket.id)}
      />
      <TicketSheet ticketId={openId} sites={data.sites} onClose={() => open(null)} />
    </>
  );
}
