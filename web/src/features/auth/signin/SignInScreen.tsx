/**
 * /login for a signed-out visitor: sign-in, with a Forgot Password mode. It is a page of its own,
 * drawn with React and plain CSS (signIn.css) and the few words of words.ts, without the app's
 * libraries (MUI, the router, TanStack Query, i18next), so the page loads a fraction of the app's
 * script (issue 14). Once signed in, it stores the session and opens the app where the app would
 * go (app/start.tsx), without a page load.
 */
import type { AuthResponse, Language } from '@asbuilt/domain';
import { lazy, type ReactNode, StrictMode, Suspense, useEffect, useRef, useState } from 'react';
import type { Root } from 'react-dom/client';
import { TOKEN_KEY } from '../../../lib/session.ts';
import './signIn.css';
import { PasskeySignInButton } from '../../passkeys/PasskeySignInButton.tsx';
import { SsoFailure, useSsoReturn } from '../../sso/SsoReturn.tsx';
import { ForgotPasswordForm, LoginForm, type PrepareApp } from './forms.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { TwoFactorCodeForm } from './TwoFactorCode.tsx';
import { loadWords, rememberLanguage, type Words } from './words.ts';

// i18n-exempt: the product's name is not translated
const PRODUCT = 'Asbuilt';

/** What the bootstrap passes: the app's start, loaded on demand. */
export type LoadApp = () => Promise<{ startApp: (root: Root, session: AuthResponse) => Promise<void> }>;

export function showSignIn(root: Root, words: Words, loadApp: LoadApp) {
  const prepareApp: PrepareApp = () => {
    const app = loadApp();
    app.catch(() => undefined); // awaited below, when the sign-in succeeds
    return async (session) => {
      try {
        const { startApp } = await app;
        await startApp(root, session);
      } catch {
        // The app's script did not come: a page load opens it, the session being stored.
        window.location.reload();
      }
    };
  };
  document.documentElement.lang = words.language;
  root.render(
    <StrictMode>
      <SignInScreen initialWords={words} prepareApp={prepareApp} />
    </StrictMode>,
  );
}

/** The set-up a tenant's policy requires, with its QR encoder, comes only when asked (issue 46). */
const TwoFactorSetupForm = lazy(() => import('./TwoFactorSetup.tsx'));

function SignInScreen({ initialWords, prepareApp }: { initialWords: Words; prepareApp: PrepareApp }) {
  const [words, setWords] = useState(initialWords);
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  // After a right password: the code step, or the set-up the tenant requires (issue 46).
  const [second, setSecond] = useState<{ setup: boolean; challenge: string } | null>(null);
  const [sent, setSent] = useState(false);
  const { t } = words;
  // Back from the organisation's provider (issue 46): its code opens the session, or its refusal shows.
  const sso = useSsoReturn({
    prepareApp,
    onChallenge: (answer) =>
      setSecond({ setup: 'two_factor_setup_required' in answer, challenge: answer.challenge }),
  });

  const pageTitle = mode === 'login' ? t('auth:login.page_title') : t('auth:forgot.title');
  useEffect(() => {
    document.title = `${pageTitle} · ${PRODUCT}`;
  }, [pageTitle]);
  useEffect(() => {
    document.documentElement.lang = words.language;
  }, [words.language]);

  // The last language chosen wins, whichever chunk of words comes first.
  const chosen = useRef(initialWords.language);
  const chooseLanguage = (language: Language) => {
    chosen.current = language;
    rememberLanguage(language);
    // The words of another language are a small chunk; on a network failure the page stays as is.
    loadWords(language).then(
      (next) => {
        if (chosen.current === language) setWords(next);
      },
      () => undefined,
    );
  };

  // Signed in in another tab: a page load opens the app here too (main.tsx), as the app's form did.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY && event.newValue) window.location.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const status = sent ? <p className="signin-notice signin-notice-success">{t('auth:forgot.sent')}</p> : null;
  if (second) {
    const back = () => setSecond(null);
    return (
      <AuthFrame
        words={words}
        title={second.setup ? t('auth:two_factor.setup_title') : t('auth:two_factor.title')}
        subtitle=""
        status={null}
        onLanguage={chooseLanguage}
      >
        {second.setup ? (
          <Suspense fallback={<span className="signin-spinner" aria-hidden="true" />}>
            <TwoFactorSetupForm
              words={words}
              challenge={second.challenge}
              prepareApp={prepareApp}
              onBack={back}
            />
          </Suspense>
        ) : (
          <TwoFactorCodeForm
            words={words}
            challenge={second.challenge}
            prepareApp={prepareApp}
            onBack={back}
          />
        )}
      </AuthFrame>
    );
  }
  return mode === 'login' ? (
    <AuthFrame
      words={words}
      title={t('auth:login.title')}
      subtitle={t('auth:login.subtitle')}
      status={status}
      onLanguage={chooseLanguage}
    >
      <SsoFailure words={words} refusal={sso.refusal} failure={sso.failure} />
      {sso.pending ? (
        <p className="signin-subtitle" role="status">
          {t('auth:sso.signing_in')}
        </p>
      ) : null}
      <LoginForm
        words={words}
        prepareApp={prepareApp}
        onSend={() => setSent(false)}
        onChallenge={(answer) =>
          setSecond({ setup: 'two_factor_setup_required' in answer, challenge: answer.challenge })
        }
        onForgotPassword={() => {
          setSent(false);
          setMode('forgot');
        }}
      />
      <PasskeySignInButton words={words} prepareApp={prepareApp} />
    </AuthFrame>
  ) : (
    <AuthFrame
      words={words}
      title={t('auth:forgot.title')}
      subtitle={t('auth:forgot.subtitle')}
      status={status}
      onLanguage={chooseLanguage}
    >
      <ForgotPasswordForm
        words={words}
        onSent={() => {
          setSent(true);
          setMode('login');
        }}
        onBack={() => setMode('login')}
      />
    </AuthFrame>
  );
}

/** The centred card of the app's account screens (AuthCard.tsx), in plain CSS. */
function AuthFrame({
  words,
  title,
  subtitle,
  status,
  onLanguage,
  children,
}: {
  words: Words;
  title: string;
  subtitle: string;
  status: ReactNode;
  onLanguage: (language: Language) => void;
  children: ReactNode;
}) {
  return (
    <main className="signin">
      <div className="signin-column">
        <div className="signin-brand">
          <span className="signin-logo">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M3 21V9l9-6 9 6v12h-6v-8H9v8z" fill="currentColor" />
            </svg>
          </span>
          <span className="signin-product">{PRODUCT}</span>
        </div>
        <div className="signin-card">
          <div className="signin-head">
            <h1 className="signin-title">{title}</h1>
            <LanguageSwitch words={words} onChoose={onLanguage} />
          </div>
          {subtitle ? <p className="signin-subtitle">{subtitle}</p> : null}
          {/* Always in the page, so that a screen reader hears what comes into it. */}
          <div role="status" className="signin-status">
            {status}
          </div>
          {children}
        </div>
      </div>
    </main>
  );
}
