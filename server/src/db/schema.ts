import type { CustomFieldValues, DeviceFilters, DeviceStatus } from '@asbuilt/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The whole data model of both specification documents. Later features fill in behaviour;
 * every tenant, site and parent key is indexed.
 */

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
const discardedAt = timestamp('discarded_at', { withTimezone: true, mode: 'date' });

// The shapes of the jsonb columns are the domain's, shared with the web.
export type { DeviceFilters, DeviceStatus };

export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  tenant_status: boolean('tenant_status').notNull().default(true),
  /** The last ticket number handed out: tickets are numbered per tenant, never platform-wide. */
  ticket_counter: integer('ticket_counter').notNull().default(0),
  /** Stored files' quota in MB; null takes the server's default (STORAGE_QUOTA_MB). */
  storage_quota_mb: integer('storage_quota_mb'),
  /** Storage key of the integrator's logo (a sanitised image), printed on its handover packs. */
  logo_key: text('logo_key'),
  ...timestamps,
});

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    code: text('code'),
    /** The main type; the flags below let one company be several things at once. */
    company_type: text('company_type'),
    customer: boolean('customer').notNull().default(false),
    brand: boolean('brand').notNull().default(false),
    supplier: boolean('supplier').notNull().default(false),
    contractor: boolean('contractor').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('companies_tenant_idx').on(t.tenant_id)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** Always equal to the e-mail, lower case. */
    username: text('username').notNull(),
    email: text('email').notNull(),
    fname: text('fname').notNull().default(''),
    lname: text('lname').notNull().default(''),
    phone1: text('phone1'),
    phone2: text('phone2'),
    /** argon2id; null for an invited user who has not signed up yet. */
    password_hash: text('password_hash'),
    /** When the password last changed: a Login-as session opened before it by this user ends. */
    password_changed_at: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    role: integer('role').notNull().default(1),
    user_status: boolean('user_status').notNull().default(true),
    avatar: text('avatar'),
    /** en, fr or nl: the screens' and the mails' language. */
    language: text('language').notNull().default('en'),
    /** Mails about tickets (new ticket, assignment, new message); a switch of the profile page. */
    ticket_mails: boolean('ticket_mails').notNull().default(true),
    /** A new e-mail waiting for its confirmation link; the sign-in stays `email` until then. */
    pending_email: text('pending_email'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    index('users_tenant_idx').on(t.tenant_id),
    index('users_company_idx').on(t.company_id),
    check('users_language_check', sql`${t.language} in ('en', 'fr', 'nl')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    token_hash: text('token_hash').notNull(),
    /** Set when a Super Admin signed in as this user. */
    impersonator_id: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The last call made with it, to the minute or so: an idle session ends (SESSION_IDLE_HOURS). */
    last_seen_at: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ip: text('ip'),
    user_agent: text('user_agent'),
    ...timestamps,
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.token_hash), index('sessions_user_idx').on(t.user_id)],
);

/** Password-reset and invitation tokens: random, single use, stored hashed, expiring. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `email`: the confirmation of the user's `pending_email`. */
    kind: text('kind', { enum: ['reset', 'invite', 'email'] }).notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('user_tokens_token_key').on(t.token_hash), index('user_tokens_user_idx').on(t.user_id)],
);

/** Rate-limit counters live in the database so that every server instance shares them. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  reset_at: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Mails the SMTP server did not take, waiting for their next try (platform/mail-outbox.ts). They
 * carry password-reset and invitation links whose tokens are stored only hashed elsewhere, so the
 * message is sealed with the vault key: a database dump does not reveal a link.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** The message (to, subject, text, link) as vault ciphertext. */
    message_encrypted: text('message_encrypted').notNull(),
    /** Tries made so far, the first one included. */
    attempts: integer('attempts').notNull(),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The last refusal's error code, never the message's text. */
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_next_attempt_idx').on(t.next_attempt_at)],
);

export const procats = pgTable(
  'procats',
  {
    id: serial('id').primaryKey(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** Display name, derived from main/sub1/sub2/sub3. */
    name: text('name').notNull(),
    main: text('main').notNull(),
    sub1: text('sub1'),
    sub2: text('sub2'),
    sub3: text('sub3'),
    /** Patch panels, wall outlets: their products' front port N runs to rear port N. */
    passive: boolean('passive').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('procats_tenant_idx').on(t.tenant_id)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    procat_id: integer('procat_id').references(() => procats.id),
    brand_id: integer('brand_id').references(() => companies.id),
    preferred_supplier_id: integer('preferred_supplier_id').references(() => companies.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    image: text('image'),
    /** Storage key of the product's PDF datasheet, appended to handover packs that ask for it. */
    datasheet_key: text('datasheet_key'),
    /** The datasheet's file name as uploaded, offered when it is downloaded. */
    datasheet_name: text('datasheet_name'),
    product_model: text('product_model'),
    product_url: text('product_url'),
    product_status: boolean('product_status').notNull().default(true),
    power: real('power'),
    sku: text('sku'),
    upc: text('upc'),
    ean: text('ean'),
    description: text('description'),
    features: text('features'),
    height: real('height'),
    width: real('width'),
    depth: real('depth'),
    weight: real('weight'),
    rack_mounted: boolean('rack_mounted').notNull().default(false),
    rack_units: real('rack_units'),
    /** End of life (issue 44), shown on every device of the product. */
    end_of_sale: date('end_of_sale', { mode: 'string' }),
    end_of_support: date('end_of_support', { mode: 'string' }),
    discarded_at: discardedAt,
    ...timestamps,
  },
  (t) => [
    index('products_tenant_idx').on(t.tenant_id),
    index('products_procat_idx').on(t.procat_id),
    index('products_brand_idx').on(t.brand_id),
    index('products_supplier_idx').on(t.preferred_supplier_id),
  ],
);

export const interfaces = pgTable(
  'interfaces',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** input, output or bi-directional. */
    interface_type: text('interface_type'),
    terminal: text('terminal'),
    signal: text('signal'),
    label: text('label'),
    /** front or rear: a port whose cable runs on through the product (domain connections.ts). */
    pass_through: text('pass_through'),
    discarded_at: discardedAt,
    ...timestamps,
  },
  (t) => [index('interfaces_product_idx').on(t.product_id)],
);

export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    customer_id: integer('customer_id').references(() => companies.id),
    name: text('name').notNull(),
    image: text('image'),
    site_status: boolean('site_status').notNull().default(true),
    gps: text('gps'),
    country: text('country'),
    zip: text('zip'),
    city: text('city'),
    street: text('street'),
    street_number: text('street_number'),
    /** Ordered list of the site's device statuses (id, name, colour). */
    device_statuses: jsonb('device_statuses').$type<DeviceStatus[]>().notNull().default([]),
    /**
     * The last change on the site or anything on it (devices, floors, files...): the site list's
     * order. Apart from `updated_at`, which moves with the site's own fields only and is the
     * version a stale site form is refused by.
     */
    activity_at: timestamp('activity_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The last handover pack number handed out: packs are numbered per site, never platform-wide. */
    handover_counter: integer('handover_counter').notNull().default(0),
    /** Custom field values by field id (issue 43, schema-custom-fields.ts). */
    custom_fields: jsonb('custom_fields').$type<CustomFieldValues>().notNull().default({}),
    /** Tag ids, sorted, each once (issue 43, schema-tags.ts). */
    tags: integer('tags').array().notNull().default(sql`'{}'`),
    ...timestamps,
  },
  (t) => [
    index('sites_tenant_idx').on(t.tenant_id),
    index('sites_customer_idx').on(t.customer_id),
    index('sites_activity_idx').on(t.activity_at),
  ],
);

/**
 * How many statements have written a site's devices, and how many device rows they wrote: raised
 * by the database itself on every one, whichever code sent it (triggers of migrations 0010 and
 * 0011). The version is the key of the server's copy of the site's device list, and the rows
 * written since tell it whether to bring the copy up to date or write it again
 * (modules/devices/list-cache.ts). A table of its own, not a column of `sites`, so that a
 * transaction holding the site's row (a status renamed on every device) and a device edit never
 * wait on each other. No foreign key: a site's deletion deletes its devices, whose trigger must not
 * fail on the site gone; a trigger on `sites` deletes the site's row afterwards.
 */
export const siteDeviceVersions = pgTable('site_device_versions', {
  site_id: integer('site_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  written: bigint('written', { mode: 'number' }).notNull().default(0),
});

/** The companies a site lists as its contractors (spec: site.contractors, a list of company ids). */
export const siteContractors = pgTable(
  'site_contractors',
  {
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.site_id, t.company_id] }),
    index('site_contractors_company_idx').on(t.company_id),
  ],
);

export const siteAccesses = pgTable(
  'site_accesses',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviter_id: integer('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    user_role: integer('user_role').notNull(),
    /** `YYYY-MM-DD`; null means unlimited. */
    validity: date('validity', { mode: 'string' }),
    unlimited: boolean('unlimited').notNull().default(true),
    active: boolean('active').notNull().default(true),
    last_visit: timestamp('last_visit', { withTimezone: true, mode: 'date' }),
    device_filters: jsonb('device_filters').$type<DeviceFilters>().notNull().default({}),
    /** Visible device columns; empty means the defaults. */
    device_headers: jsonb('device_headers').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('site_accesses_site_user_key').on(t.site_id, t.user_id),
    index('site_accesses_user_idx').on(t.user_id),
    index('site_accesses_inviter_idx').on(t.inviter_id),
  ],
);

/**
 * Devices-page settings (filters, visible columns) of users who reach a site without a site access
 * record: tenant users of role 2+ (rule 3) and the Super Admin. Users with a record keep theirs on
 * the record, as the specification says; a record created later takes over.
 */
export const sitePreferences = pgTable(
  'site_preferences',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device_filters: jsonb('device_filters').$type<DeviceFilters>().notNull().default({}),
    device_headers: jsonb('device_headers').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('site_preferences_site_user_key').on(t.site_id, t.user_id),
    index('site_preferences_user_idx').on(t.user_id),
  ],
);

export const floors = pgTable(
  'floors',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code'),
    /** Storage key of the SVG floorplan; null means none. */
    svg: text('svg'),
    location_transform: text('location_transform'),
    ...timestamps,
  },
  (t) => [index('floors_site_idx').on(t.site_id)],
);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    floor_id: integer('floor_id')
      .notNull()
      .references(() => floors.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code'),
    location_type: text('location_type'),
    /** Space-separated `x,y` pairs, or null. */
    polygon: text('polygon'),
    /** Custom field values by field id (issue 43, schema-custom-fields.ts). */
    custom_fields: jsonb('custom_fields').$type<CustomFieldValues>().notNull().default({}),
    /** Tag ids, sorted, each once (issue 43, schema-tags.ts). */
    tags: integer('tags').array().notNull().default(sql`'{}'`),
    ...timestamps,
  },
  (t) => [index('locations_site_idx').on(t.site_id), index('locations_floor_idx').on(t.floor_id)],
);

export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    floor_id: integer('floor_id').references(() => floors.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code'),
    polygon: text('polygon'),
    ...timestamps,
  },
  (t) => [index('zones_site_idx').on(t.site_id), index('zones_floor_idx').on(t.floor_id)],
);

export const layers = pgTable(
  'layers',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code'),
    ...timestamps,
  },
  (t) => [index('layers_site_idx').on(t.site_id)],
);

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name'),
    code: text('code'),
    type: text('type'),
    sn: text('sn'),
    mac: text('mac'),
    ip: text('ip'),
    patch: text('patch'),
    port: text('port'),
    note: text('note'),
    purchase_date: date('purchase_date', { mode: 'string' }),
    warranty_expiration_date: date('warranty_expiration_date', { mode: 'string' }),
    /** Name of one of the site's device statuses. */
    status: text('status'),
    archived: boolean('archived').notNull().default(false),
    floor_id: integer('floor_id').references(() => floors.id, { onDelete: 'set null' }),
    location_id: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    zone_id: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    layer_id: integer('layer_id').references(() => layers.id, { onDelete: 'set null' }),
    supplier_id: integer('supplier_id').references(() => companies.id, { onDelete: 'set null' }),
    contractor_id: integer('contractor_id').references(() => companies.id, { onDelete: 'set null' }),
    on_plan: boolean('on_plan').notNull().default(false),
    /** Position on the floorplan, in plan units. */
    plan_x: real('plan_x'),
    plan_y: real('plan_y'),
    icon: text('icon'),
    /** A rack-mounted device's place: its rack, its lowest U (1 = bottom) and the face it is on. */
    rack_id: integer('rack_id').references((): AnyPgColumn => racks.id, { onDelete: 'set null' }),
    rack_u: integer('rack_u'),
    rack_face: text('rack_face'),
    /** Custom field values by field id (issue 43, schema-custom-fields.ts). */
    custom_fields: jsonb('custom_fields').$type<CustomFieldValues>().notNull().default({}),
    /** Tag ids, sorted, each once (issue 43, schema-tags.ts). */
    tags: integer('tags').array().notNull().default(sql`'{}'`),
    ...timestamps,
  },
  (t) => [
    index('devices_site_idx').on(t.site_id, t.archived),
    index('devices_rack_idx').on(t.rack_id),
    index('devices_product_idx').on(t.product_id),
    index('devices_floor_idx').on(t.floor_id),
    index('devices_location_idx').on(t.location_id),
    index('devices_zone_idx').on(t.zone_id),
    index('devices_layer_idx').on(t.layer_id),
    index('devices_supplier_idx').on(t.supplier_id),
    index('devices_contractor_idx').on(t.contractor_id),
  ],
);

/** A site's racks: where they stand, how many Us, how the Us are numbered. */
export const racks = pgTable(
  'racks',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    location_id: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    u_height: integer('u_height').notNull().default(42),
    /** bottom_up (1 at the bottom) or top_down. */
    numbering: text('numbering').notNull().default('bottom_up'),
    ...timestamps,
  },
  (t) => [index('racks_site_idx').on(t.site_id), index('racks_location_idx').on(t.location_id)],
);

/**
 * A site's cables. Each end is a device's port (an interface of its product) or a free label for
 * gear outside the site. A device's deletion takes its cables along; a code is unique per site.
 */
export const connections = pgTable(
  'connections',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    a_device_id: integer('a_device_id').references(() => devices.id, { onDelete: 'cascade' }),
    a_interface_id: integer('a_interface_id').references(() => interfaces.id, { onDelete: 'cascade' }),
    a_label: text('a_label'),
    b_device_id: integer('b_device_id').references(() => devices.id, { onDelete: 'cascade' }),
    b_interface_id: integer('b_interface_id').references(() => interfaces.id, { onDelete: 'cascade' }),
    b_label: text('b_label'),
    cable_type: text('cable_type'),
    length_m: real('length_m'),
    colour: text('colour'),
    /** planned, installed, tested or faulty. */
    status: text('status').notNull().default('planned'),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('connections_site_code_key').on(t.site_id, sql`lower(${t.code})`),
    index('connections_a_port_idx').on(t.a_device_id, t.a_interface_id),
    index('connections_b_port_idx').on(t.b_device_id, t.b_interface_id),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    fname: text('fname'),
    lname: text('lname'),
    email: text('email'),
    phone1: text('phone1'),
    phone2: text('phone2'),
    company_name: text('company_name'),
    job_description: text('job_description'),
    ...timestamps,
  },
  (t) => [
    index('contacts_site_idx').on(t.site_id),
    index('contacts_user_idx').on(t.user_id),
    index('contacts_company_idx').on(t.company_id),
  ],
);

export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Storage key; presented as a short-lived signed URL. */
    url: text('url').notNull(),
    filename: text('filename').notNull(),
    /** The uploaded file's own name: what Download saves it as. */
    original_filename: text('original_filename'),
    file_type: text('file_type').notNull(),
    size: integer('size'),
    /** A small JPEG of a picture, and a JPEG a browser can show of a HEIC photo. */
    thumb_key: text('thumb_key'),
    preview_key: text('preview_key'),
    /** Floor, Location or Device; null links the file to the site itself. */
    attachable_type: text('attachable_type'),
    attachable_id: integer('attachable_id'),
    /** Until when a certificate or a licence holds (issue 44). */
    valid_until: date('valid_until', { mode: 'string' }),
    /** Tag ids, sorted, each once (issue 43, schema-tags.ts). */
    tags: integer('tags').array().notNull().default(sql`'{}'`),
    ...timestamps,
  },
  (t) => [
    // A site's files newest first (the list's order, read backwards), and the site's own lookups.
    index('attachments_site_created_idx').on(t.site_id, t.created_at, t.id),
    index('attachments_attachable_idx').on(t.attachable_type, t.attachable_id),
  ],
);

export const secrets = pgTable(
  'secrets',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    device_id: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    url: text('url'),
    username: text('username'),
    /** AES-256-GCM: `v1:iv:tag:ciphertext` in base64; never stored or listed in clear. */
    password_encrypted: text('password_encrypted'),
    comment: text('comment'),
    level: text('level'),
    secretable_type: text('secretable_type'),
    secretable_id: integer('secretable_id'),
    private: boolean('private').notNull().default(false),
    /** Issue 44: the secret's expiry, and its rotation counted from the last password change. */
    expires_at: date('expires_at', { mode: 'string' }),
    rotate_every_days: integer('rotate_every_days'),
    password_changed_at: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('secrets_site_idx').on(t.site_id),
    index('secrets_device_idx').on(t.device_id),
    index('secrets_user_idx').on(t.user_id),
    index('secrets_secretable_idx').on(t.secretable_type, t.secretable_id),
  ],
);

export const activityLogs = pgTable(
  'activity_logs',
  {
    id: serial('id').primaryKey(),
    tenant_id: integer('tenant_id').references(() => tenants.id),
    site_id: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so a log still names its author after the user is gone. */
    user_name: text('user_name'),
    object_model: text('object_model').notNull(),
    object_id: integer('object_id'),
    object_name: text('object_name'),
    note: text('note').notNull(),
    /** What happened, as a code the web translates (LOG_ACTIONS); null on entries older than it. */
    action: text('action'),
    /** The numbers or names the action's words need, e.g. `{ devices: 3 }`. */
    params: jsonb('params').$type<Record<string, string | number>>(),
    parent_model: text('parent_model'),
    parent_id: integer('parent_id'),
    parent_name: text('parent_name'),
    /** `{ field: { from, to } }`: what changed (never a password or a secret). */
    changes: jsonb('changes').$type<Record<string, { from?: unknown; to?: unknown }>>(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_logs_tenant_idx').on(t.tenant_id, t.created_at),
    index('activity_logs_site_idx').on(t.site_id, t.created_at),
    index('activity_logs_user_idx').on(t.user_id),
    index('activity_logs_object_idx').on(t.object_model, t.object_id),
    index('activity_logs_parent_idx').on(t.parent_model, t.parent_id),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** The ticket's number within its tenant (tenants.ticket_counter). */
    number: integer('number').notNull(),
    site_id: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    device_id: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    zone_id: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    assigner_id: integer('assigner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    assignee_id: integer('assignee_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    ticket_status: text('ticket_status').notNull().default('open'),
    priority: text('priority').notNull().default('Low'),
    ticket_type: text('ticket_type'),
    subject: text('subject').notNull(),
    resolution: text('resolution'),
    due_date: date('due_date', { mode: 'string' }),
    response_due_date: date('response_due_date', { mode: 'string' }),
    total_time: integer('total_time'),
    /** 'portal' (a signed-in user) or 'visitor' (the public device page's problem report). */
    source: text('source').notNull().default('portal'),
    /** A visitor report's own name and e-mail (the visitor has no account). */
    reporter_name: text('reporter_name'),
    reporter_email: text('reporter_email'),
    discarded_at: discardedAt,
    ...timestamps,
  },
  (t) => [
    index('tickets_tenant_idx').on(t.tenant_id),
    uniqueIndex('tickets_tenant_number_key').on(t.tenant_id, t.number),
    index('tickets_site_idx').on(t.site_id),
    index('tickets_device_idx').on(t.device_id),
    index('tickets_zone_idx').on(t.zone_id),
    index('tickets_assigner_idx').on(t.assigner_id),
    index('tickets_assignee_idx').on(t.assignee_id),
    check('tickets_source_check', sql`${t.source} in ('portal', 'visitor')`),
  ],
);

/** Time spent on a ticket: minutes and a note; the ticket's `total_time` is their sum. */
export const ticketTimeEntries = pgTable(
  'ticket_time_entries',
  {
    id: serial('id').primaryKey(),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    minutes: integer('minutes').notNull(),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('ticket_time_entries_ticket_idx').on(t.ticket_id)],
);

/**
 * Files of a ticket: site attachments (the storage module's) linked to the ticket. A link table
 * rather than a new attachable type, so the site's file tree and link checks stay as they are.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    attachment_id: integer('attachment_id')
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ticket_id, t.attachment_id] }),
    index('ticket_attachments_attachment_idx').on(t.attachment_id),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    sender_id: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    recipient_id: integer('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    topic: text('topic'),
    title: text('title'),
    body: text('body').notNull(),
    messageable_type: text('messageable_type').notNull().default('Ticket'),
    messageable_id: integer('messageable_id').notNull(),
    ...timestamps,
  },
  (t) => [
    index('messages_tenant_idx').on(t.tenant_id),
    index('messages_messageable_idx').on(t.messageable_type, t.messageable_id),
    index('messages_sender_idx').on(t.sender_id),
    index('messages_recipient_idx').on(t.recipient_id),
  ],
);

/**
 * Upload slots the server handed out. A key can only be attached to an object once its bytes
 * have arrived and passed the content check (`verified_at`), whichever storage driver holds them.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    site_id: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    folder: text('folder').notNull(),
    filename: text('filename').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    verified_at: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    /** When an object first took the key; slots never attached are removed after a day. */
    attached_at: timestamp('attached_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('uploads_key_key').on(t.key),
    index('uploads_unattached_idx').on(t.created_at).where(sql`${t.attached_at} is null`),
    index('uploads_tenant_idx').on(t.tenant_id),
    index('uploads_site_idx').on(t.site_id),
    index('uploads_user_idx').on(t.user_id),
  ],
);

export const releaseNotes = pgTable(
  'release_notes',
  {
    id: serial('id').primaryKey(),
    version: text('version').notNull(),
    released_on: date('released_on', { mode: 'string' }),
    items: jsonb('items').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [uniqueIndex('release_notes_version_key').on(t.version)],
);

/**
 * A site's handover packs (issue 42): asked, made by a background job on one server, then kept
 * in the file storage under `storage_key`. `updated_at` is the job's heartbeat: a queued or
 * running pack whose heartbeat stopped belongs to a server that is gone.
 */
export const handoverPacks = pgTable(
  'handover_packs',
  {
    id: serial('id').primaryKey(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The pack's number within its site (sites.handover_counter), printed as `HP-00042`. */
    number: integer('number').notNull().default(0),
    /** queued, running, done or failed. */
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    step: text('step'),
    options: jsonb('options')
      .$type<{ sections: string[]; floor_ids: number[] | null; include_archived: boolean }>()
      .notNull(),
    format: text('format').notNull(),
    language: text('language').notNull(),
    storage_key: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    pages: integer('pages'),
    error_code: text('error_code'),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('handover_packs_site_created_idx').on(t.site_id, t.created_at),
    index('handover_packs_tenant_idx').on(t.tenant_id),
    index('handover_packs_user_idx').on(t.user_id),
    check('handover_packs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('handover_packs_format_check', sql`${t.format} in ('pdf', 'zip')`),
  ],
);

export * from './schema-custom-fields.ts';
export * from './schema-passkeys.ts';
export * from './schema-reminders.ts';
export * from './schema-sessions.ts';
export * from './schema-sso.ts';
export * from './schema-tags.ts';
export * from './schema-tasks.ts';
export * from './schema-tokens.ts';
export * from './schema-two-factor.ts';
export * from './schema-webhooks.ts';
