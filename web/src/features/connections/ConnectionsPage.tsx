/**
 * /site/{id}/connections: the site's cable schedule in the virtualised DataTable (cards on phones),
 * a search over every column (each row's text made once, filtered in memory), filters by status,
 * signal, floor and device, and for Contributors and up: New connection, Connect in sequence, the
 * editor (a row click, or `?edit=ID` from the schematic), delete, a status for the selected
 * cables, and import. Export is for every reader.
 */
import { type ConnectionStatus, SitePermission } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import LinearScaleIcon from '@mui/icons-material/LinearScale';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { connectionExportUrl, useConnectionSchedule, useDeleteConnection } from '../../api/connections.ts';
import { downloadFile } from '../../api/download.ts';
import { useSiteDevices } from '../../api/sites.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ColumnVisibilityMenu, DataTable } from '../../components/DataTable.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { ListToolbar, LiveCounter } from '../../components/ListToolbar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useTableSelection } from '../../components/useTableSelection.ts';
import { useLayoutPrefs } from '../../layout/LayoutPrefs.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { toastFailure, toastSuccess } from '../../lib/toast.ts';
import { CableLabelsButton } from '../labels/LabelButtons.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { BulkStatusMenu } from './BulkStatusMenu.tsx';
import { type CableRef, ConnectionDialog } from './ConnectionDialog.tsx';
import { PHONE_VISIBILITY, useConnectionColumns } from './connectionColumns.tsx';
import {
  type ConnectionRow,
  createConnectionRowBuilder,
  filterConnectionRows,
  NO_FILTERS,
  type ScheduleFilters,
  scheduleLookups,
  signalsOf,
} from './connectionRows.ts';
import { ImportConnectionsDialog } from './ImportConnectionsDialog.tsx';
import { ScheduleFilterBar } from './ScheduleFilterBar.tsx';
import { SequenceDialog } from './SequenceDialog.tsx';

const EMPTY: never[] = [];
const getRowId = (row: ConnectionRow) => String(row.id);
const rowLabel = (row: ConnectionRow) => row.code;

/** The editor: closed, a new cable, or one of the schedule's. */
type Editor = { open: false } | { open: true; connection: CableRef | null };

export function ConnectionsPage() {
  const { t } = useTranslation(['connections', 'domain']);
  const { site, siteId, permission } = useSite();
  const { mobile } = useLayoutPrefs();
  const canEdit = permission >= SitePermission.Contributor;
  const connectionsQuery = useConnectionSchedule(siteId);
  const devicesQuery = useSiteDevices(siteId);
  const deleteConnection = useDeleteConnection(siteId);

  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const [filters, setFilters] = useState<ScheduleFilters>(NO_FILTERS);
  const [visibility, setVisibility] = useState<Record<string, boolean>>({});
  const [editor, setEditor] = useState<Editor>({ open: false });
  const [sequenceOpen, setSequenceOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState<CableRef | null>(null);

  const schedule = connectionsQuery.data;
  const devices = devicesQuery.data ?? EMPTY;
  const lookups = useMemo(() => scheduleLookups(site, devices), [site, devices]);
  // `t` is a new function for each language: the rows' status words (and the search) follow it.
  const buildRows = useMemo(
    () =>
      createConnectionRowBuilder(lookups, (status: ConnectionStatus) =>
        t(`domain:connection_status.${status}`),
      ),
    [lookups, t],
  );
  // Rows wait for the devices, so their names are in the search from the start.
  const rows = useMemo(
    () => (devicesQuery.isPending || !schedule ? EMPTY : buildRows(schedule)),
    [buildRows, schedule, devicesQuery.isPending],
  );
  const shownRows = useMemo(() => filterConnectionRows(rows, filters, query), [rows, filters, query]);
  const signals = useMemo(() => signalsOf(rows), [rows]);
  const cabled = useMemo(() => {
    const ids = new Set<number | null>();
    for (const row of rows) ids.add(row.aDeviceId).add(row.bDeviceId);
    return devices.filter((device) => ids.has(device.id));
  }, [rows, devices]);
  const byId = lookups.devices;
  const codeOf = useMemo(() => codeLookup(rows), [rows]);
  const columns = useConnectionColumns();

  const { selection, selectedIds, clear } = useTableSelection(canEdit, rowLabel, query, filters);

  // `?edit=ID` (the schematic's links) opens that cable's editor once the schedule holds it.
  const [searchParams, setSearchParams] = useSearchParams();
  const editParam = searchParams.get('edit');
  const linked = useMemo(() => {
    const row = editParam === null ? undefined : rows.find((r) => r.id === Number(editParam));
    return row ? { id: row.id, code: row.code } : undefined;
  }, [editParam, rows]);
  useEffect(() => {
    if (linked && canEdit) setEditor({ open: true, connection: linked });
  }, [linked, canEdit]);
  const closeEditor = useCallback(() => {
    setEditor({ open: false });
    setSearchParams(
      (params) => {
        params.delete('edit');
        return params;
      },
      { replace: true },
    );
  }, [setSearchParams]);
  const onRowClick = useCallback(
    (row: ConnectionRow) => setEditor({ open: true, connection: { id: row.id, code: row.code } }),
    [],
  );

  const exportSchedule = () => {
    setExporting(true);
    downloadFile(connectionExportUrl(siteId), t('export.file_name', { name: site.name }))
      .catch((error: unknown) => toastFailure(t('export.failed'), error))
      .finally(() => setExporting(false));
  };
  const confirmDelete = () => {
    if (!deleting) return;
    deleteConnection.mutate(deleting.id, {
      onSuccess: () => {
        toastSuccess(t('delete.done', { code: deleting.code }));
        setDeleting(null);
        closeEditor();
      },
    });
  };

  const loading = connectionsQuery.isPending || devicesQuery.isPending;
  const error = connectionsQuery.error ?? devicesQuery.error;
  const editing = editor.open ? editor.connection : null;

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={
          loading ? undefined : (
            <LiveCounter testId="connection-counter">
              {t('page.counter', { shown: formatNumber(shownRows.length), total: formatNumber(rows.length) })}
            </LiveCounter>
          )
        }
        actions={
          canEdit ? (
            <>
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setEditor({ open: true, connection: null })}
              >
                {t('page.new')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<LinearScaleIcon />}
                onClick={() => setSequenceOpen(true)}
              >
                {t('page.sequence')}
              </Button>
            </>
          ) : null
        }
      />
      <ListToolbar search={search} onSearch={setSearch} searchLabel={t('page.search')}>
        <Stack direction="row" spacing={1} sx={{ ml: { sm: 'auto' } }}>
          {canEdit && !mobile ? <BulkStatusMenu siteId={siteId} ids={selectedIds} onDone={clear} /> : null}
          {canEdit && !mobile ? <CableLabelsButton ids={selectedIds} /> : null}
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlinedIcon />}
            onClick={exportSchedule}
            loading={exporting}
          >
            {t('export.button')}
          </Button>
          {canEdit ? (
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
              {t('import.button')}
            </Button>
          ) : null}
          {mobile ? null : (
            <ColumnVisibilityMenu columns={columns} value={visibility} onChange={setVisibility} />
          )}
        </Stack>
      </ListToolbar>
      <ScheduleFilterBar
        value={filters}
        onChange={setFilters}
        signals={signals}
        floors={site.floors}
        devices={cabled}
        byId={byId}
      />
      {error ? (
        <ErrorState
          error={error}
          onRetry={() => {
            void connectionsQuery.refetch();
            void devicesQuery.refetch();
          }}
        />
      ) : (
        <DataTable
          label={t('page.title')}
          data={shownRows}
          columns={columns}
          getRowId={getRowId}
          columnVisibility={mobile ? PHONE_VISIBILITY : visibility}
          onColumnVisibilityChange={mobile ? undefined : setVisibility}
          loading={loading}
          onRowClick={canEdit ? onRowClick : undefined}
          selection={selection}
          maxHeight="calc(100dvh - 320px)"
          emptyMessage={
            schedule?.rows.length === 0 ? (
              <EmptySchedule canEdit={canEdit} hasDevices={devices.length > 0} />
            ) : search.trim() ? (
              t('page.no_match_search', { search: search.trim() })
            ) : (
              t('page.no_match_filters')
            )
          }
        />
      )}
      {canEdit ? (
        <>
          <ConnectionDialog
            open={editor.open}
            connection={editing}
            onClose={closeEditor}
            devices={devices}
            byId={byId}
            codeOf={codeOf}
            onDelete={setDeleting}
          />
          <SequenceDialog
            open={sequenceOpen}
            onClose={() => setSequenceOpen(false)}
            devices={devices}
            byId={byId}
            codeOf={codeOf}
          />
          <ImportConnectionsDialog open={importing} onClose={() => setImporting(false)} />
          <ConfirmDialog
            open={deleting !== null}
            title={t('delete.title', { code: deleting?.code ?? '' })}
            message={t('delete.message')}
            loading={deleteConnection.isPending}
            onConfirm={confirmDelete}
            onClose={() => setDeleting(null)}
          />
        </>
      ) : null}
    </>
  );
}

/** Each cable's code by id, worked out at the first question (the dialogs' port lists ask). */
function codeLookup(rows: readonly ConnectionRow[]): (id: number) => string | undefined {
  let codes: Map<number, string> | undefined;
  return (id) => {
    if (!codes) {
      codes = new Map();
      for (const row of rows) codes.set(row.id, row.code);
    }
    return codes.get(id);
  };
}

/** What an empty schedule says: how to start, in the reader's means. */
function EmptySchedule({ canEdit, hasDevices }: { canEdit: boolean; hasDevices: boolean }) {
  const { t } = useTranslation('connections');
  return (
    <Box component="span" sx={{ display: 'block', maxWidth: 520, mx: 'auto' }}>
      <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {t('empty.title')}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {!canEdit ? t('empty.reader') : hasDevices ? t('empty.start') : t('empty.no_devices')}
      </Typography>
    </Box>
  );
}
