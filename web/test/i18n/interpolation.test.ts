/**
 * Interpolation, nesting and plurals come from i18next, in each language, with the real
 * catalogues of the web app (the same resources the app loads).
 */
import { LANGUAGES } from '@asbuilt/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildResources } from '../../src/i18n/resources.ts';

async function instance(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: await buildResources(),
    interpolation: { escapeValue: false },
    fallbackLng: false,
  });
  return i18n;
}

describe('translations at run time', () => {
  it('nest the field label into a message, in each language', async () => {
    const texts = await Promise.all(
      LANGUAGES.map(async (lng) => (await instance(lng)).t('domain:error.field_required', { field: 'name' })),
    );
    expect(texts).toEqual(['Name is required', 'Nom est obligatoire', 'Naam is verplicht']);
  });

  it('name the roles and the device columns in each language', async () => {
    const fr = await instance('fr');
    const nl = await instance('nl');
    expect([fr.t('domain:role.2'), nl.t('domain:role.2')]).toEqual([
      'Propriétaire du bâtiment',
      'Gebouweigenaar',
    ]);
    expect([fr.t('domain:column.sn'), nl.t('domain:column.sn')]).toEqual(['Numéro de série', 'Serienummer']);
  });

  it('leave no placeholder unfilled in any catalogue text given its parameters', async () => {
    for (const lng of LANGUAGES) {
      const i18n = await instance(lng);
      const text = i18n.t('components:error.request_failed', { status: 502 });
      expect(text).toContain('502');
      expect(text).not.toMatch(/\{\{|\$t\(/);
    }
  });
});
