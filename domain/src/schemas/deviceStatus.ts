/**
 * A site's device statuses: the list as stored and as sent by the config page, and the defaults a
 * new site starts with (statuses.ts names them in each reader's language).
 */
import { z } from 'zod';
import { DEFAULT_STATUS_COLOR, DEVICE_STATUS_KEYS } from '../constants.ts';
import { DOMAIN_CATALOGUES } from '../i18n/catalogues.ts';
import type { Language } from '../i18n/languages.ts';
import { encodeMessage } from '../i18n/messages.ts';
import { isDefaultStatusName } from '../statuses.ts';
import { jsonList, optionalId, requiredText } from './form.ts';

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** `key`: a default status not renamed since, shown in the reader's language (statuses.ts). */
export const deviceStatusSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  key: z.enum(DEVICE_STATUS_KEYS).optional(),
});
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;

/** The statuses a new site starts with, named in English (`defaultDeviceStatuses` in others). */
export const DEFAULT_DEVICE_STATUSES: DeviceStatus[] = [
  { id: 1, name: 'Planned', color: '#9E9E9E', key: 'planned' },
  { id: 2, name: 'Installed', color: '#1976D2', key: 'installed' },
  { id: 3, name: 'Commissioned', color: DEFAULT_STATUS_COLOR, key: 'commissioned' },
  { id: 4, name: 'Faulty', color: '#D32F2F', key: 'faulty' },
  { id: 5, name: 'Removed', color: '#795548', key: 'removed' },
];

/** A new site's statuses, named in its creator's language. */
export function defaultDeviceStatuses(language: Language): DeviceStatus[] {
  return DEFAULT_DEVICE_STATUSES.map((status) =>
    status.key ? { ...status, name: DOMAIN_CATALOGUES[language].device_status[status.key] } : { ...status },
  );
}

const statusItem = z.object({
  id: optionalId('status_id').optional(),
  name: requiredText('status_name', 64),
  color: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: encodeMessage('status_colour_invalid') })
      .regex(HEX_COLOUR, encodeMessage('status_colour_invalid')),
  ),
});

/** A status as sent: a new one has no id yet. */
export type DeviceStatusInput = Omit<DeviceStatus, 'id'> & { id?: number | undefined };

/**
 * The ids of a new list of statuses: ids sent are kept; each status without one gets the next id
 * after the highest of the list and of `previous` (the site's statuses before), so that an id is
 * never given again to another status. A key is never taken from the sender: a status keeps the
 * one it had only while its name is still a default name of that key (renaming drops it).
 */
export function numberStatuses(items: DeviceStatusInput[], previous: readonly DeviceStatus[] = []) {
  let next = Math.max(0, ...previous.map((s) => s.id), ...items.map((s) => s.id ?? 0));
  const keys = new Map(previous.map((s) => [s.id, s.key]));
  return items.map((item): DeviceStatus => {
    const key = item.id === undefined ? undefined : keys.get(item.id);
    const kept = key && isDefaultStatusName(key, item.name) ? { key } : {};
    // In jsonb's own key order, so that an unchanged list compares equal to the stored one.
    return { id: item.id ?? ++next, ...kept, name: item.name, color: item.color };
  });
}

/**
 * The whole ordered list of a site's device statuses, as a list or JSON text. Names are unique
 * (ignoring case) and not empty, ids are unique, colours are hex (kept in capitals). A status
 * without id is new: `numberStatuses` gives it one. Extra keys of the config page (the `added`
 * flag) are dropped.
 */
export const deviceStatusesInputSchema = jsonList(statusItem, 'device_statuses', 100).transform(
  (items, ctx): DeviceStatusInput[] => {
    const names = new Set<string>();
    const ids = new Set<number>();
    for (const item of items) {
      const key = item.name.toLowerCase();
      if (names.has(key)) {
        ctx.addIssue({ code: 'custom', message: encodeMessage('status_listed_twice', { name: item.name }) });
      }
      names.add(key);
      if (item.id) {
        if (ids.has(item.id)) {
          ctx.addIssue({ code: 'custom', message: encodeMessage('status_id_listed_twice', { id: item.id }) });
        }
        ids.add(item.id);
      }
    }
    return items.map((item) => ({
      ...(item.id ? { id: item.id } : {}),
      name: item.name,
      color: item.color.toUpperCase(),
    }));
  },
);
