/**
 * Examples in the API's description (issue 45): every call's parameters, request body and
 * answers get one. The main calls have hand-written ones (the demo's "Demo HQ", its access point
 * AP-0.12…), laid over a value made from the schema, so that they name only what matters and
 * keep up with fields added later; every other call gets the made value alone. An example seen
 * on several calls (a device answered by its create, update and archive) is written once under
 * `components.examples`. client/test/examples-valid.test.ts checks each against its schema.
 */
import { SITE_DEVICE_COLUMNS } from '@asbuilt/domain';
import { exampleOf, isSubject, type Resolve, type Schema } from './openapi-example-values.ts';

type Examples = { query?: Record<string, unknown>; body?: unknown; answer?: unknown };

const DEMO_USER = {
  id: 7,
  username: 'sofie.janssens@example.com',
  email: 'sofie.janssens@example.com',
  fname: 'Sofie',
  lname: 'Janssens',
  role: 3,
  tenant_id: 2,
  tenant_name: 'Demo Integrator',
  company_id: null,
  avatar: null,
  language: 'nl',
};

const ACCESS_POINT = {
  id: 42,
  site_id: 3,
  product_id: 17,
  name: 'AP-0.12',
  code: 'AP-0.12',
  type: 'Access point',
  sn: 'FCD2219X0AB',
  mac: '24:5A:4C:1B:0F:3E',
  ip: '10.20.0.12',
  patch: 'PP-A1-12',
  port: 'Gi1/0/12',
  note: 'Ceiling mounted above the meeting room door',
  purchase_date: '2024-05-14',
  warranty_expiration_date: '2027-05-14',
  status: 'Installed',
  floor_id: 5,
  location_id: 12,
  on_plan: true,
  plan_x: 412.5,
  plan_y: 236,
  rack_id: null,
  rack_u: null,
  rack_face: null,
  tags: [1],
  custom_fields: { vlan: 20 },
  product: {
    id: 17,
    name: 'U6 Pro access point',
    product_model: 'U6-Pro',
    sku: 'U6-PRO',
    brand: { id: 4, name: 'Ubiquiti' },
    procat: { id: 6, name: 'Access points', main: 'Network', sub1: 'Wireless' },
  },
};

const TASK = {
  id: 19,
  site_id: 3,
  device_id: 42,
  location_id: null,
  target_name: 'AP-0.12',
  title: 'Firmware and PoE budget check',
  description: 'Update the firmware and check the switch port’s PoE budget.',
  interval: 1,
  interval_unit: 'years',
  next_due_date: '2026-06-30',
  checklist: ['Firmware up to date', 'Signal checked in the meeting room'],
};

const WEBHOOK = {
  id: 4,
  url: 'https://psa.example.com/hooks/asbuilt',
  description: 'Tickets in the PSA',
  events: ['device.created', 'device.updated'],
  site_ids: [3],
  enabled: true,
  failure_count: 0,
  disabled_reason: null,
};

/** The main calls' examples by operationId: partial values, laid over the ones made from the schema. */
export const HAND_WRITTEN: Record<string, Examples> = {
  postAdminUsersLogin: {
    body: { username: 'sofie.janssens@example.com', password: 'correct-horse-battery' },
    answer: { user: DEMO_USER, token: '3q2b9Xk0yTz7VwLs1cRf8pNh4mJd6gAe' },
  },
  getGlobalMe: {
    answer: { user: DEMO_USER, impersonator: null, login_as_enabled: false, two_factor: true },
  },
  getSiteIndex: {
    answer: {
      sites: [
        { id: 3, name: 'Demo HQ', city: 'Brussels', country: 'Belgium', permission: 3 },
        { id: 4, name: 'Demo Warehouse', city: 'Antwerp', country: 'Belgium', permission: 3 },
      ],
      tenant: { id: 2, name: 'Demo Integrator' },
      customers: [{ id: 11, name: 'Harbour Offices', code: 'HARB' }],
    },
  },
  getSiteSites: {
    query: { id: 3 },
    answer: {
      site: {
        id: 3,
        name: 'Demo HQ',
        street: 'Havenlaan',
        street_number: '12',
        zip: '1000',
        city: 'Brussels',
        country: 'Belgium',
        device_statuses: [
          { id: 1, name: 'Planned', color: '#9E9E9E', key: 'planned' },
          { id: 2, name: 'Installed', color: '#43A047', key: 'installed' },
          { id: 3, name: 'Faulty', color: '#E53935', key: 'faulty' },
        ],
      },
    },
  },
  getSiteRefreshDevices: {
    query: { id: 3 },
    answer: {
      devices: {
        columns: SITE_DEVICE_COLUMNS,
        rows: [
          [
            42,
            17,
            'AP-0.12',
            'Installed',
            5,
            12,
            null,
            2,
            8,
            9,
            'FCD2219X0AB',
            '24:5A:4C:1B:0F:3E',
            '10.20.0.12',
            'PP-A1-12',
            'Gi1/0/12',
            '2024-05-14',
            '2027-05-14',
            '2024-05-20T08:12:00.000Z',
            '2026-03-12T09:30:00.000Z',
            false,
            true,
            'AP-0.12',
            'Access point',
            'Ceiling mounted above the meeting room door',
            412.5,
            236,
            null,
            [1],
            { vlan: 20 },
          ],
        ],
      },
      device_products: [ACCESS_POINT.product],
    },
  },
  getSiteDevices: { query: { id: 42 }, answer: { device: ACCESS_POINT } },
  postSiteDevices: {
    body: {
      site_id: 3,
      product_id: 17,
      code: 'AP-0.12',
      name: 'AP-0.12',
      status: 'Installed',
      floor_id: 5,
      location_id: 12,
      sn: 'FCD2219X0AB',
      mac: '24:5A:4C:1B:0F:3E',
      ip: '10.20.0.12',
      warranty_expiration_date: '2027-05-14',
    },
    answer: { device: ACCESS_POINT },
  },
  putSiteDevices: {
    body: { id: 42, status: 'Faulty', ip: '10.20.0.13', updated_at: '2026-03-12T09:30:00.000Z' },
    answer: { device: { ...ACCESS_POINT, status: 'Faulty', ip: '10.20.0.13' } },
  },
  getGlobalSearch: {
    query: { q: '10.20.0.12', limit: 20 },
    answer: {
      results: [
        {
          type: 'device',
          id: 42,
          site_id: 3,
          title: 'AP-0.12',
          subtitle: 'Demo HQ · Ground floor · Server room 0.12',
          url: '/site/3/devices/42',
        },
      ],
      total: { device: 1, site: 0, location: 0, product: 0, contact: 0, ticket: 0, attachment: 0 },
    },
  },
  getGlobalMeTokens: {
    answer: {
      tokens: [
        {
          id: 6,
          name: 'Monitoring',
          prefix: 'asb_2hQf',
          scope: 'read_write',
          vault: false,
          site_ids: [3],
          expires_at: '2027-03-12T09:30:00.000Z',
          last_used_at: '2026-03-12T09:30:00.000Z',
          last_used_ip: '198.51.100.23',
        },
      ],
    },
  },
  postGlobalMeTokens: {
    body: { name: 'Monitoring', scope: 'read_write', expires_in_days: 365, site_ids: [3] },
    answer: { id: 6, token: 'asb_2hQfV9cR0x7LkPzT4mWb8YeN' },
  },
  deleteGlobalMeTokens: { query: { id: 6 } },
  getTenantWebhooks: { answer: { webhooks: [WEBHOOK] } },
  postTenantWebhooks: {
    body: {
      url: WEBHOOK.url,
      description: WEBHOOK.description,
      events: WEBHOOK.events,
      site_ids: [3],
      enabled: true,
    },
    answer: { webhook: WEBHOOK, secret: 'whsec_MfKQ9r8GbyqZ1x0Y7u6e5d4c3b2a' },
  },
  getTenantWebhooksDeliveries: {
    query: { webhook_id: 4, limit: 50, offset: 0 },
    answer: {
      deliveries: [
        {
          id: 301,
          event_id: 'msg_2Lq7dXc9Vb',
          event: 'device.updated',
          status: 'succeeded',
          attempt: 1,
          response_code: 200,
          response_excerpt: '{"received":true}',
          duration_ms: 184,
          next_attempt_at: null,
        },
      ],
      total: 1,
    },
  },
  getSiteTasks: { query: { site_id: 3 }, answer: { tasks: [TASK] } },
  postSiteTasks: {
    body: {
      site_id: 3,
      device_id: 42,
      title: TASK.title,
      description: TASK.description,
      interval: 1,
      interval_unit: 'years',
      next_due_date: '2026-06-30',
      checklist: TASK.checklist,
    },
    answer: { task: TASK },
  },
  getSiteDue: {
    query: { site_id: 3, days: 30 },
    answer: {
      items: [
        {
          kind: 'warranty',
          id: 42,
          title: 'AP-0.12',
          due_date: '2026-04-01',
          site_id: 3,
          object_type: 'device',
          object_id: 42,
          overdue: false,
        },
        {
          kind: 'task',
          id: 19,
          title: TASK.title,
          due_date: '2026-03-01',
          site_id: 3,
          object_type: 'device',
          object_id: 42,
          overdue: true,
        },
      ],
      sites: [{ id: 3, name: 'Demo HQ' }],
    },
  },
  postSiteHandover: {
    body: {
      site_id: 3,
      format: 'pdf',
      sections: ['summary', 'plans', 'devices', 'cables'],
      language: 'fr',
      include_archived: false,
    },
    answer: { id: 9, number: 'HO-2026-0007' },
  },
  getSiteHandover: {
    query: { site_id: 3 },
    answer: {
      packs: [
        {
          id: 9,
          site_id: 3,
          number: 'HO-2026-0007',
          status: 'done',
          progress: 100,
          step: null,
          format: 'pdf',
          options: {
            sections: ['summary', 'plans', 'devices', 'cables'],
            floor_ids: null,
            include_archived: false,
          },
          language: 'fr',
          size: 2_483_211,
          pages: 48,
          error_code: null,
          finished_at: '2026-03-12T09:31:12.000Z',
          user: { id: 7, name: 'Sofie Janssens' },
          url: 'https://asbuilt.example.com/api/files/tenants/2/sites/3/handover/HO-2026-0007.pdf',
        },
      ],
    },
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `written` laid over `made`: objects key by key, each array item over the made first item, the
 * rest as written. A key the schema lacks is kept, so the examples test names it.
 */
export function overlay(made: unknown, written: unknown): unknown {
  if (written === undefined) return made;
  if (isRecord(made) && isRecord(written)) {
    const result: Record<string, unknown> = { ...made };
    for (const [key, value] of Object.entries(written)) result[key] = overlay(made[key], value);
    return result;
  }
  if (Array.isArray(made) && Array.isArray(written)) {
    return written.map((item) => (isRecord(item) && isRecord(made[0]) ? overlay(made[0], item) : item));
  }
  return written;
}

type Parameter = { name: string; in: string; schema?: Schema; example?: unknown };
type MediaType = { schema?: Schema; example?: unknown; examples?: Record<string, { $ref: string }> };
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
};
type Document = { paths?: unknown; components?: unknown };
type Components = { schemas?: Record<string, Schema>; examples?: Record<string, unknown> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const JSON_TYPE = 'application/json';

/** What each refusal status typically answers: real codes of the domain's catalogue. */
const REFUSALS: Record<string, { error: string; code: string }> = {
  '400': { error: 'Name is required', code: 'field_required' },
  '401': { error: 'Please sign in', code: 'sign_in_required' },
  '403': { error: 'You are not allowed to do this', code: 'not_allowed' },
  '404': { error: 'Site not found', code: 'site_not_found' },
  '409': {
    error: 'Someone else changed this since you opened it: reload to see their change, then make yours again',
    code: 'changed_since_read',
  },
  '429': { error: 'Too many attempts; please wait a few minutes and try again', code: 'too_many_attempts' },
};
/** Examples shorter than this stay where they are: a reference would be longer. */
const SHARED_FROM = 80;

/**
 * What a call's top-level fields describe, from its path: the `name` and `id` sent to
 * `/api/site/racks` are a rack's, those of `/api/site/devices/bulk` a device's.
 */
function subjectOf(path: string): string {
  const words = path.split('/').filter((word) => word && !word.startsWith('{'));
  return words.reverse().find((word) => isSubject(word)) ?? '';
}

/** The document with an example on every parameter, JSON request body and JSON 2xx answer. */
export function withExamples<D extends Document>(document: D): D {
  const components = (document.components ?? {}) as Components;
  const schemas = components.schemas ?? {};
  const resolve: Resolve = (ref) => schemas[ref.replace('#/components/schemas/', '')];
  const placed: Array<{ media: MediaType; name: string; text: string }> = [];
  for (const [path, item] of Object.entries(
    (document.paths ?? {}) as Record<string, Record<string, Operation>>,
  )) {
    const subject = subjectOf(path);
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const id = operation.operationId ?? '';
      const written = HAND_WRITTEN[id] ?? {};
      for (const parameter of operation.parameters ?? []) {
        if (!parameter.schema) continue;
        const made = exampleOf(parameter.schema, resolve, parameter.name, subject);
        parameter.example = overlay(made, written.query?.[parameter.name]);
      }
      const body = operation.requestBody?.content?.[JSON_TYPE];
      if (body?.schema) {
        const value = overlay(exampleOf(body.schema, resolve, subject), written.body);
        placed.push({ media: body, name: `${id}Body`, text: JSON.stringify(value) });
      }
      for (const [code, response] of Object.entries(operation.responses ?? {})) {
        const answer = response.content?.[JSON_TYPE];
        if (!code.startsWith('2') || !answer?.schema) continue;
        const value = overlay(exampleOf(answer.schema, resolve, subject), written.answer);
        placed.push({
          media: answer,
          name: `${id}Answer${code === '200' ? '' : code}`,
          text: JSON.stringify(value),
        });
      }
    }
  }
  const counts = new Map<string, number>();
  for (const { text } of placed) counts.set(text, (counts.get(text) ?? 0) + 1);
  const shared = new Map<string, string>();
  const examples: Record<string, unknown> = { ...components.examples };
  for (const { media, name, text } of placed) {
    if ((counts.get(text) ?? 0) < 2 || text.length < SHARED_FROM) {
      media.example = JSON.parse(text);
      continue;
    }
    let key = shared.get(text);
    if (!key) {
      key = name;
      shared.set(text, key);
      examples[key] = { value: JSON.parse(text) };
    }
    media.examples = { example: { $ref: `#/components/examples/${key}` } };
  }
  const error = schemas.Error;
  if (error) error.example = REFUSALS['404'] as never;
  // A refusal's example says what that status means, referred to once per status.
  let refused = false;
  for (const item of Object.values(document.paths ?? {}) as Array<Record<string, Operation>>) {
    for (const operation of Object.values(item)) {
      for (const [code, response] of Object.entries(operation?.responses ?? {})) {
        const media = response.content?.[JSON_TYPE];
        if (!media || !(code in REFUSALS)) continue;
        media.examples = { example: { $ref: `#/components/examples/Refusal${code}` } };
        refused = true;
      }
    }
  }
  if (refused) {
    for (const [code, value] of Object.entries(REFUSALS)) examples[`Refusal${code}`] = { value };
  }
  return {
    ...document,
    components: { ...components, ...(shared.size || refused ? { examples } : {}) },
  };
}
