import { type ProductDto, productFieldSchemas } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import english from '../src/features/products/locales/en.json';
import {
  interfaceChanges,
  PRODUCT_REQUIRED_MESSAGES,
  productCreatePayload,
  productFormSchema,
  productToForm,
  productUpdatePayload,
} from '../src/features/products/productForm.ts';
import { formatDate, formatDateTime, formatTime } from '../src/lib/dates.ts';

const product: ProductDto = {
  id: 7,
  tenant_id: 2,
  name: 'Amp',
  image: '/api/files/products/2/a.png?sig',
  image_key: 'products/2/a.png',
  product_model: 'A-1',
  product_url: null,
  product_status: true,
  power: 120,
  sku: null,
  upc: null,
  ean: null,
  description: null,
  features: null,
  height: 44,
  width: null,
  depth: null,
  weight: null,
  rack_mounted: true,
  rack_units: 1,
  brand_id: 3,
  brand: { id: 3, name: 'Zeta' },
  procat_id: 11,
  procat: { id: 11, name: 'AV / Amplifier' },
  preferred_supplier_id: null,
  interfaces: [
    { id: 1, interface_type: 'input', terminal: 'XLR', signal: 'Audio', label: 'In 1', pass_through: null },
    {
      id: 2,
      interface_type: 'output',
      terminal: 'Speakon',
      signal: 'Audio',
      label: null,
      pass_through: 'rear',
    },
  ],
  datasheet_url: null,
  datasheet_name: null,
  end_of_sale: '2025-12-31',
  end_of_support: null,
  created_at: '2026-01-02T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
};

const parse = (values: ReturnType<typeof productToForm>) => productFormSchema.parse(values);

describe('product form', () => {
  it('marks Brand, Model, Short Description and Product Category required', () => {
    const result = productFormSchema.safeParse(productToForm(null, null));
    expect(result.success).toBe(false);
    const messageOf = (field: string) =>
      result.error?.issues.find((issue) => issue.path[0] === field)?.message;
    expect(messageOf('brand_id')).toBe(PRODUCT_REQUIRED_MESSAGES.brand_id);
    expect(messageOf('product_model')).toBe(PRODUCT_REQUIRED_MESSAGES.product_model);
    expect(messageOf('procat_id')).toBe(PRODUCT_REQUIRED_MESSAGES.procat_id);
    // Short Description: the domain's own message, as the server gives it.
    expect(messageOf('name')).toBe(productFieldSchemas.name.safeParse('').error?.issues[0]?.message);
  });

  it('words the required messages in English as the specification does', () => {
    const text = (key: string) =>
      key
        .replace(/^products:/, '')
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], english);
    expect(text(PRODUCT_REQUIRED_MESSAGES.brand_id)).toBe('Brand is required');
    expect(text(PRODUCT_REQUIRED_MESSAGES.product_model)).toBe('Model is required');
    expect(text(PRODUCT_REQUIRED_MESSAGES.procat_id)).toBe('Product Category is required');
  });

  it('sends only the filled-in fields of a new product', () => {
    const values = {
      ...productToForm(null, null),
      name: ' Amp ',
      product_model: 'A-1',
      brand_id: 3,
      procat_id: 11,
      power: '120',
      rack_units: '2',
      interfaces: [
        { interface_type: 'input', terminal: 'XLR', signal: '', label: '', pass_through: '' },
        { interface_type: 'bi-directional', terminal: 'RJ45', signal: '', label: '', pass_through: 'front' },
      ],
    };
    expect(productCreatePayload(parse(values), 'tenant')).toEqual({
      name: 'Amp',
      product_model: 'A-1',
      brand_id: 3,
      procat_id: 11,
      power: 120,
      interfaces_attributes: [
        { interface_type: 'input', terminal: 'XLR' },
        { interface_type: 'bi-directional', terminal: 'RJ45', pass_through: 'front' },
      ],
    });
  });

  it('sends status and tenant in the admin variant only', () => {
    const values = { ...productToForm(null, 4), name: 'X', product_model: 'M', brand_id: 1, procat_id: 1 };
    expect(productCreatePayload(parse(values), 'admin')).toMatchObject({
      product_status: true,
      tenant_id: 4,
    });
    expect(productCreatePayload(parse(values), 'tenant')).not.toHaveProperty('product_status');
  });

  it('sends nothing for an unchanged product', () => {
    expect(productUpdatePayload(product, parse(productToForm(product, null)), 'tenant')).toEqual({});
    // The end-of-life dates (issue 44) travel as days; a cleared one is null.
    const dated = parse({ ...productToForm(product, null), end_of_sale: '', end_of_support: '2030-06-30' });
    expect(productUpdatePayload(product, dated, 'tenant')).toEqual({
      end_of_sale: null,
      end_of_support: '2030-06-30',
    });
  });

  it('sends only the changed fields, with null for a cleared one', () => {
    const values = {
      ...productToForm(product, null),
      power: '',
      width: '19',
      rack_mounted: false,
      rack_units: '',
    };
    expect(productUpdatePayload(product, parse(values), 'tenant')).toEqual({
      power: null,
      width: 19,
      rack_mounted: false,
    });
  });

  it('lists added, changed and removed interfaces', () => {
    const form = productToForm(product, null).interfaces;
    const current = [
      { ...form[0]!, label: 'Input 1', signal: '' },
      { interface_type: 'bi-directional', terminal: 'RJ45', signal: 'Data', label: 'LAN', pass_through: '' },
    ];
    expect(interfaceChanges(product.interfaces, current)).toEqual([
      { id: 1, signal: null, label: 'Input 1' },
      { interface_type: 'bi-directional', terminal: 'RJ45', signal: 'Data', label: 'LAN' },
      { id: 2, _destroy: true },
    ]);
  });

  it('sends a pass-through side set or cleared, null for none', () => {
    const [first, second] = productToForm(product, null).interfaces;
    expect(second!.pass_through).toBe('rear');
    const current = [
      { ...first!, pass_through: 'front' },
      { ...second!, pass_through: '' },
    ];
    expect(interfaceChanges(product.interfaces, current)).toEqual([
      { id: 1, pass_through: 'front' },
      { id: 2, pass_through: null },
    ]);
  });
});

describe('dates', () => {
  it('shows DD/MM/YYYY, DD/MM/YYYY HH:mm and HH:mm, and nothing for a missing value', () => {
    expect(formatDate('2026-03-04')).toBe('04/03/2026');
    expect(formatDateTime(new Date(2026, 2, 4, 9, 5))).toBe('04/03/2026 09:05');
    expect(formatTime(new Date(2026, 2, 4, 17, 30))).toBe('17:30');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
