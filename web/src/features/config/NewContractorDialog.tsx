/** A new Contractor company (name and code, both required as for every company), for the site. */
import { encodeMessage, type FieldKey, optionalText } from '@asbuilt/domain';
import { Box, Button, DialogActions, DialogContent, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { formResolver } from '../../lib/forms.ts';

const requiredField = (field: FieldKey) =>
  optionalText(field).refine((value) => value !== null, {
    message: encodeMessage('field_required', { field }),
  });

const contractorSchema = z.object({ name: requiredField('name'), code: requiredField('code') });
interface ContractorValues {
  name: string;
  code: string;
}

export function NewContractorDialog({
  open,
  onClose,
  onCreate,
}: {
  open: boolean;
  onClose: () => void;
  /** Creates the company and adds it to the site; rejects when the company was not created. */
  onCreate: (input: { name: string; code: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation('config');
  return (
    <FormDialog open={open} onClose={onClose} title={t('contractors.new')}>
      {(key) => <ContractorForm key={key} onClose={onClose} onCreate={onCreate} />}
    </FormDialog>
  );
}

function ContractorForm({
  onClose,
  onCreate,
}: {
  onClose: () => void;
  onCreate: (input: { name: string; code: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation(['config', 'components']);
  const [saving, setSaving] = useState(false);
  const { control, handleSubmit } = useForm<ContractorValues, unknown, z.output<typeof contractorSchema>>({
    resolver: formResolver<ContractorValues, typeof contractorSchema>(contractorSchema),
    mode: 'onTouched',
    defaultValues: { name: '', code: '' },
  });
  const submit = handleSubmit((values) => {
    setSaving(true);
    onCreate({ name: values.name as string, code: values.code as string }).then(
      () => onClose(),
      () => setSaving(false),
    );
  });
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <FormTextField control={control} name="name" label={t('form.name')} required autoFocus />
          <FormTextField control={control} name="code" label={t('form.code')} required />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button type="submit" variant="contained" loading={saving}>
          {t('components:action.create')}
        </Button>
      </DialogActions>
    </Box>
  );
}
