/**
 * /login for a signed-out visitor: sign-in, with a Forgot Password mode. It is a page of its own,
 * drawn with React and plain CSS (signIn.css) and the few words of words.ts, without the app's
 * libraries (MUI, the router, TanStack Query, i18next), so the page loads a fraction of the app's
 * script (issue 14). Once signed in, it stores the session and opens the app where the app would
 * go (app/start.tsx), without a page load.
 */
import { type AuthResponse, LANGUAGE_NAMES, LANGUAGES, type Language } from '@asbuilt/domain';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  StrictMode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { Root } from 'react-dom/client';
import { ApiError, api } from '../../../api/client.ts';
import { setToken, TOKEN_KEY } from '../../../lib/session.ts';
import { checkForgotPassword, checkLogin, type Problem } from './checks.ts';
import './signIn.css';
import { loadWords, rememberLanguage, type Words } from './words.ts';

// i18n-exempt: the product's name is not translated
const PRODUCT = 'Asbuilt';

/** What the bootstrap passes: the app's start, loaded on demand. */
export type LoadApp = () => Promise<{ startApp: (root: Root, session: AuthResponse) => Promise<void> }>;
/** Starts loading the app; the function it returns opens it as the signed-in user. */
type PrepareApp = () => (session: AuthResponse) => Promise<void>;

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

function SignInScreen({ initialWords, prepareApp }: { initialWords: Words; prepareApp: PrepareApp }) {
  const [words, setWords] = useState(initialWords);
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  const [sent, setSent] = useState(false);
  const { t } = words;

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
  return mode === 'login' ? (
    <AuthFrame
      words={words}
      title={t('auth:login.title')}
      subtitle={t('auth:login.subtitle')}
      status={status}
      onLanguage={chooseLanguage}
    >
      <LoginForm
        words={words}
        prepareApp={prepareApp}
        onSend={() => setSent(false)}
        onForgotPassword={() => {
          setSent(false);
          setMode('forgot');
        }}
      />
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
          <p className="signin-subtitle">{subtitle}</p>
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

/** The field names and values of a form. */
type Values<K extends string> = Record<K, string>;

/** A field's problem in the reader's words. */
const say = (problem: Problem | undefined, words: Words) =>
  problem ? words.error(problem.code, problem.params, problem.code) : undefined;

/** What went wrong with a call, one message per problem the server named. */
function failureMessages(error: unknown, words: Words): string[] {
  if (!(error instanceof ApiError)) return [words.t('components:error.unknown')];
  const messages = error.issues.map((issue) =>
    'clientKey' in issue
      ? words.t(`components:error.${issue.clientKey}`, issue.params)
      : words.error(issue.code, issue.params, issue.message),
  );
  if (error.status === 429 && error.retryAfterSeconds) {
    messages.push(
      words.t('auth:login.retry_in', { count: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) }),
    );
  }
  return messages;
}

function Failure({ error, words }: { error: unknown; words: Words }) {
  if (error === null) return null;
  return (
    <div role="alert" className="signin-notice signin-notice-error">
      {failureMessages(error, words).map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/** A form's fields: their values, which were left (a problem shows once a field was left), and sending. */
function useForm<K extends string>(initial: Values<K>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const bind = (name: K) => ({
    name,
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
  });
  const touchAll = () =>
    setTouched(Object.fromEntries(Object.keys(values).map((name) => [name, true])) as Record<K, boolean>);
  return { values, touched, pending, setPending, failure, setFailure, bind, touchAll };
}

function LoginForm({
  words,
  prepareApp,
  onSend,
  onForgotPassword,
}: {
  words: Words;
  prepareApp: PrepareApp;
  onSend: () => void;
  onForgotPassword: () => void;
}) {
  const { t } = words;
  const form = useForm<'username' | 'password'>({ username: '', password: '' });
  const { values, touched, pending } = form;
  const { input, problems } = checkLogin(values);
  // Until a username and a password of MIN_PASSWORD_LENGTH are typed, and while sending.
  const disabled = Boolean(problems.username || problems.password) || pending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    onSend();
    form.setFailure(null);
    form.setPending(true);
    // The app's script comes while the server checks the password.
    const openApp = prepareApp();
    let session: AuthResponse;
    try {
      session = await api.post<AuthResponse>('/admin/users/login', input, { auth: false });
    } catch (error) {
      form.setFailure(error);
      form.setPending(false);
      return;
    }
    // As the app's startSession: the token is stored, then the sites list opens (still loading here).
    setToken(session.token);
    await openApp(session);
  };

  return (
    <form className="signin-form" noValidate onSubmit={submit}>
      <Failure error={form.failure} words={words} />
      <Field
        {...form.bind('username')}
        label={t('auth:field.username')}
        autoComplete="username"
        autoFocus
        problem={touched.username ? say(problems.username, words) : undefined}
      />
      <Field
        {...form.bind('password')}
        label={t('auth:field.password')}
        type="password"
        autoComplete="current-password"
        problem={touched.password ? say(problems.password, words) : undefined}
      />
      <SubmitButton disabled={disabled} pending={pending}>
        {t('auth:login.submit')}
      </SubmitButton>
      <button type="button" className="signin-link" onClick={onForgotPassword}>
        {t('auth:login.forgot')}
      </button>
    </form>
  );
}

function ForgotPasswordForm({
  words,
  onSent,
  onBack,
}: {
  words: Words;
  onSent: () => void;
  onBack: () => void;
}) {
  const { t } = words;
  const form = useForm<'email'>({ email: '' });
  const { input, problems } = checkForgotPassword(form.values);
  const emailRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.pending) return;
    if (problems.email) {
      form.touchAll();
      emailRef.current?.focus();
      return;
    }
    form.setFailure(null);
    form.setPending(true);
    try {
      await api.post<{ message?: string }>('/global/password/forgot', input, { auth: false });
    } catch (error) {
      form.setFailure(error);
      form.setPending(false);
      return;
    }
    onSent();
  };

  return (
    <form className="signin-form" noValidate onSubmit={submit}>
      <Failure error={form.failure} words={words} />
      <Field
        {...form.bind('email')}
        inputRef={emailRef}
        label={t('auth:field.email')}
        type="email"
        autoComplete="email"
        autoFocus
        problem={form.touched.email ? say(problems.email, words) : undefined}
      />
      <SubmitButton pending={form.pending}>{t('auth:forgot.submit')}</SubmitButton>
      <button type="button" className="signin-link" onClick={onBack}>
        {t('auth:forgot.back')}
      </button>
    </form>
  );
}

/** An outlined text field with a floating label and a line for its problem, like the app's. */
function Field({
  name,
  label,
  type = 'text',
  value,
  onChange,
  onBlur,
  autoComplete,
  autoFocus,
  problem,
  inputRef,
}: {
  name: string;
  label: string;
  type?: 'text' | 'password' | 'email';
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  autoComplete: string;
  autoFocus?: boolean;
  problem: string | undefined;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  const problemId = `${id}-problem`;
  const classes = ['signin-field', value ? 'is-filled' : '', problem ? 'is-invalid' : ''];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <div className="signin-input">
        <label htmlFor={id}>{label}</label>
        <input
          ref={inputRef}
          id={id}
          name={name}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          autoComplete={autoComplete}
          // biome-ignore lint/a11y/noAutofocus: the page's one task starts here, as on the app's form
          autoFocus={autoFocus}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        />
        <fieldset aria-hidden="true">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {/* The line is kept when empty, so the form never jumps under the pointer. */}
      <p id={problemId} className="signin-problem">
        {problem}
      </p>
    </div>
  );
}

function SubmitButton({
  disabled = false,
  pending,
  children,
}: {
  disabled?: boolean;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={pending ? 'signin-submit is-pending' : 'signin-submit'}
      disabled={disabled || pending}
    >
      <span className="signin-submit-label">{children}</span>
      {pending ? <span className="signin-spinner" aria-hidden="true" /> : null}
    </button>
  );
}

/**
 * Before sign-in the browser's language decides; this lets the visitor choose another (kept in
 * local storage, and the screen switches at once). A menu button: Enter, Space or the arrows
 * open it on the current language; the arrows, Home, End and a first letter move; Escape and Tab
 * close it.
 */
function LanguageSwitch({ words, onChoose }: { words: Words; onChoose: (language: Language) => void }) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  const current = words.language;

  useEffect(() => {
    if (open && focusAt !== null) itemRefs.current[focusAt]?.focus();
  }, [open, focusAt]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const openAt = (index: number) => {
    setFocusAt(index);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setFocusAt(null);
    buttonRef.current?.focus();
  };
  const choose = (language: Language) => {
    close();
    onChoose(language);
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? LANGUAGES.indexOf(current) : LANGUAGES.length - 1);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const count = LANGUAGES.length;
    const at = focusAt ?? 0;
    const move: Record<string, number> = {
      ArrowDown: (at + 1) % count,
      ArrowUp: (at - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    if (event.key in move) {
      event.preventDefault();
      setFocusAt(move[event.key]!);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close();
    } else if (event.key.length === 1 && /\p{L}/u.test(event.key)) {
      const letter = event.key.toLowerCase();
      const found = LANGUAGES.findIndex((language) =>
        LANGUAGE_NAMES[language].toLowerCase().startsWith(letter),
      );
      if (found >= 0) setFocusAt(found);
    }
  };

  return (
    <div className="signin-lang" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="signin-lang-button"
        aria-label={words.t('auth:language')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close() : openAt(LANGUAGES.indexOf(current)))}
        onKeyDown={onButtonKey}
      >
        <TranslateIcon />
        <span lang={current}>{LANGUAGE_NAMES[current]}</span>
        <DropDownIcon />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          className="signin-menu"
          aria-label={words.t('auth:language')}
          onKeyDown={onMenuKey}
        >
          {LANGUAGES.map((language, index) => (
            <button
              key={language}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              lang={language}
              aria-current={language === current ? 'true' : undefined}
              onClick={() => choose(language)}
            >
              <span className="signin-menu-check">{language === current ? <CheckIcon /> : null}</span>
              {LANGUAGE_NAMES[language]}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The Material icons the app's switch shows (Translate, ArrowDropDown, Check). */
const icon = (path: string, className: string) => (
  <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={path} fill="currentColor" />
  </svg>
);
const TranslateIcon = () =>
  icon(
    'm12.87 15.07-2.54-2.51.03-.03c1.74-1.94 2.98-4.17 3.71-6.53H17V4h-7V2H8v2H1v1.99h11.17C11.5 7.92 10.44 9.75 9 11.35 8.07 10.32 7.3 9.19 6.69 8h-2c.73 1.63 1.73 3.17 2.98 4.56l-5.09 5.02L4 19l5-5 3.11 3.11zM18.5 10h-2L12 22h2l1.12-3h4.75L21 22h2zm-2.62 7 1.62-4.33L19.12 17z',
    'signin-icon-start',
  );
const DropDownIcon = () => icon('m7 10 5 5 5-5z', 'signin-icon-end');
const CheckIcon = () => icon('M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z', 'signin-icon-check');
