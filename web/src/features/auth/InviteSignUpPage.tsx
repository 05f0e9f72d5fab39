import { inviteSignUpSchema } from '@asbuilt/domain';
import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { AuthCard } from './AuthCard.tsx';
import { InviteClosed } from './InviteClosed.tsx';
import { InviteSignUpForm } from './InviteSignUpForm.tsx';
import { LinkProblem } from './LinkProblem.tsx';
import { useInviteCheck } from './useInviteCheck.ts';

const linkSchema = inviteSignUpSchema.pick({ email: true, token: true });

/** The schema's messages for an invitation link that cannot be used, or none. */
function linkProblems(email: string, token: string): string[] {
  const result = linkSchema.safeParse({ email, token });
  if (result.success) return [];
  const messages = result.error.issues.map((issue) => issue.message);
  return [...new Set(messages)];
}

/**
 * /invite_sign_up?email=&token=: the link is checked on opening, so a used or expired one says so
 * at once instead of failing on submit; a valid one names the site and who invited.
 */
export function InviteSignUpPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('invite.title'));
  const [params] = useSearchParams();
  const email = params.get('email')?.trim().toLowerCase() ?? '';
  const token = params.get('token')?.trim() ?? '';
  const incomplete = !email || !token;
  const problems = incomplete ? [] : linkProblems(email, token);
  const malformed = incomplete || problems.length > 0;
  const check = useInviteCheck(email, token, !malformed);

  if (malformed) {
    return (
      <AuthCard title={t('invite.title')}>
        {/* No messages: the link misses its parameters. */}
        <LinkProblem messages={problems} />
      </AuthCard>
    );
  }
  if (check.isPending) return <LoadingScreen />;
  if (check.isError) {
    return (
      <AuthCard title={t('invite.title')}>
        <ErrorState error={check.error} onRetry={() => void check.refetch()} />
      </AuthCard>
    );
  }
  const answer = check.data;
  if (answer.status !== 'valid') {
    return (
      <AuthCard title={t('invite.closed_title')}>
        <InviteClosed status={answer.status} />
      </AuthCard>
    );
  }
  const { site, inviter } = answer;
  return (
    <AuthCard title={t('invite.title')} subtitle={t('invite.subtitle', { email: answer.email })}>
      <Stack spacing={2.5}>
        {site ? (
          <Alert severity="success" icon={false} data-testid="invite-from">
            {inviter ? t('invite.from', { inviter, site }) : t('invite.to_site', { site })}
          </Alert>
        ) : null}
        <InviteSignUpForm email={answer.email} token={token} />
      </Stack>
    </AuthCard>
  );
}
