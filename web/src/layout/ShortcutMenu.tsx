/** The header's compass menu: a grid of shortcuts to the places the user may see. */
import ExploreIcon from '@mui/icons-material/Explore';
import { Box, IconButton, Popover, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../session/CurrentUser.tsx';
import { shortcutItems } from './nav.ts';
import { useShortcutOverride } from './ShortcutContext.tsx';
import { ShortcutTiles } from './ShortcutTiles.tsx';
import { useQuietTooltip } from './useQuietTooltip.ts';

export function ShortcutMenu() {
  const { t } = useTranslation('layout');
  const user = useCurrentUser();
  const override = useShortcutOverride();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const quiet = useQuietTooltip(Boolean(anchor));
  const close = () => {
    quiet.hush();
    setAnchor(null);
  };
  return (
    <>
      <Tooltip title={t('shortcuts.title')} {...quiet.tooltip}>
        <IconButton
          {...quiet.anchor}
          color="inherit"
          aria-label={t('shortcuts.title')}
          aria-haspopup="true"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <ExploreIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, width: 320, maxWidth: 'calc(100vw - 24px)' } } }}
      >
        <Box sx={{ p: 2 }}>
          <Typography
            variant="overline"
            color="text.secondary"
            component="h2"
            sx={{ display: 'block', mb: 1 }}
          >
            {t('shortcuts.title')}
          </Typography>
          <ShortcutTiles
            items={override ?? shortcutItems(user.role)}
            onNavigate={close}
            dense
            label={t('shortcuts.title')}
          />
        </Box>
      </Popover>
    </>
  );
}
