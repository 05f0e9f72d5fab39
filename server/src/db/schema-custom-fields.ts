import type { CustomFieldTarget, CustomFieldType, CustomFieldValue, Language } from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from './schema.ts';

/**
 * A tenant's custom fields (issue 43, migration 0018). Objects hold their values in their own
 * `custom_fields` jsonb column keyed by the field's id, so a rename never touches them.
 */
export const customFields = pgTable(
  'custom_fields',
  {
    id: serial('id').primaryKey(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    labels: jsonb('labels').$type<Partial<Record<Language, string>>>().notNull().default({}),
    type: text('type').$type<CustomFieldType>().notNull(),
    applies_to: text('applies_to').$type<CustomFieldTarget>().notNull(),
    /** Devices only: the product categories it applies to; empty means every device. */
    procat_ids: integer('procat_ids').array().notNull().default(sql`'{}'`),
    required: boolean('required').notNull().default(false),
    default: jsonb('default').$type<CustomFieldValue | null>(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [uniqueIndex('custom_fields_tenant_name_key').on(t.tenant_id, t.applies_to, sql`lower(${t.name})`)],
);
export type CustomFieldRow = typeof customFields.$inferSelect;
