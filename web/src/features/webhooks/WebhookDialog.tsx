/** Add or edit an endpoint: its URL, a description, the events it wants, optionally some sites, on or off. */
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX, type WebhookEvent } from '@asbuilt/domain';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/auth.ts';
import { useCreateWebhook, useUpdateWebhook, type WebhookDto } from '../../api/webhooks.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { SitesPicker } from '../sites/SitesPicker.tsx';
import { EventsPicker } from './EventsPicker.tsx';

interface Props {
  open: boolean;
  /** The endpoint edited; null adds one. */
  webhook: WebhookDto | null;
  onClose: () => void;
  /** Called with the secret of an endpoint just added. */
  onCreated: (secret: string) => void;
}

export function WebhookDialog({ open, webhook, onClose, onCreated }: Props) {
  const { t } = useTranslation('webhooks');
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>{webhook ? t('form.edit_title') : t('form.add_title')}</DialogTitle>
      {/* Mounted afresh on each opening: the form starts from the endpoint (or empty). */}
      {open && <WebhookForm webhook={webhook} onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

function WebhookForm({ webhook, onClose, onCreated }: Omit<Props, 'open'>) {
  const { t } = useTranslation(['webhooks', 'components']);
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const me = useMe();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(webhook?.events ?? []);
  const [siteIds, setSiteIds] = useState<number[]>(webhook?.site_ids ?? []);
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const [tried, setTried] = useState(false);
  const urlBad = !isHttpUrl(url.trim());
  const eventsBad = events.length === 0;
  const saving = create.isPending || update.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (urlBad || eventsBad) return;
    const input = {
      url: url.trim(),
      description: description.trim(),
      events,
      site_ids: siteIds.length > 0 ? siteIds : null,
      enabled,
    };
    if (webhook) {
      update.mutate(
        { id: webhook.id, ...input },
        {
          onSuccess: () => {
            toastSuccess(t('saved'));
            onClose();
          },
        },
      );
    } else {
      create.mutate(input, { onSuccess: (answer) => onCreated(answer.secret) });
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label={t('form.url')}
            value={url}
            autoFocus
            required
            type="url"
            onChange={(change) => setUrl(change.target.value)}
            error={tried && urlBad}
            helperText={tried && urlBad ? t('form.url_invalid') : t('form.url_help')}
            slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX, spellCheck: false } }}
          />
          <TextField
            label={t('form.description')}
            value={description}
            onChange={(change) => setDescription(change.target.value)}
            slotProps={{ htmlInput: { maxLength: WEBHOOK_DESCRIPTION_MAX } }}
          />
          <EventsPicker value={events} onChange={setEvents} error={tried && eventsBad} />
          <SitesPicker
            value={siteIds}
            onChange={setSiteIds}
            label={t('form.sites')}
            helperText={t('form.sites_help')}
            // Only the tenant's own sites: the server refuses a site shared from another tenant.
            offered={(site) => site.tenant_id === me.data?.tenant_id}
          />
          <FormControlLabel
            control={<Switch checked={enabled} onChange={(change) => setEnabled(change.target.checked)} />}
            label={t('form.enabled')}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button type="submit" variant="contained" loading={saving}>
          {webhook ? t('form.save') : t('form.add')}
        </Button>
      </DialogActions>
    </form>
  );
}
