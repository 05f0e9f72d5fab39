import ConstructionIcon from '@mui/icons-material/Construction';
import { Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHostPageTitle } from './ComponentsHost.tsx';
import { PageHeader } from './PageHeader.tsx';

interface Props {
  title: string;
  subtitle?: ReactNode;
  message?: ReactNode;
  /** Also show the title in the header (e.g. a site name). */
  headerTitle?: boolean;
}

/** A page that exists in the navigation but whose screen comes in a later release. */
export function PlaceholderPage({ title, subtitle, message, headerTitle }: Props) {
  const { t } = useTranslation('components');
  useHostPageTitle(title, { header: headerTitle });
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', color: 'text.secondary', borderStyle: 'dashed' }}
      >
        <ConstructionIcon sx={{ fontSize: 48, color: 'text.disabled', mb: 1 }} />
        <Typography>{message ?? t('placeholder.message')}</Typography>
      </Paper>
    </>
  );
}
