import { Alert, Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** The alert shown instead of a form when an emailed link is incomplete or invalid. */
export function LinkProblem({ messages }: { messages: string[] }) {
  return (
    <Stack spacing={2}>
      {messages.map((message) => (
        <Alert key={message} severity="error">
          {message}
        </Alert>
      ))}
      <Button component={RouterLink} to="/login" variant="outlined">
        Go to Login
      </Button>
    </Stack>
  );
}
