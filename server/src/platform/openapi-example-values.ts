/**
 * Example values made from a JSON schema of the API's description (issue 45), for the calls
 * nobody wrote an example for. Field names choose plausible values (an `email`, a `*_at`
 * date-time, a `mac`, an `ip`…), so that an example reads like building documentation rather
 * than `"string"`. Deterministic: the description is committed, and a changing example would show
 * as drift.
 */

export type Schema = {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
  example?: unknown;
};

/** Finds a `#/components/schemas/…` schema. */
export type Resolve = (ref: string) => Schema | undefined;

const DATE_TIME = '2026-03-12T09:30:00.000Z';
const DATE = '2026-03-12';
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
/** Beyond this depth a schema is answered by its simplest value: the description stays small. */
const MAX_DEPTH = 8;

/** Ids that read as the demo's: a site, a device and its product are not all `1`. */
const IDS: Record<string, number> = {
  tenant: 2,
  site: 3,
  floor: 5,
  location: 12,
  zone: 4,
  layer: 2,
  device: 42,
  product: 17,
  brand: 4,
  procat: 6,
  company: 8,
  supplier: 8,
  contractor: 9,
  customer: 11,
  user: 7,
  assignee: 7,
  contact: 21,
  ticket: 31,
  attachment: 15,
  secret: 13,
  rack: 3,
  connection: 27,
  interface: 2,
  webhook: 4,
  task: 19,
  token: 6,
};

/** Words for a `name` (or `title`) by the object it names, the parent property's name. */
const NAMES: Record<string, string> = {
  site: 'Demo HQ',
  sites: 'Demo HQ',
  tenant: 'Demo Integrator',
  floor: 'Ground floor',
  floors: 'Ground floor',
  location: 'Server room 0.12',
  locations: 'Server room 0.12',
  zone: 'Reception',
  zones: 'Reception',
  layer: 'Network',
  layers: 'Network',
  device: 'AP-0.12',
  devices: 'AP-0.12',
  product: 'Wi-Fi 6 access point',
  products: 'Wi-Fi 6 access point',
  device_products: 'Wi-Fi 6 access point',
  brand: 'Ubiquiti',
  procat: 'Access points',
  procats: 'Access points',
  company: 'Elektro Peeters',
  companies: 'Elektro Peeters',
  customer: 'Harbour Offices',
  customers: 'Harbour Offices',
  contact: 'Sofie Janssens',
  contacts: 'Sofie Janssens',
  rack: 'Rack A1',
  racks: 'Rack A1',
  tag: 'Critical',
  tags: 'Critical',
  token: 'Monitoring',
  tokens: 'Monitoring',
  secret: 'Switch admin',
  secrets: 'Switch admin',
  attachment: 'As-built plan',
  attachments: 'As-built plan',
  ticket: 'Access point offline',
  tickets: 'Access point offline',
  task: 'Yearly firmware check',
  tasks: 'Yearly firmware check',
  webhook: 'PSA tickets',
  webhooks: 'PSA tickets',
  users: 'Sofie Janssens',
  user: 'Sofie Janssens',
};

/** A `code` by the object it identifies, the parent property's name. */
const CODES: Record<string, string> = {
  device: 'AP-0.12',
  devices: 'AP-0.12',
  floor: 'GF',
  floors: 'GF',
  location: '0.12',
  locations: '0.12',
  zone: 'Z-REC',
  zones: 'Z-REC',
  layer: 'NET',
  layers: 'NET',
  company: 'EP',
  companies: 'EP',
  customer: 'HARB',
  customers: 'HARB',
  site: 'HQ',
  sites: 'HQ',
};

/** Whether a word names a kind of object whose fields read differently (a site's name, a rack's id). */
export const isSubject = (word: string): boolean => word in NAMES;

/** Strings by field name, checked before the suffix rules below. */
const WORDS: Record<string, string> = {
  email: 'sofie.janssens@example.com',
  username: 'sofie.janssens@example.com',
  pending_email: 'sofie.j@example.com',
  password: 'correct-horse-battery',
  current_password: 'correct-horse-battery',
  new_password: 'a-longer-new-passphrase',
  fname: 'Sofie',
  lname: 'Janssens',
  first_name: 'Sofie',
  last_name: 'Janssens',
  phone: '+32 2 123 45 67',
  phone1: '+32 2 123 45 67',
  phone2: '+32 470 12 34 56',
  mobile: '+32 470 12 34 56',
  mac: '24:5A:4C:1B:0F:3E',
  ip: '10.20.0.12',
  last_used_ip: '198.51.100.23',
  sn: 'FCD2219X0AB',
  serial: 'FCD2219X0AB',
  code: 'AP-0.12',
  status: 'Installed',
  patch: 'PP-A1-12',
  port: 'Gi1/0/12',
  type: 'Access point',
  note: 'Ceiling mounted above the meeting room door',
  comment: 'Ceiling mounted above the meeting room door',
  description: 'Ceiling mounted above the meeting room door',
  message: 'The access point on the ground floor no longer answers.',
  body: 'The access point on the ground floor no longer answers.',
  subject: 'Access point offline',
  address: 'Havenlaan 12',
  street: 'Havenlaan 12',
  city: 'Brussels',
  zip: '1000',
  postcode: '1000',
  country: 'Belgium',
  language: 'en',
  locale: 'en',
  gps: '50.8503,4.3517',
  color: '#1E88E5',
  colour: '#1E88E5',
  icon: 'wifi',
  token: 'asb_2hQfV9cR0x7LkPzT4mWb8YeN',
  secret: 'whsec_MfKQ9r8GbyqZ1x0Y7u6e5d4c3b2a',
  prefix: 'asb_2hQf',
  challenge: 'c2lnbmVkLWNoYWxsZW5nZQ',
  hash: 'ZGV2aWNlLTQy.sig',
  public_hash: 'ZGV2aWNlLTQy.sig',
  key: 'tenants/2/sites/3/attachments/as-built-plan.pdf',
  filename: 'as-built-plan.pdf',
  file_name: 'as-built-plan.pdf',
  content_type: 'application/pdf',
  mime: 'application/pdf',
  q: 'AP-0.12',
  query: 'AP-0.12',
  search: 'AP-0.12',
  sku: 'U6-PRO',
  product_model: 'U6-Pro',
  model: 'U6-Pro',
  main: 'Network',
  datasheet_name: 'U6-Pro datasheet.pdf',
  target_name: 'AP-0.12',
  sub1: 'Wireless',
  number: 'HO-2026-0007',
  event: 'device.updated',
  method: 'PUT',
  svg: 'tenants/2/sites/3/floorplans/ground-floor.svg',
  image: 'tenants/2/products/u6-pro.png',
  avatar: 'tenants/2/users/sofie.png',
  logo: 'tenants/2/logo.png',
};

/** What an `…_id` or `id` field holds: the demo's id of that kind, else 1. */
function idOf(name: string, parent: string): number {
  const kind = name === 'id' ? parent.replace(/s$/, '') : name.replace(/_ids?$/, '');
  return IDS[kind] ?? IDS[kind.replace(/^.*_/, '')] ?? 1;
}

function numberOf(schema: Schema, name: string, parent: string): number {
  let value: number;
  if (name === 'id' || /_id$/.test(name)) value = idOf(name, parent);
  else if (name === 'ids') value = idOf('id', parent);
  else if (/^(limit|per_page)$/.test(name)) value = 20;
  else if (/^(offset|page_offset)$/.test(name)) value = 0;
  else if (/^(role)$/.test(name)) value = 3;
  else if (/permission|level/.test(name)) value = 3;
  else if (/^(days|expires_in_days|interval)$/.test(name)) value = 30;
  else if (/^plan_[xy]$/.test(name)) value = name === 'plan_x' ? 412.5 : 236;
  else if (/^(lat|latitude)$/.test(name)) value = 50.8503;
  else if (/^(lng|lon|longitude)$/.test(name)) value = 4.3517;
  else if (/size|bytes/.test(name)) value = 248_320;
  else if (/duration_ms/.test(name)) value = 184;
  else if (/response_code|status_code/.test(name)) value = 200;
  else if (/rack_u|^u$|position/.test(name)) value = 12;
  else if (/progress|percent/.test(name)) value = 100;
  else value = 1;
  if (schema.type === 'integer') value = Math.round(value);
  const floor = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.minimum;
  const exclusive = schema.exclusiveMinimum === true || typeof schema.exclusiveMinimum === 'number';
  if (floor !== undefined && (value < floor || (exclusive && value === floor))) {
    value = exclusive ? floor + 1 : floor;
  }
  if (schema.maximum !== undefined && value > schema.maximum) value = schema.maximum;
  return value;
}

function stringOf(schema: Schema, name: string, parent: string): string {
  let value: string;
  if (schema.format === 'date-time' || /_at$/.test(name) || /^(at|time|occurred_at)$/.test(name))
    value = DATE_TIME;
  else if (
    schema.pattern === DATE_PATTERN ||
    /(_date|^date|_until|^validity|^due|^end_of_s\w+)$/.test(name)
  ) {
    value = DATE;
  } else if (schema.pattern?.startsWith('^#')) value = '#1E88E5';
  else if (schema.format === 'email' || /email/.test(name)) value = WORDS.email!;
  else if (name === 'code' && parent in CODES) value = CODES[parent]!;
  else if (name in WORDS) value = WORDS[name]!;
  else if ((name === 'name' || name === 'title' || name === 'label') && parent in NAMES)
    value = NAMES[parent]!;
  else if (/^(name|title|label)$/.test(name)) value = 'Demo HQ';
  else if (/_name$/.test(name)) value = NAMES[name.replace(/_name$/, '')] ?? 'Sofie Janssens';
  else if (/url$|^href$|^link$/.test(name))
    value = `https://asbuilt.example.com/${name.replace(/_?url$/, '') || 'files'}`;
  else if (/(^|_)ip$/.test(name)) value = WORDS.ip!;
  else if (/(^|_)mac$/.test(name)) value = WORDS.mac!;
  else if (/(^|_)(sn|serial)$/.test(name)) value = WORDS.sn!;
  else if (/_code$/.test(name) && name.replace(/_code$/, '') in CODES)
    value = CODES[name.replace(/_code$/, '')]!;
  else if (/phone/.test(name)) value = WORDS.phone!;
  else if (/(^|_)(key|file)$/.test(name)) value = WORDS.key!;
  else value = name ? name.replace(/_/g, ' ') : 'text';
  if (schema.minLength !== undefined && value.length < schema.minLength)
    value = value.padEnd(schema.minLength, 'x');
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    value = value.slice(0, schema.maxLength);
  return value;
}

/** The options of a union (zod writes tuples and nullables as `anyOf` too). */
const optionsOf = (schema: Schema): Schema[] | undefined => schema.anyOf ?? schema.oneOf;

/** One option of a union: the first that is not the empty or null one. */
function optionOf(options: Schema[]): Schema {
  return options.find((option) => option.type !== 'null' && Object.keys(option).length > 0) ?? options[0]!;
}

/**
 * A value of `schema` for a field called `name` inside an object that its parent names `parent`.
 * Objects get their required fields, and their optional ones too when they have few fields (a
 * 30-field device update shows what it must send, not every field it may).
 */
export function exampleOf(schema: Schema, resolve: Resolve, name = '', parent = '', depth = 0): unknown {
  if (schema.$ref) {
    const target = resolve(schema.$ref);
    return target ? exampleOf(target, resolve, name, parent, depth) : null;
  }
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const options = optionsOf(schema);
  if (options?.length) return exampleOf(optionOf(options), resolve, name, parent, depth);
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((part) => exampleOf(part, resolve, name, parent, depth)));
  }
  const type = schema.type ?? guessType(schema, name);
  switch (type) {
    case 'object':
      return objectOf(schema, resolve, name, depth);
    case 'array':
      return arrayOf(schema, resolve, name, parent, depth);
    case 'integer':
    case 'number':
      return numberOf(schema, name, parent);
    case 'boolean':
      return /^(enabled|active|site_status|user_status|on_plan|include_archived)$/.test(name);
    case 'null':
      return null;
    default:
      return stringOf(schema, name, parent);
  }
}

/** A schema that says nothing (zod's preprocessed ids come out as `{}`): its name tells. */
function guessType(schema: Schema, name: string): string {
  if (schema.properties || schema.additionalProperties) return 'object';
  if (schema.items) return 'array';
  if (name === 'id' || /_id$/.test(name)) return 'integer';
  if (/_ids$/.test(name)) return 'array';
  return 'string';
}

/** Requests whose objects have more fields than this list the required ones only. */
const FEW = 8;

function objectOf(schema: Schema, resolve: Resolve, name: string, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (depth > MAX_DEPTH) return result;
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const keys = Object.keys(properties);
  const all = keys.length <= FEW || required.size === 0 || keys.every((key) => required.has(key));
  for (const key of keys) {
    if (!all && !required.has(key)) continue;
    result[key] = exampleOf(properties[key]!, resolve, key, name, depth + 1);
  }
  // A record with named keys (search's `total` by kind): each required key gets a value.
  const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const key of required) {
    if (!(key in result)) result[key] = extra ? exampleOf(extra, resolve, key, name, depth + 1) : null;
  }
  return tableOf(properties, result, resolve, name, depth) ?? result;
}

/**
 * A table answered as `{ columns, rows }` (a site's device list), whose columns name each row's
 * cells: every column, and a row whose cells read as the columns they are in.
 */
function tableOf(
  properties: Record<string, Schema>,
  made: Record<string, unknown>,
  resolve: Resolve,
  name: string,
  depth: number,
): Record<string, unknown> | undefined {
  const columns = properties.columns?.items?.enum;
  const cells = optionsOf(properties.rows?.items?.items ?? {});
  if (!columns || !cells || columns.length !== cells.length) return undefined;
  const row = cells.map((cell, index) => exampleOf(cell, resolve, String(columns[index]), name, depth + 2));
  return { ...made, columns, rows: [row] };
}

function arrayOf(schema: Schema, resolve: Resolve, name: string, parent: string, depth: number): unknown[] {
  const items = schema.items ?? {};
  const options = optionsOf(items);
  // A tuple (zod writes `[a, b, c]` as `anyOf` items of a fixed length): each place its own type.
  if (options && schema.minItems === options.length && schema.maxItems === options.length) {
    return options.map((option) => exampleOf(option, resolve, '', name, depth + 1));
  }
  if (depth > MAX_DEPTH) return [];
  const count = Math.max(1, schema.minItems ?? 0);
  // `site_ids` holds site ids; `sites` holds objects whose fields read as a site's.
  const itemName = /_ids$/.test(name) ? name.replace(/s$/, '') : name;
  const item = exampleOf(items, resolve, itemName, parent, depth + 1);
  return Array.from({ length: count }, () => item);
}
