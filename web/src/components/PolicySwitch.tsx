/**
 * One of the tenant settings' policies (tokens without expiry forbidden, two-factor sign-in
 * required): a titled section with a switch and a hint, and a toast saying what the switch did.
 */
import { FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import { useId } from 'react';
import { toastSuccess } from '../lib/toast.ts';

export interface PolicySwitchProps {
  title: string;
  label: string;
  hint: string;
  on: boolean;
  disabled: boolean;
  /** Saves the new state; rejects when the server refused (its toast is shown by the API layer). */
  onChange: (checked: boolean) => Promise<unknown>;
  /** The toasts once saved. */
  turnedOn: string;
  turnedOff: string;
}

export function PolicySwitch({
  title,
  label,
  hint,
  on,
  disabled,
  onChange,
  turnedOn,
  turnedOff,
}: PolicySwitchProps) {
  const titleId = useId();
  const hintId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h6" component="h2">
        {title}
      </Typography>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Switch
            checked={on}
            disabled={disabled}
            slotProps={{ input: { 'aria-describedby': hintId } }}
            onChange={(_event, checked) =>
              onChange(checked)
                .then(() => toastSuccess(checked ? turnedOn : turnedOff))
                .catch(() => undefined)
            }
          />
        }
        label={label}
      />
      <Typography id={hintId} variant="body2" color="text.secondary">
        {hint}
      </Typography>
    </Paper>
  );
}
