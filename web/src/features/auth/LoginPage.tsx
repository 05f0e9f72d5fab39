import { useState } from 'react';
import { usePageTitle } from '../../app/PageTitle.tsx';
import { AuthCard } from './AuthCard.tsx';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { LoginForm } from './LoginForm.tsx';

/** /login: sign-in, with a Forgot Password mode. */
export function LoginPage() {
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  usePageTitle(mode === 'login' ? 'Login' : 'Forgot Password');
  return mode === 'login' ? (
    <AuthCard title="Sign in" subtitle="Welcome back! Sign in to your Asbuilt account.">
      <LoginForm onForgotPassword={() => setMode('forgot')} />
    </AuthCard>
  ) : (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter your email and we will send you a link to reset your password."
    >
      <ForgotPasswordForm onBack={() => setMode('login')} />
    </AuthCard>
  );
}
