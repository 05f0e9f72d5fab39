/** One endpoint in the list: its address and description, what it gets, whether it is on, and its actions. */
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Alert, Box, Button, Chip, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { WebhookDto } from '../../api/webhooks.ts';

export interface ItemActions {
  onEdit: (webhook: WebhookDto) => void;
  onRotate: (webhook: WebhookDto) => void;
  onDelete: (webhook: WebhookDto) => void;
  onLog: (webhook: WebhookDto) => void;
  onToggle: (webhook: WebhookDto, enabled: boolean) => void;
}

export function WebhookItem({ webhook, actions }: { webhook: WebhookDto; actions: ItemActions }) {
  const { t } = useTranslation('webhooks');
  const sites = webhook.site_ids;
  return (
    <Paper variant="outlined" component="li" aria-label={webhook.url} sx={{ p: 2, listStyle: 'none' }}>
      <Stack spacing={1.25}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontWeight: 600 }}>
              {webhook.url}
            </Typography>
            {webhook.description && (
              <Typography variant="body2" color="text.secondary">
                {webhook.description}
              </Typography>
            )}
          </Box>
          <FormControlLabel
            sx={{ mr: 0, flexShrink: 0 }}
            control={
              <Switch
                checked={webhook.enabled}
                onChange={(change) => actions.onToggle(webhook, change.target.checked)}
                slotProps={{
                  input: { 'aria-label': webhook.enabled ? t('item.turn_off') : t('item.turn_on') },
                }}
              />
            }
            label={webhook.enabled ? t('item.enabled') : t('item.disabled')}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Chip
            size="small"
            label={t('item.events', { count: webhook.events.length })}
            title={webhook.events.join(', ')}
          />
          <Chip
            size="small"
            variant="outlined"
            label={sites ? t('item.sites', { count: sites.length }) : t('item.all_sites')}
          />
          {webhook.enabled && webhook.failure_count > 0 && (
            <Chip size="small" color="warning" label={t('item.failures', { count: webhook.failure_count })} />
          )}
        </Stack>
        {webhook.disabled_reason === 'failing' && <Alert severity="error">{t('item.failing')}</Alert>}
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5, ml: -1 }}>
          <Button size="small" startIcon={<ListAltIcon />} onClick={() => actions.onLog(webhook)}>
            {t('item.log')}
          </Button>
          <Button size="small" startIcon={<EditIcon />} onClick={() => actions.onEdit(webhook)}>
            {t('item.edit')}
          </Button>
          <Button size="small" startIcon={<KeyIcon />} onClick={() => actions.onRotate(webhook)}>
            {t('item.rotate')}
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() => actions.onDelete(webhook)}
          >
            {t('item.delete')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
