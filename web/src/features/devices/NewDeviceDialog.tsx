/**
 * The new device dialog: choose a product from a searchable list of products and brands, optionally
 * a floor and a location, a quantity and codes (NewDeviceCodes); the devices are created in one
 * call (one device's card then opens). In change-product mode (`changeProductOf`) the chosen
 * product replaces the device's.
 */
import type { ListedDevice, ProductDto } from '@asbuilt/domain';
import SearchIcon from '@mui/icons-material/Search';
import {
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useChangeDeviceProduct, useNewDeviceOptions } from '../../api/devices.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { useDialogSession } from '../../lib/dialogs.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { toastNotice, toastSuccess } from '../../lib/toast.ts';
import { CustomFieldInputs } from '../customFields/CustomFieldInputs.tsx';
import { useCustomFieldInputs } from '../customFields/useCustomFieldInputs.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { useCreateDevices } from './createDevices.ts';
import { codesReady, type DeviceCodes, NewDeviceCodes, NO_CODES, quantityOf } from './NewDeviceCodes.tsx';
import { ProductPicture } from './ProductPicture.tsx';

/** The list shows this many matches; a narrower search finds the others. */
const LIST_LIMIT = 60;

export interface NewDeviceDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated?: (device: ListedDevice) => void;
  /** Change-product mode: the device whose product is replaced. */
  changeProductOf?: ListedDevice;
}

export function NewDeviceDialog(props: NewDeviceDialogProps) {
  const { t } = useTranslation('devices');
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const session = useDialogSession(props.open);
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullScreen={fullScreen}
      slotProps={{
        paper: { sx: { height: { sm: 'min(720px, calc(100% - 64px))' } } },
        transition: { onExited: session.onExited },
      }}
    >
      <DialogTitle id={titleId}>
        {props.changeProductOf ? t('new_device.title_change') : t('new_device.title')}
      </DialogTitle>
      {session.mounted ? <NewDeviceForm key={session.key} {...props} /> : null}
    </Dialog>
  );
}

interface BrandOption {
  id: number;
  name: string;
}

function productText(product: ProductDto): string {
  return [product.name, product.product_model, product.brand?.name, product.procat?.name, product.sku]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

function NewDeviceForm({ onClose, onCreated, changeProductOf }: NewDeviceDialogProps) {
  const { t } = useTranslation(['devices', 'domain', 'components']);
  const { siteId, site } = useSite();
  const options = useNewDeviceOptions(siteId);
  const create = useCreateDevices(siteId);
  const change = useChangeDeviceProduct(siteId);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const [brand, setBrand] = useState<BrandOption | null>(null);
  const [productId, setProductId] = useState<number | null>(changeProductOf?.product_id ?? null);
  const [floorId, setFloorId] = useState('');
  const [locationId, setLocationId] = useState('');
  const [codes, setCodes] = useState<DeviceCodes>(NO_CODES);
  const quantity = quantityOf(codes) ?? 1;
  const listId = useId();
  const chosenProcat = options.data?.products.find((product) => product.id === productId)?.procat_id ?? null;
  // The device fields that apply to the chosen product's category (issue 43).
  const custom = useCustomFieldInputs('devices', siteId, chosenProcat);

  const indexed = useMemo(
    () => (options.data?.products ?? []).map((product) => ({ product, text: productText(product) })),
    [options.data],
  );
  const matches = useMemo(
    () =>
      indexed.filter(
        ({ product, text }) => (!brand || product.brand_id === brand.id) && (!query || text.includes(query)),
      ),
    [indexed, brand, query],
  );
  const brands = useMemo<BrandOption[]>(
    () => (options.data?.brands ?? []).map((b) => ({ id: b.id, name: b.name })),
    [options.data],
  );
  const chosen = indexed.find(({ product }) => product.id === productId)?.product ?? null;
  const floor = site.floors.find((f) => String(f.id) === floorId);
  const locations = floor ? floor.locations : [];

  const submit = () => {
    if (productId === null) {
      toastNotice(t('new_device.select_product'));
      return;
    }
    if (changeProductOf) {
      if (productId === changeProductOf.product_id) {
        onClose();
        return;
      }
      change.mutate(
        { id: changeProductOf.id, product_id: productId },
        {
          onSuccess: () => {
            toastSuccess(t('new_device.changed'));
            onClose();
          },
        },
      );
      return;
    }
    if (!codesReady(codes) || !custom.check()) return;
    const one = quantity === 1;
    const customFields = custom.payload();
    create.mutate(
      {
        product_id: productId,
        quantity,
        ...(!one && codes.pattern.trim() ? { code_pattern: codes.pattern.trim() } : {}),
        fields: {
          ...(floorId ? { floor_id: Number(floorId) } : {}),
          ...(locationId ? { location_id: Number(locationId) } : {}),
          ...(one && codes.code.trim() ? { code: codes.code.trim() } : {}),
          ...(one && codes.sn.trim() ? { sn: codes.sn.trim() } : {}),
        },
        ...(customFields ? { custom_fields: customFields } : {}),
      },
      {
        onSuccess: (devices) => {
          toastSuccess(t('new_device.created', { count: devices.length }));
          onClose();
          // One device opens its card; several stay in the list, where they appear.
          if (devices.length === 1) onCreated?.(devices[0]!);
        },
        onError: (error) => custom.showServerErrors(error),
      },
    );
  };

  return (
    <>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1 }}>
          <TextField
            size="small"
            type="search"
            label={t('new_device.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoFocus
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-controls': listId },
            }}
          />
          <Autocomplete<BrandOption>
            size="small"
            options={brands}
            value={brand}
            onChange={(_event, next) => setBrand(next)}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            sx={{ minWidth: { sm: 200 } }}
            renderInput={(params) => <TextField {...params} label={t('domain:column.brand')} />}
          />
        </Stack>
        <Box
          sx={{
            flex: 1,
            minHeight: 160,
            overflow: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
          }}
        >
          {options.isError ? <ErrorState error={options.error} onRetry={() => options.refetch()} /> : null}
          {options.isPending ? (
            <Box sx={{ p: 1 }}>
              {[0, 1, 2, 3].map((n) => (
                <Skeleton key={n} height={56} />
              ))}
            </Box>
          ) : null}
          {options.data && matches.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {t('new_device.no_match')}
            </Typography>
          ) : null}
          {matches.length > 0 ? (
            <List id={listId} role="listbox" aria-label={t('new_device.products')} dense disablePadding>
              {matches.slice(0, LIST_LIMIT).map(({ product }) => {
                const selected = product.id === productId;
                return (
                  <ListItemButton
                    key={product.id}
                    role="option"
                    aria-selected={selected}
                    selected={selected}
                    onClick={() => setProductId(product.id)}
                    sx={{ gap: 1.5, py: 1 }}
                  >
                    <ProductPicture src={product.image} size={40} />
                    <ListItemText
                      primary={product.name}
                      secondary={[product.brand?.name, product.product_model, product.procat?.name]
                        .filter(Boolean)
                        .join(' · ')}
                      slotProps={{ primary: { sx: { fontWeight: selected ? 700 : 500 } } }}
                    />
                  </ListItemButton>
                );
              })}
            </List>
          ) : null}
          {matches.length > LIST_LIMIT ? (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', p: 1.5 }}>
              {t('new_device.more', {
                count: matches.length - LIST_LIMIT,
                amount: formatNumber(matches.length - LIST_LIMIT),
              })}
            </Typography>
          ) : null}
        </Box>
        {chosen ? (
          <Typography variant="body2" aria-live="polite">
            <Trans
              t={t}
              i18nKey="new_device.selected"
              values={{ name: chosen.name }}
              components={{ strong: <strong /> }}
            />
          </Typography>
        ) : null}
        {changeProductOf ? null : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField
              select
              size="small"
              label={t('new_device.floor')}
              value={floorId}
              onChange={(event) => {
                setFloorId(event.target.value);
                setLocationId('');
              }}
            >
              <MenuItem value="">
                <em>{t('new_device.none')}</em>
              </MenuItem>
              {site.floors.map((f) => (
                <MenuItem key={f.id} value={String(f.id)}>
                  {f.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('new_device.location')}
              value={locationId}
              disabled={!floor}
              onChange={(event) => setLocationId(event.target.value)}
            >
              <MenuItem value="">
                <em>{t('new_device.none')}</em>
              </MenuItem>
              {locations.map((l) => (
                <MenuItem key={l.id} value={String(l.id)}>
                  {l.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        )}
        {changeProductOf ? null : <NewDeviceCodes value={codes} onChange={setCodes} />}
        {changeProductOf || productId === null ? null : (
          <CustomFieldInputs
            fields={custom.fields}
            values={custom.values}
            errors={custom.errors}
            onChange={custom.onChange}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          loading={create.isPending || change.isPending}
          disabled={!changeProductOf && !codesReady(codes)}
        >
          {changeProductOf ? t('new_device.change') : t('new_device.add', { count: quantity })}
        </Button>
      </DialogActions>
    </>
  );
}
