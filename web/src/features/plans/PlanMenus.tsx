/**
 * The right-hand toolbar of the floorplan dashboard and its three menus, one open at a time:
 * Layers (indexes 0-3: Floorplan, Locations, Zones, Labels; plus the devices and their filter),
 * Draw (draw or edit the selected location's polygon, save, cancel, circle size) and Plan settings
 * (upload a plan with a preview, nudge and scale the locations layer, save the transform). Draw
 * and Plan settings are left out on phones and for Readers (the dashboard decides).
 */
import CloseIcon from '@mui/icons-material/Close';
import DrawIcon from '@mui/icons-material/Draw';
import LayersIcon from '@mui/icons-material/Layers';
import TuneIcon from '@mui/icons-material/Tune';
import ViewListIcon from '@mui/icons-material/ViewList';
import { Box, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

export type PlanMenu = 'layers' | 'draw' | 'settings';

export const MENU_WIDTH = 300;

interface ToolbarProps {
  open: PlanMenu | null;
  onOpen: (menu: PlanMenu | null) => void;
  /** The menus offered, in order. */
  menus: PlanMenu[];
  /** What each menu shows. */
  render: (menu: PlanMenu) => ReactNode;
  /** The list view (issue 47): the floor's devices as a table in place of the plan. */
  listView: boolean;
  onListView: (on: boolean) => void;
}

const ICONS: Record<PlanMenu, typeof LayersIcon> = { layers: LayersIcon, draw: DrawIcon, settings: TuneIcon };

export function PlanToolbar({ open, onOpen, menus, render, listView, onListView }: ToolbarProps) {
  const { t } = useTranslation('plans');
  const titleId = useId();
  return (
    <>
      <Paper
        elevation={2}
        component="nav"
        aria-label={t('toolbar.label')}
        sx={{
          position: 'absolute',
          top: 8,
          right: 8,
          display: 'flex',
          flexDirection: 'column',
          zIndex: 3,
        }}
      >
        {menus.map((menu) => {
          const Icon = ICONS[menu];
          const active = open === menu;
          return (
            // No tooltip over the open menu's own panel.
            <Tooltip key={menu} title={active ? '' : t(`toolbar.${menu}`)} placement="left">
              <IconButton
                aria-label={t(`toolbar.${menu}`)}
                aria-expanded={active}
                aria-controls={active ? `${titleId}-panel` : undefined}
                color={active ? 'primary' : 'default'}
                onClick={() => onOpen(active ? null : menu)}
                sx={{ borderRadius: 0 }}
              >
                <Icon />
              </IconButton>
            </Tooltip>
          );
        })}
        <Tooltip title={t('toolbar.list_view')} placement="left">
          <IconButton
            aria-label={t('toolbar.list_view')}
            aria-pressed={listView}
            color={listView ? 'primary' : 'default'}
            onClick={() => onListView(!listView)}
            sx={{ borderRadius: 0 }}
          >
            <ViewListIcon />
          </IconButton>
        </Tooltip>
      </Paper>
      {open ? (
        <Paper
          id={`${titleId}-panel`}
          elevation={4}
          role="region"
          aria-labelledby={titleId}
          sx={{
            position: 'absolute',
            top: 8,
            right: 64,
            width: MENU_WIDTH,
            maxWidth: 'calc(100% - 80px)',
            maxHeight: 'calc(100% - 16px)',
            overflowY: 'auto',
            zIndex: 3,
          }}
        >
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', pl: 2, pr: 1, pt: 1 }}
          >
            <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              {t(`toolbar.${open}`)}
            </Typography>
            <IconButton size="small" aria-label={t('toolbar.close')} onClick={() => onOpen(null)}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Stack>
          <Box sx={{ px: 2, pb: 2 }}>{render(open)}</Box>
        </Paper>
      ) : null}
    </>
  );
}
