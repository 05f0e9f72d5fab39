/**
 * The maintenance jobs of the administration (README, "Administration jobs"): one button each,
 * which asks first, with the job's dry run, before the job runs.
 */
import { ADMIN_JOBS, type AdminJob } from '@asbuilt/domain';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JobConfirmDialog } from './JobConfirmDialog.tsx';

export function AdminJobsCard() {
  const { t } = useTranslation('admin');
  const [asking, setAsking] = useState<{ job: AdminJob | null; open: boolean }>({ job: null, open: false });
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
              onClick={() => setAsking({ job, open: true })}
              aria-label={t('jobs.run_named', { name: t(`jobs.name.${job}`) })}
              sx={{ flexShrink: 0 }}
            >
              {t('jobs.run')}
            </Button>
          </Box>
        ))}
      </Stack>
      <JobConfirmDialog
        open={asking.open}
        job={asking.job}
        onClose={() => setAsking((current) => ({ ...current, open: false }))}
      />
    </Paper>
  );
}
