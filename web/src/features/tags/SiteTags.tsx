/** The site's own tags on its dashboard: edited inline with Full Access (the site's fields' level), shown to others. */
import { SitePermission } from '@asbuilt/domain';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useUpdateSiteSettings } from '../../api/spatial.ts';
import { toastFailure } from '../../lib/toast.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { OwnTagChips } from './TagChips.tsx';
import { TagPicker } from './TagPicker.tsx';

export function SiteTags() {
  const { t } = useTranslation('tags');
  const { site, siteId, permission } = useSite();
  const update = useUpdateSiteSettings(siteId);
  if (permission < SitePermission.FullAccess) {
    return site.tags.length > 0 ? (
      <Box sx={{ mt: 1.5 }}>
        <OwnTagChips ids={site.tags} siteId={siteId} />
      </Box>
    ) : null;
  }
  return (
    <Box sx={{ mt: 2, maxWidth: 480 }} data-testid="site-tags">
      <TagPicker
        siteId={siteId}
        value={site.tags}
        disabled={update.isPending}
        onChange={(tags) =>
          update.mutate(
            { tags, updated_at: site.updated_at },
            { onError: (error) => toastFailure(t('picker.failed'), error) },
          )
        }
      />
    </Box>
  );
}
