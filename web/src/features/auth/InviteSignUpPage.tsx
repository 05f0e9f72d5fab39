import { inviteSignUpSchema } from '@asbuilt/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/PageTitle.tsx';
import { AuthCard } from './AuthCard.tsx';
import { InviteSignUpForm } from './InviteSignUpForm.tsx';
import { LinkProblem } from './LinkProblem.tsx';

const linkSchema = inviteSignUpSchema.pick({ email: true, token: true });

/** The schema's messages for an invitation link that cannot be used, or none. */
function linkProblems(email: string, token: string): string[] {
  const result = linkSchema.safeParse({ email, token });
  if (result.success) return [];
  const messages = result.error.issues.map((issue) => issue.message);
  return [...new Set(messages)];
}

/** /invite_sign_up?email=&token=: complete an invitation, then signed in automatically. */
export function InviteSignUpPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('invite.title'));
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  const incomplete = !email || !token;
  const problems = incomplete ? [] : linkProblems(email, token);

  if (incomplete || problems.length) {
    return (
      <AuthCard title={t('invite.title')}>
        {/* No messages: the link misses its parameters. */}
        <LinkProblem messages={problems} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('invite.title')} subtitle={t('invite.subtitle', { email: email.toLowerCase() })}>
      <InviteSignUpForm email={email.toLowerCase()} token={token} />
    </AuthCard>
  );
}
