/**
 * /site/{id}/racks: the site's racks under the rooms they stand in, each rack's front and rear
 * drawn to scale, and beside them the rack-mounted devices not in a rack yet. Contributors and up
 * add, edit and delete racks and place devices: by dragging (a U is checked before the call, the
 * server's refusal is toasted in the reader's language) or with "Place at U…". Readers read.
 */
import { type RackDto, SitePermission } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack, Typography, useMediaQuery } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rackKeys, usePlaceInRack, useRacks } from '../../api/racks.ts';
import { useSiteDevices, useSiteProducts } from '../../api/sites.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useLayoutPrefs } from '../../layout/LayoutPrefs.tsx';
import { translateCode } from '../../lib/messages.ts';
import { toastNotice } from '../../lib/toast.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { DeleteRackDialog } from './DeleteRackDialog.tsx';
import { PlaceDialog } from './PlaceDialog.tsx';
import { RackCard } from './RackCard.tsx';
import { RackDialog } from './RackDialog.tsx';
import { RackDragGhost } from './RackDragGhost.tsx';
import type { ShownDevice } from './RackFaceView.tsx';
import { RacksEmpty } from './RacksEmpty.tsx';
import {
  type DropTarget,
  dropRefusal,
  mountableDevices,
  movedSlot,
  rackDeviceLabel,
  racksByLocation,
  refusalMessage,
  unplacedDevices,
} from './rackLayout.ts';
import { UnplacedPanel } from './UnplacedPanel.tsx';
import { type DragItem, useRackDrag } from './useRackDrag.tsx';

const EMPTY: never[] = [];

/** The rack editor: a new rack (null) or one of the site's, kept while the dialog fades out. */
type Editor = { open: boolean; rack: RackDto | null };

export function RacksPage() {
  const { t } = useTranslation(['racks', 'sites']);
  const { site, siteId, permission } = useSite();
  const { mobile } = useLayoutPrefs();
  const touch = useMediaQuery('(pointer: coarse)') || mobile;
  const navigate = useNavigate();
  const canEdit = permission >= SitePermission.Contributor;
  const racksQuery = useRacks(siteId);
  const devicesQuery = useSiteDevices(siteId);
  const productsQuery = useSiteProducts(siteId);
  const place = usePlaceInRack(siteId);

  const [editor, setEditor] = useState<Editor>({ open: false, rack: null });
  const [deleting, setDeleting] = useState<RackDto | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [placing, setPlacing] = useState(false);

  const racks = racksQuery.data ?? EMPTY;
  const devices = devicesQuery.data ?? EMPTY;
  const mountable = useMemo(
    () => mountableDevices(devices, productsQuery.data ?? EMPTY),
    [devices, productsQuery.data],
  );
  const unplaced = useMemo(() => unplacedDevices(mountable, racks), [mountable, racks]);
  const groups = useMemo(() => racksByLocation(racks, site), [racks, site]);
  const locationNames = useMemo(
    () => new Map(site.floors.flatMap((floor) => floor.locations.map((l) => [l.id, l.name] as const))),
    [site],
  );
  const byId = useMemo(() => new Map(devices.map((device) => [device.id, device])), [devices]);
  const colors = useMemo(
    () => new Map(site.device_statuses.map((status) => [status.name.toLowerCase(), status.color])),
    [site],
  );
  const deviceOf = useCallback(
    (id: number): ShownDevice => {
      const device = byId.get(id);
      if (!device) return { label: t('elevation.unknown', { id }), name: null, color: undefined };
      const color = device.status ? colors.get(device.status.toLowerCase()) : undefined;
      return { label: rackDeviceLabel(device), name: device.name, color };
    },
    [byId, colors, t],
  );

  // A drop shows at once; a refused one goes back when the racks are read again.
  const queryClient = useQueryClient();
  const drawAt = useCallback(
    (item: DragItem, target: Exclude<DropTarget, 'out'> | null) => {
      void queryClient.cancelQueries({ queryKey: rackKeys.list(siteId) });
      queryClient.setQueryData<RackDto[]>(rackKeys.list(siteId), (list) =>
        list ? movedSlot(list, item.deviceId, item.units, target) : list,
      );
    },
    [queryClient, siteId],
  );
  const redraw = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: rackKeys.list(siteId) }),
    [queryClient, siteId],
  );

  // A drop is checked here first: a refused U says why at once, without a call.
  const drop = useCallback(
    (item: DragItem, target: DropTarget) => {
      if (target === 'out') {
        if (item.from !== 'rack') return;
        drawAt(item, null);
        place.mutate(
          { device_id: item.deviceId, rack_id: null, rack_u: null, rack_face: null },
          { onError: redraw },
        );
        return;
      }
      const rack = racks.find((r) => r.id === target.rackId);
      if (!rack) return;
      const now = rack.devices.find((slot) => slot.device_id === item.deviceId);
      if (now?.rack_u === target.u && now.rack_face === target.face) return;
      const refusal = dropRefusal(rack, item.deviceId, item.units, target.face, target.u);
      if (refusal) {
        const { code, params } = refusalMessage(refusal, rack, (id) => deviceOf(id).label);
        toastNotice(translateCode(code, params, code));
        return;
      }
      drawAt(item, target);
      place.mutate(
        { device_id: item.deviceId, rack_id: rack.id, rack_u: target.u, rack_face: target.face },
        { onError: redraw },
      );
    },
    [deviceOf, drawAt, place, racks, redraw],
  );
  const { drag, press, afterDrag, ghostRef } = useRackDrag(canEdit, drop);
  const openCard = useCallback(
    (id: number) => {
      if (!afterDrag()) void navigate(`/site/${siteId}/devices?device=${id}`);
    },
    [afterDrag, navigate, siteId],
  );
  const dragTarget = drag?.target;
  const dragFits = useMemo(() => {
    if (!drag || !dragTarget || dragTarget === 'out') return undefined;
    const rack = racks.find((r) => r.id === dragTarget.rackId);
    return rack ? !dropRefusal(rack, drag.deviceId, drag.units, dragTarget.face, dragTarget.u) : undefined;
  }, [drag, dragTarget, racks]);

  const rackName = useCallback(
    (rack: RackDto) => [locationNames.get(rack.location_id), rack.name].filter(Boolean).join(' · '),
    [locationNames],
  );
  const placeable = useMemo(() => {
    const waiting = new Set(unplaced);
    return [...unplaced, ...[...mountable.values()].filter((m) => !waiting.has(m))];
  }, [mountable, unplaced]);

  const loading = racksQuery.isPending || devicesQuery.isPending || productsQuery.isPending;
  const error = racksQuery.error ?? devicesQuery.error ?? productsQuery.error;
  const hasLocations = site.floors.some((floor) => floor.locations.length > 0);

  return (
    <>
      <PageHeader
        title={t('sites:page.racks')}
        subtitle={site.name}
        actions={
          canEdit && hasLocations ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setEditor({ open: true, rack: null })}
            >
              {t('page.new')}
            </Button>
          ) : null
        }
      />
      {error ? (
        <ErrorState
          error={error}
          onRetry={() => {
            void racksQuery.refetch();
            void devicesQuery.refetch();
            void productsQuery.refetch();
          }}
        />
      ) : loading ? (
        <Typography color="text.secondary">{t('page.loading')}</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            alignItems: 'start',
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' },
          }}
        >
          <Stack spacing={3} sx={{ minWidth: 0, order: { xs: 2, md: 1 } }}>
            {groups.length === 0 ? (
              <RacksEmpty siteId={siteId} canEdit={canEdit} hasLocations={hasLocations} />
            ) : (
              groups.map((group) => (
                <Box key={group.locationId} component="section" aria-label={group.location}>
                  <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                    {group.location}
                    {group.floor ? (
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                        {group.floor}
                      </Typography>
                    ) : null}
                  </Typography>
                  <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
                    {group.racks.map((rack) => (
                      <RackCard
                        key={rack.id}
                        rack={rack}
                        phone={mobile}
                        deviceOf={deviceOf}
                        drag={drag}
                        canEdit={canEdit}
                        onPress={press}
                        onOpen={openCard}
                        onEdit={(r) => setEditor({ open: true, rack: r })}
                        onDelete={setDeleting}
                      />
                    ))}
                  </Stack>
                </Box>
              ))
            )}
          </Stack>
          <Box sx={{ order: { xs: 1, md: 2 }, position: { md: 'sticky' }, top: { md: 16 } }}>
            <UnplacedPanel
              devices={unplaced}
              locationOf={(id) => (id === null ? null : (locationNames.get(id) ?? null))}
              selected={selected}
              onSelect={setSelected}
              canEdit={canEdit}
              canPlace={racks.length > 0 && mountable.size > 0}
              touch={touch}
              drag={drag}
              onPress={press}
              afterDrag={afterDrag}
              onPlaceAt={() => setPlacing(true)}
            />
          </Box>
        </Box>
      )}
      {drag ? <RackDragGhost drag={drag} fits={dragFits} ghostRef={ghostRef} /> : null}
      {canEdit ? (
        <>
          <RackDialog
            open={editor.open}
            onClose={() => setEditor((current) => ({ ...current, open: false }))}
            siteId={siteId}
            site={site}
            rack={editor.rack}
          />
          <PlaceDialog
            open={placing}
            onClose={() => {
              setPlacing(false);
              setSelected(null);
            }}
            siteId={siteId}
            deviceId={selected}
            devices={placeable}
            racks={racks}
            rackName={rackName}
          />
          <DeleteRackDialog siteId={siteId} rack={deleting} onClose={() => setDeleting(null)} />
        </>
      ) : null}
    </>
  );
}
