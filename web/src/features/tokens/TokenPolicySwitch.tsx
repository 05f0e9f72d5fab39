/** The tenant settings' switch (issue 45): an Integrator forbids API tokens without expiry. */
import { FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetTokenPolicy, useTokenPolicy } from '../../api/apiTokens.ts';
import { toastSuccess } from '../../lib/toast.ts';

export function TokenPolicySwitch() {
  const { t } = useTranslation('tokens');
  const titleId = useId();
  const hintId = useId();
  const policy = useTokenPolicy();
  const set = useSetTokenPolicy();
  const on = policy.data?.require_expiry ?? false;
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
            disabled={!policy.data?.can_edit || set.isPending}
            slotProps={{ input: { 'aria-describedby': hintId } }}
            onChange={(_event, checked) =>
              set
                .mutateAsync(checked)
                .then(() => toastSuccess(checked ? t('policy.on') : t('policy.off')))
                .catch(() => undefined)
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
