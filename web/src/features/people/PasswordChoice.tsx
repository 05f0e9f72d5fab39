/**
 * The Credentials tab's password part when editing a user whose role is below the caller's:
 * first the reset link (the user chooses a password nobody else knows), then, as a fallback, a
 * password set by hand (the server signs the user out everywhere and mails them).
 */
import type { UserDto } from '@asbuilt/domain';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type UserScope, useSendResetLink } from '../../api/users.ts';
import { toastSuccess } from '../../lib/toast.ts';

export function PasswordChoice({
  scope,
  user,
  disabled,
  children,
}: {
  scope: UserScope;
  user: UserDto;
  disabled: boolean;
  /** The card's password field (blank keeps the current password). */
  children: ReactNode;
}) {
  const { t } = useTranslation('people');
  const send = useSendResetLink(scope);
  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1, mb: 1 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          p: 1.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        <Button
          variant="outlined"
          startIcon={<ForwardToInboxIcon />}
          loading={send.isPending}
          disabled={disabled || !user.user_status}
          onClick={() =>
            send.mutate(user.id, { onSuccess: () => toastSuccess(t('reset.sent', { email: user.email })) })
          }
        >
          {t('reset.send')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 220px' }}>
          {user.user_status ? t('reset.hint') : t('reset.inactive')}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('reset.or_set')}
      </Typography>
      {children}
    </Box>
  );
}
