/**
 * /site/{id}/handover: the site's handover packs, newest first, read again every second while
 * one is being made so its bar moves. Contributors and up make and delete packs; Readers list
 * and download them.
 */
import { type HandoverPackDto, SitePermission } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHandoverPacks } from '../../api/handover.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { DeletePackDialog } from './DeletePackDialog.tsx';
import { PackDialog } from './PackDialog.tsx';
import { PackItem } from './PackItem.tsx';

export function HandoverPage() {
  const { t } = useTranslation(['handover', 'sites']);
  const { site, siteId, permission } = useSite();
  const canEdit = permission >= SitePermission.Contributor;
  const packs = useHandoverPacks(siteId);
  const [making, setMaking] = useState(false);
  const [deleting, setDeleting] = useState<HandoverPackDto | null>(null);

  return (
    <>
      <PageHeader
        title={t('sites:page.handover')}
        subtitle={site.name}
        actions={
          canEdit ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setMaking(true)}>
              {t('page.make')}
            </Button>
          ) : null
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {t('page.intro')}
      </Typography>
      {packs.error ? (
        <ErrorState error={packs.error} onRetry={() => void packs.refetch()} />
      ) : packs.isPending ? (
        <Typography color="text.secondary">{t('page.loading')}</Typography>
      ) : packs.data.length === 0 ? (
        <Typography color="text.secondary">{canEdit ? t('page.empty') : t('page.empty_reader')}</Typography>
      ) : (
        <Stack
          component="ul"
          spacing={1.5}
          sx={{ p: 0, m: 0, maxWidth: 960 }}
          aria-label={t('sites:page.handover')}
        >
          {packs.data.map((pack) => (
            <PackItem key={pack.id} pack={pack} canEdit={canEdit} onDelete={setDeleting} />
          ))}
        </Stack>
      )}
      {canEdit ? (
        <>
          <PackDialog open={making} onClose={() => setMaking(false)} siteId={siteId} site={site} />
          <DeletePackDialog siteId={siteId} pack={deleting} onClose={() => setDeleting(null)} />
        </>
      ) : null}
    </>
  );
}
