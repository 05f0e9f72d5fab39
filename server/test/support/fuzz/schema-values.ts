import type { Random } from './random.ts';
import { anyValue, HOSTILE_NUMBERS, HOSTILE_STRINGS } from './values.ts';

/** The parts of an OpenAPI 3.0 schema (as fastify-type-provider-zod writes them) the generator reads. */
export interface Schema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

export interface Sources {
  random: Random;
  /** Ids of rows that exist, so a plausible input reaches past the lookups into the rules. */
  ids: number[];
}

const isIdField = (name: string) => /(^|_)ids?$/.test(name);

const typeOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

/** A string for a field, shaped by its format and name when it has one. */
function stringFor(schema: Schema, name: string, { random }: Sources): string {
  if (schema.format === 'date-time' || /_at$/.test(name))
    return new Date(Date.UTC(2026, random.int(0, 11), random.int(1, 28))).toISOString();
  if (schema.format === 'date' || /date/.test(name))
    return `2026-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
  if (schema.format === 'email' || /email|username/.test(name))
    return `fuzz${random.int(1, 99999)}@example.test`;
  if (/pass/i.test(name)) return `Pass-${random.int(100000, 999999)}`;
  const length = random.int(schema.minLength ?? 1, Math.min(schema.maxLength ?? 24, 24));
  return Array.from({ length }, () => random.pick([...'abcdefghijklmnopqrstuvwxyz0123456789 -éà'])).join('');
}

/** A value that fits the schema (ids drawn from existing rows). */
export function plausible(schema: Schema, name: string, sources: Sources, depth = 0): unknown {
  const { random } = sources;
  if (schema.allOf?.length) return plausible(schema.allOf[0]!, name, sources, depth);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return plausible(random.pick(alternatives), name, sources, depth);
  if (schema.enum?.length) return random.pick(schema.enum);
  if (schema.nullable && random.chance(0.1)) return null;
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      if (isIdField(name) && sources.ids.length > 0) return random.pick(sources.ids);
      const min = Math.max(schema.minimum ?? 0, -1000);
      const max = Math.min(schema.maximum ?? 1000, 1000);
      const value = random.int(Math.ceil(min), Math.floor(Math.max(min, max)));
      return typeOf(schema) === 'number' && random.chance(0.3) ? value + 0.5 : value;
    }
    case 'boolean':
      return random.chance(0.5);
    case 'string':
      return stringFor(schema, name, sources);
    case 'array': {
      const count = random.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4));
      const itemName = name.replace(/s$/, '');
      return Array.from({ length: count }, () =>
        plausible(schema.items ?? {}, isIdField(name) ? 'id' : itemName, sources, depth + 1),
      );
    }
    case 'object': {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {}).filter(
        ([key]) => required.has(key) || random.chance(depth > 1 ? 0.3 : 0.6),
      );
      return Object.fromEntries(
        entries.map(([key, child]) => [key, plausible(child, key, sources, depth + 1)]),
      );
    }
    default:
      return anyValue(random, depth);
  }
}

/** A value that breaks the schema in one of the ways clients do: wrong type, out of bounds, hostile. */
function broken(schema: Schema, { random }: Sources): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return random.chance(0.5) ? random.pick(HOSTILE_STRINGS) : random.pick(HOSTILE_NUMBERS);
    case 'integer':
    case 'number':
      return random.chance(0.6) ? random.pick(HOSTILE_NUMBERS) : random.pick(HOSTILE_STRINGS);
    default:
      return anyValue(random);
  }
}

/** A plausible object with one to three things wrong: a field broken, one missing, one unknown. */
export function mutated(schema: Schema, sources: Sources): unknown {
  const { random } = sources;
  if (typeOf(schema) !== 'object' || random.chance(0.1)) return anyValue(random);
  const value = plausible(schema, '', sources) as Record<string, unknown>;
  const fields = Object.entries(schema.properties ?? {});
  for (let round = random.int(1, 3); round > 0; round--) {
    const roll = random.next();
    if (roll < 0.6 && fields.length > 0) {
      const [key, child] = random.pick(fields);
      value[key] = broken(child, sources);
    } else if (roll < 0.8 && schema.required?.length) {
      delete value[random.pick(schema.required)];
    } else {
      value[random.pick(['tenant_id', 'role', 'id', 'user_id', 'unknown_field', '__proto__'])] =
        anyValue(random);
    }
  }
  return value;
}
