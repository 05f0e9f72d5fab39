/**
 * What is due (issue 44): the site's and the tenant's Due lists, the dashboard's summary, snoozes,
 * and the profile's reminder settings and calendar feed. An item handled in place (a new date, a
 * task done, a rotated password) refreshes every due list, whichever page it was handled on.
 */
import type {
  DueItem,
  DueKind,
  DueResponse,
  DueSummary,
  ReminderPreferences,
  ReminderPreferencesUpdate,
} from '@asbuilt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { siteKeys } from './sites.ts';

export const dueKeys = {
  all: ['due'] as const,
  site: (siteId: number, days: number) => [...dueKeys.all, 'site', siteId, days] as const,
  summary: (siteId: number) => [...dueKeys.all, 'summary', siteId] as const,
  tenant: (days: number) => [...dueKeys.all, 'tenant', days] as const,
  reminders: ['reminders'] as const,
};

export function useSiteDue(siteId: number, days: number) {
  return useQuery({
    queryKey: dueKeys.site(siteId, days),
    queryFn: ({ signal }) => api.get<DueResponse>('/site/due', { site_id: siteId, days }, { signal }),
  });
}

export function useTenantDue(days: number) {
  return useQuery({
    queryKey: dueKeys.tenant(days),
    queryFn: ({ signal }) => api.get<DueResponse>('/tenant/due', { days }, { signal }),
  });
}

/** The dashboard card's window: the longest the Due page offers. */
export const SUMMARY_DAYS = 90;

export function useDueSummary(siteId: number) {
  return useQuery({
    queryKey: dueKeys.summary(siteId),
    queryFn: ({ signal }) =>
      api.get<DueSummary>('/site/due/summary', { site_id: siteId, days: SUMMARY_DAYS }, { signal }),
  });
}

/** Refreshes every due list once an item changed anywhere. */
export function useRefreshDue() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dueKeys.all });
}

export function useSnooze() {
  const refresh = useRefreshDue();
  return useMutation({
    mutationFn: ({ item, until }: { item: DueItem; until: string }) =>
      api.post<{ ok: true }>('/site/due/snooze', {
        site_id: item.site_id,
        kind: item.kind,
        id: item.id,
        until,
      }),
    onSuccess: () => void refresh(),
  });
}

/**
 * The call that moves each kind's date, where the date is the object's own field. A product's
 * dates are the catalogue's, so they move on every site using it. A secret's rotation has no date
 * of its own: it counts from the last password change, which `useRecordPassword` makes.
 */
const DATE_CALLS: Partial<Record<DueKind, (id: number, day: string) => Promise<unknown>>> = {
  warranty: (id, day) => api.put('/site/devices', { id, warranty_expiration_date: day }),
  access: (id, day) => api.put('/site/site_accesses', { id, validity: day, unlimited: false }),
  secret_expiry: (id, day) => api.put('/site/secrets', { id, expires_at: day }),
  end_of_sale: (id, day) => api.put('/products', { id, end_of_sale: day }),
  end_of_support: (id, day) => api.put('/products', { id, end_of_support: day }),
  attachment: (id, day) => api.put('/site/attachments', { id, valid_until: day }),
  task: (id, day) => api.put('/site/tasks', { id, next_due_date: day }),
};

export const canSetDate = (kind: DueKind) => kind in DATE_CALLS;

/** Refreshes the due lists and what the site's pages show of the item that changed. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  const refresh = useRefreshDue();
  return (item: DueItem) => {
    void refresh();
    void queryClient.invalidateQueries({ queryKey: siteKeys.site(item.site_id) });
  };
}

export function useSetDueDate() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: ({ item, day }: { item: DueItem; day: string }) => {
      const call = DATE_CALLS[item.kind];
      if (!call) throw new Error(`No date to set for ${item.kind}`);
      return call(item.id, day);
    },
    onSuccess: (_, { item }) => refreshAfter(item),
  });
}

/** A rotated password recorded in the vault: the next rotation counts from today. */
export function useRecordPassword() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: ({ item, password }: { item: DueItem; password: string }) =>
      api.put('/site/secrets', { id: item.id, password }),
    onSuccess: (_, { item }) => refreshAfter(item),
  });
}

export function useReminders() {
  return useQuery({
    queryKey: dueKeys.reminders,
    queryFn: ({ signal }) =>
      api
        .get<{ reminders: ReminderPreferences }>('/global/me/reminders', undefined, { signal })
        .then((a) => a.reminders),
  });
}

export function useSaveReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderPreferencesUpdate) =>
      api.put<{ reminders: ReminderPreferences }>('/global/me/reminders', input).then((a) => a.reminders),
    onSuccess: (reminders) => queryClient.setQueryData(dueKeys.reminders, reminders),
  });
}

/** A new calendar feed URL: the server keeps no copy, so it is shown once and the old one stops. */
export function useNewCalendarUrl() {
  return useMutation({
    mutationFn: () => api.post<{ url: string }>('/global/me/calendar').then((a) => a.url),
  });
}

/** The one-click unsubscribe of a reminder mail's link: no session. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<{ unsubscribed: boolean }>('/global/public/unsubscribe', {}, { query: { token } }),
  });
}
