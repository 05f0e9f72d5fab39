/**
 * The new-device dialog's quantity and codes: one device takes its own code and serial number;
 * several take a code pattern (`AP-{001}` gives AP-001, AP-002…), previewed as first … last.
 */
import { codesFromPattern, MAX_DEVICES_AT_ONCE, parseCodePattern } from '@asbuilt/domain';
import { Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface DeviceCodes {
  quantity: string;
  code: string;
  sn: string;
  pattern: string;
}

export const NO_CODES: DeviceCodes = { quantity: '1', code: '', sn: '', pattern: '' };

/** The quantity asked for, or null when it is not a whole number from 1 to the cap. */
export function quantityOf(codes: DeviceCodes): number | null {
  const n = Number(codes.quantity);
  return Number.isInteger(n) && n >= 1 && n <= MAX_DEVICES_AT_ONCE ? n : null;
}

/** Whether the codes can be sent: a valid quantity and, for several, a pattern with a counter (or none). */
export function codesReady(codes: DeviceCodes): boolean {
  const quantity = quantityOf(codes);
  if (quantity === null) return false;
  return quantity === 1 || !codes.pattern.trim() || parseCodePattern(codes.pattern) !== null;
}

export function NewDeviceCodes({
  value,
  onChange,
}: {
  value: DeviceCodes;
  onChange: (next: DeviceCodes) => void;
}) {
  const { t } = useTranslation(['devices', 'domain']);
  const quantity = quantityOf(value);
  const several = quantity === null ? Number(value.quantity) > 1 : quantity > 1;
  const pattern = value.pattern.trim() ? parseCodePattern(value.pattern) : null;
  const preview = pattern && quantity !== null ? codesFromPattern(pattern, quantity) : [];
  const set = (key: keyof DeviceCodes) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <TextField
        size="small"
        type="number"
        label={t('domain:field.quantity')}
        value={value.quantity}
        onChange={set('quantity')}
        error={quantity === null}
        helperText={
          quantity === null ? t('new_device.quantity_range', { max: MAX_DEVICES_AT_ONCE }) : undefined
        }
        slotProps={{ htmlInput: { min: 1, max: MAX_DEVICES_AT_ONCE, step: 1 } }}
        sx={{ width: { xs: '100%', sm: 110 }, flex: 'none' }}
      />
      {several ? (
        <TextField
          size="small"
          fullWidth
          label={t('domain:field.code_pattern')}
          placeholder={t('new_device.pattern_example')}
          value={value.pattern}
          onChange={set('pattern')}
          error={Boolean(value.pattern.trim()) && !pattern}
          helperText={
            value.pattern.trim() && !pattern
              ? t('domain:error.code_pattern_no_counter')
              : preview.length > 0
                ? t('new_device.pattern_preview', { first: preview[0], last: preview.at(-1) })
                : t('new_device.pattern_hint')
          }
          slotProps={{ htmlInput: { 'data-testid': 'code-pattern' } }}
        />
      ) : (
        <>
          <TextField
            size="small"
            fullWidth
            label={t('domain:field.device_code')}
            value={value.code}
            onChange={set('code')}
          />
          <TextField
            size="small"
            fullWidth
            label={t('domain:field.serial_number')}
            value={value.sn}
            onChange={set('sn')}
          />
        </>
      )}
    </Stack>
  );
}
