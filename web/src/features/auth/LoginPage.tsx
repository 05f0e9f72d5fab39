import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/PageTitle.tsx';
import { AuthCard } from './AuthCard.tsx';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { LoginForm } from './LoginForm.tsx';

/** /login: sign-in, with a Forgot Password mode. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  usePageTitle(mode === 'login' ? t('login.page_title') : t('forgot.title'));
  return mode === 'login' ? (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm onForgotPassword={() => setMode('forgot')} />
    </AuthCard>
  ) : (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <ForgotPasswordForm onBack={() => setMode('login')} />
    </AuthCard>
  );
}
