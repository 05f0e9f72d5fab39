/**
 * The sign-in screen back from the organisation's provider (issue 46): the callback's single-use
 * code is exchanged for the session (or the two-factor step), or its refusal is shown in the
 * reader's words.
 */
import type { AuthResponse, LoginAnswer } from '@asbuilt/domain';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client.ts';
import { setToken } from '../../lib/session.ts';
import { Failure, type PrepareApp } from '../auth/signin/forms.tsx';
import type { Words } from '../auth/signin/words.ts';
import { takeReturn } from './signIn.ts';
import './ssoSignIn.css';

export function useSsoReturn({
  prepareApp,
  onChallenge,
}: {
  prepareApp: PrepareApp;
  onChallenge: (answer: Exclude<LoginAnswer, AuthResponse>) => void;
}) {
  const [state] = useState(takeReturn);
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(state !== null && 'code' in state);
  const started = useRef(false);

  useEffect(() => {
    if (!state || !('code' in state) || started.current) return;
    started.current = true;
    const openApp = prepareApp();
    api
      .post<LoginAnswer>('/admin/users/login/sso', { code: state.code }, { auth: false, cookies: true })
      .then(
        async (answer) => {
          if (!('token' in answer)) {
            setPending(false);
            onChallenge(answer);
            return;
          }
          setToken(answer.token);
          await openApp(answer);
        },
        (error: unknown) => {
          setFailure(error);
          setPending(false);
        },
      );
  }, [state, prepareApp, onChallenge]);

  return { refusal: state && 'error' in state ? state.error : null, failure, pending };
}

/** The refusal the callback named, or the exchange's failure. */
export function SsoFailure({
  words,
  refusal,
  failure,
}: {
  words: Words;
  refusal: string | null;
  failure: unknown;
}) {
  if (failure) return <Failure error={failure} words={words} />;
  if (!refusal) return null;
  return (
    <div role="alert" className="signin-notice signin-notice-error">
      <p>{words.error(refusal, undefined, words.t('components:error.unknown'))}</p>
    </div>
  );
}
