/** The Action column: an entry's action in the reader's language, with what it changed. */
import type { LogEntryDto } from '@asbuilt/domain';
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { actionText, matchesLog } from '../src/features/logs/logText.ts';
import { buildResources } from '../src/i18n/resources.ts';

async function translator(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: await buildResources(),
    interpolation: { escapeValue: false },
    fallbackLng: false,
  });
  return i18n.getFixedT(lng, ['logs', 'domain']) as unknown as TFunction<['logs', 'domain']>;
}

const entry = (values: Partial<LogEntryDto>): LogEntryDto => ({
  id: 1,
  created_at: '2026-11-25T10:00:00.000Z',
  user_id: 1,
  user_name: 'Ann Peeters',
  object_model: 'Device',
  object_id: 7,
  object_name: 'HQ-SW-001',
  note: 'Device updated (Serial Number)',
  parent_model: 'Site',
  parent_name: 'Demo HQ',
  ...values,
});

describe('actionText', () => {
  it('names an update and its fields in each language, plan coordinates left out', async () => {
    const log = entry({
      action: 'updated',
      changes: {
        sn: { from: 'A', to: 'B' },
        floor_id: { from: 1, to: 2 },
        plan_x: { from: 1, to: null },
      },
    });
    expect(actionText(await translator('en'), log)).toBe('Updated: Serial Number, Floor');
    expect(actionText(await translator('fr'), log)).toBe('Modification : Numéro de série, Étage');
    expect(actionText(await translator('nl'), log)).toBe('Gewijzigd: Serienummer, Verdieping');
  });

  it('leaves out the field an action already says', async () => {
    const en = await translator('en');
    const archived = entry({ action: 'archived', changes: { archived: { from: false, to: true } } });
    expect(actionText(en, archived)).toBe('Archived');
    const moved = entry({ action: 'moved_on_plan', changes: { plan_x: { from: 1, to: 2 } } });
    expect(actionText(en, moved)).toBe('Moved on the plan');
  });

  it('says a link once: the device and the linked item, not their ids and types', async () => {
    const log = entry({
      object_model: 'Attachment',
      action: 'updated',
      changes: {
        device_id: { from: null, to: 7 },
        attachable_id: { from: null, to: 7 },
        attachable_type: { from: null, to: 'Device' },
      },
    });
    expect(actionText(await translator('en'), log)).toBe('Updated: Device, Linked item');
  });

  it('labels a device column without a field label by its column name', async () => {
    const log = entry({ action: 'updated', changes: { floor_code: { from: 'A', to: 'B' } } });
    expect(actionText(await translator('nl'), log)).toBe('Gewijzigd: Verdiepingscode');
  });

  it('counts the devices a deletion changed, and says a creation without its fields', async () => {
    const fr = await translator('fr');
    expect(actionText(fr, entry({ action: 'deleted', params: { devices: 3 } }))).toBe(
      'Suppression (3 appareils modifiés)',
    );
    expect(actionText(fr, entry({ action: 'deleted', params: { devices: 1 } }))).toBe(
      'Suppression (1 appareil modifié)',
    );
    expect(actionText(fr, entry({ action: 'created', changes: { name: { to: 'x' } } }))).toBe('Création');
  });

  it('keeps the English note of an entry without an action, or with one it does not know', async () => {
    const nl = await translator('nl');
    expect(actionText(nl, entry({ action: null }))).toBe('Device updated (Serial Number)');
    expect(actionText(nl, entry({ action: 'exploded' }))).toBe('Device updated (Serial Number)');
  });

  it('is what the search finds, in the reader’s words', async () => {
    const nl = await translator('nl');
    const log = entry({ action: 'archived' });
    expect(matchesLog(log, 'gearchiveerd')).toBe(false);
    expect(matchesLog(log, 'gearchiveerd', [actionText(nl, log)])).toBe(true);
  });
});
