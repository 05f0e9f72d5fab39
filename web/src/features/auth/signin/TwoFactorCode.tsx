/**
 * The sign-in screen's second step (issue 46): the code of the authenticator app, or a recovery
 * code, for the password step's challenge; "Remember this browser for 30 days". Plain React and
 * CSS like the rest of the screen.
 */
import type { AuthResponse } from '@asbuilt/domain';
import { type FormEvent, useId, useState } from 'react';
import { api } from '../../../api/client.ts';
import { setToken } from '../../../lib/session.ts';
import { Failure, type PrepareApp, SubmitButton } from './forms.tsx';
import './twoFactor.css';
import type { Words } from './words.ts';

/** A code field: numeric keyboard on phones for an app's code, one-time-code autofill, a pasted code taken whole. */
export function CodeInput({
  label,
  value,
  onChange,
  recovery = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  recovery?: boolean;
}) {
  const id = useId();
  return (
    <div className={value ? 'signin-field is-filled' : 'signin-field'}>
      <div className="signin-input">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name="code"
          className="signin-code"
          value={value}
          // A pasted "123 456" or "abcde-fghjk" is kept whole; an app's code is six digits.
          onChange={(event) =>
            onChange(
              recovery
                ? event.target.value.trim().slice(0, 24)
                : event.target.value.replace(/\D+/g, '').slice(0, 6),
            )
          }
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          spellCheck={false}
          autoCapitalize="off"
          // biome-ignore lint/a11y/noAutofocus: the step's one task is this code
          autoFocus
          required
        />
        <fieldset aria-hidden="true">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
    </div>
  );
}

export function TwoFactorCodeForm({
  words,
  challenge,
  prepareApp,
  onBack,
}: {
  words: Words;
  challenge: string;
  prepareApp: PrepareApp;
  onBack: () => void;
}) {
  const { t } = words;
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const rememberId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code || pending) return;
    setFailure(null);
    setPending(true);
    const openApp = prepareApp();
    let session: AuthResponse;
    try {
      session = await api.post<AuthResponse>(
        '/admin/users/login/2fa',
        { challenge, code, remember },
        { auth: false, cookies: true },
      );
    } catch (error) {
      setFailure(error);
      setPending(false);
      return;
    }
    setToken(session.token);
    await openApp(session);
  };

  return (
    <form className="signin-form" noValidate onSubmit={submit}>
      <Failure error={failure} words={words} />
      <p className="signin-step-help">
        {recovery ? t('auth:two_factor.subtitle_recovery') : t('auth:two_factor.subtitle')}
      </p>
      <CodeInput
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? t('auth:two_factor.recovery_code') : t('auth:two_factor.code')}
        value={code}
        onChange={setCode}
        recovery={recovery}
      />
      <label className="signin-check" htmlFor={rememberId}>
        <input
          id={rememberId}
          type="checkbox"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
        />
        <span>{t('auth:two_factor.remember')}</span>
      </label>
      <SubmitButton disabled={!code} pending={pending}>
        {t('auth:two_factor.submit')}
      </SubmitButton>
      <button
        type="button"
        className="signin-link"
        onClick={() => {
          setCode('');
          setRecovery(!recovery);
        }}
      >
        {recovery ? t('auth:two_factor.use_app') : t('auth:two_factor.use_recovery')}
      </button>
      <button type="button" className="signin-link" onClick={onBack}>
        {t('auth:two_factor.back')}
      </button>
    </form>
  );
}
