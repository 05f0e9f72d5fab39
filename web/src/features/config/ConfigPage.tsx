/**
 * /site/{id}/config (Full Access; the server refuses the others too): vertical tabs Site config,
 * Floors, Zones & layers, Device Statuses and Contractors (horizontal and scrollable on phones). The tab
 * is kept in the address (`?tab=`), so a reload or a shared link opens the same one.
 */
import { SitePermission } from '@asbuilt/domain';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Box, Paper, Stack, Tab, Tabs, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { sitePageLabel } from '../sites/sitePages.ts';
import { ContractorsTab } from './ContractorsTab.tsx';
import { FloorsTab } from './FloorsTab.tsx';
import { SiteConfigTab } from './SiteConfigTab.tsx';
import { StatusesTab } from './StatusesTab.tsx';
import { ZonesLayersTab } from './ZonesLayersTab.tsx';

const TABS = ['site', 'floors', 'zones_layers', 'statuses', 'contractors'] as const;
type ConfigTab = (typeof TABS)[number];
const isTab = (value: string | null): value is ConfigTab =>
  (TABS as readonly (string | null)[]).includes(value);

export function ConfigPage() {
  const { t } = useTranslation('config');
  const { t: tSites } = useTranslation('sites');
  const { permission, site } = useSite();
  const theme = useTheme();
  const vertical = useMediaQuery(theme.breakpoints.up('md'));
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: ConfigTab = isTab(requested) ? requested : 'site';
  const baseId = useId();
  const title = sitePageLabel(tSites, 'config');

  if (permission < SitePermission.FullAccess) {
    return (
      <>
        <PageHeader title={title} subtitle={site.name} />
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <LockOutlinedIcon color="action" sx={{ fontSize: 40, mb: 1 }} aria-hidden />
          <Typography color="text.secondary">{t('page.full_access_only')}</Typography>
        </Paper>
      </>
    );
  }

  const select = (next: ConfigTab) =>
    setParams(
      (current) => {
        if (next === 'site') current.delete('tab');
        else current.set('tab', next);
        return current;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={title} subtitle={site.name} />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Stack direction={vertical ? 'row' : 'column'} sx={{ minHeight: vertical ? 480 : undefined }}>
          <Tabs
            value={tab}
            onChange={(_event, next: ConfigTab) => select(next)}
            orientation={vertical ? 'vertical' : 'horizontal'}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={t('page.sections')}
            sx={{
              flex: '0 0 auto',
              ...(vertical
                ? { borderRight: 1, borderColor: 'divider', minWidth: 200, py: 1 }
                : { borderBottom: 1, borderColor: 'divider' }),
              '& .MuiTab-root': vertical ? { alignItems: 'flex-start', textAlign: 'left', px: 3 } : {},
            }}
          >
            {TABS.map((key) => (
              <Tab
                key={key}
                value={key}
                label={t(`tab.${key}`)}
                id={`${baseId}-tab-${key}`}
                aria-controls={`${baseId}-panel-${key}`}
              />
            ))}
          </Tabs>
          <Box
            role="tabpanel"
            id={`${baseId}-panel-${tab}`}
            aria-labelledby={`${baseId}-tab-${tab}`}
            sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}
          >
            {tab === 'site' ? <SiteConfigTab /> : null}
            {tab === 'floors' ? <FloorsTab /> : null}
            {tab === 'zones_layers' ? <ZonesLayersTab /> : null}
            {tab === 'statuses' ? <StatusesTab /> : null}
            {tab === 'contractors' ? <ContractorsTab /> : null}
          </Box>
        </Stack>
      </Paper>
    </>
  );
}
