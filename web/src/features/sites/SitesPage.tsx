import { Role } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Paper, Skeleton, Typography } from '@mui/material';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sortSitesByUpdate, useSiteIndex } from '../../api/sites.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { usePageTitle } from '../../layout/PageTitle.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { useCurrentUser } from '../../session/CurrentUser.tsx';
import { TagFilter } from '../tags/TagFilter.tsx';
import { withTag } from '../tags/tagRows.ts';
import { NewSiteDialog } from './NewSiteDialog.tsx';
import { SiteCard } from './SiteCard.tsx';

const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(auto-fill, minmax(240px, 1fr))' },
} as const;

/** /sites: the sites the user can reach, newest change first, searchable by name; New Site (role 3+). */
export function SitesPage() {
  const { t } = useTranslation('sites');
  usePageTitle(t('list.title'));
  const user = useCurrentUser();
  const index = useSiteIndex();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const canCreate = user.role >= Role.Integrator;
  const query = useDeferredValue(search.trim().toLowerCase());
  const [tagFilter, setTagFilter] = useState<number | null>(null);

  const sites = useMemo(() => {
    const sorted = withTag(sortSitesByUpdate(index.data?.sites ?? []), tagFilter, (site) => site.tags);
    return query ? sorted.filter((site) => site.name.toLowerCase().includes(query)) : sorted;
  }, [index.data, query, tagFilter]);
  const total = index.data?.sites.length ?? 0;

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={index.data ? t('list.count', { count: total, number: formatNumber(total) }) : undefined}
        actions={
          <>
            <TagFilter value={tagFilter} onChange={setTagFilter} />
            <SearchField value={search} onChange={setSearch} label={t('list.search')} />
            {canCreate ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                {t('list.new')}
              </Button>
            ) : null}
          </>
        }
      />
      {index.isError ? <ErrorState error={index.error} onRetry={() => index.refetch()} /> : null}
      {index.isPending && !index.isError ? (
        <Box sx={gridSx}>
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} variant="rounded" height={214} />
          ))}
        </Box>
      ) : null}
      {index.data && sites.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 5, textAlign: 'center', borderStyle: 'dashed' }}>
          <Typography color="text.secondary">
            {total === 0 ? t('list.empty') : t('list.no_match', { search: search.trim() })}
          </Typography>
        </Paper>
      ) : null}
      {sites.length ? (
        <Box component="ul" aria-label={t('list.title')} sx={{ ...gridSx, listStyle: 'none', p: 0, m: 0 }}>
          {sites.map((site) => (
            <Box component="li" key={site.id} sx={{ minWidth: 0 }}>
              <SiteCard site={site} />
            </Box>
          ))}
        </Box>
      ) : null}
      {canCreate ? (
        <NewSiteDialog
          open={creating}
          onClose={() => setCreating(false)}
          customers={index.data?.customers ?? []}
        />
      ) : null}
    </>
  );
}
