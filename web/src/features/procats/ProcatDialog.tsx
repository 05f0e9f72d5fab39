/**
 * Create or edit a product category: Main Category, Sub-Category 1 and 2, each a combo that picks
 * an existing value (of the same branch) or takes a new one, its tenant, and whether it is passive
 * (its products pass cables straight through: front port N runs to rear port N).
 */
import type { ProcatDto } from '@asbuilt/domain';
import {
  Autocomplete,
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateProcat, useUpdateProcat } from '../../api/procats.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { levelOptions } from './procatOptions.ts';

type Tenant = { id: number; name: string };

export function ProcatDialog({
  open,
  procat,
  procats,
  tenants,
  onClose,
}: {
  open: boolean;
  /** Edit this category; create one when null. */
  procat: ProcatDto | null;
  procats: ProcatDto[];
  tenants: Tenant[];
  onClose: () => void;
}) {
  const { t } = useTranslation('procats');
  return (
    <FormDialog open={open} onClose={onClose} title={procat ? t('dialog.edit') : t('dialog.new')}>
      {(key) => (
        <ProcatForm key={key} procat={procat} procats={procats} tenants={tenants} onClose={onClose} />
      )}
    </FormDialog>
  );
}

function ProcatForm({
  procat,
  procats,
  tenants,
  onClose,
}: {
  procat: ProcatDto | null;
  procats: ProcatDto[];
  tenants: Tenant[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['procats', 'components']);
  const create = useCreateProcat();
  const update = useUpdateProcat();
  const [main, setMain] = useState(procat?.main ?? '');
  const [sub1, setSub1] = useState(procat?.sub1 ?? '');
  const [sub2, setSub2] = useState(procat?.sub2 ?? '');
  const [passive, setPassive] = useState(procat?.passive ?? false);
  const [pickedTenant, setTenantId] = useState<number | ''>(procat?.tenant_id ?? '');
  // The first tenant until one is picked, also when the list arrives after the dialog opened (it
  // stayed blank then, and Create disabled).
  const tenantId = pickedTenant === '' ? (tenants[0]?.id ?? '') : pickedTenant;
  const mains = useMemo(() => levelOptions(procats, 'main', main, sub1), [procats, main, sub1]);
  const subs1 = useMemo(() => levelOptions(procats, 'sub1', main, sub1), [procats, main, sub1]);
  const subs2 = useMemo(() => levelOptions(procats, 'sub2', main, sub1), [procats, main, sub1]);

  const combo = (label: string, value: string, options: string[], onChange: (value: string) => void) => (
    <Autocomplete
      freeSolo
      options={options}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      renderInput={(params) => <TextField {...params} label={label} required={label === t('field.main')} />}
    />
  );

  const save = () => {
    if (tenantId === '') return;
    const input = {
      main: main.trim(),
      sub1: sub1.trim() || null,
      sub2: sub2.trim() || null,
      tenant_id: tenantId,
      passive,
    };
    if (procat) {
      update.mutate(
        { ...input, id: procat.id },
        {
          onSuccess: () => {
            toastSuccess(t('toast.updated'));
            onClose();
          },
        },
      );
      return;
    }
    create.mutate(input, {
      onSuccess: () => {
        toastSuccess(t('toast.created'));
        onClose();
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {combo(t('field.main'), main, mains, setMain)}
          {combo(t('field.sub1'), sub1, subs1, setSub1)}
          {combo(t('field.sub2'), sub2, subs2, setSub2)}
          <TextField
            select
            label={t('field.tenant')}
            value={tenantId}
            onChange={(event) => setTenantId(Number(event.target.value))}
            required
          >
            {tenants.map((tenant) => (
              <MenuItem key={tenant.id} value={tenant.id}>
                {tenant.name}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            label={t('field.passive_hint')}
            control={<Checkbox checked={passive} onChange={(event) => setPassive(event.target.checked)} />}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!main.trim() || tenantId === ''}
          loading={create.isPending || update.isPending}
        >
          {procat ? t('components:action.save') : t('components:action.create')}
        </Button>
      </DialogActions>
    </form>
  );
}
