/**
 * An endpoint's delivery log: one row per try, newest first (time, event, status, code, duration,
 * the start of the answer), with Resend on each and "Send test event" on top. It asks again every
 * two seconds while a try waits, so a test event's outcome shows without reloading.
 */
import ReplayIcon from '@mui/icons-material/Replay';
import SendIcon from '@mui/icons-material/Send';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DELIVERIES_PAGE,
  useDeliveries,
  useResendDelivery,
  useSendTestEvent,
  type WebhookDeliveryDto,
  type WebhookDto,
} from '../../api/webhooks.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { TableCaption } from '../../components/TableCaption.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { reasonOf, STATUS_COLOR } from './deliveryText.ts';

export function DeliveryLogDialog({ webhook, onClose }: { webhook: WebhookDto | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  return (
    <Dialog
      open={webhook !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="lg"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
        {t('log.title')}
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {webhook?.url}
        </Typography>
      </DialogTitle>
      {webhook && <DeliveryLog webhook={webhook} phone={phone} />}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('log.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function DeliveryLog({ webhook, phone }: { webhook: WebhookDto; phone: boolean }) {
  const { t } = useTranslation('webhooks');
  const [page, setPage] = useState(0);
  const log = useDeliveries(webhook.id, page);
  const test = useSendTestEvent(webhook.id);
  const resend = useResendDelivery(webhook.id);
  const sendTest = () => test.mutate(undefined, { onSuccess: () => toastSuccess(t('log.test_sent')) });
  const again = (id: number) => resend.mutate(id, { onSuccess: () => toastSuccess(t('log.resent')) });
  const rows = log.data?.deliveries ?? [];
  return (
    <DialogContent>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1.5 }}>
        <Button variant="outlined" startIcon={<SendIcon />} onClick={sendTest} loading={test.isPending}>
          {t('log.test')}
        </Button>
      </Stack>
      {log.isPending ? (
        <LoadingScreen fullPage={false} />
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => log.refetch()} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('log.empty')}
        </Typography>
      ) : phone ? (
        <Stack spacing={1} component="ul" aria-label={t('log.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((delivery) => (
            <Box
              component="li"
              key={delivery.id}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <StatusCell delivery={delivery} />
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {delivery.event}
                </Typography>
                <Box sx={{ flex: 1 }} />
                <ResendButton delivery={delivery} onResend={again} />
              </Stack>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                {formatDateTime(delivery.created_at)} · {t('log.attempt', { n: delivery.attempt })}
                {delivery.response_code !== null && ` · ${delivery.response_code}`}
                {delivery.duration_ms !== null && ` · ${t('log.ms', { n: delivery.duration_ms })}`}
              </Typography>
              <Response delivery={delivery} />
            </Box>
          ))}
        </Stack>
      ) : (
        <Table size="small">
          <TableCaption>{t('log.title')}</TableCaption>
          <TableHead>
            <TableRow>
              <TableCell>{t('log.when')}</TableCell>
              <TableCell>{t('log.event')}</TableCell>
              <TableCell>{t('log.status')}</TableCell>
              <TableCell align="right">{t('log.code')}</TableCell>
              <TableCell align="right">{t('log.duration')}</TableCell>
              <TableCell>{t('log.response')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((delivery) => (
              <TableRow key={delivery.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(delivery.created_at)}
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('log.attempt', { n: delivery.attempt })}
                  </Typography>
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{delivery.event}</TableCell>
                <TableCell>
                  <StatusCell delivery={delivery} />
                </TableCell>
                <TableCell align="right">{delivery.response_code ?? '—'}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {delivery.duration_ms === null ? '—' : t('log.ms', { n: delivery.duration_ms })}
                </TableCell>
                <TableCell sx={{ maxWidth: 360 }}>
                  <Response delivery={delivery} />
                </TableCell>
                <TableCell align="right">
                  <ResendButton delivery={delivery} onResend={again} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ListPager count={log.data?.total ?? 0} page={page} pageSize={DELIVERIES_PAGE} onPage={setPage} />
    </DialogContent>
  );
}

function StatusCell({ delivery }: { delivery: WebhookDeliveryDto }) {
  const { t } = useTranslation('webhooks');
  return (
    <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" color={STATUS_COLOR[delivery.status]} label={t(`status.${delivery.status}`)} />
      {delivery.status === 'pending' && delivery.next_attempt_at && delivery.attempt > 1 && (
        <Typography variant="caption" color="text.secondary">
          {t('log.next_try', { date: formatDateTime(delivery.next_attempt_at) })}
        </Typography>
      )}
    </Stack>
  );
}

function Response({ delivery }: { delivery: WebhookDeliveryDto }) {
  const { t } = useTranslation('webhooks');
  const reason = reasonOf(delivery);
  if (reason) return <Typography variant="body2">{t(`reason.${reason}`)}</Typography>;
  if (!delivery.response_excerpt) return null;
  return (
    <Typography
      variant="body2"
      title={delivery.response_excerpt}
      sx={{
        fontFamily: 'monospace',
        fontSize: 12,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        wordBreak: 'break-all',
      }}
    >
      {delivery.response_excerpt}
    </Typography>
  );
}

function ResendButton({
  delivery,
  onResend,
}: {
  delivery: WebhookDeliveryDto;
  onResend: (id: number) => void;
}) {
  const { t } = useTranslation('webhooks');
  if (delivery.status === 'pending' || delivery.status === 'delivering') return null;
  return (
    <Button size="small" startIcon={<ReplayIcon />} onClick={() => onResend(delivery.id)}>
      {t('log.resend')}
    </Button>
  );
}
