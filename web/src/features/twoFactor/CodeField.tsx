/** A code field: numeric keyboard on phones, one-time-code autofill, a pasted code taken whole. */
import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function CodeField({
  value,
  onChange,
  error,
  recovery = false,
  autoFocus = true,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Whether a recovery code may be typed too (letters, so no numeric keyboard). */
  recovery?: boolean;
  autoFocus?: boolean;
  label?: string;
}) {
  const { t } = useTranslation('twoFactor');
  return (
    <TextField
      label={label ?? (recovery ? t('field.code_or_recovery') : t('field.code'))}
      value={value}
      onChange={(event) => onChange(event.target.value.trim())}
      autoFocus={autoFocus}
      fullWidth
      required
      error={Boolean(error)}
      helperText={error ?? ' '}
      slotProps={{
        htmlInput: {
          autoComplete: 'one-time-code',
          inputMode: recovery ? 'text' : 'numeric',
          spellCheck: false,
          maxLength: 64,
          style: { fontFamily: 'monospace', letterSpacing: '0.1em' },
        },
      }}
    />
  );
}
