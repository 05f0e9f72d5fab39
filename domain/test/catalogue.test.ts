import { describe, expect, it } from 'vitest';
import { LIBRARY_TENANT_ID } from '../src/constants.ts';
import { decodeMessage } from '../src/i18n/messages.ts';
import { canEditCatalogueItem, canSeeCatalogueItem } from '../src/permission.ts';
import { procatName } from '../src/procats.ts';
import { Role } from '../src/roles.ts';
import {
  companyCreateSchema,
  productInlineEditSchema,
  productUpdateSchema,
} from '../src/schemas/catalogue.ts';
import { formBoolean, optionalNumber } from '../src/schemas/form.ts';

/** The messages of a failed parse, decoded to their codes and parameters. */
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => decodeMessage(i.message)) ?? [];

describe('form field coercion', () => {
  it('reads booleans from JSON and form values', () => {
    const schema = formBoolean('rack_mounted');
    for (const value of [true, 'true', '1', 1]) expect(schema.parse(value)).toBe(true);
    for (const value of [false, 'false', '0', 0]) expect(schema.parse(value)).toBe(false);
    expect(messages(schema.safeParse('yes'))).toEqual([
      { code: 'field_not_boolean', params: { field: 'rack_mounted' } },
    ]);
  });

  it('reads numbers, clears on empty and refuses negatives and text', () => {
    const schema = optionalNumber('height');
    expect(schema.parse('12.5')).toBe(12.5);
    expect(schema.parse('')).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(messages(schema.safeParse('-1'))).toEqual([
      { code: 'field_min', params: { field: 'height', min: 0 } },
    ]);
    expect(messages(schema.safeParse('abc'))).toEqual([
      { code: 'field_not_number', params: { field: 'height' } },
    ]);
  });
});

describe('catalogue schemas', () => {
  it('leaves absent product fields out of an update', () => {
    expect(productUpdateSchema.parse({ id: '4', sku: '' })).toEqual({ id: 4, sku: null });
  });

  it('takes exactly one property in an inline edit', () => {
    expect(productInlineEditSchema.parse({ id: 3, rack_mounted: 'true' })).toEqual({
      id: 3,
      property: 'rack_mounted',
      value: true,
    });
    expect(messages(productInlineEditSchema.safeParse({ id: 3 }))).toEqual([{ code: 'inline_one_property' }]);
    expect(messages(productInlineEditSchema.safeParse({ id: 3, name: '' }))).toEqual([
      { code: 'field_required', params: { field: 'short_description' } },
    ]);
  });

  it('needs name and code for a company', () => {
    expect(messages(companyCreateSchema.safeParse({ code: 'X' }))).toEqual([
      { code: 'required_fields_missing', params: { field: 'name' } },
    ]);
    expect(messages(companyCreateSchema.safeParse({}))).toEqual([
      { code: 'required_fields_missing_pair', params: { field: 'name', field2: 'code' } },
    ]);
  });

  it('names a category by its parts', () => {
    expect(procatName({ main: 'Network', sub1: 'Switch', sub2: null, sub3: '' })).toBe('Network / Switch');
  });
});

describe('catalogue permissions', () => {
  const owner = { tenantId: 2, role: Role.BuildingOwner };
  it('shows the library and the own tenant, and lets only library admins edit the library', () => {
    expect(canSeeCatalogueItem(owner, LIBRARY_TENANT_ID)).toBe(true);
    expect(canSeeCatalogueItem(owner, 3)).toBe(false);
    expect(canEditCatalogueItem(owner, 2)).toBe(true);
    expect(canEditCatalogueItem(owner, LIBRARY_TENANT_ID)).toBe(false);
    expect(canEditCatalogueItem({ tenantId: 2, role: Role.User }, 2)).toBe(false);
    expect(canEditCatalogueItem({ tenantId: 1, role: Role.LibraryAdmin }, LIBRARY_TENANT_ID)).toBe(true);
    expect(canEditCatalogueItem({ tenantId: 1, role: Role.SuperAdmin }, 3)).toBe(true);
  });
});

describe('interfaces_attributes', () => {
  it('takes a list, JSON text or an object keyed by position', () => {
    const item = { interface_type: 'input', terminal: 'RJ45' };
    for (const value of [[item], JSON.stringify([item]), { 0: item }]) {
      expect(
        productUpdateSchema.parse({ id: 1, interfaces_attributes: value }).interfaces_attributes,
      ).toEqual([item]);
    }
  });

  it('names the interface, counting from 1, and the field of each problem', () => {
    const result = productUpdateSchema.safeParse({
      id: 1,
      interfaces_attributes: [
        { interface_type: 'input' },
        { terminal: 'RJ45' },
        { interface_type: 'sideways' },
      ],
    });
    expect(messages(result)).toEqual([
      { code: 'interface_io_required', params: { index: 2 } },
      {
        code: 'interface_not_one_of',
        params: { index: 3, field: 'io', values: 'input, output, bi-directional' },
      },
    ]);
  });
});
