/**
 * The vault's code prompt (issue 46): a call refused with `two_factor_code_required` asks for a
 * current code in a dialog and is sent again with it; Cancel rejects as the call did.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasErrorCode } from '../../api/twoFactor.ts';
import { errorMessages } from '../../lib/errors.ts';
import { CodeField } from './CodeField.tsx';

interface Asking {
  send: (code: string) => Promise<unknown>;
  cancel: () => void;
}

export function useFreshCode(): {
  run: <T>(call: (code?: string) => Promise<T>) => Promise<T>;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<Asking | null>(null);
  const run = async <T,>(call: (code?: string) => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (!hasErrorCode(error, 'two_factor_code_required')) throw error;
      return new Promise<T>((resolve, reject) => {
        setAsking({
          send: (code) =>
            call(code).then((value) => {
              setAsking(null);
              resolve(value);
            }),
          cancel: () => {
            setAsking(null);
            reject(error);
          },
        });
      });
    }
  };
  return { run, dialog: <FreshCodeDialog asking={asking} /> };
}

function FreshCodeDialog({ asking }: { asking: Asking | null }) {
  const { t } = useTranslation('twoFactor');
  const titleId = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);
  const last = useRef(asking);
  if (asking !== last.current) {
    last.current = asking;
    if (asking) {
      setCode('');
      setProblem(undefined);
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!asking) return;
    if (!code) {
      setProblem(t('field.code_missing'));
      return;
    }
    setPending(true);
    asking
      .send(code)
      .catch((error: unknown) => setProblem(errorMessages(error).join(' ')))
      .finally(() => setPending(false));
  };
  return (
    <Dialog
      open={asking !== null}
      onClose={() => asking?.cancel()}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('vault.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">{t('vault.help')}</Typography>
            <CodeField value={code} onChange={setCode} error={problem} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => asking?.cancel()}>{t('action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {t('vault.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
