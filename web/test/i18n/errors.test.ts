// @vitest-environment jsdom
/** Server errors and form messages reach the user in the user's language, by code. */
import { encodeMessage } from '@asbuilt/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client.ts';
import { i18n, setLanguage } from '../../src/i18n/i18n.ts';
import { errorMessages } from '../../src/lib/errors.ts';
import { translateMessage } from '../../src/lib/messages.ts';

afterEach(() => setLanguage('en'));

const answer = new ApiError(400, [
  { code: 'field_required', params: { field: 'name' }, message: 'Name is required' },
  { code: 'a_code_this_web_does_not_know', message: 'Something new the server says' },
  { clientKey: 'request_failed', params: { status: 502 }, message: 'Request failed (502)' },
]);

describe('error messages', () => {
  it('are shown in the language chosen, switched at run time', async () => {
    await setLanguage('fr');
    expect(i18n.language).toBe('fr');
    expect(errorMessages(answer)).toEqual([
      i18n.t('domain:error.field_required', { field: 'name' }),
      'Something new the server says',
      'La requête a échoué (502)',
    ]);
    expect(errorMessages(answer)[0]).toMatch(/^Nom/);
    await setLanguage('nl');
    expect(errorMessages(answer)[2]).toBe('De aanvraag is mislukt (502)');
    expect(document.documentElement.lang).toBe('nl');
  });

  it("fall back to the server's English for a code the web does not know", async () => {
    await setLanguage('nl');
    expect(errorMessages(answer)[1]).toBe('Something new the server says');
  });

  it('translate a schema message (a code with parameters) and pass other text through', async () => {
    await setLanguage('fr');
    expect(translateMessage(encodeMessage('field_required', { field: 'name' }))).toMatch(/^Nom/);
    expect(translateMessage('Plain words')).toBe('Plain words');
    expect(translateMessage(undefined)).toBeUndefined();
  });
});
