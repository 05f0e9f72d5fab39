import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from './schema.ts';

/**
 * Tenant-wide tags (issue 43). Objects (devices, sites, locations, attachments) hold the ids of
 * their tags in their own `tags` column (migration 0019 says why); a tag's name is unique in its
 * tenant whatever its case, its colour is `#rrggbb`.
 */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('tags_tenant_name_key').on(t.tenant_id, sql`lower(${t.name})`),
    check('tags_color_check', sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);
