/**
 * One pack of the list: its number and date, who made it, its options, size and pages, and its
 * state: waiting, a progress bar with the percent and the step being made, ready to download, or
 * failed with the reason.
 */
import { type HandoverPackDto, LANGUAGE_NAMES } from '@asbuilt/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isMaking } from '../../api/handover.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { optionParts, sizeParts } from './packText.ts';

const STATUS_COLORS = { queued: 'default', running: 'info', done: 'success', failed: 'error' } as const;
const STATUS_KEYS = { queued: 'queued', running: 'making', done: 'done', failed: 'failed' } as const;

export function PackItem({
  pack,
  canEdit,
  onDelete,
}: {
  pack: HandoverPackDto;
  canEdit: boolean;
  onDelete: (pack: HandoverPackDto) => void;
}) {
  const { t } = useTranslation('handover');
  const titleId = useId();
  const options = optionParts(pack);
  const size = pack.size === null ? null : sizeParts(pack.size);
  const facts = [
    t('pack.made_by', { name: pack.user?.name ?? t('pack.unknown_author') }),
    pack.pages === null ? null : t('pack.pages', { count: pack.pages }),
    size ? t(`size.${size.unit}`, { size: formatNumber(size.value) }) : null,
  ].filter(Boolean);
  const summary = [
    t('pack.sections', { count: options.sections }),
    options.floors === null ? t('pack.all_floors') : t('pack.floors', { count: options.floors }),
    options.archived ? t('pack.archived') : null,
    LANGUAGE_NAMES[pack.language],
  ].filter(Boolean);
  const Icon = pack.format === 'zip' ? FolderZipIcon : PictureAsPdfIcon;
  const step = pack.step ? t(`step.${pack.step}`) : t('step.gathering');

  return (
    <Paper
      variant="outlined"
      component="li"
      aria-labelledby={titleId}
      data-testid="handover-pack"
      data-status={pack.status}
      sx={{ p: 2, listStyle: 'none' }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Icon color="action" sx={{ mt: 0.25 }} aria-hidden />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {pack.number}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(pack.created_at)}
            </Typography>
            <Chip
              size="small"
              color={STATUS_COLORS[pack.status]}
              label={t(`status.${STATUS_KEYS[pack.status]}`)}
              variant={pack.status === 'done' ? 'filled' : 'outlined'}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {facts.join(' · ')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('pack.options', { summary: summary.join(' · ') })}
          </Typography>
          {isMaking(pack) ? (
            <Box sx={{ mt: 1.5 }}>
              <LinearProgress
                variant={pack.status === 'queued' ? 'indeterminate' : 'determinate'}
                value={pack.progress}
                aria-label={pack.number}
                aria-valuetext={t('status.running', { percent: pack.progress, step })}
              />
              <Typography
                variant="caption"
                color="text.secondary"
                role="status"
                data-testid="handover-progress"
              >
                {pack.status === 'queued'
                  ? t('status.queued')
                  : t('status.running', { percent: pack.progress, step })}
              </Typography>
            </Box>
          ) : null}
          {pack.status === 'failed' ? (
            <Typography variant="body2" color="error" sx={{ mt: 1 }}>
              {t(
                `error.${pack.error_code === 'storage_failed' || pack.error_code === 'interrupted' ? pack.error_code : 'render_failed'}`,
              )}
            </Typography>
          ) : null}
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
          {pack.url ? (
            <Button
              component="a"
              href={pack.url}
              download
              variant="outlined"
              size="small"
              startIcon={<DownloadIcon />}
              aria-label={t('action.download_named', { number: pack.number })}
              sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
            >
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {t('action.download')}
              </Box>
            </Button>
          ) : null}
          {canEdit ? (
            <Tooltip title={t('action.delete')}>
              <IconButton
                size="small"
                onClick={() => onDelete(pack)}
                aria-label={t('action.delete_named', { number: pack.number })}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}
