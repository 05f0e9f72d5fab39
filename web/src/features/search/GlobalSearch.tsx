/**
 * The header's search: a box on wide screens, an icon on phones; `Ctrl+K` or `/` opens it from any
 * signed-in page. The dialog's code comes with the first opening.
 */
import SearchIcon from '@mui/icons-material/Search';
import { Box, ButtonBase, IconButton, Tooltip, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutPrefs } from '../../layout/LayoutPrefs.tsx';
import { opensSearch } from './searchModel.ts';

const SearchDialog = lazy(() => import('./SearchDialog.tsx').then((m) => ({ default: m.SearchDialog })));

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function GlobalSearch() {
  const { t } = useTranslation('search');
  const { isPhone } = useLayoutPrefs();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const show = useCallback(() => {
    setOpened(true);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!opensSearch(event, isTyping(event.target))) return;
      event.preventDefault();
      show();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);

  return (
    <>
      {isPhone ? (
        <Tooltip title={t('open')}>
          <IconButton color="inherit" aria-label={t('open')} aria-haspopup="dialog" onClick={show}>
            <SearchIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <ButtonBase
          onClick={show}
          // Named by its visible words (WCAG 2.5.3), with the shortcut told apart.
          aria-keyshortcuts="Control+K /"
          aria-haspopup="dialog"
          data-testid="global-search-button"
          sx={{
            gap: 1,
            px: 1.25,
            height: 36,
            width: { sm: 180, md: 240 },
            justifyContent: 'flex-start',
            borderRadius: 2,
            bgcolor: 'rgba(255,255,255,0.1)',
            '&:hover': { bgcolor: 'rgba(255,255,255,0.18)' },
            '&:focus-visible': { outline: '2px solid white' },
          }}
        >
          <SearchIcon fontSize="small" />
          <Typography variant="body2" noWrap sx={{ flex: 1, textAlign: 'left' }}>
            {t('placeholder')}
          </Typography>
          <Box component="kbd" sx={{ fontSize: 12, fontFamily: 'inherit' }}>
            {t('shortcut')}
          </Box>
        </ButtonBase>
      )}
      {opened ? (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
