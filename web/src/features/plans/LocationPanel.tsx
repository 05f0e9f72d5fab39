/**
 * The location panel over the plan: name and code of the selected location (or zone, or floor),
 * its counts, and for a location the shortcuts to its card's Devices, Files & Pictures and Vault
 * tabs on the Locations page (`/site/{id}/locations?location=ID&tab=devices|files|vault`).
 */
import type { LinkedCounts } from '@asbuilt/domain';
import ArticleIcon from '@mui/icons-material/Article';
import CloseIcon from '@mui/icons-material/Close';
import DevicesIcon from '@mui/icons-material/Devices';
import KeyIcon from '@mui/icons-material/Key';
import { Box, Button, Chip, IconButton, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../lib/numbers.ts';

export interface PanelSubject {
  kind: 'floor' | 'location' | 'zone';
  id: number;
  name: string;
  code: string | null;
  /** The location type, in the reader's language. */
  type?: string;
  devices: number;
  /** Floors: their locations; and the devices placed on the plan. */
  locations?: number;
  placed?: number;
  /** Files and shared secrets linked to the floor or location. */
  linked?: LinkedCounts | undefined;
}

export function LocationPanel({
  siteId,
  subject,
  onClose,
}: {
  siteId: number;
  subject: PanelSubject;
  onClose?: () => void;
}) {
  const { t } = useTranslation('plans');
  const tab = (name: 'devices' | 'files' | 'vault') =>
    `/site/${siteId}/locations?location=${subject.id}&tab=${name}`;
  return (
    <Paper
      elevation={3}
      data-testid="location-panel"
      aria-label={t('panel.label')}
      role="region"
      sx={{ p: 1.5, width: { xs: '100%', sm: 280 }, pointerEvents: 'auto' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
            {t(`panel.kind.${subject.kind}`)}
          </Typography>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }} noWrap>
            {subject.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {[subject.code, subject.type].filter(Boolean).join(' · ') || t('panel.no_code')}
          </Typography>
        </Box>
        {onClose ? (
          <IconButton size="small" aria-label={t('panel.close')} onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Stack>
      <Stack direction="row" spacing={0.75} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Chip
          size="small"
          label={t('panel.devices', { count: subject.devices, number: formatNumber(subject.devices) })}
        />
        {subject.locations !== undefined ? (
          <Chip
            size="small"
            label={t('panel.locations', {
              count: subject.locations,
              number: formatNumber(subject.locations),
            })}
          />
        ) : null}
        {subject.linked ? (
          <>
            <Chip
              size="small"
              label={t('panel.files', {
                count: subject.linked.files,
                number: formatNumber(subject.linked.files),
              })}
            />
            <Chip
              size="small"
              label={t('panel.secrets', {
                count: subject.linked.secrets,
                number: formatNumber(subject.linked.secrets),
              })}
            />
          </>
        ) : null}
        {subject.placed !== undefined ? (
          <Chip
            size="small"
            variant="outlined"
            label={t('panel.placed', { count: subject.placed, number: formatNumber(subject.placed) })}
          />
        ) : null}
      </Stack>
      {subject.kind === 'location' ? (
        <Stack
          direction="row"
          useFlexGap
          sx={{ mt: 1, flexWrap: 'wrap', columnGap: 0.5, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
        >
          <Button size="small" component={RouterLink} to={tab('devices')} startIcon={<DevicesIcon />}>
            {t('panel.tab_devices')}
          </Button>
          <Button size="small" component={RouterLink} to={tab('files')} startIcon={<ArticleIcon />}>
            {t('panel.tab_files')}
          </Button>
          <Button size="small" component={RouterLink} to={tab('vault')} startIcon={<KeyIcon />}>
            {t('panel.tab_vault')}
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}
