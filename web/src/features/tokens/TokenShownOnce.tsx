/** The new API token, shown once. */
import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from '../../components/ShownOnceDialog.tsx';

export function TokenShownOnce({ token, onClose }: { token: string | null; onClose: () => void }) {
  const { t } = useTranslation('tokens');
  return (
    <ShownOnceDialog
      value={token}
      onClose={onClose}
      words={{
        title: t('created.title'),
        warning: t('created.warning'),
        label: t('created.label'),
        copy: t('created.copy'),
        done: t('created.done'),
        copied: t('created.copied'),
        copyFailed: t('created.copy_failed'),
      }}
    />
  );
}
