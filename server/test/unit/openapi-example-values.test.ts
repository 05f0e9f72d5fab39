import { describe, expect, it } from 'vitest';
import { exampleOf, type Schema } from '../../src/platform/openapi-example-values.ts';
import { overlay } from '../../src/platform/openapi-examples.ts';

const none = () => undefined;
const text: Schema = { type: 'string' };
const id: Schema = { type: 'integer', minimum: 0, exclusiveMinimum: true };

describe('exampleOf', () => {
  it('reads field names: ids by kind, e-mails, dates, addresses', () => {
    const device: Schema = {
      type: 'object',
      properties: {
        id,
        site_id: id,
        email: text,
        mac: { type: 'string', nullable: true },
        ip: text,
        created_at: text,
        warranty_expiration_date: text,
        product_url: text,
        name: text,
        code: text,
      },
    };
    expect(exampleOf({ type: 'object', properties: { device } }, none)).toEqual({
      device: {
        id: 42,
        site_id: 3,
        email: 'sofie.janssens@example.com',
        mac: '24:5A:4C:1B:0F:3E',
        ip: '10.20.0.12',
        created_at: '2026-03-12T09:30:00.000Z',
        warranty_expiration_date: '2026-03-12',
        product_url: 'https://asbuilt.example.com/product',
        name: 'AP-0.12',
        code: 'AP-0.12',
      },
    });
  });

  it('names an array’s objects by the array, and fills ids of an `_ids` list', () => {
    const schema: Schema = {
      type: 'object',
      properties: {
        sites: { type: 'array', items: { type: 'object', properties: { id, name: text, code: text } } },
        floor_ids: { type: 'array', items: id },
      },
    };
    expect(exampleOf(schema, none)).toEqual({
      sites: [{ id: 3, name: 'Demo HQ', code: 'HQ' }],
      floor_ids: [5],
    });
  });

  it('keeps within the schema’s bounds, enums, defaults and tuples', () => {
    expect(exampleOf({ type: 'string', minLength: 20 }, none, 'name')).toHaveLength(20);
    expect(exampleOf({ type: 'string', maxLength: 3 }, none, 'note')).toHaveLength(3);
    expect(exampleOf({ type: 'integer', minimum: 5 }, none, 'count')).toBe(5);
    expect(exampleOf({ type: 'integer', minimum: 0, exclusiveMinimum: true }, none, 'offset')).toBe(1);
    expect(exampleOf({ type: 'string', enum: ['pdf', 'zip'] }, none, 'format')).toBe('pdf');
    expect(exampleOf({ type: 'integer', default: 20 }, none, 'limit')).toBe(20);
    const row: Schema = {
      type: 'array',
      minItems: 3,
      maxItems: 3,
      items: { anyOf: [id, text, { type: 'boolean' }] },
    };
    expect(exampleOf(row, none, 'rows')).toEqual([1, 'text', false]);
    expect(exampleOf({ type: 'array', minItems: 2, items: text }, none, 'checklist')).toEqual([
      'checklist',
      'checklist',
    ]);
  });

  it('lists a big request object’s required fields only, and follows references', () => {
    const properties = Object.fromEntries(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'id'].map((key) => [key, text]),
    );
    expect(exampleOf({ type: 'object', properties, required: ['id'] }, none)).toEqual({ id: 'id' });
    const resolve = (ref: string) =>
      ref === '#/components/schemas/Error' ? { type: 'object', properties: { code: text } } : undefined;
    expect(exampleOf({ $ref: '#/components/schemas/Error' }, resolve)).toEqual({ code: 'AP-0.12' });
  });

  it('is the same every time', () => {
    const schema: Schema = { type: 'object', properties: { updated_at: text, token: text } };
    expect(JSON.stringify(exampleOf(schema, none))).toBe(JSON.stringify(exampleOf(schema, none)));
  });
});

describe('overlay', () => {
  it('lays a written example over a made one, key by key and item by item', () => {
    const made = { device: { id: 1, name: 'x', tags: [1] }, devices: [{ id: 1, name: 'x' }] };
    const written = { device: { name: 'AP-0.12' }, devices: [{ id: 42 }, { id: 43, name: 'AP-0.13' }] };
    expect(overlay(made, written)).toEqual({
      device: { id: 1, name: 'AP-0.12', tags: [1] },
      devices: [
        { id: 42, name: 'x' },
        { id: 43, name: 'AP-0.13' },
      ],
    });
    expect(overlay({ a: 1 }, undefined)).toEqual({ a: 1 });
    expect(overlay({ a: 1 }, { b: 2 })).toEqual({ a: 1, b: 2 });
  });
});

describe('a table’s example', () => {
  it('lists every column, with a row whose cells read as their columns', () => {
    const table: Schema = {
      type: 'object',
      properties: {
        columns: { type: 'array', items: { type: 'string', enum: ['id', 'mac', 'on_plan'] } },
        rows: {
          type: 'array',
          items: {
            type: 'array',
            minItems: 3,
            maxItems: 3,
            items: { anyOf: [id, text, { type: 'boolean' }] },
          },
        },
      },
    };
    expect(exampleOf({ type: 'object', properties: { devices: table } }, () => undefined)).toEqual({
      devices: { columns: ['id', 'mac', 'on_plan'], rows: [[42, '24:5A:4C:1B:0F:3E', true]] },
    });
  });
});
