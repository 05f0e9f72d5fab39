/** /admin/release_notes: each version with its items, newest first (data in releaseNotes.ts). */
import { Chip, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { RELEASE_NOTES } from './releaseNotes.ts';

export function ReleaseNotesPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('release_notes.title'));
  return (
    <>
      <PageHeader title={t('release_notes.title')} />
      <Stack spacing={2} sx={{ maxWidth: 760 }}>
        {RELEASE_NOTES.map((release, index) => (
          <Paper
            key={release.version}
            variant="outlined"
            component="section"
            aria-labelledby={`release-${release.version}`}
            sx={{ p: { xs: 2, sm: 2.5 } }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography id={`release-${release.version}`} variant="h6" component="h2">
                {t('release_notes.version', { version: release.version })}
              </Typography>
              {index === 0 ? <Chip size="small" color="primary" label={t('release_notes.latest')} /> : null}
            </Stack>
            <List dense disablePadding sx={{ listStyleType: 'disc', pl: 2.5, mt: 1 }}>
              {release.items.map((item) => (
                <ListItem key={item} sx={{ display: 'list-item', px: 0 }}>
                  <ListItemText primary={t(`release_notes.item.${item}`)} />
                </ListItem>
              ))}
            </List>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
