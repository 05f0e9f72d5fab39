/** /tenant/settings (Integrator and above): the tenant's own settings; today its logo. */
import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useTenantSettings } from '../../api/tenantSettings.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { CustomFieldsLink } from '../customFields/CustomFieldsLink.tsx';
import { SsoSection } from '../sso/SsoSection.tsx';
import { TagsLink } from '../tags/TagsLink.tsx';
import { TokenPolicySwitch } from '../tokens/TokenPolicySwitch.tsx';
import { TwoFactorPolicySwitch } from '../twoFactor/TwoFactorPolicySwitch.tsx';
import { WebhooksLink } from '../webhooks/WebhooksLink.tsx';
import { LogoBlock } from './LogoBlock.tsx';

export function TenantSettingsPage() {
  const { t } = useTranslation('tenant');
  const settings = useTenantSettings();
  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }}>
      <PageHeader title={t('settings.title')} subtitle={settings.data?.name} />
      <CustomFieldsLink />
      <TagsLink />
      <WebhooksLink />
      {settings.isPending ? (
        <LoadingScreen fullPage={false} />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <>
          <LogoBlock tenant={settings.data} />
          <TokenPolicySwitch />
          <TwoFactorPolicySwitch />
          <SsoSection />
        </>
      )}
    </Stack>
  );
}
