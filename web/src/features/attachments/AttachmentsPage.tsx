/** /site/{id}/attachments: every file and picture of the site, two cards to a row. */
import { Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useLinkedItem } from '../../lib/useLinkedItem.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { AttachmentsView } from './AttachmentsView.tsx';

export function AttachmentsPage() {
  const { t } = useTranslation('attachments');
  const { site } = useSite();
  const [only, showAll] = useLinkedItem('attachment');
  return (
    <>
      <PageHeader title={t('title')} subtitle={site.name} />
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <AttachmentsView columns={2} only={only} onShowAll={showAll} />
      </Paper>
    </>
  );
}
