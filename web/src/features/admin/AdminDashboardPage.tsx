import { Paper, Typography } from '@mui/material';
import { usePageTitle } from '../../app/PageTitle.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/** /admin/dashboard: the entry of the administration area. */
export function AdminDashboardPage() {
  usePageTitle('Administration');
  return (
    <>
      <PageHeader title="Administration" subtitle="Platform administration for Super Admins." />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">
          Use the menu to manage tenants, users, products, categories, companies, logs, data exports and
          release notes. These screens are coming in a later release.
        </Typography>
      </Paper>
    </>
  );
}
