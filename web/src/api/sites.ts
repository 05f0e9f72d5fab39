/** Site calls (only the site index for now). */
import type { SiteIndexResponse, SiteSummary } from '@asbuilt/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export type { SiteIndexResponse, SiteSummary };

export const siteKeys = {
  all: ['sites'] as const,
  index: () => [...siteKeys.all, 'index'] as const,
};

export function useSiteIndex(enabled = true) {
  return useQuery({
    queryKey: siteKeys.index(),
    queryFn: ({ signal }) => api.get<SiteIndexResponse>('/site/index', undefined, { signal }),
    staleTime: 60_000,
    enabled,
  });
}

/** Sites sorted by the last change, newest first. */
export function sortSitesByUpdate(sites: readonly SiteSummary[]): SiteSummary[] {
  const time = (site: SiteSummary) => Date.parse(site.updated_at) || 0;
  return [...sites].sort((a, b) => time(b) - time(a));
}
