/**
 * Device statuses in the reader's language. Devices store a status by its name, so the default
 * statuses are recognised by name: a name that is the default of a key in any language is shown
 * in the reader's language. This also covers sites whose statuses were stored before they had
 * keys. A renamed status has a name of its user's choosing and is shown as typed.
 */
import { DEVICE_STATUS_KEYS, type DeviceStatusKey } from './constants.ts';
import { DOMAIN_CATALOGUES } from './i18n/catalogues.ts';
import { LANGUAGES, type Language } from './i18n/languages.ts';
import type { DeviceStatus } from './schemas/deviceStatus.ts';

/** Names compared as a user means them: case, outer and repeated spaces, accents' encoding aside. */
export const statusNameKey = (name: string) =>
  name.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');

const KEY_OF_DEFAULT_NAME = new Map<string, DeviceStatusKey>(
  DEVICE_STATUS_KEYS.flatMap((key) =>
    LANGUAGES.map(
      (language) => [statusNameKey(DOMAIN_CATALOGUES[language].device_status[key]), key] as const,
    ),
  ),
);

/** The key whose default name, in some language, `name` is. */
export function defaultStatusKey(name: string | null | undefined): DeviceStatusKey | undefined {
  return name ? KEY_OF_DEFAULT_NAME.get(statusNameKey(name)) : undefined;
}

export function isDefaultStatusName(key: DeviceStatusKey, name: string): boolean {
  return defaultStatusKey(name) === key;
}

/** What a reader of `language` sees for a stored status name; null and unknown names unchanged. */
export function statusLabel<T extends string | null | undefined>(name: T, language: Language): T | string {
  const key = defaultStatusKey(name);
  return key ? DOMAIN_CATALOGUES[language].device_status[key] : name;
}

/**
 * Finds the site's status a user, a sheet or a filter means: by its stored name, or, for a
 * default status, by its default name in any language (a French export imports back into a
 * site whose statuses are named in English). A stored name wins over another status's default.
 */
export function statusMatcher(statuses: readonly DeviceStatus[]): (name: string) => DeviceStatus | undefined {
  const byName = new Map(statuses.map((status) => [statusNameKey(status.name), status]));
  const byKey = new Map<DeviceStatusKey, DeviceStatus>();
  for (const status of statuses) {
    const key = defaultStatusKey(status.name);
    if (key && !byKey.has(key)) byKey.set(key, status);
  }
  return (name) => {
    const wanted = statusNameKey(name);
    const own = byName.get(wanted);
    if (own) return own;
    const key = KEY_OF_DEFAULT_NAME.get(wanted);
    return key ? byKey.get(key) : undefined;
  };
}
