import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';

/**
 * A new password's field with a button that shows what is typed or hides it again; the browser
 * is told it is a new password, so it offers no saved one.
 */
export function RevealPasswordField({
  showLabel,
  hideLabel,
  ...props
}: Omit<TextFieldProps, 'type' | 'slotProps'> & { showLabel: string; hideLabel: string }) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        htmlInput: { autoComplete: 'new-password' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? hideLabel : showLabel}
                onClick={() => setShown((v) => !v)}
                edge="end"
              >
                {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
