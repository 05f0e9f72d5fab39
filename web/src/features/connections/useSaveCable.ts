/**
 * Saving one cable from a dialog: a success toast worded by the dialog, then what the ends are
 * warned about (two outputs, different signals, ...) as a warning toast, never a refusal, then
 * the dialog closes. A refusal stays in `save.error` for the dialog to show.
 */
import { useTranslation } from 'react-i18next';
import { type ConnectionInput, useSaveConnection } from '../../api/connections.ts';
import { toastNotice, toastSuccess } from '../../lib/toast.ts';
import { useSite } from '../sites/SiteContext.tsx';

type SaveInput = ConnectionInput & { id?: number; updated_at?: string };

export function useSaveCable(onClose: () => void) {
  const { t } = useTranslation('domain');
  const { siteId } = useSite();
  const save = useSaveConnection(siteId);
  const submit = (input: SaveInput, done: (code: string) => string) =>
    save.mutate(input, {
      onSuccess: ({ connection, warnings }) => {
        toastSuccess(done(connection.code));
        if (warnings.length > 0)
          toastNotice(warnings.map((warning) => t(`connection_warning.${warning}`)).join(' · '), 'warning');
        onClose();
      },
    });
  return { save, submit };
}
