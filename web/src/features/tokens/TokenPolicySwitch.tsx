/** The tenant settings' switch (issue 45): an Integrator forbids API tokens without expiry. */
import { useTranslation } from 'react-i18next';
import { useSetTokenPolicy, useTokenPolicy } from '../../api/apiTokens.ts';
import { PolicySwitch } from '../../components/PolicySwitch.tsx';

export function TokenPolicySwitch() {
  const { t } = useTranslation('tokens');
  const policy = useTokenPolicy();
  const set = useSetTokenPolicy();
  return (
    <PolicySwitch
      title={t('policy.title')}
      label={t('policy.label')}
      hint={t('policy.hint')}
      on={policy.data?.require_expiry ?? false}
      disabled={!policy.data?.can_edit || set.isPending}
      onChange={set.mutateAsync}
      turnedOn={t('policy.on')}
      turnedOff={t('policy.off')}
    />
  );
}
