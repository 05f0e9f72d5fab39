/** A MUI TextField bound to a react-hook-form field, showing the field's validation message. */
import { TextField, type TextFieldProps } from '@mui/material';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { translateMessage } from '../lib/messages.ts';

type Props<T extends FieldValues, C, O> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<T, C, O>;
  name: FieldPath<T>;
};

export function FormTextField<T extends FieldValues, C, O>({
  control,
  name,
  helperText,
  disabled,
  ...props
}: Props<T, C, O>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      // Disabled by the caller, or by the form (`useForm({ disabled })`, e.g. a read-only record).
      disabled={disabled || field.disabled}
      error={Boolean(fieldState.error)}
      // A blank line is kept for the message so the form never jumps under the pointer.
      helperText={translateMessage(fieldState.error?.message) ?? helperText ?? ' '}
    />
  );
}
