/**
 * Add or edit a device status: its name (not empty, not another status's name in any case) and
 * its colour, from the palette's swatches or any colour (a colour picker and the hex code).
 * Saving waits for the server: the dialog stays open on an error.
 */
import { DEFAULT_STATUS_COLOR, type DeviceStatus } from '@asbuilt/domain';
import CheckIcon from '@mui/icons-material/Check';
import {
  Box,
  Button,
  ButtonBase,
  DialogActions,
  DialogContent,
  FormLabel,
  InputAdornment,
  Stack,
  TextField,
} from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { StatusChip, useStatusLabel } from '../../components/StatusChip.tsx';

/** Swatches offered first; the default colour of a new status leads. */
export const STATUS_PALETTE = [
  DEFAULT_STATUS_COLOR,
  '#1976D2',
  '#0097A7',
  '#7B1FA2',
  '#C2185B',
  '#D32F2F',
  '#F57C00',
  '#FBC02D',
  '#795548',
  '#9E9E9E',
  '#455A64',
  '#212121',
] as const;

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** `#abc` -> `#AABBCC`, for the colour picker (which takes six digits only). */
function sixDigits(color: string): string {
  const hex = color.slice(1);
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`.toUpperCase();
}

export interface StatusDraft {
  name: string;
  color: string;
}

export function StatusDialog({
  open,
  status,
  statuses,
  nextId,
  onSave,
  onClose,
}: {
  open: boolean;
  /** Edit this status; add one when null. */
  status: DeviceStatus | null;
  /** The site's statuses (names must stay unique). */
  statuses: readonly DeviceStatus[];
  /** The id a new status gets. */
  nextId: number;
  /** Saves; resolves when the server took it, rejects otherwise. */
  onSave: (draft: StatusDraft) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('config');
  return (
    <FormDialog open={open} onClose={onClose} title={status ? t('statuses.edit_title') : t('statuses.new')}>
      {(key) => (
        <StatusForm
          key={key}
          status={status}
          statuses={statuses}
          nextId={nextId}
          onSave={onSave}
          onClose={onClose}
        />
      )}
    </FormDialog>
  );
}

function StatusForm({
  status,
  statuses,
  nextId,
  onSave,
  onClose,
}: {
  status: DeviceStatus | null;
  statuses: readonly DeviceStatus[];
  nextId: number;
  onSave: (draft: StatusDraft) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['config', 'domain', 'components']);
  const label = useStatusLabel();
  // A default status is edited as the reader sees it; left so, it keeps its stored name (and key).
  const shownName = status ? label(status.name) : '';
  const [name, setName] = useState(shownName);
  const [color, setColor] = useState(status?.color.toUpperCase() ?? DEFAULT_STATUS_COLOR);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const swatchesId = useId();

  const trimmed = name.trim();
  const taken = statuses.some(
    (other) => other.id !== status?.id && other.name.toLowerCase() === trimmed.toLowerCase(),
  );
  const nameError = !trimmed
    ? t('domain:error.field_required', { field: 'status_name' })
    : taken
      ? t('domain:error.status_listed_twice', { name: trimmed })
      : null;
  const colorValid = HEX.test(color);
  const colorError = colorValid ? null : t('domain:error.status_colour_invalid');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameError || colorError) return;
    setSaving(true);
    onSave({
      name: status && trimmed === shownName ? status.name : trimmed,
      color: color.toUpperCase(),
    }).then(
      () => onClose(),
      () => setSaving(false),
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 32 }}>
            <StatusChip status={trimmed || null} color={colorValid ? color : undefined} size="medium" />
            <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
              {t('statuses.id', { id: status?.id ?? nextId })}
            </Box>
          </Box>
          <TextField
            label={t('statuses.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setTouched(true)}
            required
            autoFocus
            error={touched && Boolean(nameError)}
            helperText={(touched && nameError) || ' '}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
          <Box>
            <FormLabel id={swatchesId} sx={{ display: 'block', mb: 1, fontSize: '0.875rem' }}>
              {t('statuses.swatches')}
            </FormLabel>
            <Box role="group" aria-labelledby={swatchesId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {STATUS_PALETTE.map((swatch) => {
                const selected = colorValid && sixDigits(color) === swatch;
                return (
                  <ButtonBase
                    key={swatch}
                    aria-label={t('statuses.swatch', { color: swatch })}
                    aria-pressed={selected}
                    onClick={() => setColor(swatch)}
                    sx={(th) => ({
                      width: 32,
                      height: 32,
                      borderRadius: '50%',
                      bgcolor: swatch,
                      color: th.palette.getContrastText(swatch),
                      boxShadow: selected
                        ? `0 0 0 2px ${th.palette.background.paper}, 0 0 0 4px ${swatch}`
                        : `inset 0 0 0 1px ${th.palette.divider}`,
                      '&.Mui-focusVisible': {
                        outline: `2px solid ${th.palette.text.primary}`,
                        outlineOffset: 2,
                      },
                    })}
                  >
                    {selected ? <CheckIcon fontSize="small" /> : null}
                  </ButtonBase>
                );
              })}
            </Box>
          </Box>
          <TextField
            label={t('statuses.color')}
            value={color}
            onChange={(event) => setColor(event.target.value.trim())}
            error={Boolean(colorError)}
            helperText={colorError ?? ' '}
            slotProps={{
              htmlInput: { maxLength: 7, spellCheck: false },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Box
                      component="input"
                      type="color"
                      aria-label={t('statuses.custom_color')}
                      value={colorValid ? sixDigits(color).toLowerCase() : '#000000'}
                      onChange={(event) => setColor(event.target.value.toUpperCase())}
                      sx={{
                        width: 32,
                        height: 32,
                        p: 0,
                        border: 0,
                        bgcolor: 'transparent',
                        cursor: 'pointer',
                        '&::-webkit-color-swatch-wrapper': { p: 0 },
                        '&::-webkit-color-swatch': { border: 1, borderColor: 'divider', borderRadius: '50%' },
                        '&::-moz-color-swatch': { border: 1, borderColor: 'divider', borderRadius: '50%' },
                      }}
                    />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button type="submit" variant="contained" loading={saving}>
          {status ? t('components:action.save') : t('components:action.add')}
        </Button>
      </DialogActions>
    </Box>
  );
}
