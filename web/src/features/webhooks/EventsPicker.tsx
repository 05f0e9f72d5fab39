/** The events an endpoint asks for, by group (Devices, Sites, ...), each group with an "All" box. */
import { WEBHOOK_EVENT_GROUPS, WEBHOOK_EVENTS, type WebhookEvent } from '@asbuilt/domain';
import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Stack,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type Group = 'device' | 'site' | 'floor' | 'location' | 'attachment' | 'access' | 'ticket' | 'connection';

export function EventsPicker({
  value,
  onChange,
  error,
}: {
  value: WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  error: boolean;
}) {
  const { t } = useTranslation('webhooks');
  const labelId = useId();
  const chosen = new Set(value);
  const toggle = (events: readonly WebhookEvent[], on: boolean) => {
    const next = new Set(chosen);
    for (const event of events) {
      if (on) next.add(event);
      else next.delete(event);
    }
    onChange(WEBHOOK_EVENTS.filter((event) => next.has(event)));
  };
  return (
    <FormControl component="fieldset" error={error} aria-labelledby={labelId}>
      <FormLabel id={labelId} component="legend">
        {t('form.events')}
      </FormLabel>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 2,
          rowGap: 1,
          mt: 1,
        }}
      >
        {WEBHOOK_EVENT_GROUPS.map((group) => {
          const events = WEBHOOK_EVENTS.filter((event) => event.startsWith(`${group}.`));
          const all = events.every((event) => chosen.has(event));
          const some = events.some((event) => chosen.has(event));
          const groupName = t(`group.${group as Group}`);
          return (
            <Stack key={group} role="group" aria-label={groupName}>
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={all}
                    indeterminate={some && !all}
                    onChange={(event) => toggle(events, event.target.checked)}
                    slotProps={{ input: { 'aria-label': `${groupName}: ${t('form.all_of_group')}` } }}
                  />
                }
                label={<Typography sx={{ fontWeight: 600 }}>{groupName}</Typography>}
              />
              <Stack direction="row" sx={{ flexWrap: 'wrap', pl: 3.5, columnGap: 1 }}>
                {events.map((event) => {
                  const label = t(`event.${event}` as 'event.device.created');
                  return (
                    <FormControlLabel
                      key={event}
                      control={
                        <Checkbox
                          size="small"
                          checked={chosen.has(event)}
                          onChange={(change) => toggle([event], change.target.checked)}
                          slotProps={{ input: { 'aria-label': `${groupName}: ${label}` } }}
                        />
                      }
                      label={<span title={event}>{label}</span>}
                      slotProps={{ typography: { variant: 'body2' } }}
                    />
                  );
                })}
              </Stack>
            </Stack>
          );
        })}
      </Box>
      {error && <FormHelperText>{t('form.events_required')}</FormHelperText>}
    </FormControl>
  );
}
