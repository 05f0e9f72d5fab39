import { inviteSignUpSchema, MESSAGES } from '@asbuilt/domain';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/PageTitle.tsx';
import { AuthCard } from './AuthCard.tsx';
import { InviteSignUpForm } from './InviteSignUpForm.tsx';
import { LinkProblem } from './LinkProblem.tsx';

const linkSchema = inviteSignUpSchema.pick({ email: true, token: true });

/** The messages for an invitation link that cannot be used, or none. */
function linkProblems(email: string, token: string): string[] {
  if (!email || !token) return [MESSAGES.missingLinkParams];
  const result = linkSchema.safeParse({ email, token });
  if (result.success) return [];
  const messages = result.error.issues.map((issue) => issue.message);
  return [...new Set(messages)];
}

/** /invite_sign_up?email=&token=: complete an invitation, then signed in automatically. */
export function InviteSignUpPage() {
  usePageTitle('Sign Up');
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  const problems = linkProblems(email, token);

  if (problems.length) {
    return (
      <AuthCard title="Sign Up">
        <LinkProblem messages={problems} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Sign Up"
      subtitle={`You have been invited to Asbuilt. Create your account for ${email.toLowerCase()}.`}
    >
      <InviteSignUpForm email={email.toLowerCase()} token={token} />
    </AuthCard>
  );
}
