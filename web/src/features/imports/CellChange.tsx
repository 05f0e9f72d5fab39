/**
 * A cell an import changes: the old value struck through, an arrow, the new one in bold. A screen
 * reader hears one sentence instead ("Lobby, was Office"): struck text and arrows are not read.
 */
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../components/visuallyHidden.ts';

export function CellChange({ was, now }: { was: string; now: string }) {
  const { t } = useTranslation('imports');
  return (
    <>
      <Box component="span" aria-hidden="true">
        <Box component="s" sx={{ color: 'text.secondary' }}>
          {was || '—'}
        </Box>
        <Box component="span" sx={{ mx: 0.5 }}>
          →
        </Box>
        <Box component="strong">{now || '—'}</Box>
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {t('cell_change', { now: now || t('empty'), was: was || t('empty') })}
      </Box>
    </>
  );
}
