/**
 * The date fields issue 44 adds to existing forms: a file's validity, a secret's expiry and
 * rotation period. Their labels are the domain's field names, as the server's messages use them.
 */
import { Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/DateField.tsx';

/** YYYY-MM-DD or '' (none). */
export function ValidUntilField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('domain');
  return <DateField label={t('field.valid_until')} value={value} onChange={onChange} />;
}

/** Whether the text of a rotation period is blank or a whole number of days the server takes. */
export const rotationDaysValid = (text: string) =>
  text.trim() === '' || (/^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 3650);

export function SecretDateFields({
  expires,
  onExpires,
  rotateDays,
  onRotateDays,
}: {
  expires: string;
  onExpires: (value: string) => void;
  /** The period as typed; '' for none. */
  rotateDays: string;
  onRotateDays: (value: string) => void;
}) {
  const { t } = useTranslation('domain');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <DateField label={t('field.expires_at')} value={expires} onChange={onExpires} fullWidth />
      <TextField
        type="number"
        label={t('field.rotate_every_days')}
        value={rotateDays}
        onChange={(event) => onRotateDays(event.target.value)}
        error={!rotationDaysValid(rotateDays)}
        slotProps={{ htmlInput: { min: 1, max: 3650, step: 1, inputMode: 'numeric' } }}
        fullWidth
      />
    </Stack>
  );
}
