/**
 * /site/{id}/devices: every device of the site in the virtualised DataTable (cards on phones),
 * with a search over every column, the filter dialog and its chips, the shown/total counter, the
 * visible-columns menu (saved per site access), column widths (per user, in the browser), row selection with bulk actions, Add device, and
 * the device card (row click or `?device=ID`).
 */
import {
  DEVICE_COLUMN_KEYS,
  type DeviceFilters,
  procatName,
  SitePermission,
  visibleDeviceHeaders,
} from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Badge, Button, Stack, Typography } from '@mui/material';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  useSaveDeviceFilters,
  useSaveDeviceHeaders,
  useSiteCompanies,
  useSiteDevices,
} from '../../api/sites.ts';
import { useTags } from '../../api/tags.ts';
import { ColumnVisibilityMenu, DataTable } from '../../components/DataTable.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { ListToolbar, LiveCounter } from '../../components/ListToolbar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useStatusLabel } from '../../components/StatusChip.tsx';
import { useTableSelection } from '../../components/useTableSelection.ts';
import { useLayoutPrefs } from '../../layout/LayoutPrefs.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { useDeviceCustomFieldColumns } from '../customFields/useDeviceCustomFieldColumns.ts';
import { DeviceLabelsButton } from '../labels/LabelButtons.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { TagFilter } from '../tags/TagFilter.tsx';
import { withTag } from '../tags/tagRows.ts';
import { BulkActionsMenu } from './BulkActionsMenu.tsx';
import { useDeviceColumnWidths } from './columnWidths.ts';
import { DeviceFilterDialog, FilterChips, type FilterOptions } from './DeviceFilterDialog.tsx';
import { matchedSerialColumn, PHONE_DEVICE_COLUMNS, useDeviceTableColumns } from './deviceColumns.tsx';
import {
  activeFilterCount,
  compileFilters,
  createRowBuilder,
  type DeviceRow,
  filterRows,
  siteLookups,
  warmHaystacks,
} from './deviceRows.ts';
import { DeviceCard, ExportDevicesDialog, ImportDevicesDialog, NewDeviceDialog } from './loadedLater.ts';

/** Delay before `?device=` opens its card (spatial-and-admin.md section 9). */
const OPEN_FROM_URL_DELAY = 100;

const EMPTY: never[] = [];

function visibilityOf(keys: readonly string[]): Record<string, boolean> {
  const shown = new Set(keys);
  return Object.fromEntries(DEVICE_COLUMN_KEYS.map((key) => [key, shown.has(key)]));
}

const PHONE_VISIBILITY = visibilityOf(PHONE_DEVICE_COLUMNS);
/** While searching, a card also shows the serial the search found (matchedSerialColumn). */
const PHONE_SEARCH_VISIBILITY = visibilityOf([...PHONE_DEVICE_COLUMNS, 'sn']);

export function DevicesPage() {
  const { t } = useTranslation(['devices', 'domain']);
  const statusLabel = useStatusLabel();
  const { site, siteId, permission, access } = useSite();
  const { mobile } = useLayoutPrefs();
  const canEdit = permission >= SitePermission.Contributor;
  const devicesQuery = useSiteDevices(siteId);
  const companiesQuery = useSiteCompanies(siteId);
  const saveHeaders = useSaveDeviceHeaders(siteId);
  const saveFilters = useSaveDeviceFilters(siteId);

  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const [filters, setFilters] = useState<DeviceFilters>(() => access?.device_filters ?? {});
  const [visibility, setVisibility] = useState(() =>
    visibilityOf(visibleDeviceHeaders(access?.device_headers)),
  );
  const [filterOpen, setFilterOpen] = useState(false);
  const [newDeviceOpen, setNewDeviceOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);

  const companies = companiesQuery.data ?? EMPTY;
  const devices = devicesQuery.data ?? EMPTY;
  // The tags of the site's tenant name and colour the Tags column (issue 43): one list, not a
  // call per row; the devices carry their tag ids.
  const tagsQuery = useTags(siteId);
  const tagList = tagsQuery.data?.tags;
  const lookups = useMemo(() => siteLookups(site, companies, tagList), [site, companies, tagList]);
  const baseColumns = useDeviceTableColumns();
  // Custom field columns (issue 43) after the device's own, hidden until picked.
  const custom = useDeviceCustomFieldColumns(siteId, access?.device_headers, devices);
  const tableColumns = useMemo(() => [...baseColumns, ...custom.columns], [baseColumns, custom.columns]);
  const [columnWidths, setColumnWidths] = useDeviceColumnWidths();
  const columns = useMemo(
    () =>
      mobile && query
        ? tableColumns.map((column, index) =>
            DEVICE_COLUMN_KEYS[index] === 'sn' ? matchedSerialColumn(query, t) : column,
          )
        : tableColumns,
    [mobile, query, t, tableColumns],
  );
  // `t` is a new function for each language: the rows' words (and the search) follow it.
  const buildRows = useMemo(() => createRowBuilder(lookups, t), [lookups, t]);
  // Rows wait for the companies and the tags, so their names are in the search from the start
  // (and 20,000 rows are built once, not again when the tags arrive).
  const rows = useMemo(
    () => (companiesQuery.isPending || tagsQuery.isPending ? EMPTY : buildRows(devices)),
    [buildRows, devices, companiesQuery.isPending, tagsQuery.isPending],
  );
  useEffect(() => warmHaystacks(rows), [rows]);
  const compiled = useMemo(() => compileFilters(filters), [filters]);
  const [tagFilter, setTagFilter] = useState<number | null>(null);
  const shownRows = useMemo(
    () => withTag(filterRows(rows, compiled, query), tagFilter, (row) => row.device.tags),
    [rows, compiled, query, tagFilter],
  );
  const total = useMemo(
    () =>
      compiled.showArchived ? rows.length : rows.reduce((n, row) => n + (row.device.archived ? 0 : 1), 0),
    [rows, compiled.showArchived],
  );
  const rowById = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);

  const { selection, selectedIds, clear } = useTableSelection(canEdit, rowLabel, query, compiled);

  // The card: a row click opens it at once; `?device=ID` (a link, the public page) after 100 ms.
  const [searchParams, setSearchParams] = useSearchParams();
  const deviceParam = searchParams.get('device');
  const [openId, setOpenId] = useState<number | null>(null);
  const openIdRef = useRef(openId);
  openIdRef.current = openId;
  const found = deviceParam !== null && rowById.has(Number(deviceParam));
  useEffect(() => {
    if (deviceParam === null) {
      setOpenId(null);
      return;
    }
    if (!found || Number(deviceParam) === openIdRef.current) return;
    const timer = setTimeout(() => setOpenId(Number(deviceParam)), OPEN_FROM_URL_DELAY);
    return () => clearTimeout(timer);
  }, [deviceParam, found]);
  const openDevice = useCallback(
    (id: number) => {
      setOpenId(id);
      setSearchParams(
        (params) => {
          params.set('device', String(id));
          return params;
        },
        { replace: deviceParam !== null },
      );
    },
    [setSearchParams, deviceParam],
  );
  const closeDevice = useCallback(() => {
    setOpenId(null);
    setSearchParams(
      (params) => {
        params.delete('device');
        return params;
      },
      { replace: true },
    );
  }, [setSearchParams]);
  const onRowClick = useCallback((row: DeviceRow) => openDevice(row.id), [openDevice]);

  const changeVisibility = (next: Record<string, boolean>) => {
    setVisibility(next);
    const headers = [...DEVICE_COLUMN_KEYS, ...custom.keys].filter((key) => custom.shown(next, key));
    saveHeaders.mutate({ accessId: access?.id, headers });
  };
  const changeFilters = (next: DeviceFilters) => {
    setFilters(next);
    saveFilters.mutate({ accessId: access?.id, filters: next });
  };

  const filterOptions = useMemo<FilterOptions>(() => {
    const procats = new Map<number, string>();
    for (const device of devices) {
      const procat = device.product.procat;
      if (procat && !procats.has(procat.id)) procats.set(procat.id, procat.name || procatName(procat));
    }
    return {
      locations: site.floors.flatMap((floor) =>
        floor.locations.map((l) => ({ value: l.id, label: l.name, group: floor.name })),
      ),
      layers: site.layers.map((layer) => ({ value: layer.id, label: layer.name })),
      statuses: site.device_statuses.map((s) => ({ value: s.name, label: statusLabel(s.name) })),
      // In the filter dialog's order (it sorts them as it opens).
      procats: [...procats].map(([value, label]) => ({ value, label })),
      suppliers: companies.filter((c) => c.supplier).map((c) => ({ value: c.id, label: c.name })),
      contractors: site.contractors.flatMap((id) => {
        const company = lookups.companies.get(id);
        return company ? [{ value: id, label: company.name }] : [];
      }),
      custom_fields: custom.filterOptions(),
    };
  }, [site, devices, companies, lookups, statusLabel, custom]);

  const loading = devicesQuery.isPending || companiesQuery.isPending || tagsQuery.isPending;
  const error = devicesQuery.error ?? companiesQuery.error;
  const filterCount = activeFilterCount(filters);
  const openRow = openId === null ? undefined : rowById.get(openId);

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={
          loading ? undefined : (
            <LiveCounter testId="device-counter">
              {t('page.counter', { shown: formatNumber(shownRows.length), total: formatNumber(total) })}
            </LiveCounter>
          )
        }
        actions={
          canEdit ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setNewDeviceOpen(true)}>
              {t('page.add_device')}
            </Button>
          ) : null
        }
      />
      <ListToolbar search={search} onSearch={setSearch} searchLabel={t('page.search')}>
        <Button
          variant="outlined"
          onClick={() => setFilterOpen(true)}
          startIcon={
            <Badge badgeContent={filterCount} color="primary" max={99}>
              <FilterListIcon />
            </Badge>
          }
        >
          {t('page.filters')}
        </Button>
        <TagFilter siteId={siteId} value={tagFilter} onChange={setTagFilter} />
        <DeviceLabelsButton selectedIds={selectedIds} />
        {mobile ? null : (
          <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
            {canEdit ? (
              <BulkActionsMenu
                siteId={siteId}
                selectedIds={selectedIds}
                statuses={site.device_statuses}
                onDone={clear}
              />
            ) : null}
            {canEdit ? (
              <Button
                variant="outlined"
                startIcon={<FileDownloadOutlinedIcon />}
                onClick={() => setExporting(true)}
              >
                {t('export.button')}
              </Button>
            ) : null}
            {permission >= SitePermission.FullAccess ? (
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
                {t('import.button')}
              </Button>
            ) : null}
            <ColumnVisibilityMenu
              columns={columns}
              value={custom.visibility(visibility, true)}
              onChange={changeVisibility}
            />
          </Stack>
        )}
      </ListToolbar>
      <ExportDevicesDialog
        open={exporting}
        ids={exporting ? shownRows.map((row) => row.device.id) : NO_IDS}
        onClose={() => setExporting(false)}
      />
      <ImportDevicesDialog open={importing} onClose={() => setImporting(false)} />
      <FilterChips
        value={filters}
        options={filterOptions}
        onChange={changeFilters}
        onMore={() => setFilterOpen(true)}
      />
      {error ? (
        <ErrorState
          error={error}
          onRetry={() => {
            void devicesQuery.refetch();
            void companiesQuery.refetch();
          }}
        />
      ) : (
        <DataTable
          label={t('page.title')}
          data={shownRows}
          columns={columns}
          getRowId={getRowId}
          columnVisibility={custom.visibility(
            mobile ? (query ? PHONE_SEARCH_VISIBILITY : PHONE_VISIBILITY) : visibility,
            !mobile,
          )}
          columnWidths={columnWidths}
          onColumnWidthsChange={setColumnWidths}
          onColumnVisibilityChange={changeVisibility}
          loading={loading}
          onRowClick={onRowClick}
          selection={selection}
          maxHeight={filterCount > 0 ? 'calc(100dvh - 300px)' : 'calc(100dvh - 260px)'}
          emptyMessage={
            devices.length === 0 ? (
              <Typography component="span">{t('page.empty')}</Typography>
            ) : search.trim() ? (
              t('page.no_match_search', { search: search.trim() })
            ) : (
              t('page.no_match_filters')
            )
          }
        />
      )}
      <DeviceFilterDialog
        open={filterOpen}
        onClose={() => setFilterOpen(false)}
        value={filters}
        options={filterOptions}
        onApply={changeFilters}
      />
      <DeviceCard row={openRow} open={openRow !== undefined} onClose={closeDevice} lookups={lookups} />
      {canEdit ? (
        <NewDeviceDialog
          open={newDeviceOpen}
          onClose={() => setNewDeviceOpen(false)}
          onCreated={(device) => openDevice(device.id)}
        />
      ) : null}
    </>
  );
}

const getRowId = (row: DeviceRow) => String(row.id);
const rowLabel = (row: DeviceRow) => row.device.code ?? row.device.name ?? row.device.product.name;
const NO_IDS: number[] = [];
