/**
 * The dashboard's left panel: back to the site, then two tabs, the floor and location tree and
 * the devices still to place. A panel beside the plan, or on a phone a drawer opened from the
 * plan's floor button.
 */
import type { FloorDto, ListedDevice, LocationDto } from '@asbuilt/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Badge, Box, Button, Drawer, Paper, Tab, Tabs } from '@mui/material';
import { type PointerEvent as ReactPointerEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../components/ErrorState.tsx';
import { HEADER_HEIGHT } from '../../layout/theme.ts';
import type { DialogTarget } from '../locations/SpatialDialog.tsx';
import { FloorTree } from './FloorTree.tsx';
import { UnplacedDevices } from './UnplacedDevices.tsx';

const PANEL_WIDTH = 300;

interface Props {
  /** A phone: the panel is a drawer. */
  mobile: boolean;
  drawerOpen: boolean;
  /** A device is being dragged out of the drawer: it stays live until the drop. */
  dragging?: boolean;
  onCloseDrawer: () => void;
  siteId: number;
  siteName: string;
  floors: FloorDto[];
  floorId: number | null;
  locationId: number | null;
  onSelectFloor: (floor: FloorDto) => void;
  onSelectLocation: (location: LocationDto) => void;
  canEdit: boolean;
  onDialog: (target: DialogTarget) => void;
  /** The site's devices failed to load. */
  devicesError: unknown;
  onRetryDevices: () => void;
  unplaced: ListedDevice[];
  colorOf: (status: string | null) => string;
  /** Devices may be dragged onto the plan. */
  movable: boolean;
  onPressUnplaced: (device: ListedDevice, event: ReactPointerEvent<HTMLElement>) => void;
}

export function PlanSidebar({
  mobile,
  drawerOpen,
  dragging = false,
  onCloseDrawer,
  siteId,
  siteName,
  floors,
  floorId,
  locationId,
  onSelectFloor,
  onSelectLocation,
  canEdit,
  onDialog,
  devicesError,
  onRetryDevices,
  unplaced,
  colorOf,
  movable,
  onPressUnplaced,
}: Props) {
  const { t } = useTranslation('plans');
  const [tab, setTab] = useState<'tree' | 'unplaced'>('tree');
  const content = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ px: 1, pt: 1 }}>
        <Button
          component={RouterLink}
          to={`/site/${siteId}/dashboard`}
          startIcon={<ArrowBackIcon />}
          size="small"
          sx={{ maxWidth: '100%', justifyContent: 'flex-start' }}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {t('page.back', { site: siteName })}
          </Box>
        </Button>
      </Box>
      <Tabs
        value={tab}
        onChange={(_event, value: 'tree' | 'unplaced') => setTab(value)}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
      >
        <Tab value="tree" label={t('tabs.floors')} sx={{ minHeight: 40 }} />
        <Tab
          value="unplaced"
          sx={{ minHeight: 40 }}
          label={
            <Badge
              badgeContent={unplaced.length}
              color="primary"
              max={999}
              sx={{ '& .MuiBadge-badge': { right: -14 } }}
            >
              {t('tabs.unplaced')}
            </Badge>
          }
        />
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        {tab === 'tree' ? (
          <FloorTree
            floors={floors}
            floorId={floorId}
            locationId={locationId}
            onSelectFloor={onSelectFloor}
            onSelectLocation={onSelectLocation}
            canEdit={canEdit}
            onAddFloor={() => onDialog({ kind: 'floor' })}
            onEditFloor={(f) => onDialog({ kind: 'floor', floor: f })}
            onAddLocation={(f) => onDialog({ kind: 'location', floorId: f.id })}
            onEditLocation={(l) => onDialog({ kind: 'location', location: l, floorId: l.floor_id })}
          />
        ) : devicesError ? (
          <ErrorState error={devicesError} onRetry={onRetryDevices} />
        ) : (
          <UnplacedDevices
            devices={unplaced}
            colorOf={colorOf}
            movable={movable}
            touch={mobile}
            onPress={onPressUnplaced}
          />
        )}
      </Box>
    </Box>
  );

  return mobile ? (
    <Drawer
      open={drawerOpen}
      onClose={onCloseDrawer}
      // Kept mounted: a device dragged out of it by a long press keeps its pointer. Inert while
      // closed, so the keyboard never reaches what can't be seen (WCAG 2.4.3).
      ModalProps={{ keepMounted: true }}
      inert={!drawerOpen && !dragging}
      // Below the app bar, which stays above drawers.
      slotProps={{
        paper: {
          sx: {
            width: 'min(320px, 88vw)',
            top: HEADER_HEIGHT,
            height: `calc(100% - ${HEADER_HEIGHT}px)`,
          },
        },
      }}
    >
      {content}
    </Drawer>
  ) : (
    <Paper
      square
      elevation={0}
      component="aside"
      aria-label={t('tabs.label')}
      sx={{ width: PANEL_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', minHeight: 0 }}
    >
      {content}
    </Paper>
  );
}
