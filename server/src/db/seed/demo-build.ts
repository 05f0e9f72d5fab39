import type { LogAction } from '@asbuilt/domain';
import { secretBinding } from '../../platform/vault.ts';
import type {
  activityLogs,
  attachments,
  contacts,
  devices,
  floors,
  layers,
  locations,
  messages,
  secrets,
  siteAccesses,
  siteContractors,
  sites,
  tickets,
  zones,
} from '../schema.ts';
import {
  CATEGORIES,
  type Catalogue,
  type CatalogueProduct,
  type CategoryDef,
  type LayerCode,
} from './demo-catalogue.ts';
import { cabinetPhoto, minimalPdf, siteSvg } from './demo-files.ts';
import {
  escapeXml,
  floorplanSvg,
  layoutFloor,
  type PlannedRoom,
  type PlannedZone,
  pointInRect,
  rectContains,
  rectPolygon,
} from './demo-plans.ts';
import {
  addYears,
  allocate,
  createRng,
  dayNumber,
  dayString,
  formatMac,
  type Rng,
  seedFromText,
  slugify,
} from './demo-random.ts';
import {
  type AttachmentSpec,
  DEMO_SITES,
  DEMO_STATUSES,
  DEVICE_NOTES,
  type DemoCompany,
  LAYER_NAMES,
  type LinkRef,
  type SiteSpec,
} from './demo-sites.ts';
import type { DemoFile } from './demo-support.ts';

/**
 * Builds every row of the demo sites in memory (no database access), so the whole demo can be
 * inserted with one statement per table and checked by unit tests.
 */

export type ReservedTable =
  | 'sites'
  | 'floors'
  | 'locations'
  | 'zones'
  | 'layers'
  | 'devices'
  | 'attachments'
  | 'secrets'
  | 'tickets';

export const RESERVED_TABLES: readonly ReservedTable[] = [
  'sites',
  'floors',
  'locations',
  'zones',
  'layers',
  'devices',
  'attachments',
  'secrets',
  'tickets',
];

export interface SeedUser {
  id: number;
  email: string;
  tenant: number;
  fname: string;
  lname: string;
  phone1: string;
}

export interface SeedCompany extends DemoCompany {
  id: number;
}

export interface BuildInput {
  catalogue: Catalogue;
  users: Map<string, SeedUser>;
  companies: Map<string, SeedCompany>;
  /** Seals a password bound to its secret (platform/vault.ts secretBinding). */
  encrypt: (plain: string, binding: string) => string;
  /** Log dates are counted back from this instant. */
  now: Date;
  sites?: readonly SiteSpec[];
}

export interface SiteRows {
  sites: (typeof sites.$inferInsert)[];
  siteContractors: (typeof siteContractors.$inferInsert)[];
  floors: (typeof floors.$inferInsert)[];
  locations: (typeof locations.$inferInsert)[];
  zones: (typeof zones.$inferInsert)[];
  layers: (typeof layers.$inferInsert)[];
  devices: (typeof devices.$inferInsert)[];
  contacts: (typeof contacts.$inferInsert)[];
  attachments: (typeof attachments.$inferInsert)[];
  secrets: (typeof secrets.$inferInsert)[];
  siteAccesses: (typeof siteAccesses.$inferInsert)[];
  activityLogs: (typeof activityLogs.$inferInsert)[];
  tickets: (typeof tickets.$inferInsert)[];
  messages: (typeof messages.$inferInsert)[];
  files: DemoFile[];
}

/** How many ids of each reserved table the demo sites need. */
export function reservedCounts(specs: readonly SiteSpec[] = DEMO_SITES): Record<ReservedTable, number> {
  const sum = (f: (s: SiteSpec) => number) => specs.reduce((acc, s) => acc + f(s), 0);
  return {
    sites: specs.length,
    floors: sum((s) => s.floors.length),
    locations: sum((s) => s.floors.reduce((acc, f) => acc + f.top.length + f.bottom.length + 1, 0)),
    zones: sum((s) => s.floors.reduce((acc, f) => acc + f.zones.length, 0)),
    layers: sum((s) => s.layers.length),
    devices: sum((s) => s.devices),
    attachments: sum((s) => s.attachments.length),
    secrets: sum((s) => s.secrets.length),
    tickets: TICKET_COUNT,
  };
}

const TICKET_COUNT = 2;
const VLAN: Record<LayerCode, number> = { NET: 10, SEC: 20, AV: 30, BMS: 40 };

interface BuiltRoom {
  id: number;
  floorId: number;
  floorIndex: number;
  floorName: string;
  room: PlannedRoom;
}

interface BuiltZone {
  id: number;
  floorId: number;
  zone: PlannedZone;
}

interface BuiltDevice {
  id: number;
  code: string;
  category: CategoryDef;
  product: CatalogueProduct;
  room: BuiltRoom | null;
  floorId: number;
  archived: boolean;
  status: string | null;
  ip: string | null;
}

interface BuiltSite {
  id: number;
  spec: SiteSpec;
  floors: { id: number; name: string }[];
  rooms: BuiltRoom[];
  zones: BuiltZone[];
  devices: BuiltDevice[];
  attachments: { id: number; filename: string; type: string | null; parentName: string }[];
  secrets: { id: number; name: string; private: boolean }[];
}

function userName(user: SeedUser): string {
  return `${user.fname} ${user.lname}`;
}

function mustGet<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo data: unknown ${what} ${String(key)}`);
  return value;
}

/** The integrator-level user who owns a tenant's demo content. */
function tenantLead(input: BuildInput, tenant: number): SeedUser {
  const email = tenant === 2 ? 'integrator@asbuilt.demo' : 'other@asbuilt.demo';
  return mustGet(input.users, email, 'user');
}

function pickStatus(rng: Rng): string | null {
  const roll = rng.next();
  if (roll < 0.56) return 'Commissioned';
  if (roll < 0.76) return 'Installed';
  if (roll < 0.88) return 'Planned';
  if (roll < 0.94) return 'Faulty';
  return null;
}

function buildDevices(
  spec: SiteSpec,
  site: BuiltSite,
  input: BuildInput,
  next: (table: ReservedTable) => number,
  rng: Rng,
  macs: Set<string>,
  layerIds: Map<LayerCode, number>,
  out: SiteRows,
): void {
  const counts = allocate(spec.mix, spec.devices);
  const suppliers = [...input.companies.values()].filter(
    (c) => c.tenant === spec.tenant && c.kind === 'Supplier',
  );
  const contractors = spec.contractors.map((code) => mustGet(input.companies, code, 'company'));
  const codeCounter = new Map<string, number>();
  const hostCounter = new Map<number, number>();
  const patchCounter = new Map<number, number>();
  const plan: { category: CategoryDef }[] = [];
  for (const category of CATEGORIES) {
    for (let i = 0; i < (counts.get(category.key) ?? 0); i++) plan.push({ category });
  }
  // Archived devices come from categories with several devices, so links to "the switch" resolve.
  const archivable = plan
    .map((item, index) => ({ index, many: (counts.get(item.category.key) ?? 0) >= 3 }))
    .filter((item) => item.many)
    .map((item) => item.index);
  const archived = new Set(rng.shuffle(archivable).slice(0, spec.archived));
  const indoor = site.rooms.filter((r) => r.room.role !== 'outdoor' && r.room.role !== 'corridor');

  plan.forEach(({ category }, index) => {
    const id = next('devices');
    const candidates = mustGet(input.catalogue.byCategory, category.key, 'category');
    const preferred = candidates.filter((p) => (spec.brands as string[]).includes(p.brand.code));
    const product = rng.pick(preferred.length > 0 ? preferred : candidates);
    const number = (codeCounter.get(category.code) ?? 0) + 1;
    codeCounter.set(category.code, number);
    const code = `${spec.code}-${category.code}-${String(number).padStart(3, '0')}`;

    const fitting = site.rooms.filter((r) => category.rooms.includes(r.room.role));
    const withoutLocation = !archived.has(index) && rng.chance(0.03);
    const room = withoutLocation ? null : rng.pick(fitting.length > 0 ? fitting : indoor);
    const floorId = room ? room.floorId : rng.pick(site.floors).id;
    const isArchived = archived.has(index);
    const status = isArchived ? 'Removed' : pickStatus(rng);
    const planned = status === 'Planned';

    let planX: number | null = null;
    let planY: number | null = null;
    let onPlan = false;
    if (room && !isArchived && rng.chance(0.9)) {
      const point = pointInRect(rng, room.room.rect, 18);
      planX = point.x;
      planY = point.y;
      onPlan = true;
    }
    let zoneId: number | null = null;
    if (room && rng.chance(0.8)) {
      const x = planX ?? room.room.rect.x + room.room.rect.w / 2;
      const y = planY ?? room.room.rect.y + room.room.rect.h / 2;
      const zone = site.zones.find((z) => z.floorId === room.floorId && rectContains(z.zone.rect, x, y));
      zoneId = zone?.id ?? null;
    }

    let mac: string | null = null;
    let ip: string | null = null;
    let patch: string | null = null;
    let port: string | null = null;
    if (category.networked && !planned) {
      do {
        mac = formatMac(product.brand.oui, [rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)]);
      } while (macs.has(mac));
      macs.add(mac);
      const vlan = VLAN[category.layer];
      const host = (hostCounter.get(vlan) ?? 10) + 1;
      hostCounter.set(vlan, host);
      ip = `10.${spec.subnet}.${vlan}.${host}`;
      if (category.key !== 'switch' && category.key !== 'firewall' && rng.chance(0.65)) {
        const floorIndex = room?.floorIndex ?? 0;
        const n = (patchCounter.get(floorIndex) ?? 0) + 1;
        patchCounter.set(floorIndex, n);
        patch = `PP${floorIndex + 1}-${String(n).padStart(2, '0')}`;
        port = `Gi${floorIndex + 1}/0/${n}`;
      }
    }

    let purchase: string | null = null;
    let warranty: string | null = null;
    if (!planned && rng.chance(0.85)) {
      purchase = dayString(rng.int(dayNumber('2021-03-01'), dayNumber('2025-11-28')));
      if (rng.chance(0.85)) warranty = addYears(purchase, rng.pick([2, 3, 5]));
    }

    const trade = contractors.filter((c) => c.trades?.includes(category.layer));
    const contractor = rng.chance(0.92) ? (trade[0] ?? contractors[0] ?? null) : null;
    const supplier = suppliers.length > 0 && rng.chance(0.9) ? rng.pick(suppliers) : null;

    out.devices.push({
      id,
      site_id: site.id,
      product_id: product.id,
      name: room && rng.chance(0.45) ? `${category.label} ${room.room.name}` : null,
      code,
      sn: planned
        ? null
        : `${product.brand.code.slice(0, 2)}${rng.int(19, 25)}${String(rng.int(0, 999_999)).padStart(6, '0')}`,
      mac,
      ip,
      patch,
      port,
      note: rng.chance(0.07) ? rng.pick(DEVICE_NOTES) : null,
      purchase_date: purchase,
      warranty_expiration_date: warranty,
      status,
      archived: isArchived,
      floor_id: floorId,
      location_id: room?.id ?? null,
      zone_id: zoneId,
      layer_id: layerIds.get(category.layer) ?? null,
      supplier_id: supplier?.id ?? null,
      contractor_id: contractor?.id ?? null,
      on_plan: onPlan,
      plan_x: planX,
      plan_y: planY,
    });
    site.devices.push({ id, code, category, product, room, floorId, archived: isArchived, status, ip });
  });
}

interface ResolvedLink {
  type: 'Floor' | 'Location' | 'Device' | null;
  id: number | null;
  name: string;
  device: BuiltDevice | null;
  room: BuiltRoom | null;
}

function resolveLink(site: BuiltSite, link: LinkRef): ResolvedLink {
  const siteLink: ResolvedLink = { type: null, id: null, name: site.spec.name, device: null, room: null };
  switch (link.type) {
    case 'Site':
      return siteLink;
    case 'Floor': {
      const floor = site.floors[link.floor] ?? site.floors[0];
      return floor ? { type: 'Floor', id: floor.id, name: floor.name, device: null, room: null } : siteLink;
    }
    case 'Location': {
      const room = site.rooms.find((r) => r.room.role === link.role);
      return room ? { type: 'Location', id: room.id, name: room.room.name, device: null, room } : siteLink;
    }
    case 'Device': {
      const device = site.devices.find((d) => d.category.key === link.category && !d.archived);
      return device
        ? { type: 'Device', id: device.id, name: device.code, device, room: device.room }
        : siteLink;
    }
  }
}

function networkNotes(site: BuiltSite): string {
  const lines = [
    `${site.spec.name} - network notes`,
    '',
    'VLANs',
    `  10  Network and IT   10.${site.spec.subnet}.10.0/24`,
    `  20  Security         10.${site.spec.subnet}.20.0/24`,
    `  30  AV               10.${site.spec.subnet}.30.0/24`,
    `  40  Building         10.${site.spec.subnet}.40.0/24`,
    '',
    'Infrastructure',
  ];
  for (const device of site.devices) {
    if (!device.ip || device.archived || device.category.layer !== 'NET') continue;
    const where = device.room ? device.room.room.name : 'unplaced';
    lines.push(`  ${device.code.padEnd(12)} ${device.ip.padEnd(14)} ${device.product.name} (${where})`);
  }
  lines.push('', 'Management access goes through the integrator VPN; see the vault.', '');
  return lines.join('\n');
}

function rackSvg(site: BuiltSite, room: BuiltRoom | null): string {
  const units = 24;
  const unit = 18;
  const rackDevices = site.devices.filter(
    (d) => d.product.rackUnits && !d.archived && (!room || d.room?.id === room.id),
  );
  const parts: string[] = [];
  let position = 1;
  for (const device of rackDevices) {
    const size = device.product.rackUnits ?? 1;
    if (position + size - 1 > units) break;
    const y = 40 + (units - position - size + 1) * unit;
    parts.push(
      `<rect x="62" y="${y + 1}" width="276" height="${size * unit - 2}" rx="2" fill="#455A64" stroke="#263238"/>`,
      `<text x="72" y="${y + (size * unit) / 2 + 5}" font-size="12" fill="#FFFFFF">${escapeXml(`${device.code}  ${device.product.model}`)}</text>`,
    );
    position += size + 1;
  }
  const labels: string[] = [];
  for (let u = 1; u <= units; u++) {
    labels.push(`<text x="40" y="${40 + (units - u) * unit + 13}" font-size="9" fill="#90A4AE">${u}</text>`);
  }
  const title = `${site.spec.name} - ${room ? room.room.name : 'rack'} - rack A`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 ${80 + units * unit}" width="400" height="${80 + units * unit}" font-family="Helvetica, Arial, sans-serif">`,
    `<rect width="400" height="${80 + units * unit}" fill="#FFFFFF"/>`,
    `<text x="20" y="26" font-size="14" fill="#263238">${escapeXml(title)}</text>`,
    `<rect x="56" y="36" width="288" height="${units * unit + 8}" fill="#ECEFF1" stroke="#212121" stroke-width="4"/>`,
    labels.join(''),
    parts.join(''),
    '</svg>',
  ].join('\n');
}

function attachmentContent(
  site: BuiltSite,
  spec: AttachmentSpec,
  link: ResolvedLink,
  author: SeedUser,
): string | Buffer {
  switch (spec.kind) {
    case 'pdf':
      return minimalPdf(`${spec.title} - ${site.spec.name}`, [
        `${site.spec.street} ${site.spec.streetNumber}, ${site.spec.zip} ${site.spec.city}, ${site.spec.country}`,
        `Linked to: ${link.name}`,
        `Devices documented: ${site.devices.length}`,
        `Prepared by ${userName(author)}`,
        'This document was generated as demo data.',
      ]);
    case 'txt':
      return networkNotes(site);
    case 'svg':
      return rackSvg(site, link.room);
    case 'png':
      return cabinetPhoto(`${site.spec.code}:${spec.title}`);
  }
}

function buildSite(
  spec: SiteSpec,
  input: BuildInput,
  next: (table: ReservedTable) => number,
  macs: Set<string>,
  out: SiteRows,
): BuiltSite {
  const rng = createRng(seedFromText(`asbuilt-demo:${spec.code}`));
  const lead = tenantLead(input, spec.tenant);
  const siteId = next('sites');
  const image = `sites/${slugify(spec.name)}.svg`;
  out.files.push({ key: image, content: siteSvg(spec.name, spec.floors.length, spec.facade) });
  out.sites.push({
    id: siteId,
    tenant_id: spec.tenant,
    customer_id: mustGet(input.companies, spec.customer, 'company').id,
    name: spec.name,
    image,
    site_status: true,
    gps: spec.gps,
    country: spec.country,
    zip: spec.zip,
    city: spec.city,
    street: spec.street,
    street_number: spec.streetNumber,
    device_statuses: DEMO_STATUSES,
  });
  spec.contractors.forEach((code, position) => {
    out.siteContractors.push({
      site_id: siteId,
      company_id: mustGet(input.companies, code, 'company').id,
      position,
    });
  });
  const layerIds = new Map<LayerCode, number>();
  for (const code of spec.layers) {
    const id = next('layers');
    layerIds.set(code, id);
    out.layers.push({ id, site_id: siteId, name: LAYER_NAMES[code], code });
  }

  const site: BuiltSite = {
    id: siteId,
    spec,
    floors: [],
    rooms: [],
    zones: [],
    devices: [],
    attachments: [],
    secrets: [],
  };
  spec.floors.forEach((floorSpec, floorIndex) => {
    const floorId = next('floors');
    const layout = layoutFloor(floorSpec);
    const svg = `floorplans/${siteId}/${floorId}/plan.svg`;
    out.files.push({ key: svg, content: floorplanSvg(`${spec.name} - ${floorSpec.name}`, layout) });
    out.floors.push({ id: floorId, site_id: siteId, name: floorSpec.name, code: floorSpec.code, svg });
    site.floors.push({ id: floorId, name: floorSpec.name });
    for (const room of layout.rooms) {
      const id = next('locations');
      out.locations.push({
        id,
        site_id: siteId,
        floor_id: floorId,
        name: room.name,
        code: room.code,
        location_type: room.type,
        polygon: rectPolygon(room.rect),
      });
      site.rooms.push({ id, floorId, floorIndex, floorName: floorSpec.name, room });
    }
    for (const zone of layout.zones) {
      const id = next('zones');
      out.zones.push({
        id,
        site_id: siteId,
        floor_id: floorId,
        name: zone.name,
        code: zone.code,
        polygon: rectPolygon(zone.rect),
      });
      site.zones.push({ id, floorId, zone });
    }
  });

  buildDevices(spec, site, input, next, rng, macs, layerIds, out);

  for (const contact of spec.contacts) {
    const user = contact.user ? mustGet(input.users, contact.user, 'user') : null;
    const company = contact.company ? mustGet(input.companies, contact.company, 'company') : null;
    out.contacts.push({
      site_id: siteId,
      user_id: user?.id ?? null,
      company_id: company?.id ?? null,
      fname: user?.fname ?? contact.fname ?? null,
      lname: user?.lname ?? contact.lname ?? null,
      email: user?.email ?? contact.email ?? null,
      phone1: user?.phone1 ?? contact.phone1 ?? null,
      phone2: contact.phone2 ?? null,
      company_name: company ? null : (contact.companyName ?? null),
      job_description: contact.job,
    });
  }

  for (const attachment of spec.attachments) {
    const id = next('attachments');
    const link = resolveLink(site, attachment.link);
    const content = attachmentContent(site, attachment, link, lead);
    const key = `attachments/${siteId}/${slugify(attachment.title)}.${attachment.kind}`;
    out.files.push({ key, content });
    out.attachments.push({
      id,
      site_id: siteId,
      user_id: lead.id,
      url: key,
      filename: attachment.title,
      original_filename: `${slugify(attachment.title)}.${attachment.kind}`,
      file_type: attachment.kind,
      size: typeof content === 'string' ? Buffer.byteLength(content) : content.length,
      attachable_type: link.type,
      attachable_id: link.id,
    });
    site.attachments.push({ id, filename: attachment.title, type: link.type, parentName: link.name });
  }

  for (const secret of spec.secrets) {
    const id = next('secrets');
    const link = resolveLink(site, secret.link);
    out.secrets.push({
      id,
      site_id: siteId,
      device_id: link.type === 'Device' ? link.id : null,
      user_id: lead.id,
      name: secret.name,
      url: secret.url ?? null,
      username: secret.username,
      password_encrypted: input.encrypt(secret.password, secretBinding({ id, site_id: siteId })),
      comment: secret.comment ?? null,
      level: secret.level,
      secretable_type: link.type,
      secretable_id: link.id,
      private: secret.private ?? false,
    });
    site.secrets.push({ id, name: secret.name, private: secret.private ?? false });
  }
  return site;
}

function buildLogs(site: BuiltSite, input: BuildInput, out: SiteRows): void {
  const rng = createRng(seedFromText(`asbuilt-demo-logs:${site.spec.code}`));
  const lead = tenantLead(input, site.spec.tenant);
  const owner = site.spec.tenant === 2 ? mustGet(input.users, 'owner@asbuilt.demo', 'user') : lead;
  const tech = site.spec.name === 'Demo HQ' ? mustGet(input.users, 'tech@asbuilt.demo', 'user') : lead;
  type Entry = Omit<typeof activityLogs.$inferInsert, 'tenant_id' | 'site_id' | 'created_at'> & {
    action: LogAction;
  };
  const by = (user: SeedUser) => ({ user_id: user.id, user_name: userName(user) });
  const entries: Entry[] = [
    {
      ...by(lead),
      object_model: 'Site',
      object_id: site.id,
      object_name: site.spec.name,
      action: 'created',
      note: 'Site created',
    },
  ];
  for (const floor of site.floors.slice(0, 3)) {
    entries.push({
      ...by(lead),
      object_model: 'Floor',
      object_id: floor.id,
      object_name: floor.name,
      action: 'created',
      note: 'Floor created',
      parent_model: 'Site',
      parent_id: site.id,
      parent_name: site.spec.name,
    });
  }
  const placed = site.devices.filter((d) => d.room && !d.archived);
  const statusTo = (status: string) => ({ status: { from: null, to: status } });
  const deviceEntry = (
    user: SeedUser,
    device: BuiltDevice,
    action: LogAction,
    note: string,
    changes: Entry['changes'] = null,
  ): Entry => ({
    ...by(user),
    object_model: 'Device',
    object_id: device.id,
    object_name: device.code,
    action,
    note,
    changes,
    parent_model: device.room ? 'Location' : 'Site',
    parent_id: device.room ? device.room.id : site.id,
    parent_name: device.room ? device.room.room.name : site.spec.name,
  });
  for (const device of rng.shuffle(placed).slice(0, 2))
    entries.push(deviceEntry(lead, device, 'created', 'Device created'));
  const installed = placed.find((d) => d.status === 'Installed');
  if (installed)
    entries.push(
      deviceEntry(tech, installed, 'updated', 'Status changed to Installed', statusTo('Installed')),
    );
  const commissioned = placed.find((d) => d.status === 'Commissioned');
  if (commissioned)
    entries.push(
      deviceEntry(tech, commissioned, 'updated', 'Status changed to Commissioned', statusTo('Commissioned')),
    );
  const attachment = site.attachments[0];
  if (attachment) {
    entries.push({
      ...by(lead),
      object_model: 'Attachment',
      object_id: attachment.id,
      object_name: attachment.filename,
      action: 'created',
      note: 'Document attached',
      parent_model: attachment.type ?? 'Site',
      parent_name: attachment.parentName,
    });
  }
  const secret = site.secrets.find((s) => !s.private);
  if (secret) {
    entries.push({
      ...by(owner),
      object_model: 'Secret',
      object_id: secret.id,
      object_name: secret.name,
      action: 'created',
      note: 'Secret created',
      parent_model: 'Site',
      parent_id: site.id,
      parent_name: site.spec.name,
    });
  }
  const archived = site.devices.find((d) => d.archived);
  if (archived)
    entries.push(
      deviceEntry(lead, archived, 'archived', 'Device archived', { archived: { from: false, to: true } }),
    );
  const faulty = placed.find((d) => d.status === 'Faulty');
  if (faulty)
    entries.push(deviceEntry(owner, faulty, 'updated', 'Status changed to Faulty', statusTo('Faulty')));

  const base = Math.floor(input.now.getTime() / 60_000) * 60_000;
  const span = 58 * 24 * 60;
  entries.forEach((entry, index) => {
    // Oldest first, spread over the last 60 days, never in the future.
    const minutesAgo = Math.round(span - (span * index) / Math.max(1, entries.length - 1)) + rng.int(60, 600);
    out.activityLogs.push({
      ...entry,
      tenant_id: site.spec.tenant,
      site_id: site.id,
      created_at: new Date(base - minutesAgo * 60_000),
    });
  });
}

function buildTickets(
  hq: BuiltSite,
  input: BuildInput,
  next: (table: ReservedTable) => number,
  out: SiteRows,
) {
  const integrator = mustGet(input.users, 'integrator@asbuilt.demo', 'user');
  const owner = mustGet(input.users, 'owner@asbuilt.demo', 'user');
  const tech = mustGet(input.users, 'tech@asbuilt.demo', 'user');
  const camera =
    hq.devices.find((d) => d.category.code === 'CAM' && d.status === 'Faulty' && !d.archived) ??
    hq.devices.find((d) => d.category.code === 'CAM' && !d.archived);
  const boardRoom = hq.rooms.find((r) => r.room.name === 'Board Room');
  const zone = boardRoom
    ? hq.zones.find(
        (z) =>
          rectContains(z.zone.rect, boardRoom.room.rect.x + 5, boardRoom.room.rect.y + 5) &&
          z.floorId === boardRoom.floorId,
      )
    : undefined;

  const first = next('tickets');
  out.tickets.push({
    id: first,
    number: 1,
    tenant_id: hq.spec.tenant,
    site_id: hq.id,
    device_id: camera?.id ?? null,
    assigner_id: integrator.id,
    assignee_id: tech.id,
    ticket_status: 'open',
    priority: 'High',
    ticket_type: 'Problem',
    subject: camera ? `Camera ${camera.code} shows no image` : 'Camera shows no image',
    total_time: 45,
  });
  out.messages.push(
    {
      tenant_id: hq.spec.tenant,
      sender_id: owner.id,
      recipient_id: integrator.id,
      title: 'No image',
      body: `Since this morning the camera ${camera ? `${camera.code} ` : ''}shows a black image in the recorder.`,
      messageable_type: 'Ticket',
      messageable_id: first,
    },
    {
      tenant_id: hq.spec.tenant,
      sender_id: integrator.id,
      recipient_id: owner.id,
      title: 'Planned',
      body: 'Thanks for the report. Tom will check the PoE port and the cable on Monday morning.',
      messageable_type: 'Ticket',
      messageable_id: first,
    },
  );

  const second = next('tickets');
  out.tickets.push({
    id: second,
    number: 2,
    tenant_id: hq.spec.tenant,
    site_id: hq.id,
    zone_id: zone?.id ?? null,
    assigner_id: integrator.id,
    ticket_status: 'open',
    priority: 'Mid',
    ticket_type: 'New Feature',
    subject: 'Add a second display in the Board Room',
  });
  out.messages.push({
    tenant_id: hq.spec.tenant,
    sender_id: integrator.id,
    recipient_id: owner.id,
    title: 'Quote',
    body: 'A 75" display on the opposite wall needs one extra data point and a power outlet. Quote to follow.',
    messageable_type: 'Ticket',
    messageable_id: second,
  });
}

/** Every row of the demo sites of tenants 2 and 3, and the files they name. */
export function buildSites(input: BuildInput, next: (table: ReservedTable) => number): SiteRows {
  const out: SiteRows = {
    sites: [],
    siteContractors: [],
    floors: [],
    locations: [],
    zones: [],
    layers: [],
    devices: [],
    contacts: [],
    attachments: [],
    secrets: [],
    siteAccesses: [],
    activityLogs: [],
    tickets: [],
    messages: [],
    files: [],
  };
  const macs = new Set<string>();
  const built = (input.sites ?? DEMO_SITES).map((spec) => buildSite(spec, input, next, macs, out));
  const byName = new Map(built.map((site) => [site.spec.name, site]));

  const integrator = mustGet(input.users, 'integrator@asbuilt.demo', 'user');
  const hour = 3_600_000;
  const grants: { email: string; site: string; role: number; lastVisitHoursAgo: number | null }[] = [
    { email: 'tech@asbuilt.demo', site: 'Demo HQ', role: 2, lastVisitHoursAgo: 26 },
    { email: 'tech@asbuilt.demo', site: 'Demo Warehouse', role: 1, lastVisitHoursAgo: null },
    { email: 'guest@asbuilt.demo', site: 'Demo Warehouse', role: 1, lastVisitHoursAgo: 75 },
  ];
  for (const grant of grants) {
    const site = byName.get(grant.site);
    if (!site) continue;
    out.siteAccesses.push({
      site_id: site.id,
      user_id: mustGet(input.users, grant.email, 'user').id,
      inviter_id: integrator.id,
      user_role: grant.role,
      validity: null,
      unlimited: true,
      active: true,
      last_visit:
        grant.lastVisitHoursAgo === null
          ? null
          : new Date(input.now.getTime() - grant.lastVisitHoursAgo * hour),
    });
  }

  for (const site of built) buildLogs(site, input, out);
  const hq = byName.get('Demo HQ');
  if (hq) buildTickets(hq, input, next, out);
  return out;
}
