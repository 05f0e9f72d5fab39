/** The activity logs: a site's latest 500, the tenant's with filters (spatial-and-admin.md section 2). */
import type { LogEntryDto } from '@asbuilt/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { siteKeys } from './sites.ts';

export function useSiteActivity(siteId: number) {
  return useQuery({
    queryKey: [...siteKeys.site(siteId), 'activity'],
    queryFn: ({ signal }) =>
      api.get<{ logs: LogEntryDto[] }>('/site/logs', { site_id: siteId }, { signal }).then((a) => a.logs),
  });
}

export interface LogChoices {
  logs: LogEntryDto[];
  users: Array<{ id: number; name: string }>;
  sites: Array<{ id: number; name: string }>;
}

export type LogScope = 'tenant' | 'admin';

/** The first load: the latest entries and the filter menu's choices. */
export function useLogChoices(scope: LogScope) {
  return useQuery({
    queryKey: ['logs', scope, 'choices'],
    queryFn: ({ signal }) => api.get<LogChoices>(`/${scope}/logs`, undefined, { signal }),
  });
}

export interface LogFilter {
  sites: number[];
  users: number[];
  results: number;
}

/** The entries for a filter; null: the first load's. */
export function useFilteredLogs(scope: LogScope, filter: LogFilter | null) {
  return useQuery({
    queryKey: ['logs', scope, 'filtered', filter],
    queryFn: () => api.post<{ logs: LogEntryDto[] }>(`/${scope}/filter_logs`, filter).then((a) => a.logs),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
}
