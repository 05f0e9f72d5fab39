/** Adds or edits one custom field: name, labels, type, what it applies to, categories, required, default, options. */
import {
  CUSTOM_FIELD_TARGETS,
  CUSTOM_FIELD_TYPES,
  type CustomFieldDto,
  type CustomFieldTarget,
  type CustomFieldType,
  parseCustomFieldValue,
  procatName,
} from '@asbuilt/domain';
import {
  Autocomplete,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CustomFieldInput, useCreateCustomField, useUpdateCustomField } from '../../api/customFields.ts';
import { useProcatList } from '../../api/procats.ts';
import { toastFailure, toastSuccess } from '../../lib/toast.ts';

interface Draft {
  name: string;
  en: string;
  fr: string;
  nl: string;
  type: CustomFieldType;
  applies_to: CustomFieldTarget;
  procat_ids: number[];
  required: boolean;
  default: string;
  options: string;
}

function draftOf(field: CustomFieldDto | null, target: CustomFieldTarget): Draft {
  return {
    name: field?.name ?? '',
    en: field?.labels.en ?? '',
    fr: field?.labels.fr ?? '',
    nl: field?.labels.nl ?? '',
    type: field?.type ?? 'text',
    applies_to: field?.applies_to ?? target,
    procat_ids: field?.procat_ids ?? [],
    required: field?.required ?? false,
    default: field?.default === null || field?.default === undefined ? '' : String(field.default),
    options: (field?.options ?? []).join('\n'),
  };
}

export function CustomFieldDialog({
  field,
  target,
  onClose,
}: {
  /** The field to edit, or null to add one. */
  field: CustomFieldDto | null;
  target: CustomFieldTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation('customFields');
  const [draft, setDraft] = useState<Draft>(() => draftOf(field, target));
  const create = useCreateCustomField();
  const update = useUpdateCustomField();
  const procats = useProcatList(draft.applies_to === 'devices');
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const options = draft.options
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);
  const defaultProblem =
    draft.default.trim() !== '' &&
    'problem' in parseCustomFieldValue({ type: draft.type, options }, draft.default);
  const missingOptions = draft.type === 'choice' && options.length === 0;
  const saving = create.isPending || update.isPending;

  const submit = async () => {
    const parsed = parseCustomFieldValue({ type: draft.type, options }, draft.default);
    const input: CustomFieldInput = {
      name: draft.name.trim(),
      labels: { en: draft.en.trim(), fr: draft.fr.trim(), nl: draft.nl.trim() },
      type: draft.type,
      applies_to: draft.applies_to,
      procat_ids: draft.applies_to === 'devices' ? draft.procat_ids : [],
      required: draft.required,
      default: 'value' in parsed ? parsed.value : null,
      options: draft.type === 'choice' ? options : [],
    };
    try {
      if (field) {
        const { applies_to: _fixed, ...changes } = input;
        await update.mutateAsync({ id: field.id, ...changes });
      } else await create.mutateAsync(input);
      toastSuccess(t(field ? 'dialog.saved' : 'dialog.added'));
      onClose();
    } catch (error) {
      toastFailure(t('dialog.failed'), error);
    }
  };

  const procatOptions = procats.data ?? [];
  const labelTitles = { en: t('dialog.label_en'), fr: t('dialog.label_fr'), nl: t('dialog.label_nl') };
  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t(field ? 'dialog.edit_title' : 'dialog.add_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('dialog.name')}
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
            required
            autoFocus
            helperText={t('dialog.name_help')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {(['en', 'fr', 'nl'] as const).map((language) => (
              <TextField
                key={language}
                label={labelTitles[language]}
                value={draft[language]}
                onChange={(e) => set(language, e.target.value)}
                fullWidth
              />
            ))}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('dialog.type')}
              value={draft.type}
              onChange={(e) => set('type', e.target.value as CustomFieldType)}
              fullWidth
              helperText={field && draft.type !== field.type ? t('dialog.type_change_help') : undefined}
            >
              {CUSTOM_FIELD_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`type.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('dialog.applies_to')}
              value={draft.applies_to}
              onChange={(e) => set('applies_to', e.target.value as CustomFieldTarget)}
              disabled={field !== null}
              fullWidth
            >
              {CUSTOM_FIELD_TARGETS.map((target) => (
                <MenuItem key={target} value={target}>
                  {t(`target.${target}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {draft.applies_to === 'devices' ? (
            <Autocomplete
              multiple
              options={procatOptions.map((p) => p.id)}
              value={draft.procat_ids}
              onChange={(_event, ids) => set('procat_ids', ids)}
              getOptionLabel={(id) => {
                const procat = procatOptions.find((p) => p.id === id);
                return procat ? procatName(procat) : String(id);
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('dialog.categories')}
                  helperText={t('dialog.categories_help')}
                />
              )}
            />
          ) : null}
          {draft.type === 'choice' ? (
            <TextField
              label={t('dialog.options')}
              value={draft.options}
              onChange={(e) => set('options', e.target.value)}
              multiline
              minRows={3}
              error={missingOptions}
              helperText={t('dialog.options_help')}
            />
          ) : null}
          <TextField
            label={t('dialog.default')}
            value={draft.default}
            onChange={(e) => set('default', e.target.value)}
            error={defaultProblem}
            helperText={defaultProblem ? t(`default_problem.${draft.type}`) : t('dialog.default_help')}
          />
          <FormControlLabel
            control={
              <Checkbox checked={draft.required} onChange={(e) => set('required', e.target.checked)} />
            }
            label={t('dialog.required')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('dialog.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={saving || draft.name.trim() === '' || missingOptions || defaultProblem}
        >
          {t(field ? 'dialog.save' : 'dialog.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
