/**
 * The device card: a full-height sheet on the right (Esc or a click outside closes it). Header
 * with the product (Open Product), the inline Device Code, the status selector and the menu
 * (Share, Change related Product, Archive / Remove from Archive); tabs General, Ports, Files &
 * Pictures, Vault and Activity. A Reader sees everything without the means to change it.
 */
import { SitePermission } from '@asbuilt/domain';
import CloseIcon from '@mui/icons-material/Close';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Box,
  Button,
  Chip,
  Divider,
  Drawer,
  IconButton,
  Menu,
  MenuItem,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useArchiveDevice,
  useDeviceLogs,
  useUpdateDevice,
  useUpdateDeviceStatus,
} from '../../api/devices.ts';
import { siteKeys, useSiteProducts } from '../../api/sites.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { InlineEdit } from '../../components/InlineEdit.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { AttachmentsView } from '../attachments/AttachmentsView.tsx';
import { ActivityList } from '../logs/ActivityList.tsx';
import { PortsTab } from '../ports/PortsTab.tsx';
import { DatasheetLink } from '../products/DatasheetLink.tsx';
import { ProductEditor } from '../products/ProductEditor.tsx';
import { TakePhoto } from '../scan/TakePhoto.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { DeviceTags } from '../tags/DeviceTags.tsx';
import { DeviceTasksTab } from '../tasks/DeviceTasksTab.tsx';
import { SecretsView } from '../vault/SecretsView.tsx';
import { DeviceGeneralTab } from './DeviceGeneralTab.tsx';
import type { DeviceRow, SiteLookups } from './deviceRows.ts';
import { NewDeviceDialog } from './NewDeviceDialog.tsx';
import { ProductPicture } from './ProductPicture.tsx';
import { ShareDeviceDialog } from './ShareDeviceDialog.tsx';

type CardTab = 'general' | 'ports' | 'files' | 'tasks' | 'vault' | 'activity';

export function DeviceCard({
  row,
  open,
  onClose,
  lookups,
}: {
  row: DeviceRow | undefined;
  open: boolean;
  onClose: () => void;
  lookups: SiteLookups;
}) {
  // The last device stays on the sheet while it slides out.
  const last = useRef(row);
  if (row) last.current = row;
  const shown = row ?? last.current;
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the app bar: the sheet is full height.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 600, md: 680 }, maxWidth: '100%' },
          role: 'dialog',
          'aria-labelledby': titleId,
        } as object,
      }}
    >
      {shown ? (
        <CardBody key={shown.id} row={shown} onClose={onClose} lookups={lookups} titleId={titleId} />
      ) : null}
    </Drawer>
  );
}

function CardBody({
  row,
  onClose,
  lookups,
  titleId,
}: {
  row: DeviceRow;
  onClose: () => void;
  lookups: SiteLookups;
  titleId: string;
}) {
  const { t } = useTranslation(['devices', 'domain', 'components', 'tasks']);
  const { siteId, permission, site } = useSite();
  const canEdit = permission >= SitePermission.Contributor;
  // The vault is for Contributors and above: a Reader sees no Vault tab.
  const seesVault = canEdit;
  // The activity is the Logs page's, for Contributors and above: the server refuses it below.
  const seesActivity = permission >= SitePermission.Contributor;
  const { device } = row;
  const product = device.product;
  const queryClient = useQueryClient();
  const update = useUpdateDevice(siteId);
  const updateStatus = useUpdateDeviceStatus(siteId);
  const archive = useArchiveDevice(siteId);
  const [tab, setTab] = useState<CardTab>('general');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [sharing, setSharing] = useState(false);
  const [changingProduct, setChangingProduct] = useState(false);
  const [productOpen, setProductOpen] = useState(false);
  const products = useSiteProducts(siteId, productOpen);
  const fullProduct = products.data?.find((p) => p.id === product.id) ?? null;

  const saveCode = async (value: string) => {
    await update.mutateAsync({
      id: device.id,
      changes: { code: value === '' ? null : value },
      updated_at: device.updated_at,
    });
    toastSuccess(t('card.updated'));
  };

  const knownStatus = !device.status || row.status !== undefined;
  const subtitle = [product.brand?.name, product.product_model].filter(Boolean).join(' · ');

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={2} sx={{ p: { xs: 2, sm: 3 }, pb: 2, alignItems: 'flex-start' }}>
        <ProductPicture src={product.image} size={72} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={titleId}
            variant="h6"
            component="h2"
            sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}
          >
            {device.name ?? product.name}
          </Typography>
          {device.name ? (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {product.name}
            </Typography>
          ) : null}
          {subtitle ? (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          ) : null}
          {product.procat ? (
            <Typography variant="body2" color="text.secondary">
              {product.procat.name}
            </Typography>
          ) : null}
          <Button
            size="small"
            startIcon={<OpenInNewIcon />}
            onClick={() => setProductOpen(true)}
            loading={productOpen && products.isPending}
            sx={{ mt: 0.5, ml: -0.5 }}
          >
            {t('card.open_product')}
          </Button>
          <DatasheetLink
            url={product.datasheet_url}
            name={product.datasheet_name}
            sx={{ mt: 0.5, ml: { xs: -0.5, sm: 1 } }}
          />
          {canEdit ? (
            <TakePhoto siteId={siteId} deviceId={device.id} onAdded={() => setTab('files')} />
          ) : null}
        </Box>
        <Stack direction="row" sx={{ mt: -0.5, mr: -1 }}>
          <Tooltip title={t('card.menu')}>
            <IconButton
              aria-label={t('card.menu')}
              aria-haspopup="menu"
              onClick={(event) => setMenu(event.currentTarget)}
            >
              <MoreVertIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('components:action.close')}>
            <IconButton aria-label={t('components:action.close')} onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      </Stack>

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ px: { xs: 2, sm: 3 }, pb: 2, alignItems: { sm: 'center' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('card.code')}
          </Typography>
          <InlineEdit
            label={t('card.code')}
            value={device.code}
            onSave={saveCode}
            disabled={!canEdit}
            variant="body1"
          />
        </Box>
        <Box sx={{ minWidth: 200 }}>
          {canEdit ? (
            <TextField
              select
              size="small"
              label={t('domain:column.status')}
              value={device.status ?? ''}
              // Busy, not disabled: a disabled field drops the keyboard's focus to the page (WCAG 2.4.3).
              aria-busy={updateStatus.isPending}
              onChange={(event) => {
                if (updateStatus.isPending) return;
                updateStatus.mutate(
                  { id: device.id, status: event.target.value || null },
                  { onSuccess: () => toastSuccess(t('card.status_updated')) },
                );
              }}
              slotProps={{
                select: {
                  renderValue: (value) => <StatusChip status={value as string} color={row.status?.color} />,
                },
              }}
            >
              <MenuItem value="">
                <em>{t('state.status_not_set')}</em>
              </MenuItem>
              {site.device_statuses.map((status) => (
                <MenuItem key={status.id} value={status.name}>
                  <StatusChip status={status.name} color={status.color} />
                </MenuItem>
              ))}
              {knownStatus ? null : (
                <MenuItem value={device.status ?? ''} disabled>
                  <StatusChip status={device.status} color={undefined} />
                </MenuItem>
              )}
            </TextField>
          ) : (
            <>
              <Typography variant="caption" color="text.secondary" component="div">
                {t('domain:column.status')}
              </Typography>
              <StatusChip status={device.status} color={row.status?.color} />
            </>
          )}
        </Box>
        {device.archived ? (
          <Chip label={t('state.archived')} color="warning" size="small" sx={{ alignSelf: 'center' }} />
        ) : null}
      </Stack>
      <DeviceTags siteId={siteId} device={device} canEdit={canEdit} />

      <Tabs
        value={tab}
        onChange={(_event, next: CardTab) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ px: { xs: 1, sm: 2 }, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="general" label={t('card.tab.general')} />
        <Tab value="ports" label={t('card.tab.ports')} />
        <Tab value="files" label={t('card.tab.files')} />
        <Tab value="tasks" label={t('tasks:tab')} />
        {seesVault ? <Tab value="vault" label={t('card.tab.vault')} /> : null}
        {seesActivity ? <Tab value="activity" label={t('card.tab.activity')} /> : null}
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto', p: { xs: 2, sm: 3 } }} role="tabpanel">
        {tab === 'general' ? <DeviceGeneralTab row={row} lookups={lookups} canEdit={canEdit} /> : null}
        {tab === 'ports' ? <PortsTab deviceId={device.id} canEdit={canEdit} /> : null}
        {tab === 'files' ? <AttachmentsView filter={{ type: 'Device', id: device.id }} columns={4} /> : null}
        {tab === 'tasks' ? (
          <DeviceTasksTab
            siteId={siteId}
            deviceId={device.id}
            warranty={device.warranty_expiration_date}
            product={product}
            canEdit={canEdit}
          />
        ) : null}
        {tab === 'vault' && seesVault ? (
          <SecretsView filter={{ type: 'Device', id: device.id }} view="device" />
        ) : null}
        {tab === 'activity' && seesActivity ? <DeviceActivity deviceId={device.id} /> : null}
      </Box>

      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setMenu(null);
            setSharing(true);
          }}
        >
          {t('card.share')}
        </MenuItem>
        {canEdit ? (
          <MenuItem
            onClick={() => {
              setMenu(null);
              setChangingProduct(true);
            }}
          >
            {t('card.change_product')}
          </MenuItem>
        ) : null}
        {canEdit ? <Divider /> : null}
        {canEdit ? (
          <MenuItem
            onClick={() => {
              setMenu(null);
              const archived = !device.archived;
              archive.mutate(
                { id: device.id, archived },
                {
                  onSuccess: () =>
                    toastSuccess(archived ? t('card.archived_toast') : t('card.unarchived_toast')),
                },
              );
            }}
          >
            {device.archived ? t('card.unarchive') : t('card.archive')}
          </MenuItem>
        ) : null}
      </Menu>

      <ShareDeviceDialog
        open={sharing}
        onClose={() => setSharing(false)}
        siteId={device.site_id}
        deviceId={device.id}
      />
      {canEdit ? (
        <NewDeviceDialog
          open={changingProduct}
          onClose={() => setChangingProduct(false)}
          changeProductOf={device}
        />
      ) : null}
      <ProductEditor
        open={productOpen && fullProduct !== null}
        product={fullProduct}
        onClose={() => setProductOpen(false)}
        onSaved={() => {
          // The devices show the product's name, model and picture.
          void queryClient.invalidateQueries({ queryKey: siteKeys.devices(siteId) });
          void queryClient.invalidateQueries({ queryKey: siteKeys.products(siteId) });
        }}
      />
      {productOpen && products.isError ? (
        <Box sx={{ px: 3, pb: 2 }}>
          <ErrorState error={products.error} onRetry={() => products.refetch()} />
        </Box>
      ) : null}
    </Box>
  );
}

function DeviceActivity({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('devices');
  const { siteId } = useSite();
  const logs = useDeviceLogs(siteId, deviceId);
  if (logs.isError) return <ErrorState error={logs.error} onRetry={() => logs.refetch()} />;
  if (logs.isPending) {
    return (
      <Box>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height={56} />
        ))}
      </Box>
    );
  }
  if (logs.data.length === 0) {
    return <Typography color="text.secondary">{t('activity.empty')}</Typography>;
  }
  return (
    <ActivityList
      logs={logs.data}
      label={t('activity.label')}
      secondary={(log) => (log.user_name ? t('activity.by', { name: log.user_name }) : null)}
    />
  );
}
