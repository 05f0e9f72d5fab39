/** The tenant settings' switch (issue 46): an Integrator requires two-factor sign-in of every user. */
import { useTranslation } from 'react-i18next';
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from '../../api/twoFactor.ts';
import { PolicySwitch } from '../../components/PolicySwitch.tsx';

export function TwoFactorPolicySwitch() {
  const { t } = useTranslation('twoFactor');
  const policy = useTwoFactorPolicy();
  const set = useSetTwoFactorPolicy();
  return (
    <PolicySwitch
      title={t('policy.title')}
      label={t('policy.label')}
      hint={t('policy.hint')}
      on={policy.data?.require_two_factor ?? false}
      disabled={!policy.data || set.isPending}
      onChange={set.mutateAsync}
      turnedOn={t('policy.on')}
      turnedOff={t('policy.off')}
    />
  );
}
