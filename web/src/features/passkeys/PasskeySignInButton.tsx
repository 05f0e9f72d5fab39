/**
 * "Sign in with a passkey" on the sign-in screen (issue 46), and the browser's autofill of passkeys
 * in the username field (conditional UI, where the browser has it: the field says
 * `autocomplete="username webauthn"`). Plain React and CSS like the rest of the screen; the
 * WebAuthn library comes only when the browser can use it.
 */
import type { AuthResponse } from '@asbuilt/domain';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client.ts';
import { setToken } from '../../lib/session.ts';
import { Failure, type PrepareApp } from '../auth/signin/forms.tsx';
import type { Words } from '../auth/signin/words.ts';
import './passkeySignIn.css';

const library = () => import('@simplewebauthn/browser');

const supported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The browser's own refusals (closed, timed out, replaced by another ceremony): nothing to say. */
const quiet = (error: unknown) =>
  error instanceof Error && ['NotAllowedError', 'AbortError'].includes(error.name);

async function ceremony(autofill: boolean, isCancelled: () => boolean) {
  const { startAuthentication } = await library();
  const { options } = await api.post<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    '/admin/users/login/passkey/options',
    {},
    { auth: false },
  );
  if (isCancelled()) return null;
  return startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
}

/**
 * The options, the browser's ceremony, then the server's verdict. For the autofill, which the
 * page starts on its own, only the verdict may show a failure: a refused or unavailable start
 * (a rate limit, no network) leaves the form as it was.
 */
async function signIn(autofill: boolean, isCancelled: () => boolean): Promise<AuthResponse | null> {
  const response = autofill
    ? await ceremony(true, isCancelled).catch(() => null)
    : await ceremony(false, isCancelled);
  if (!response) return null;
  return api.post<AuthResponse>('/admin/users/login/passkey', { response }, { auth: false });
}

export function PasskeySignInButton({ words, prepareApp }: { words: Words; prepareApp: PrepareApp }) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const done = useRef(false);

  const open = async (session: AuthResponse) => {
    done.current = true;
    const openApp = prepareApp();
    setToken(session.token);
    await openApp(session);
  };

  // Conditional UI: the browser offers the user's passkeys in the username field's suggestions.
  // biome-ignore lint/correctness/useExhaustiveDependencies: started once per visit of the form
  useEffect(() => {
    if (!supported()) return;
    let cancelled = false;
    void (async () => {
      const available = await window.PublicKeyCredential.isConditionalMediationAvailable?.().catch(
        () => false,
      );
      if (!available || cancelled) return;
      try {
        const session = await signIn(true, () => cancelled);
        if (session && !cancelled) await open(session);
      } catch (error) {
        if (!cancelled && !quiet(error)) setFailure(error);
      }
    })();
    return () => {
      cancelled = true;
      // Leaving the form (the code step, Forgot Password): the pending autofill request ends.
      if (!done.current)
        void library().then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
    };
  }, []);

  if (!supported()) return null;

  const click = async () => {
    setFailure(null);
    setPending(true);
    try {
      // The button's request replaces the pending autofill one (the library aborts it).
      const session = await signIn(false, () => false);
      if (session) {
        await open(session);
        return;
      }
    } catch (error) {
      if (!quiet(error)) setFailure(error);
    }
    setPending(false);
  };

  return (
    <div className="signin-passkey">
      <Failure error={failure} words={words} />
      <button
        type="button"
        className={pending ? 'signin-passkey-button is-pending' : 'signin-passkey-button'}
        disabled={pending}
        onClick={click}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M17.81 4.47c-.08 0-.16-.02-.23-.06C15.66 3.42 14 3 12.01 3c-1.98 0-3.86.47-5.57 1.41-.24.13-.54.04-.68-.2-.13-.24-.04-.55.2-.68C7.82 2.52 9.86 2 12.01 2c2.13 0 3.99.47 6.03 1.52.25.13.34.43.21.67-.09.18-.26.28-.44.28zM3.5 9.72c-.1 0-.2-.03-.29-.09-.23-.16-.28-.47-.12-.7.99-1.4 2.25-2.5 3.75-3.27C9.98 4.04 14 4.03 17.15 5.65c1.5.77 2.76 1.86 3.75 3.25.16.22.11.54-.12.7-.23.16-.54.11-.7-.12-.9-1.26-2.04-2.25-3.39-2.94-2.87-1.47-6.54-1.47-9.4.01-1.36.7-2.5 1.7-3.4 2.96-.08.14-.23.21-.39.21zm6.25 12.07c-.13 0-.26-.05-.35-.15-.87-.87-1.34-1.43-2.01-2.64-.69-1.23-1.05-2.73-1.05-4.34 0-2.97 2.54-5.39 5.66-5.39s5.66 2.42 5.66 5.39c0 .28-.22.5-.5.5s-.5-.22-.5-.5c0-2.42-2.09-4.39-4.66-4.39-2.57 0-4.66 1.97-4.66 4.39 0 1.44.32 2.77.93 3.85.64 1.15 1.08 1.64 1.85 2.42.19.2.19.51 0 .71-.11.1-.24.15-.37.15zm7.17-1.85c-1.19 0-2.24-.3-3.1-.89-1.49-1.01-2.38-2.65-2.38-4.39 0-.28.22-.5.5-.5s.5.22.5.5c0 1.41.72 2.74 1.94 3.56.71.48 1.54.71 2.54.71.24 0 .64-.03 1.04-.1.27-.05.53.13.58.41.05.27-.13.53-.41.58-.57.11-1.07.12-1.21.12zM14.91 22c-.04 0-.09-.01-.13-.02-1.59-.44-2.63-1.03-3.72-2.1-1.4-1.39-2.17-3.24-2.17-5.22 0-1.62 1.38-2.94 3.08-2.94 1.7 0 3.08 1.32 3.08 2.94 0 1.07.93 1.94 2.08 1.94s2.08-.87 2.08-1.94c0-3.77-3.25-6.83-7.25-6.83-2.84 0-5.44 1.58-6.61 4.03-.39.81-.59 1.76-.59 2.8 0 .78.07 2.01.67 3.61.1.26-.03.55-.29.64-.26.1-.55-.04-.64-.29-.49-1.31-.73-2.61-.73-3.96 0-1.2.23-2.29.68-3.24 1.33-2.79 4.28-4.6 7.51-4.6 4.55 0 8.25 3.51 8.25 7.83 0 1.62-1.38 2.94-3.08 2.94s-3.08-1.32-3.08-2.94c0-1.07-.93-1.94-2.08-1.94s-2.08.87-2.08 1.94c0 1.71.66 3.31 1.87 4.51.95.94 1.86 1.46 3.27 1.85.27.07.42.35.35.61-.05.23-.26.38-.47.38z"
          />
        </svg>
        <span className="signin-passkey-label">{words.t('auth:passkey.sign_in')}</span>
        {pending ? <span className="signin-spinner" aria-hidden="true" /> : null}
      </button>
    </div>
  );
}
