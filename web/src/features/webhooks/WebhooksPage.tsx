/**
 * /tenant/settings/webhooks (Integrator and above): the tenant's webhook endpoints. Add or edit
 * one (its secret is shown once), give it a new secret, turn it on or off, delete it, and read its
 * delivery log, where a test event can be sent and any try sent again.
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  useDeleteWebhook,
  useRotateSecret,
  useUpdateWebhook,
  useWebhooks,
  type WebhookDto,
} from '../../api/webhooks.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { DeliveryLogDialog } from './DeliveryLogDialog.tsx';
import { SecretShownOnce } from './SecretShownOnce.tsx';
import { WebhookDialog } from './WebhookDialog.tsx';
import { type ItemActions, WebhookItem } from './WebhookItem.tsx';

export function WebhooksPage() {
  const { t } = useTranslation(['webhooks', 'components']);
  const list = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const [editing, setEditing] = useState<WebhookDto | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookDto | null>(null);
  const [rotating, setRotating] = useState<WebhookDto | null>(null);
  const [deleting, setDeleting] = useState<WebhookDto | null>(null);

  const actions: ItemActions = {
    onEdit: setEditing,
    onRotate: setRotating,
    onDelete: setDeleting,
    onLog: setLogOf,
    onToggle: (webhook, enabled) => update.mutate({ id: webhook.id, enabled }),
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }}>
      <div>
        <Button component={RouterLink} to="/tenant/settings" size="small" startIcon={<ArrowBackIcon />}>
          {t('page.back')}
        </Button>
      </div>
      <PageHeader
        title={t('page.title')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('page.new')}
          </Button>
        }
      />
      <Typography color="text.secondary">{t('page.help')}</Typography>
      {list.isPending ? (
        <LoadingScreen fullPage={false} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('page.empty')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} aria-label={t('page.title')} sx={{ p: 0, m: 0 }}>
          {list.data.map((webhook) => (
            <WebhookItem key={webhook.id} webhook={webhook} actions={actions} />
          ))}
        </Stack>
      )}

      <WebhookDialog
        open={editing !== null}
        webhook={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onCreated={(created) => {
          setEditing(null);
          setSecret(created);
        }}
      />
      <SecretShownOnce secret={secret} onClose={() => setSecret(null)} />
      <DeliveryLogDialog webhook={logOf} onClose={() => setLogOf(null)} />
      <ConfirmDialog
        open={rotating !== null}
        title={t('rotate.title')}
        message={t('rotate.message')}
        confirmLabel={t('rotate.confirm')}
        destructive={false}
        loading={rotate.isPending}
        onClose={() => setRotating(null)}
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.id, {
            onSuccess: (answer) => {
              setRotating(null);
              setSecret(answer.secret);
            },
          })
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        message={t('delete.message', { url: deleting?.url ?? '' })}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toastSuccess(t('deleted'));
            },
          })
        }
      />
    </Stack>
  );
}
