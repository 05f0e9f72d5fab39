import { Alert, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { translateMessage } from '../../lib/messages.ts';

/**
 * The alert shown instead of a form when an emailed link is incomplete or invalid: `messages` are
 * the domain schema's messages about the link; none means the link misses its parameters.
 */
export function LinkProblem({ messages = [] }: { messages?: string[] }) {
  const { t } = useTranslation('auth');
  const texts = messages.length
    ? messages.map((message) => translateMessage(message) ?? message)
    : [t('link_problem.incomplete')];
  return (
    <Stack spacing={2}>
      {texts.map((text) => (
        <Alert key={text} severity="error">
          {text}
        </Alert>
      ))}
      <Button component={RouterLink} to="/login" variant="outlined">
        {t('link_problem.go_to_login')}
      </Button>
    </Stack>
  );
}
