/**
 * Floors: the site's floors with their code and what is on them, added, renamed and deleted with
 * the dialog of the Locations page (SpatialDialog; deleting from inside it, moving the devices off
 * when asked). A floor's arrow opens it on the Locations page, where its plan is uploaded and its
 * locations added and drawn.
 */
import type { FloorDto } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { Button, List, Paper } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SpatialDialog } from '../locations/loadedLater.tsx';
import type { DialogTarget } from '../locations/spatialTargets.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { Empty, lastRowSx, Row } from './ConfigList.tsx';
import { TabHeading } from './TabHeading.tsx';

/** The list follows the site's answer: nothing to do once a floor is gone. */
const forgetDeleted = () => {};

export function FloorsTab() {
  const { t } = useTranslation('config');
  const { site, siteId } = useSite();
  const [dialog, setDialog] = useState<DialogTarget | null>(null);

  const describe = (floor: FloorDto) =>
    [
      floor.code,
      t('floors.locations', { count: floor.locations.length }),
      t('floors.zones', { count: floor.zones.length }),
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <>
      <TabHeading
        title={t('tab.floors')}
        hint={t('floors.hint')}
        actions={
          <>
            <Button component={RouterLink} to={`/site/${siteId}/locations`} startIcon={<PlaceOutlinedIcon />}>
              {t('floors.open_locations')}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'floor' })}>
              {t('floors.add')}
            </Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ overflow: 'hidden', ...lastRowSx }}>
        {site.floors.length === 0 ? (
          <Empty>{t('floors.empty')}</Empty>
        ) : (
          <List dense disablePadding aria-label={t('floors.list')}>
            {site.floors.map((floor) => (
              <Row
                key={floor.id}
                name={floor.name}
                code={describe(floor)}
                editLabel={t('floors.edit', { name: floor.name })}
                onEdit={() => setDialog({ kind: 'floor', floor })}
                link={{
                  label: t('floors.open', { name: floor.name }),
                  to: `/site/${siteId}/locations?floor=${floor.id}`,
                }}
              />
            ))}
          </List>
        )}
      </Paper>
      <SpatialDialog
        siteId={siteId}
        floors={site.floors}
        target={dialog}
        variant="config"
        onClose={() => setDialog(null)}
        onDeleted={forgetDeleted}
      />
    </>
  );
}
