import { describe, expect, it } from 'vitest';
import { LIBRARY_TENANT_ID } from '../src/constants.ts';
import { canEditCatalogueItem, canSeeCatalogueItem } from '../src/permission.ts';
import { Role } from '../src/roles.ts';
import {
  CATALOGUE_MESSAGES,
  companyCreateSchema,
  procatName,
  productInlineEditSchema,
  productUpdateSchema,
} from '../src/schemas/catalogue.ts';
import { formBoolean, optionalNumber } from '../src/schemas/form.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('form field coercion', () => {
  it('reads booleans from JSON and form values', () => {
    const schema = formBoolean('Flag');
    for (const value of [true, 'true', '1', 1]) expect(schema.parse(value)).toBe(true);
    for (const value of [false, 'false', '0', 0]) expect(schema.parse(value)).toBe(false);
    expect(messages(schema.safeParse('yes'))).toEqual(['Flag must be true or false']);
  });

  it('reads numbers, clears on empty and refuses negatives and text', () => {
    const schema = optionalNumber('Height');
    expect(schema.parse('12.5')).toBe(12.5);
    expect(schema.parse('')).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(messages(schema.safeParse('-1'))).toEqual(['Height must be 0 or more']);
    expect(messages(schema.safeParse('abc'))).toEqual(['Height must be a number']);
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
    expect(messages(productInlineEditSchema.safeParse({ id: 3 }))).toEqual([CATALOGUE_MESSAGES.inlineOne]);
  });

  it('needs name and code for a company', () => {
    expect(messages(companyCreateSchema.safeParse({ code: 'X' }))).toEqual([
      `${CATALOGUE_MESSAGES.companyRequired}: Name`,
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
});
