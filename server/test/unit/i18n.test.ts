import {
  companyCreateSchema,
  DOMAIN_CATALOGUES,
  decodeMessage,
  deviceFiltersSchema,
  deviceStatusesInputSchema,
  deviceUpdateSchema,
  ENGLISH,
  type ErrorCode,
  LANGUAGES,
  loginSchema,
  type Message,
  type MessageParams,
  message,
  productCreateSchema,
  productUpdateSchema,
  siteUpdateSchema,
} from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import { englishText, messageText, registerCatalogue, translate } from '../../src/platform/i18n.ts';

const PLURAL = /_(zero|one|two|few|many|other)$/;
const codes = [...new Set(Object.keys(ENGLISH.error).map((key) => key.replace(PLURAL, '')))] as ErrorCode[];

/** A value for every parameter any message of the catalogue names, nested ones included. */
function sampleParams(): MessageParams {
  const params: MessageParams = {};
  for (const catalogue of Object.values(DOMAIN_CATALOGUES)) {
    for (const text of Object.values(catalogue.error)) {
      for (const match of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) params[match[1]!] = `sample ${match[1]}`;
    }
  }
  return {
    ...params,
    field: 'short_description',
    field2: 'code',
    count: 2,
    min: 0,
    max: 255,
    index: 3,
    problem: 'zone_device_no_floor',
    uses: 'usage_list_4',
    use1: 'usage_devices',
    count1: 1,
    use2: 'usage_products',
    count2: 2,
    use3: 'usage_customer_sites',
    count3: 1,
    use4: 'usage_contractor_sites',
    count4: 3,
  };
}

/** The English words a failed parse answers, as the server renders them. */
const english = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => {
    const decoded = decodeMessage(issue.message);
    return decoded ? englishText(decoded) : `not ours: ${issue.message}`;
  }) ?? [];

describe('the domain catalogue at run time', () => {
  it('renders every error code in every language, leaving no placeholder or nesting', () => {
    const params = sampleParams();
    for (const language of LANGUAGES) {
      for (const code of codes) {
        const text = messageText({ code, params }, language);
        expect(text, `${language} ${code}`).not.toMatch(/\{\{|\$t\(|^error\./);
        expect(text.trim(), `${language} ${code}`).not.toBe('');
      }
    }
  });

  it('nests the field label in the reader’s language', () => {
    const required = message('field_required', { field: 'warranty_expires' });
    expect(LANGUAGES.map((language) => messageText(required, language))).toEqual([
      'Warranty Expires is required',
      'Fin de garantie est obligatoire',
      'Einde garantie is verplicht',
    ]);
  });

  it('says one and several in each language', () => {
    const used = (count: number, language: (typeof LANGUAGES)[number]) =>
      messageText(message('usage_devices', { count }), language);
    expect([used(1, 'en'), used(2, 'en')]).toEqual(['1 device', '2 devices']);
    expect([used(1, 'fr'), used(2, 'fr')]).toEqual(['1 appareil', '2 appareils']);
    expect([used(1, 'nl'), used(2, 'nl')]).toEqual(['1 toestel', '2 toestellen']);
    expect(englishText(message('product_in_use_move', { count: 1 }))).toBe(
      "This product is used by 1 device; it can't move to another tenant",
    );
    expect(englishText(message('category_in_use_delete', { count: 3 }))).toBe(
      'This category is used by 3 products; change their category before deleting it',
    );
    expect(messageText(message('product_in_use_delete', { count: 2 }), 'fr')).toContain('2 appareils');
    expect(messageText(message('product_in_use_delete', { count: 1 }), 'nl')).toContain('1 toestel gebruikt');
  });

  it('lists the uses of a company as each language joins a list', () => {
    const usage: Message = message('company_in_use_delete', {
      name: 'Busy Co',
      uses: 'usage_list_3',
      use1: 'usage_devices',
      count1: 2,
      use2: 'usage_products',
      count2: 1,
      use3: 'usage_contractor_sites',
      count3: 1,
    });
    expect(englishText(usage)).toBe(
      'Busy Co is still used by 2 devices, 1 product, 1 site as contractor; remove these links before deleting it',
    );
    expect(messageText(usage, 'fr')).toContain('2 appareils, 1 produit et 1 site comme installateur');
    expect(messageText(usage, 'nl')).toContain('2 toestellen, 1 product en 1 site als installateur');
  });

  it('nests a device’s placement problem in the bulk message', () => {
    const problem = message('device_problem', {
      device: 'AMP-1',
      problem: 'location_not_on_floor',
      location: 'Hall',
      floor: 'Ground',
    });
    expect(englishText(problem)).toBe('Device AMP-1: Location "Hall" is not on floor "Ground"');
    expect(messageText(problem, 'nl')).toBe('Toestel AMP-1: Lokaal "Hall" ligt niet op verdieping "Ground"');
  });

  it('keeps the English words of the schemas', () => {
    expect(english(loginSchema.safeParse({ username: '', password: '12' }))).toEqual([
      'Username is required',
      'Min 6 characters',
    ]);
    expect(english(productCreateSchema.safeParse({ name: ' ', height: -1, rack_mounted: 'maybe' }))).toEqual([
      'Short Description is required',
      'Height (mm) must be 0 or more',
      'Rack Mounted must be true or false',
    ]);
    expect(
      english(
        productUpdateSchema.safeParse({
          id: 1.5,
          interfaces_attributes: [{ terminal: 'RJ45' }, { interface_type: 'input', signal: 'Smell' }],
        }),
      ),
    ).toEqual([
      'Interface 1: I/O is required',
      'Interface 2: Signal must be one of: Data, Audio, AC/DC, Video, Power',
      'Product id must be a whole number',
    ]);
    expect(english(companyCreateSchema.safeParse({ name: '' }))).toEqual([
      'Please fill in all required fields: Name, Code',
    ]);
    expect(
      english(
        deviceUpdateSchema.safeParse({
          id: 3,
          colour: 'red',
          shade: 1,
          mac: 'nope',
          purchase_date: '2024-02-30',
        }),
      ),
    ).toEqual([
      'Mac Address must be 6 pairs of hex digits, e.g. 00:1A:2B:3C:4D:5E',
      'Purchase Date must be a date as YYYY-MM-DD',
      'Unknown fields: colour, shade',
    ]);
    expect(english(deviceUpdateSchema.safeParse({ id: 3 }))).toEqual(['Send at least one field to change']);
    expect(
      english(
        deviceStatusesInputSchema.safeParse([
          { id: 1, name: 'Planned', color: '#fff' },
          { id: 1, name: 'planned', color: 'blue' },
        ]),
      ),
    ).toEqual(['Status colour must be a hex colour like #2AAD74']);
    expect(
      english(
        deviceStatusesInputSchema.safeParse([
          { id: 1, name: 'Planned', color: '#fff' },
          { id: 1, name: 'planned', color: '#000' },
        ]),
      ),
    ).toEqual(['Status "planned" is listed twice', 'Status id 1 is listed twice']);
    expect(english(deviceFiltersSchema.safeParse({ floors: [1] }))).toEqual(['Unknown filter: floors']);
    expect(english(deviceFiltersSchema.safeParse({ locations: ['a'] }))).toEqual([
      'Filter locations must be a list of ids',
    ]);
    expect(english(siteUpdateSchema.safeParse({ id: 2, customer_id: '' }))).toEqual(['Customer is required']);
    expect(english(siteUpdateSchema.safeParse({ id: 2, contractors: 'x' }))).toEqual([
      'Contractors must be a list',
    ]);
  });
});

describe('area catalogues', () => {
  it('are registered under their namespace and translated by language', () => {
    registerCatalogue('i18n_test', {
      en: { greeting: 'Hello {{name}}', minutes_one: '{{count}} minute', minutes_other: '{{count}} minutes' },
      fr: {
        greeting: 'Bonjour {{name}}',
        minutes_one: '{{count}} minute',
        minutes_other: '{{count}} minutes',
      },
      nl: { greeting: 'Hallo {{name}}', minutes_one: '{{count}} minuut', minutes_other: '{{count}} minuten' },
    });
    expect(translate('fr', 'i18n_test:greeting', { name: 'Anne' })).toBe('Bonjour Anne');
    expect(translate('nl', 'i18n_test:minutes', { count: 30 })).toBe('30 minuten');
    expect(translate('en', 'i18n_test:minutes', { count: 1 })).toBe('1 minute');
  });
});
