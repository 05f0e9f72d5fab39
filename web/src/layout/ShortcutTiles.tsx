/** Icon tiles of navigation entries: the header's compass menu and the mobile shortcut grid. */
import { Box, ButtonBase, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { isActive, type NavItem } from './nav.ts';

interface Props {
  items: NavItem[];
  onNavigate?: () => void;
  /** Columns at phone width; wider screens fit as many as there is room for. */
  dense?: boolean;
  label: string;
}

export function ShortcutTiles({ items, onNavigate, dense = false, label }: Props) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: dense
          ? 'repeat(3, 1fr)'
          : {
              // Four entries (tenant) fit one row; the site's nine read best as three rows of three.
              xs: `repeat(${items.length > 6 ? 3 : 4}, minmax(0, 1fr))`,
              sm: 'repeat(auto-fill, minmax(112px, 1fr))',
            },
      }}
    >
      {items.map((item) => {
        const Icon = item.icon;
        const active = isActive(pathname, item);
        return (
          <ButtonBase
            key={item.key}
            component={RouterLink}
            to={item.path}
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
            sx={(theme) => ({
              flexDirection: 'column',
              gap: 0.75,
              py: 1.5,
              px: 0.5,
              minWidth: 0,
              borderRadius: 2,
              border: 1,
              borderColor: active ? 'primary.main' : 'divider',
              bgcolor: active ? alpha(theme.palette.primary.main, 0.08) : 'background.paper',
              color: active ? 'primary.main' : 'text.primary',
              transition: theme.transitions.create(['background-color', 'border-color']),
              '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.06), borderColor: 'primary.light' },
              '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
            })}
          >
            <Icon sx={{ color: 'primary.main' }} />
            <Typography
              variant="caption"
              sx={{
                fontWeight: 600,
                // One line of whole words; a label that can't fit ends in an ellipsis, never mid-word.
                fontSize: { xs: '0.7rem', sm: '0.75rem' },
                lineHeight: 1.2,
                textAlign: 'center',
                whiteSpace: 'nowrap',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                maxWidth: '100%',
              }}
            >
              {t(item.labelKey)}
            </Typography>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
