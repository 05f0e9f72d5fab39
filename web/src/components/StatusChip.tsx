/**
 * A device status as a chip in the site's colour for it; a status the site does not list is light
 * grey, and no status reads 'Status not set' (core.md section 4). A span drawn by statusChip.css
 * to look as MUI's Chip: the devices page shows one in each of the thirty rows on screen, drawn
 * again at each search keystroke, and MUI's serialised its styles each time (GridCheckbox.tsx).
 * A default status reads in the reader's language (domain statuses.ts).
 */
import { languageOf, statusLabel, UNKNOWN_STATUS_COLOR } from '@asbuilt/domain';
import { useTheme } from '@mui/material/styles';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import './statusChip.css';

/** Names a stored status in the screen's language: one map look-up, so fine for every row. */
export function useStatusLabel(): <T extends string | null | undefined>(name: T) => T | string {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return useCallback((name) => statusLabel(name, language), [language]);
}

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
  const label = useStatusLabel();
  const background = color ?? UNKNOWN_STATUS_COLOR;
  return (
    <span
      className="status-chip"
      data-size={size}
      data-outlined={status ? undefined : ''}
      style={
        status
          ? { backgroundColor: background, color: theme.palette.getContrastText(background) }
          : { color: theme.palette.text.secondary, borderColor: theme.palette.grey[400] }
      }
    >
      <span>{label(status) || t('status_chip.not_set')}</span>
    </span>
  );
}
