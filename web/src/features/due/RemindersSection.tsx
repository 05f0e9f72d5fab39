/**
 * The profile's "Reminders" card (issue 44): how often the due items are mailed (a weekly digest
 * on a chosen day, a daily alert, or none), within how many days, for which sites; and the
 * personal calendar feed's address (made on demand, shown once, copied; a new one stops the old).
 */
import {
  REMINDER_FREQUENCIES,
  type ReminderFrequency,
  type ReminderPreferences,
  type SiteSummary,
} from '@asbuilt/domain';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import {
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  InputAdornment,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNewCalendarUrl, useReminders, useSaveReminders } from '../../api/due.ts';
import { useSiteIndex } from '../../api/sites.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { toastError, toastSuccess } from '../../lib/toast.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

function RemindersForm({ saved }: { saved: ReminderPreferences }) {
  const { t } = useTranslation('due');
  const save = useSaveReminders();
  const sites = useSiteIndex();
  const [frequency, setFrequency] = useState<ReminderFrequency>(saved.frequency);
  const [weekday, setWeekday] = useState(saved.weekday);
  const [days, setDays] = useState(String(saved.days));
  const [siteIds, setSiteIds] = useState<number[]>(saved.site_ids);
  const options = sites.data?.sites ?? [];
  const chosen = options.filter((s) => siteIds.includes(s.id));
  const daysValue = Number(days);
  const daysValid = days.trim() !== '' && Number.isInteger(daysValue) && daysValue >= 0 && daysValue <= 366;

  const submit = () =>
    save.mutate(
      { frequency, weekday, days: daysValue, site_ids: siteIds },
      { onSuccess: () => toastSuccess(t('reminders.saved')), onError: toastError },
    );

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <FormControl>
        <FormLabel id="reminder-frequency">{t('reminders.frequency')}</FormLabel>
        <RadioGroup
          aria-labelledby="reminder-frequency"
          value={frequency}
          onChange={(event) => setFrequency(event.target.value as ReminderFrequency)}
        >
          {REMINDER_FREQUENCIES.map((value) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={t(`reminders.${value}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      {frequency !== 'none' ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {frequency === 'weekly' ? (
            <TextField
              select
              label={t('reminders.weekday')}
              value={weekday}
              onChange={(event) => setWeekday(Number(event.target.value))}
              sx={{ minWidth: 180 }}
            >
              {WEEKDAYS.map((day) => (
                <MenuItem key={day} value={day}>
                  {t(`weekday.${day}`)}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <TextField
            label={t('reminders.days')}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            type="number"
            error={!daysValid}
            slotProps={{ htmlInput: { min: 0, max: 366, inputMode: 'numeric' } }}
            sx={{ minWidth: 200 }}
          />
        </Stack>
      ) : null}
      {frequency !== 'none' ? (
        <Autocomplete<SiteSummary, true>
          multiple
          options={options}
          value={chosen}
          loading={sites.isPending}
          getOptionLabel={(site) => site.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, value) => setSiteIds(value.map((s) => s.id))}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('reminders.sites')}
              helperText={chosen.length ? undefined : t('reminders.all_sites')}
            />
          )}
        />
      ) : null}
      <Box>
        <Button type="submit" variant="contained" disabled={save.isPending || !daysValid}>
          {t('reminders.save')}
        </Button>
      </Box>
    </Box>
  );
}

function CalendarFeed() {
  const { t } = useTranslation('due');
  const make = useNewCalendarUrl();
  const [url, setUrl] = useState<string | null>(null);
  const fieldId = useId();
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    toastSuccess(t('reminders.copied'));
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('reminders.calendar')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('reminders.calendar_help')}
      </Typography>
      {url ? (
        <TextField
          id={fieldId}
          label={t('reminders.calendar_url')}
          value={url}
          fullWidth
          slotProps={{
            htmlInput: {
              readOnly: true,
              onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select(),
            },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t('reminders.copy')}>
                    <IconButton aria-label={t('reminders.copy')} onClick={copy} edge="end">
                      <ContentCopyIcon />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
      ) : null}
      <Box>
        <Button
          variant="outlined"
          startIcon={<EventRepeatIcon />}
          disabled={make.isPending}
          onClick={() => make.mutate(undefined, { onSuccess: setUrl, onError: toastError })}
        >
          {url ? t('reminders.calendar_new') : t('reminders.calendar_make')}
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {t('reminders.calendar_new_help')}
        </Typography>
      </Box>
    </Box>
  );
}

export function RemindersSection() {
  const { t } = useTranslation('due');
  const titleId = useId();
  const reminders = useReminders();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}>
        <Box>
          <Typography id={titleId} variant="h6" component="h2">
            {t('reminders.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('reminders.subtitle')}
          </Typography>
        </Box>
        {reminders.isError ? (
          <ErrorState error={reminders.error} onRetry={() => reminders.refetch()} />
        ) : null}
        {reminders.data ? <RemindersForm saved={reminders.data} /> : null}
        <CalendarFeed />
      </CardContent>
    </Card>
  );
}
