/**
 * Zones & layers: the site's zones by floor and its layers, each created and edited with a name
 * and a code (a zone also with its floor), and deleted (see SpatialDialog and SpatialDeleteDialog).
 * With no floor yet a zone can't be added: the first floor is added from here. Export floors
 * downloads the floors spreadsheet.
 */
import type { FloorDto, ZoneDto } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, List, ListItem, ListItemText, ListSubheader, Stack } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpatialDeleteDialog, SpatialDialog } from '../locations/loadedLater.tsx';
import type { DeleteTarget } from '../locations/SpatialDelete.tsx';
import type { DialogTarget } from '../locations/spatialTargets.ts';
import { ExportFloorsButton } from '../sites/ExportFloorsButton.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { Empty, Row, Section } from './ConfigList.tsx';
import { TabHeading } from './TabHeading.tsx';

interface FloorGroup {
  key: string;
  floor: FloorDto | null;
  zones: ZoneDto[];
}

export function ZonesLayersTab() {
  const { t } = useTranslation('config');
  const { site, siteId } = useSite();
  const [dialog, setDialog] = useState<DialogTarget | null>(null);
  const [deleting, setDeleting] = useState<{ open: boolean; target: DeleteTarget | null }>({
    open: false,
    target: null,
  });

  // Zones by floor, in the floors' order; zones of no (known) floor last.
  const groups = useMemo<FloorGroup[]>(() => {
    const floorIds = new Set(site.floors.map((floor) => floor.id));
    const byFloor: FloorGroup[] = site.floors.map((floor) => ({
      key: `floor-${floor.id}`,
      floor,
      zones: site.zones.filter((zone) => zone.floor_id === floor.id),
    }));
    const loose = site.zones.filter((zone) => zone.floor_id === null || !floorIds.has(zone.floor_id));
    if (loose.length) byFloor.push({ key: 'no-floor', floor: null, zones: loose });
    return byFloor;
  }, [site.floors, site.zones]);
  const noFloors = site.floors.length === 0;

  return (
    <>
      <TabHeading
        title={t('tab.zones_layers')}
        actions={<ExportFloorsButton siteId={siteId} siteName={site.name} />}
      />
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: { lg: 'flex-start' } }}>
        <Section
          title={t('zones.title')}
          action={
            <Button
              size="small"
              startIcon={<AddIcon />}
              disabled={noFloors}
              onClick={() => setDialog({ kind: 'zone', floorId: null })}
            >
              {t('zones.add')}
            </Button>
          }
        >
          {noFloors ? (
            <Empty>
              {t('zones.no_floors')}
              <Box sx={{ mt: 1 }}>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<AddIcon />}
                  onClick={() => setDialog({ kind: 'floor' })}
                >
                  {t('floors.add')}
                </Button>
              </Box>
            </Empty>
          ) : null}
          {groups.map((group) => {
            const floorName = group.floor
              ? group.floor.code
                ? `${group.floor.name} (${group.floor.code})`
                : group.floor.name
              : t('zones.no_floor');
            return (
              <List
                key={group.key}
                dense
                disablePadding
                aria-label={t('zones.list', { floor: floorName })}
                subheader={
                  <ListSubheader sx={{ lineHeight: '36px', bgcolor: 'action.hover' }}>
                    {floorName}
                  </ListSubheader>
                }
              >
                {group.zones.length === 0 ? (
                  <ListItem divider>
                    <ListItemText secondary={t('zones.empty')} />
                  </ListItem>
                ) : (
                  group.zones.map((zone) => (
                    <Row
                      key={zone.id}
                      name={zone.name}
                      code={zone.code}
                      editLabel={t('zones.edit', { name: zone.name })}
                      deleteLabel={t('zones.delete', { name: zone.name })}
                      onEdit={() => setDialog({ kind: 'zone', floorId: zone.floor_id, zone })}
                      onDelete={() => setDeleting({ open: true, target: { kind: 'zone', item: zone } })}
                    />
                  ))
                )}
              </List>
            );
          })}
        </Section>

        <Section
          title={t('layers.title')}
          action={
            <Button size="small" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'layer' })}>
              {t('layers.add')}
            </Button>
          }
        >
          {site.layers.length === 0 ? (
            <Empty>{t('layers.empty')}</Empty>
          ) : (
            <List dense disablePadding aria-label={t('layers.list')}>
              {site.layers.map((layer) => (
                <Row
                  key={layer.id}
                  name={layer.name}
                  code={layer.code}
                  editLabel={t('layers.edit', { name: layer.name })}
                  deleteLabel={t('layers.delete', { name: layer.name })}
                  onEdit={() => setDialog({ kind: 'layer', layer })}
                  onDelete={() => setDeleting({ open: true, target: { kind: 'layer', item: layer } })}
                />
              ))}
            </List>
          )}
        </Section>
      </Stack>

      <SpatialDialog
        siteId={siteId}
        floors={site.floors}
        target={dialog}
        variant="config"
        onClose={() => setDialog(null)}
      />
      <SpatialDeleteDialog
        open={deleting.open}
        target={deleting.target}
        siteId={siteId}
        onClose={() => setDeleting((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
