/**
 * The confirmation part of a dialog that removes a way in (a passkey, two-factor sign-in): what
 * the change does and the password field, or, for an account without a password, what the change
 * does and whether the recent sign-in still counts (with the offer to sign in again).
 */
import { Alert, TextField, Typography } from '@mui/material';
import { RecentSignInNotice, type useSignInConfirmation } from './RecentSignIn.tsx';

interface Props {
  confirmation: Pick<ReturnType<typeof useSignInConfirmation>, 'noPassword' | 'blocked'>;
  /** What the change does, asking for the password. */
  help: string;
  /** What the change does, for an account without a password. */
  helpRecent: string;
  passwordLabel: string;
  password: string;
  onPassword: (password: string) => void;
  /**
   * The refusal, when the password is the only field: shown on it, or under the notice. A dialog
   * with another field (the code) shows it there instead.
   */
  problem?: string;
}

export function PasswordOrRecentSignIn({
  confirmation,
  help,
  helpRecent,
  passwordLabel,
  password,
  onPassword,
  problem,
}: Props) {
  if (confirmation.noPassword) {
    return (
      <>
        <Typography variant="body2">{helpRecent}</Typography>
        <RecentSignInNotice blocked={confirmation.blocked} />
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
      </>
    );
  }
  return (
    <>
      <Typography variant="body2">{help}</Typography>
      <TextField
        label={passwordLabel}
        type="password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        autoComplete="current-password"
        error={Boolean(problem)}
        helperText={problem}
        required
        fullWidth
        autoFocus
      />
    </>
  );
}
