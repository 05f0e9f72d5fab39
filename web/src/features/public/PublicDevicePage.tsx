import { Typography } from '@mui/material';
import { usePageTitle } from '../../app/PageTitle.tsx';
import { AuthCard } from '../auth/AuthCard.tsx';

/** /device/{hash}: the public device page of a QR link (arrives with the devices release). */
export function PublicDevicePage() {
  usePageTitle('Device');
  return (
    <AuthCard title="Device">
      <Typography color="text.secondary">The public device page is coming in a later release.</Typography>
    </AuthCard>
  );
}
