/** A webhook's signing secret, shown once (on creation and rotation). */
import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from '../../components/ShownOnceDialog.tsx';

export function SecretShownOnce({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  return (
    <ShownOnceDialog
      value={secret}
      onClose={onClose}
      words={{
        title: t('secret.title'),
        warning: t('secret.warning'),
        label: t('secret.label'),
        copy: t('secret.copy'),
        done: t('secret.done'),
        copied: t('secret.copied'),
        copyFailed: t('secret.copy_failed'),
      }}
    />
  );
}
