/**
 * /site/{id}/schemas: the site's signal-flow schematic, drawn from its devices and cables and so
 * never out of date. Devices with at least one cable are boxes (inputs left, outputs right),
 * cables are lines in their signal's colour, laid out by ELK in a worker so the page never
 * blocks. Filters (signal, floor, location, devices) lay it out again once they stop changing;
 * a box opens its device's card, a cable its editor on the Connections page.
 */

import {
  buildSchematicGraph,
  NO_SCHEMATIC_FILTER as NO_FILTER,
  type SchematicFilter,
  schematicScope,
} from '@asbuilt/domain';
import { Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useConnections } from '../../api/connections.ts';
import { useSiteDevices } from '../../api/sites.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { SchematicCanvas } from './SchematicCanvas.tsx';
import { SchematicFilters } from './SchematicFilters.tsx';
import { toSchematicDevice } from './schematicScope.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';
import { useSchematicLayout } from './useSchematicLayout.ts';

/** How long the filters stay still before the layout runs again. */
const FILTER_SETTLE_MS = 300;

function NoCables({ siteId }: { siteId: number }) {
  const { t } = useTranslation('schematics');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('empty.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 560, mx: 'auto' }}>
        {t('empty.body')}
      </Typography>
      <Button variant="contained" component={RouterLink} to={`/site/${siteId}/connections`}>
        {t('empty.link')}
      </Button>
    </Paper>
  );
}

export function SchematicsPage() {
  const { t } = useTranslation(['schematics', 'sites']);
  const { site, siteId } = useSite();
  const navigate = useNavigate();
  const devicesQuery = useSiteDevices(siteId);
  const connectionsQuery = useConnections(siteId);
  const [filter, setFilter] = useState<SchematicFilter>(NO_FILTER);
  const settled = useDebouncedValue(filter, FILTER_SETTLE_MS);
  const svgRef = useRef<SVGSVGElement | null>(null);

  const devices = useMemo(() => devicesQuery.data?.map(toSchematicDevice) ?? null, [devicesQuery.data]);
  const connections = connectionsQuery.data ?? null;
  const cabled = useMemo(() => {
    if (!devices || !connections) return [];
    const ids = new Set(connections.flatMap((c) => [c.a_device_id, c.b_device_id]));
    return devices
      .filter((device) => ids.has(device.id))
      .sort((x, y) => (x.code ?? '').localeCompare(y.code ?? '') || x.id - y.id);
  }, [devices, connections]);
  const scope = useMemo(
    () => (devices && connections ? schematicScope(devices, connections, settled) : null),
    [devices, connections, settled],
  );
  const graph = useMemo(
    () => (devices && scope ? buildSchematicGraph(devices, scope.cables) : null),
    [devices, scope],
  );
  const layout = useSchematicLayout(graph);

  const openDevice = useCallback(
    (deviceId: number) => navigate(`/site/${siteId}/devices?device=${deviceId}`),
    [navigate, siteId],
  );
  const openCable = useCallback(
    (connectionId: number) => navigate(`/site/${siteId}/connections?edit=${connectionId}`),
    [navigate, siteId],
  );
  const clearFilters = useCallback(() => setFilter(NO_FILTER), []);

  const title = t('sites:page.schemas');
  const error = devicesQuery.error ?? connectionsQuery.error;
  const loading = !error && (!devices || !connections);
  const empty = connections !== null && connections.length === 0;
  const nothingMatches = scope !== null && scope.cables.length === 0;
  const boxes = graph ? graph.nodes.size - countFreeEnds(graph.nodes) : 0;
  const cables = scope?.cables.length ?? 0;

  return (
    <Box>
      <PageHeader
        title={title}
        subtitle={site.name}
        actions={
          empty || loading || error ? null : (
            <ExportMenu
              svgRef={svgRef}
              drawing={layout.running || nothingMatches ? null : layout.drawing}
              nameParts={[site.name, title]}
            />
          )
        }
      />
      {error ? (
        <ErrorState
          error={error}
          onRetry={() => {
            void devicesQuery.refetch();
            void connectionsQuery.refetch();
          }}
        />
      ) : loading ? (
        <Box role="status" aria-label={t('status.loading')}>
          <LinearProgress aria-label={t('status.loading')} />
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('status.loading')}
          </Typography>
        </Box>
      ) : empty ? (
        <NoCables siteId={siteId} />
      ) : (
        <Stack spacing={1.5}>
          <SchematicFilters filter={filter} onChange={setFilter} devices={cabled} />
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {t('summary.shown', {
              devices: t('summary.devices', { count: boxes, n: formatNumber(boxes) }),
              cables: t('summary.cables', { count: cables, n: formatNumber(cables) }),
            })}
            {scope && scope.withoutCables > 0
              ? ` ${t('summary.left_out', { count: scope.withoutCables, n: formatNumber(scope.withoutCables) })}`
              : ''}
          </Typography>
          <SchematicCanvas
            layout={layout}
            nothingMatches={nothingMatches}
            svgRef={svgRef}
            onClearFilters={clearFilters}
            onOpenDevice={openDevice}
            onOpenCable={openCable}
          />
        </Stack>
      )}
    </Box>
  );
}

function countFreeEnds(nodes: Map<string, { kind: string }>): number {
  let count = 0;
  for (const node of nodes.values()) if (node.kind === 'free') count++;
  return count;
}
