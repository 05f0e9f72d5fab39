/** The cable fields the single and the sequence dialogs both ask for, worded alike in both. */
import { CONNECTION_STATUSES, type ConnectionStatus } from '@asbuilt/domain';
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function ColourField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('connections');
  return (
    <TextField
      label={t('form.colour')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ flex: 1 }}
    />
  );
}

export function StatusField({
  value,
  onChange,
}: {
  value: ConnectionStatus;
  onChange: (value: ConnectionStatus) => void;
}) {
  const { t } = useTranslation(['connections', 'domain']);
  return (
    <TextField
      select
      label={t('form.status')}
      value={value}
      onChange={(event) => onChange(event.target.value as ConnectionStatus)}
    >
      {CONNECTION_STATUSES.map((status) => (
        <MenuItem key={status} value={status}>
          {t(`domain:connection_status.${status}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
