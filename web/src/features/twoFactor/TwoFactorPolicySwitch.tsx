/** The tenant settings' switch (issue 46): an Integrator requires two-factor sign-in of every user. */
import { FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from '../../api/twoFactor.ts';
import { toastSuccess } from '../../lib/toast.ts';

export function TwoFactorPolicySwitch() {
  const { t } = useTranslation('twoFactor');
  const titleId = useId();
  const hintId = useId();
  const policy = useTwoFactorPolicy();
  const set = useSetTwoFactorPolicy();
  const on = policy.data?.require_two_factor ?? false;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h6" component="h2">
        {t('policy.title')}
      </Typography>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Switch
            checked={on}
            disabled={!policy.data || set.isPending}
            slotProps={{ input: { 'aria-describedby': hintId } }}
            onChange={(_event, checked) =>
              set.mutate(checked, {
                onSuccess: () => toastSuccess(checked ? t('policy.on') : t('policy.off')),
              })
            }
          />
        }
        label={t('policy.label')}
      />
      <Typography id={hintId} variant="body2" color="text.secondary">
        {t('policy.hint')}
      </Typography>
    </Paper>
  );
}
