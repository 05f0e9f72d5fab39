/**
 * The set-up the tenant's policy requires after the password (issue 46): the QR code and the key,
 * the first code, then the recovery codes once, and only then the session. Loaded on demand: the
 * QR encoder is not part of the sign-in screen's script.
 */
import type { AuthResponse, TwoFactorEnrolment } from '@asbuilt/domain';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../../api/client.ts';
import { setToken } from '../../../lib/session.ts';
import { Failure, type PrepareApp, SubmitButton } from './forms.tsx';
import { CodeInput } from './TwoFactorCode.tsx';
import type { Words } from './words.ts';

type SignedIn = AuthResponse & { recovery_codes: string[] };

export default function TwoFactorSetupForm({
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
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [signedIn, setSignedIn] = useState<SignedIn | null>(null);

  useEffect(() => {
    let current = true;
    api
      .post<TwoFactorEnrolment>('/admin/users/login/2fa/setup', { challenge }, { auth: false })
      .then((answer) => current && setEnrolment(answer))
      .catch((error: unknown) => current && setFailure(error));
    return () => {
      current = false;
    };
  }, [challenge]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code || pending) return;
    setFailure(null);
    setPending(true);
    try {
      setSignedIn(
        await api.post<SignedIn>(
          '/admin/users/login/2fa/setup/confirm',
          { challenge, code },
          { auth: false },
        ),
      );
    } catch (error) {
      setFailure(error);
    }
    setPending(false);
  };

  if (signedIn) {
    const { recovery_codes: codes, ...session } = signedIn;
    const text = `${t('auth:two_factor.codes_file_heading')}\n\n${codes.join('\n')}\n`;
    const download = () => {
      const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'asbuilt-recovery-codes.txt';
      link.click();
      URL.revokeObjectURL(url);
    };
    const proceed = async (event: FormEvent) => {
      event.preventDefault();
      setPending(true);
      const openApp = prepareApp();
      setToken(session.token);
      await openApp(session);
    };
    return (
      <form className="signin-form" noValidate onSubmit={proceed}>
        <p className="signin-step-help">{t('auth:two_factor.codes_subtitle')}</p>
        <ul className="signin-codes" data-testid="recovery-codes">
          {codes.map((one) => (
            <li key={one}>{one}</li>
          ))}
        </ul>
        <div className="signin-row">
          <button
            type="button"
            className="signin-link"
            onClick={() => navigator.clipboard?.writeText(codes.join('\n')).catch(() => undefined)}
          >
            {t('auth:two_factor.codes_copy')}
          </button>
          <button type="button" className="signin-link" onClick={download}>
            {t('auth:two_factor.codes_download')}
          </button>
        </div>
        <SubmitButton pending={pending}>{t('auth:two_factor.codes_continue')}</SubmitButton>
      </form>
    );
  }

  return (
    <form className="signin-form" noValidate onSubmit={submit}>
      <Failure error={failure} words={words} />
      <p className="signin-step-help">{t('auth:two_factor.setup_subtitle')}</p>
      {enrolment && (
        <>
          <div className="signin-qr">
            <QRCodeSVG
              value={enrolment.otpauth_url}
              size={168}
              marginSize={0}
              title={t('auth:two_factor.qr_title')}
            />
          </div>
          <p className="signin-key">
            <span>{t('auth:two_factor.key')}</span>
            <code data-testid="two-factor-secret" data-secret={enrolment.secret}>
              {enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ')}
            </code>
          </p>
          <CodeInput label={t('auth:two_factor.code')} value={code} onChange={setCode} />
        </>
      )}
      <SubmitButton disabled={!enrolment || !code} pending={pending}>
        {t('auth:two_factor.setup_submit')}
      </SubmitButton>
      <button type="button" className="signin-link" onClick={onBack}>
        {t('auth:two_factor.back')}
      </button>
    </form>
  );
}
