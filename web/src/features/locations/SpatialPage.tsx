/**
 * /site/{id}/locations and /site/{id}/zones (spatial-and-admin.md section 2): on the left the tree
 * of floors with their locations (or zones), on the right the card of the selected floor, location
 * or zone. A location card has the tabs Floorplan, Devices, Files & Pictures and Vault; a zone card
 * shows only the floorplan. On a phone the tree sits above the card.
 */
import {
  type FloorDto,
  type LinkedCounts,
  type ListedDevice,
  LOCATION_TYPES,
  type LocationDto,
  type LocationType,
  SitePermission,
  type ZoneDto,
} from '@asbuilt/domain';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LayersOutlinedIcon from '@mui/icons-material/LayersOutlined';
import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { Badge, Box, Button, Chip, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteCompanies, useSiteDevices } from '../../api/sites.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useLayoutPrefs } from '../../layout/LayoutPrefs.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { createRowBuilder, type DeviceRow, siteLookups } from '../devices/deviceRows.ts';
import { DeviceCard } from '../devices/loadedLater.ts';
import { LocationRacks } from '../racks/LocationRacks.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { LocationTags } from '../tags/LocationTags.tsx';
import { LocationTasksButton } from '../tasks/LocationTasksButton.tsx';
import { DevicesTab } from './DevicesTab.tsx';
import { FloorplanPanel, type PlanItem } from './FloorplanPanel.tsx';
import { AttachmentsView, SecretsView, SpatialDialog } from './loadedLater.tsx';
import { SpatialTree } from './SpatialTree.tsx';
import { type CardTab, type ChildKind, type SelectionRef, useSpatialSelection } from './selection.ts';
import type { DialogTarget } from './spatialTargets.ts';

type Child = LocationDto | ZoneDto;

const EMPTY: never[] = [];
const LOCATION_TYPE_SET: ReadonlySet<string> = new Set(LOCATION_TYPES);

export function SpatialPage({ kind }: { kind: ChildKind }) {
  const { t } = useTranslation(['locations', 'domain']);
  const { t: tDevices } = useTranslation(['devices', 'domain']);
  const { site, siteId, permission } = useSite();
  const { mobile } = useLayoutPrefs();
  const canEdit = permission >= SitePermission.Contributor;
  const selection = useSpatialSelection<Child>(site, kind);
  const { floor, child, select } = selection;

  // ---- The tree
  const childrenOf = useCallback(
    (f: FloorDto): Child[] => (kind === 'location' ? f.locations : f.zones),
    [kind],
  );
  const loose = useMemo(
    () => (kind === 'zone' ? site.zones.filter((zone) => zone.floor_id === null) : EMPTY),
    [kind, site.zones],
  );
  const typeText = useCallback(
    (type: string | null) =>
      type && LOCATION_TYPE_SET.has(type) ? t(`domain:location_type.${type as LocationType}`) : (type ?? ''),
    [t],
  );
  const describe = useCallback(
    (item: Child) =>
      [item.code, 'location_type' in item ? typeText(item.location_type) : null].filter(Boolean).join(' · '),
    [typeText],
  );

  // ---- Devices (Locations page only)
  const devicesQuery = useSiteDevices(siteId, kind === 'location');
  const companiesQuery = useSiteCompanies(siteId, kind === 'location');
  const companies = companiesQuery.data ?? EMPTY;
  const lookups = useMemo(() => siteLookups(site, companies), [site, companies]);
  const buildRows = useMemo(() => createRowBuilder(lookups, tDevices), [lookups, tDevices]);
  const allRows = useMemo(() => buildRows(devicesQuery.data ?? EMPTY), [buildRows, devicesQuery.data]);
  const rows = useMemo(() => {
    const inSelection = (device: ListedDevice) =>
      child ? device.location_id === child.id : floor ? device.floor_id === floor.id : false;
    return allRows.filter((row) => !row.device.archived && inSelection(row.device));
  }, [allRows, child, floor]);
  const [openDeviceId, setOpenDeviceId] = useState<number | null>(null);
  const openRow = useMemo(
    () => (openDeviceId === null ? undefined : allRows.find((row) => row.id === openDeviceId)),
    [allRows, openDeviceId],
  );

  // ---- Dialogs
  const [dialog, setDialog] = useState<DialogTarget | null>(null);
  const editSelected = () => {
    if (child) {
      setDialog(
        kind === 'location'
          ? { kind: 'location', floorId: (child as LocationDto).floor_id, location: child as LocationDto }
          : { kind: 'zone', floorId: child.floor_id, zone: child as ZoneDto },
      );
    } else if (floor) setDialog({ kind: 'floor', floor });
  };
  const addChild = (f: FloorDto) =>
    setDialog(kind === 'location' ? { kind: 'location', floorId: f.id } : { kind: 'zone', floorId: f.id });
  const onDeleted = (ref: SelectionRef) => {
    const current = selection.ref;
    if (!current || current.type !== ref.type || current.id !== ref.id) return;
    select(ref.type !== 'floor' && floor ? { type: 'floor', id: floor.id } : null);
  };

  const treeHeight = mobile ? 340 : 'calc(100dvh - 330px)';
  const planItems: PlanItem[] = floor ? childrenOf(floor) : EMPTY;

  let card: ReactNode;
  if (!floor && !child) {
    card = (
      <Paper variant="outlined" sx={{ p: 5, textAlign: 'center', borderStyle: 'dashed' }}>
        <Typography color="text.secondary">
          {canEdit ? t('card.no_floor_edit') : t('card.no_floor')}
        </Typography>
      </Paper>
    );
  } else {
    const title = child?.name ?? floor?.name ?? '';
    const Icon = child
      ? kind === 'location'
        ? PlaceOutlinedIcon
        : PentagonOutlinedIcon
      : LayersOutlinedIcon;
    const code = child ? child.code : floor?.code;
    const type = child && 'location_type' in child ? typeText(child.location_type) : '';
    const plan = floor ? (
      <FloorplanPanel
        siteId={siteId}
        floor={floor}
        kind={kind}
        items={planItems}
        selectedId={child?.id ?? null}
        canEdit={canEdit}
        onSelectShape={(id) => select({ type: kind, id })}
        onAddItem={() => addChild(floor)}
        compact={mobile}
      />
    ) : (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed' }}>
        <Typography color="text.secondary">{t('card.zone_without_floor')}</Typography>
      </Paper>
    );
    card = (
      <Paper variant="outlined" sx={{ minWidth: 0 }} data-testid="spatial-card">
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', px: 2, pt: 1.5, pb: kind === 'location' ? 0.5 : 1.5 }}
        >
          <Icon color="primary" />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.4 }}>
              {child ? t(`card.kind.${kind}`) : t('card.kind.floor')}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography
                variant="h6"
                component="h2"
                sx={{ overflowWrap: 'anywhere', lineHeight: 1.3, mr: 0.5 }}
              >
                {title}
              </Typography>
              {code ? <Chip size="small" variant="outlined" label={code} /> : null}
              {type ? <Chip size="small" variant="outlined" label={type} /> : null}
              {child && floor ? (
                <Chip
                  size="small"
                  variant="outlined"
                  icon={<LayersOutlinedIcon />}
                  label={floor.name}
                  onClick={() => select({ type: 'floor', id: floor.id })}
                />
              ) : null}
              {child && kind === 'location' ? <LocationRacks siteId={siteId} locationId={child.id} /> : null}
              {child && kind === 'location' ? (
                <LocationTasksButton siteId={siteId} locationId={child.id} name={title} canEdit={canEdit} />
              ) : null}
              {child && kind === 'location' ? (
                <LocationTags siteId={siteId} location={child as LocationDto} canEdit={canEdit} />
              ) : null}
            </Stack>
          </Box>
          {canEdit ? (
            <Button
              size="small"
              startIcon={<EditOutlinedIcon />}
              onClick={editSelected}
              sx={{ flexShrink: 0 }}
            >
              {t('card.edit')}
            </Button>
          ) : null}
        </Stack>
        {kind === 'location' ? (
          <LocationTabs
            tab={selection.tab}
            onTab={selection.setTab}
            deviceCount={devicesQuery.isSuccess ? rows.length : null}
            linked={(child && 'linked' in child ? child.linked : floor?.linked) ?? null}
            link={child ? { type: 'Location', id: child.id } : floor ? { type: 'Floor', id: floor.id } : null}
            seesVault={canEdit}
            plan={plan}
            devices={
              devicesQuery.isError ? (
                <ErrorState error={devicesQuery.error} onRetry={() => devicesQuery.refetch()} />
              ) : (
                <DevicesTab
                  rows={rows}
                  loading={devicesQuery.isPending}
                  showLocation={!child}
                  compact={mobile}
                  onOpen={(row: DeviceRow) => setOpenDeviceId(row.id)}
                  resetKey={`${floor?.id}-${child?.id}`}
                />
              )
            }
          />
        ) : (
          <Box sx={{ p: 2, pt: 0 }}>{plan}</Box>
        )}
      </Paper>
    );
  }

  return (
    <>
      <PageHeader title={t(`page.title.${kind}`)} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: mobile ? 'minmax(0, 1fr)' : 'minmax(260px, 320px) minmax(0, 1fr)',
          gap: 2,
          alignItems: 'start',
        }}
      >
        <SpatialTree<Child>
          kind={kind}
          siteId={siteId}
          floors={site.floors}
          childrenOf={childrenOf}
          loose={loose}
          describe={describe}
          selected={selection.ref}
          selectedFloorId={floor?.id ?? null}
          onSelect={select}
          canEdit={canEdit}
          onAddFloor={() => setDialog({ kind: 'floor' })}
          onEditFloor={(f) => setDialog({ kind: 'floor', floor: f })}
          onAddChild={addChild}
          onEditChild={(item) =>
            setDialog(
              kind === 'location'
                ? { kind: 'location', floorId: (item as LocationDto).floor_id, location: item as LocationDto }
                : { kind: 'zone', floorId: item.floor_id, zone: item as ZoneDto },
            )
          }
          maxHeight={treeHeight}
        />
        {card}
      </Box>
      {canEdit ? (
        <SpatialDialog
          siteId={siteId}
          floors={site.floors}
          target={dialog}
          variant="locations"
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            if (saved.type !== 'layer') select({ type: saved.type, id: saved.item.id });
          }}
          onDeleted={onDeleted}
        />
      ) : null}
      {kind === 'location' ? (
        <DeviceCard
          row={openRow}
          open={openRow !== undefined}
          onClose={() => setOpenDeviceId(null)}
          lookups={lookups}
        />
      ) : null}
    </>
  );
}

function LocationTabs({
  tab,
  onTab,
  deviceCount,
  linked,
  plan,
  devices,
  link,
  seesVault,
}: {
  tab: CardTab;
  onTab: (tab: CardTab) => void;
  /** The floor or location shown: what its Files & Pictures and Vault tabs list. */
  link: { type: 'Floor' | 'Location'; id: number } | null;
  seesVault: boolean;
  deviceCount: number | null;
  /** Files and shared secrets of the floor or location, from the site answer. */
  linked: LinkedCounts | null;
  plan: ReactNode;
  devices: ReactNode;
}) {
  const { t } = useTranslation('locations');
  const counts: Record<CardTab, number | null> = {
    floorplan: null,
    devices: deviceCount,
    files: linked?.files ?? null,
    vault: linked?.secrets ?? null,
  };
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_event, value: CardTab) => onTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {(seesVault
          ? (['floorplan', 'devices', 'files', 'vault'] as const)
          : (['floorplan', 'devices', 'files'] as const)
        ).map((value) => (
          <Tab
            key={value}
            value={value}
            // The count is part of the name, as it is of the words shown: "Devices 55" (the badge
            // alone is not read).
            aria-label={
              counts[value] === null ? undefined : `${t(`card.tab.${value}`)} ${formatNumber(counts[value])}`
            }
            label={
              counts[value] === null ? (
                t(`card.tab.${value}`)
              ) : (
                <Badge
                  badgeContent={counts[value]}
                  showZero
                  max={999}
                  color={counts[value] ? 'primary' : 'default'}
                  sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none', ml: 1 } }}
                >
                  {/* The tab is named by its words and its count: "Devices 55". */}
                  {`${t(`card.tab.${value}`)} `}
                </Badge>
              )
            }
            sx={{ textTransform: 'none', minHeight: 44 }}
          />
        ))}
      </Tabs>
      <Box sx={{ p: 2 }} role="tabpanel">
        {tab === 'floorplan' ? plan : null}
        {tab === 'devices' ? devices : null}
        {tab === 'files' && link ? <AttachmentsView filter={link} columns={4} /> : null}
        {tab === 'vault' && link && seesVault ? (
          <SecretsView filter={link} view={link.type === 'Floor' ? 'floor' : 'location'} />
        ) : null}
      </Box>
    </>
  );
}
