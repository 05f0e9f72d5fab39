/** The format and the first free label, shared by the device and the cable labels dialogs. */
import { LABEL_FORMATS, type LabelFormat, maxStartAt } from '@asbuilt/domain';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { startAtOf } from './labelRequest.ts';

export function LabelSheetFields({
  format,
  startAt,
  onFormat,
  onStartAt,
}: {
  format: LabelFormat;
  startAt: string;
  onFormat: (format: LabelFormat) => void;
  onStartAt: (text: string) => void;
}) {
  const { t } = useTranslation('labels');
  const max = maxStartAt(format);
  const invalid = startAtOf(format, startAt) === null;
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('format.label')}
        value={format}
        onChange={(event) => onFormat(event.target.value as LabelFormat)}
      >
        {LABEL_FORMATS.map((f) => (
          <MenuItem key={f} value={f}>
            {t(`format.${f}`)}
          </MenuItem>
        ))}
      </TextField>
      {max > 1 ? (
        <TextField
          label={t('start_at.label')}
          type="number"
          value={startAt}
          onChange={(event) => onStartAt(event.target.value)}
          error={invalid}
          helperText={t('start_at.help', { max })}
          slotProps={{ htmlInput: { min: 1, max, inputMode: 'numeric' } }}
          fullWidth={false}
          sx={{ maxWidth: 360 }}
        />
      ) : null}
    </Stack>
  );
}
