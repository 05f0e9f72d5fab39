import { describe, expect, it } from 'vitest';
import { DEVICE_STATUS_KEYS } from '../src/constants.ts';
import { DOMAIN_CATALOGUES } from '../src/i18n/catalogues.ts';
import { LANGUAGES } from '../src/i18n/languages.ts';
import {
  DEFAULT_DEVICE_STATUSES,
  type DeviceStatus,
  defaultDeviceStatuses,
  numberStatuses,
} from '../src/schemas/site.ts';
import { defaultStatusKey, statusLabel, statusMatcher } from '../src/statuses.ts';

describe('statusLabel', () => {
  it('names a default status in the reader’s language, whatever language it is stored in', () => {
    expect(statusLabel('Installed', 'fr')).toBe('Installé');
    expect(statusLabel('Installé', 'nl')).toBe('Geïnstalleerd');
    expect(statusLabel('Geïnstalleerd', 'en')).toBe('Installed');
    expect(statusLabel('  planned ', 'nl')).toBe('Gepland');
    // The same word with its accent decomposed, as some sheets and keyboards send it.
    expect(statusLabel('Installe\u0301', 'en')).toBe('Installed');
  });

  it('leaves a renamed or own status, and no status, as it is', () => {
    expect(statusLabel('Installed on site', 'fr')).toBe('Installed on site');
    expect(statusLabel('Spare', 'nl')).toBe('Spare');
    expect(statusLabel(null, 'fr')).toBeNull();
    expect(statusLabel('', 'fr')).toBe('');
  });

  it('has a distinct default name per key in every language (a name never means two keys)', () => {
    const names = DEVICE_STATUS_KEYS.flatMap((key) =>
      LANGUAGES.map(
        (language) => [DOMAIN_CATALOGUES[language].device_status[key].toLowerCase(), key] as const,
      ),
    );
    for (const [name, key] of names) expect(defaultStatusKey(name)).toBe(key);
  });
});

describe('defaultDeviceStatuses', () => {
  it('names a new site’s statuses in its creator’s language and keeps their keys and colours', () => {
    const french = defaultDeviceStatuses('fr');
    expect(french.map((s) => s.name)).toEqual([
      'Prévu',
      'Installé',
      'Mis en service',
      'Défectueux',
      'Retiré',
    ]);
    expect(french.map((s) => s.key)).toEqual(DEFAULT_DEVICE_STATUSES.map((s) => s.key));
    expect(french.map((s) => s.color)).toEqual(DEFAULT_DEVICE_STATUSES.map((s) => s.color));
    expect(defaultDeviceStatuses('nl')[1]).toMatchObject({ name: 'Geïnstalleerd', key: 'installed' });
  });
});

describe('numberStatuses keeps a key only while the status keeps a default name', () => {
  const before: DeviceStatus[] = defaultDeviceStatuses('fr');

  it('keeps it when the name is unchanged or another language’s default, drops it on a rename', () => {
    const after = numberStatuses(
      [
        { id: 1, name: 'Prévu', color: '#000000' },
        { id: 2, name: 'Installed', color: '#000000' },
        { id: 3, name: 'Mis en route', color: '#000000' },
      ],
      before,
    );
    expect(after.map((s) => s.key)).toEqual(['planned', 'installed', undefined]);
    expect('key' in after[2]!).toBe(false);
  });

  it('never takes a key from the sender nor gives one to a new status', () => {
    const sent = [{ name: 'Installé', color: '#000000', key: 'installed' }] as never;
    expect(numberStatuses(sent, before)[0]).toEqual({ id: 6, name: 'Installé', color: '#000000' });
  });
});

describe('statusMatcher', () => {
  const french = defaultDeviceStatuses('fr');
  const own = [...DEFAULT_DEVICE_STATUSES, { id: 6, name: 'Spare', color: '#000000' }];

  it('finds a status by its stored name, ignoring case and spaces', () => {
    expect(statusMatcher(french)(' installé ')?.name).toBe('Installé');
    expect(statusMatcher(own)('SPARE')?.id).toBe(6);
  });

  it('finds a default status by its name in any language, so a French sheet imports back', () => {
    expect(statusMatcher(french)('Installed')?.name).toBe('Installé');
    expect(statusMatcher(own)('Geïnstalleerd')?.name).toBe('Installed');
    expect(statusMatcher(own)('Défectueux')?.name).toBe('Faulty');
  });

  it('matches nothing else, and never a renamed status by its old default name', () => {
    const renamed = french.map((s) =>
      s.key === 'installed' ? { id: s.id, name: 'Posé', color: s.color } : s,
    );
    expect(statusMatcher(renamed)('Installed')).toBeUndefined();
    expect(statusMatcher(renamed)('Posé')?.id).toBe(2);
    expect(statusMatcher(own)('Lost')).toBeUndefined();
  });

  it('prefers a status’s own name over another status’s default name', () => {
    const swapped: DeviceStatus[] = [
      { id: 1, name: 'Planned', color: '#000000', key: 'planned' },
      { id: 7, name: 'Gepland', color: '#111111' },
    ];
    expect(statusMatcher(swapped)('gepland')?.id).toBe(7);
  });
});
