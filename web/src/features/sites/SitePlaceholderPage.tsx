import { SITE_NAV } from '@asbuilt/domain';
import { Alert, Button, Stack } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { useSiteIndex } from '../../api/sites.ts';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** The pages of a site (core.md section 2); the screens themselves come in later releases. */
export const SITE_PAGES = [
  'dashboard',
  'devices',
  'locations',
  'zones',
  'schemas',
  'connections',
  'attachments',
  'contacts',
  'access',
  'vault',
  'logs',
  'config',
  'support',
] as const;
export type SitePage = (typeof SITE_PAGES)[number];

function pageLabel(page: string): string {
  const nav = SITE_NAV.find((item) => item.key === page);
  return nav?.label ?? page.charAt(0).toUpperCase() + page.slice(1);
}

/** /site/{id}/{page}: for now the site name and the page, with the site name as header title. */
export function SitePlaceholderPage({ page }: { page: SitePage }) {
  const { siteId } = useParams();
  const index = useSiteIndex();
  if (index.isPending) return <LoadingScreen fullPage={false} />;

  const site = index.data?.sites.find((s) => String(s.id) === siteId);
  if (!site) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 520 }}>
        <Alert severity="warning">This site does not exist or you do not have access to it.</Alert>
        <Button component={RouterLink} to="/sites" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
          Back to Sites
        </Button>
      </Stack>
    );
  }
  return (
    <PlaceholderPage
      title={site.name}
      headerTitle
      subtitle={pageLabel(page)}
      message={`The site ${pageLabel(page).toLowerCase()} page is coming in a later release.`}
    />
  );
}
