/**
 * The top of a ticket's sheet: the visitor chip and the edit button, the ticket's facts, and the
 * status toggle (the six statuses in order; each click saves and is logged).
 */
import { TICKET_STATUSES, type TicketDetail } from '@asbuilt/domain';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Chip,
  Link,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useTicketStatus } from '../../api/tickets.ts';
import { formatDate } from '../../lib/dates.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { openerName, personName } from './ticketText.ts';

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

export function TicketSummary({
  detail,
  canChange,
  onEdit,
}: {
  detail: TicketDetail;
  canChange: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation(['support', 'domain']);
  const { ticket, permission } = detail;
  const status = useTicketStatus();
  return (
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
            <Button size="small" startIcon={<EditIcon />} onClick={onEdit}>
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
  );
}
