/** The two forms of the sign-in screen (sign in, ask for a reset link), their fields and failures. */
import type { AuthResponse, LoginAnswer } from '@asbuilt/domain';
import { type FormEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { ApiError, api } from '../../../api/client.ts';
import { setToken } from '../../../lib/session.ts';
import { providerAddress } from '../../sso/signIn.ts';
import { checkForgotPassword, checkLogin, type Problem } from './checks.ts';
import type { Words } from './words.ts';

/** Starts loading the app; the function it returns opens it as the signed-in user. */
export type PrepareApp = () => (session: AuthResponse) => Promise<void>;

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

export function Failure({ error, words }: { error: unknown; words: Words }) {
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

export function LoginForm({
  words,
  prepareApp,
  onSend,
  onForgotPassword,
  onChallenge,
}: {
  words: Words;
  prepareApp: PrepareApp;
  onSend: () => void;
  onForgotPassword: () => void;
  /** The password was right and a second step comes: a code, or the set-up the tenant requires. */
  onChallenge: (challenge: Exclude<LoginAnswer, AuthResponse>) => void;
}) {
  const { t } = words;
  const form = useForm<'username' | 'password'>({ username: '', password: '' });
  const { values, touched, pending } = form;
  const { input, problems } = checkLogin(values);
  // The e-mail first (issue 46): a domain that signs in through its organisation's provider goes
  // there; any other gets the password step, the username staying in the form for password managers.
  const [step, setStep] = useState<'email' | 'password'>('email');
  // Until a username (and at the password step, a password of MIN_PASSWORD_LENGTH) is typed, and while sending.
  const disabled = Boolean(problems.username || (step === 'password' && problems.password)) || pending;

  const continueWithEmail = async () => {
    onSend();
    form.setFailure(null);
    form.setPending(true);
    let provider: string | null;
    try {
      provider = await providerAddress(input.username);
    } catch (error) {
      form.setFailure(error);
      form.setPending(false);
      return;
    }
    // Still pending while the browser leaves for the provider.
    if (provider) {
      window.location.assign(provider);
      return;
    }
    form.setPending(false);
    setStep('password');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    if (step === 'email') {
      await continueWithEmail();
      return;
    }
    onSend();
    form.setFailure(null);
    form.setPending(true);
    // The app's script comes while the server checks the password.
    const openApp = prepareApp();
    let session: LoginAnswer;
    try {
      session = await api.post<LoginAnswer>('/admin/users/login', input, { auth: false, cookies: true });
    } catch (error) {
      form.setFailure(error);
      form.setPending(false);
      return;
    }
    if (!('token' in session)) {
      onChallenge(session);
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
        // "webauthn": the browser may offer passkeys here (PasskeySignInButton, issue 46).
        autoComplete="username webauthn"
        autoFocus={step === 'email'}
        readOnly={step === 'password'}
        problem={touched.username ? say(problems.username, words) : undefined}
      />
      {step === 'password' ? (
        <>
          <button
            type="button"
            className="signin-link signin-link-start"
            onClick={() => {
              form.setFailure(null);
              setStep('email');
            }}
          >
            {t('auth:sso.change_email')}
          </button>
          <Field
            {...form.bind('password')}
            label={t('auth:field.password')}
            type="password"
            autoComplete="current-password"
            autoFocus
            problem={touched.password ? say(problems.password, words) : undefined}
          />
        </>
      ) : null}
      <SubmitButton disabled={disabled} pending={pending}>
        {step === 'email' ? t('auth:sso.continue') : t('auth:login.submit')}
      </SubmitButton>
      <button type="button" className="signin-link" onClick={onForgotPassword}>
        {t('auth:login.forgot')}
      </button>
    </form>
  );
}

export function ForgotPasswordForm({
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
  readOnly,
}: {
  name: string;
  label: string;
  readOnly?: boolean;
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
          readOnly={readOnly}
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

export function SubmitButton({
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
