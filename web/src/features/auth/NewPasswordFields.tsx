/**
 * A new password and its confirmation (sign-up from an invitation, password reset, change of
 * password); the form's schema checks the length and that both match.
 */
import { MIN_PASSWORD_LENGTH } from '@asbuilt/domain';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from '../../components/FormTextField.tsx';

interface Props<T extends FieldValues, C, O> {
  control: Control<T, C, O>;
  name: FieldPath<T>;
  retypeName: FieldPath<T>;
  label: string;
  retypeLabel: string;
  autoFocus?: boolean;
}

export function NewPasswordFields<T extends FieldValues, C, O>({
  control,
  name,
  retypeName,
  label,
  retypeLabel,
  autoFocus,
}: Props<T, C, O>) {
  return (
    <>
      <FormTextField
        control={control}
        name={name}
        label={label}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
      />
      <FormTextField
        control={control}
        name={retypeName}
        label={retypeLabel}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}

/** The submit button waits until both are long enough: no message before the user has typed. */
export function passwordsTooShort(password: string | undefined, retype: string | undefined) {
  return (password?.length ?? 0) < MIN_PASSWORD_LENGTH || (retype?.length ?? 0) < MIN_PASSWORD_LENGTH;
}
