/** The maintenance jobs of the administration (README, "Administration jobs"): one button each. */
import { ADMIN_JOBS, type AdminJob } from '@asbuilt/domain';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRunJob } from '../../api/admin.ts';
import { toastSuccess } from '../../lib/toast.ts';

export function AdminJobsCard() {
  const { t } = useTranslation('admin');
  const run = useRunJob();
  const [running, setRunning] = useState<AdminJob | null>(null);
  const start = (job: AdminJob) => {
    setRunning(job);
    run.mutate(job, {
      onSuccess: (result) => toastSuccess(t(`jobs.done.${result.job}`, { count: result.count })),
      onSettled: () => setRunning(null),
    });
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="admin-jobs" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id="admin-jobs" variant="h6" component="h2">
        {t('jobs.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('jobs.subtitle')}
      </Typography>
      <Stack spacing={1.5}>
        {ADMIN_JOBS.map((job) => (
          <Box
            key={job}
            sx={{
              display: 'flex',
              flexWrap: { xs: 'wrap', sm: 'nowrap' },
              alignItems: 'center',
              gap: { xs: 1, sm: 2 },
            }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(`jobs.name.${job}`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`jobs.about.${job}`)}
              </Typography>
            </Box>
            <Button
              variant="outlined"
              size="small"
              startIcon={<PlayArrowIcon />}
              loading={running === job}
              disabled={running !== null && running !== job}
              onClick={() => start(job)}
              aria-label={t('jobs.run_named', { name: t(`jobs.name.${job}`) })}
              sx={{ flexShrink: 0 }}
            >
              {t('jobs.run')}
            </Button>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
