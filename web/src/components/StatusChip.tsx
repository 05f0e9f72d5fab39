/**
 * A device status as a chip in the site's colour for it; a status the site does not list is light
 * grey, and no status reads 'Status not set' (core.md section 4).
 */
import { UNKNOWN_STATUS_COLOR } from '@asbuilt/domain';
import { Chip } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

export function StatusChip({
  status,
  color,
  size = 'small',
}: {
  status: string | null | undefined;
  /** The site's colour for this status; undefined when the site does not list it. */
  color: string | undefined;
  size?: 'small' | 'medium';
}) {
  const theme = useTheme();
  const { t } = useTranslation('components');
  if (!status) {
    return (
      <Chip
        size={size}
        variant="outlined"
        label={t('status_chip.not_set')}
        sx={{ color: 'text.secondary' }}
      />
    );
  }
  const background = color ?? UNKNOWN_STATUS_COLOR;
  return (
    <Chip
      size={size}
      label={status}
      sx={{
        bgcolor: background,
        color: theme.palette.getContrastText(background),
        fontWeight: 600,
        maxWidth: '100%',
      }}
    />
  );
}
