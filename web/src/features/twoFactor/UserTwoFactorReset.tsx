/** The admin user card's line (Super Admin): the user's two-factor sign-in, and Reset it (confirmed; the user is mailed). */
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResetUserTwoFactor, useUserTwoFactor } from '../../api/twoFactor.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { toastSuccess } from '../../lib/toast.ts';

export function UserTwoFactorReset({ userId, email }: { userId: number; email: string }) {
  const { t } = useTranslation('twoFactor');
  const status = useUserTwoFactor(userId);
  const reset = useResetUserTwoFactor(userId);
  const [confirming, setConfirming] = useState(false);
  if (!status.data) return null;
  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ flex: '1 1 12rem' }}>
        {status.data.two_factor ? t('admin.on') : t('admin.off')}
      </Typography>
      {status.data.two_factor && (
        <Button color="warning" variant="outlined" size="small" onClick={() => setConfirming(true)}>
          {t('admin.reset')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('admin.confirm_title')}
        message={t('admin.confirm_message', { email })}
        confirmLabel={t('admin.reset')}
        loading={reset.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              toastSuccess(t('admin.done'));
              setConfirming(false);
            },
          })
        }
      />
    </Box>
  );
}
