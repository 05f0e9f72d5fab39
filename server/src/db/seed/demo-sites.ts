import { DEFAULT_STATUS_COLOR } from '@asbuilt/domain';
import type { DeviceStatus } from '../schema.ts';
import type { BrandCode, CategoryKey, LayerCode } from './demo-catalogue.ts';
import type { FloorSpec, RoomRole } from './demo-plans.ts';

/** What the demo tenants 2 and 3 hold: users, companies, and their sites described as data. */

export const DEMO_PASSWORD = 'demo1234';

export interface DemoUser {
  email: string;
  tenant: 1 | 2 | 3;
  role: 1 | 2 | 3 | 4 | 5;
  fname: string;
  lname: string;
  phone1: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'admin@asbuilt.demo',
    tenant: 1,
    role: 5,
    fname: 'Ada',
    lname: 'Admin',
    phone1: '+32 470 10 00 01',
  },
  {
    email: 'library@asbuilt.demo',
    tenant: 1,
    role: 4,
    fname: 'Lucas',
    lname: 'Lambert',
    phone1: '+32 470 10 00 02',
  },
  {
    email: 'integrator@asbuilt.demo',
    tenant: 2,
    role: 3,
    fname: 'Iris',
    lname: 'Janssens',
    phone1: '+32 475 20 00 01',
  },
  {
    email: 'owner@asbuilt.demo',
    tenant: 2,
    role: 2,
    fname: 'Olivier',
    lname: 'Dupont',
    phone1: '+32 475 20 00 02',
  },
  {
    email: 'tech@asbuilt.demo',
    tenant: 2,
    role: 1,
    fname: 'Tom',
    lname: 'Peeters',
    phone1: '+32 475 20 00 03',
  },
  {
    email: 'guest@asbuilt.demo',
    tenant: 3,
    role: 1,
    fname: 'Greta',
    lname: 'Muller',
    phone1: '+352 621 300 001',
  },
  {
    email: 'other@asbuilt.demo',
    tenant: 3,
    role: 3,
    fname: 'Oscar',
    lname: 'Weber',
    phone1: '+352 621 300 002',
  },
];

export type CompanyKind = 'Customer' | 'Supplier' | 'Contractor';

export interface DemoCompany {
  tenant: 2 | 3;
  code: string;
  name: string;
  kind: CompanyKind;
  /** For contractors: the layers of work they install. */
  trades?: LayerCode[];
}

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  { tenant: 2, code: 'ACME', name: 'Acme Offices', kind: 'Customer' },
  { tenant: 2, code: 'NWL', name: 'Northwind Logistics', kind: 'Customer' },
  { tenant: 2, code: 'SLC', name: 'Saint Luke Clinic', kind: 'Customer' },
  { tenant: 2, code: 'BTD', name: 'Benelux Tech Distribution', kind: 'Supplier' },
  { tenant: 2, code: 'ESN', name: 'ElectroSupply NV', kind: 'Supplier' },
  { tenant: 2, code: 'NPE', name: 'NetParts Europe', kind: 'Supplier' },
  { tenant: 2, code: 'BWI', name: 'Brightwire Installations', kind: 'Contractor', trades: ['NET', 'BMS'] },
  { tenant: 2, code: 'SSS', name: 'SecureSys Services', kind: 'Contractor', trades: ['SEC'] },
  { tenant: 2, code: 'AVC', name: 'AV Crafters', kind: 'Contractor', trades: ['AV'] },
  { tenant: 2, code: 'CAH', name: 'Cool Air HVAC', kind: 'Contractor', trades: ['BMS'] },
  { tenant: 3, code: 'SKY', name: 'Skyline Estates', kind: 'Customer' },
  { tenant: 3, code: 'LUXS', name: 'LuxSupply Sàrl', kind: 'Supplier' },
  {
    tenant: 3,
    code: 'GDE',
    name: 'Grand Duchy Electrics',
    kind: 'Contractor',
    trades: ['NET', 'SEC', 'AV', 'BMS'],
  },
];

export const DEMO_STATUSES: DeviceStatus[] = [
  { id: 1, name: 'Planned', color: '#9E9E9E' },
  { id: 2, name: 'Installed', color: '#1976D2' },
  { id: 3, name: 'Commissioned', color: DEFAULT_STATUS_COLOR },
  { id: 4, name: 'Faulty', color: '#D32F2F' },
  { id: 5, name: 'Removed', color: '#795548' },
];

export const LAYER_NAMES: Record<LayerCode, string> = {
  NET: 'Network',
  SEC: 'Security',
  AV: 'AV',
  BMS: 'Building Services',
};

/** What an attachment or a secret is linked to; resolved against the site's rows. */
export type LinkRef =
  | { type: 'Site' }
  | { type: 'Floor'; floor: number }
  | { type: 'Location'; role: RoomRole }
  | { type: 'Device'; category: CategoryKey };

export interface ContactSpec {
  /** A demo user's e-mail: the contact is that registered user. */
  user?: string;
  fname?: string;
  lname?: string;
  email?: string;
  phone1?: string;
  phone2?: string;
  /** Code of one of the tenant's companies. */
  company?: string;
  /** A company that is not in the tenant's list. */
  companyName?: string;
  job: string;
}

export type AttachmentKind = 'pdf' | 'txt' | 'svg' | 'png';

export interface AttachmentSpec {
  title: string;
  kind: AttachmentKind;
  link: LinkRef;
}

export interface SecretSpec {
  name: string;
  url?: string;
  username: string;
  password: string;
  comment?: string;
  level: 'Admin' | 'User' | 'Read only';
  link: LinkRef;
  private?: boolean;
}

export interface SiteSpec {
  tenant: 2 | 3;
  name: string;
  /** Prefix of device codes. */
  code: string;
  customer: string;
  street: string;
  streetNumber: string;
  zip: string;
  city: string;
  country: 'Belgium' | 'France' | 'Luxemburg' | 'Netherlands';
  gps: string;
  facade: string;
  /** Company codes of the site's contractors, in order. */
  contractors: string[];
  layers: LayerCode[];
  floors: FloorSpec[];
  devices: number;
  archived: number;
  mix: Partial<Record<CategoryKey, number>>;
  /** Brands the integrator favours on this site (other brands fill the gaps). */
  brands: BrandCode[];
  /** Second octet of the site's 10.x.0.0/16 network. */
  subnet: number;
  contacts: ContactSpec[];
  attachments: AttachmentSpec[];
  secrets: SecretSpec[];
}

export const DEMO_SITES: readonly SiteSpec[] = [
  {
    tenant: 2,
    name: 'Demo HQ',
    code: 'HQ',
    customer: 'ACME',
    street: 'Rue de la Loi',
    streetNumber: '16',
    zip: '1000',
    city: 'Brussels',
    country: 'Belgium',
    gps: '50.8466,4.3649',
    facade: '#546E7A',
    contractors: ['BWI', 'SSS', 'AVC'],
    layers: ['NET', 'SEC', 'AV', 'BMS'],
    floors: [
      {
        name: 'Ground Floor',
        code: 'F0',
        top: [
          { name: 'Reception', type: 'space', role: 'entrance', weight: 1.6 },
          { name: 'Meeting Room Alpha', type: 'Meeting Room', role: 'meeting', weight: 1.3 },
          { name: 'Security Office', type: 'room', role: 'office' },
          { name: 'Server Room', type: 'room', role: 'tech' },
        ],
        bottom: [
          { name: 'Cafeteria', type: 'space', role: 'open', weight: 2 },
          { name: 'Kitchen', type: 'room', role: 'storage' },
          { name: 'Storage', type: 'room', role: 'storage' },
        ],
        zones: [
          { name: 'West Wing', code: 'F0-W', side: 'west' },
          { name: 'East Wing', code: 'F0-E', side: 'east' },
        ],
      },
      {
        name: 'First Floor',
        code: 'F1',
        top: [
          { name: 'Open Space North', type: 'Workspace', role: 'open', weight: 2.4 },
          { name: 'Meeting Room Beta', type: 'Meeting Room Teams', role: 'meeting', weight: 1.3 },
          { name: 'Technical Room F1', type: 'room', role: 'tech' },
        ],
        bottom: [
          { name: 'Office 1.01', type: 'Workspace', role: 'office' },
          { name: 'Office 1.02', type: 'Workspace', role: 'office' },
          { name: 'Phone Booths', type: 'room', role: 'meeting' },
        ],
        zones: [{ name: 'Open Plan', code: 'F1-N', side: 'north' }],
      },
      {
        name: 'Second Floor',
        code: 'F2',
        top: [
          { name: 'Board Room', type: 'Meeting Room Teams', role: 'meeting', weight: 2 },
          { name: 'Meeting Room Gamma', type: 'Meeting Room', role: 'meeting', weight: 1.3 },
          { name: 'Technical Room F2', type: 'room', role: 'tech' },
        ],
        bottom: [
          { name: 'Open Space South', type: 'Workspace', role: 'open', weight: 2.5 },
          { name: 'Focus Room', type: 'room', role: 'office' },
        ],
        zones: [
          { name: 'Executive Zone', code: 'F2-N', side: 'north' },
          { name: 'Staff Zone', code: 'F2-S', side: 'south' },
        ],
      },
    ],
    devices: 100,
    archived: 5,
    mix: {
      switch: 5,
      ap: 10,
      firewall: 1,
      'cam-dome': 13,
      'cam-bullet': 2,
      nvr: 1,
      reader: 8,
      door: 3,
      display: 8,
      speaker: 10,
      amp: 2,
      mic: 5,
      thermostat: 9,
      lighting: 4,
      ups: 3,
      pdu: 2,
      fire: 12,
      server: 2,
    },
    brands: ['CISCO', 'AXIS'],
    subnet: 10,
    contacts: [
      { user: 'integrator@asbuilt.demo', job: 'Project manager' },
      { user: 'owner@asbuilt.demo', job: 'Building owner' },
      {
        fname: 'Marie',
        lname: 'Dubois',
        email: 'marie.dubois@acme-offices.example.com',
        phone1: '+32 2 555 01 10',
        company: 'ACME',
        job: 'Facility manager',
      },
      {
        fname: 'Jan',
        lname: 'Maes',
        email: 'jan.maes@brightwire.example.com',
        phone1: '+32 476 55 01 20',
        company: 'BWI',
        job: 'Site lead, cabling',
      },
      {
        fname: 'Nadia',
        lname: 'El Amrani',
        email: 'security.desk@guardline.example.com',
        phone1: '+32 2 555 01 99',
        phone2: '+32 476 55 01 99',
        companyName: 'Guardline Security',
        job: 'Security desk (24/7)',
      },
    ],
    attachments: [
      { title: 'Commissioning report', kind: 'pdf', link: { type: 'Site' } },
      { title: 'Network notes', kind: 'txt', link: { type: 'Device', category: 'switch' } },
      { title: 'Rack layout', kind: 'svg', link: { type: 'Location', role: 'tech' } },
      { title: 'Server room cabinet', kind: 'png', link: { type: 'Location', role: 'tech' } },
      { title: 'Fire safety plan', kind: 'pdf', link: { type: 'Floor', floor: 0 } },
      { title: 'Display warranty certificate', kind: 'pdf', link: { type: 'Device', category: 'display' } },
    ],
    secrets: [
      {
        name: 'Core switch admin',
        url: 'https://10.10.10.11',
        username: 'admin',
        password: 'Sw!tch-HQ-2025',
        comment: 'Local account; RADIUS is the normal way in.',
        level: 'Admin',
        link: { type: 'Device', category: 'switch' },
      },
      {
        name: 'Recorder web interface',
        url: 'https://10.10.20.11',
        username: 'operator',
        password: 'Rec0rd-HQ!77',
        level: 'User',
        link: { type: 'Device', category: 'nvr' },
      },
      {
        name: 'Guest Wi-Fi',
        username: 'ACME-Guest',
        password: 'WelcomeAcme2026',
        comment: 'Printed on the reception desk card.',
        level: 'Read only',
        link: { type: 'Location', role: 'entrance' },
      },
      {
        name: 'Building management portal',
        url: 'https://bms.example.com/acme-hq',
        username: 'acme.facility',
        password: 'Bms#HQ-4412',
        level: 'Admin',
        link: { type: 'Floor', floor: 0 },
      },
      {
        name: 'Integrator VPN',
        url: 'vpn.example.com',
        username: 'iris.janssens',
        password: 'Vpn-Iris-9931!',
        comment: 'Personal remote-access account.',
        level: 'Admin',
        link: { type: 'Site' },
        private: true,
      },
    ],
  },
  {
    tenant: 2,
    name: 'Demo Warehouse',
    code: 'WH',
    customer: 'NWL',
    street: 'Noorderlaan',
    streetNumber: '147',
    zip: '2030',
    city: 'Antwerp',
    country: 'Belgium',
    gps: '51.2497,4.4170',
    facade: '#8D6E63',
    contractors: ['BWI', 'SSS'],
    layers: ['NET', 'SEC', 'AV', 'BMS'],
    floors: [
      {
        name: 'Ground Floor',
        code: 'F0',
        top: [
          { name: 'Storage Hall A', type: 'space', role: 'storage', weight: 2.5 },
          { name: 'Storage Hall B', type: 'space', role: 'storage', weight: 2.5 },
          { name: 'Technical Room', type: 'room', role: 'tech' },
        ],
        bottom: [
          { name: 'Loading Dock', type: 'outdoor area', role: 'outdoor', weight: 2.5 },
          { name: 'Dispatch Office', type: 'Workspace', role: 'office', weight: 1.3 },
          { name: 'Cold Room', type: 'room', role: 'storage' },
        ],
        zones: [
          { name: 'Storage Zone', code: 'F0-N', side: 'north' },
          { name: 'Dock Zone', code: 'F0-S', side: 'south' },
        ],
      },
      {
        name: 'Mezzanine',
        code: 'F1',
        top: [
          { name: 'Office Area', type: 'Workspace', role: 'office', weight: 2 },
          { name: 'Meeting Room', type: 'Meeting Room', role: 'meeting', weight: 1.2 },
        ],
        bottom: [
          { name: 'Canteen', type: 'space', role: 'open', weight: 1.6 },
          { name: 'Server Room', type: 'room', role: 'tech' },
          { name: 'Locker Room', type: 'room', role: 'storage' },
        ],
        zones: [{ name: 'Offices', code: 'F1-W', side: 'west' }],
      },
    ],
    devices: 60,
    archived: 5,
    mix: {
      switch: 3,
      ap: 8,
      firewall: 1,
      'cam-dome': 5,
      'cam-bullet': 9,
      nvr: 1,
      reader: 5,
      door: 2,
      display: 2,
      speaker: 6,
      amp: 1,
      thermostat: 3,
      lighting: 4,
      ups: 2,
      pdu: 1,
      fire: 6,
      server: 1,
    },
    brands: ['UBNT', 'HIK'],
    subnet: 20,
    contacts: [
      { user: 'integrator@asbuilt.demo', job: 'Project manager' },
      {
        fname: 'Pieter',
        lname: 'Claes',
        email: 'pieter.claes@northwind.example.com',
        phone1: '+32 3 555 02 10',
        company: 'NWL',
        job: 'Warehouse manager',
      },
      {
        fname: 'Sofie',
        lname: 'Wouters',
        email: 'sofie.wouters@securesys.example.com',
        phone1: '+32 477 55 02 30',
        company: 'SSS',
        job: 'Security technician',
      },
      {
        fname: 'Karim',
        lname: 'Benali',
        phone1: '+32 3 555 02 44',
        companyName: 'Port of Antwerp Fire Service',
        job: 'Fire prevention officer',
      },
    ],
    attachments: [
      { title: 'As-built drawings', kind: 'pdf', link: { type: 'Site' } },
      { title: 'Network notes', kind: 'txt', link: { type: 'Site' } },
      { title: 'Loading dock camera view', kind: 'png', link: { type: 'Location', role: 'outdoor' } },
      { title: 'Rack layout', kind: 'svg', link: { type: 'Location', role: 'tech' } },
    ],
    secrets: [
      {
        name: 'Gateway admin',
        url: 'https://10.20.10.1',
        username: 'ui-admin',
        password: 'Udm-WH-5531!',
        level: 'Admin',
        link: { type: 'Device', category: 'firewall' },
      },
      {
        name: 'NVR admin',
        url: 'https://10.20.20.11',
        username: 'admin',
        password: 'Hik-WH-8820',
        level: 'Admin',
        link: { type: 'Device', category: 'nvr' },
      },
      {
        name: 'Scanner Wi-Fi',
        username: 'NWL-Scanners',
        password: 'Scan-2026-WH',
        comment: 'WPA2-PSK for the handheld scanners.',
        level: 'User',
        link: { type: 'Floor', floor: 0 },
      },
      {
        name: 'Integrator support account',
        url: 'https://unifi.example.com',
        username: 'iris.janssens',
        password: 'Uni-Iris-4419',
        level: 'Admin',
        link: { type: 'Site' },
        private: true,
      },
    ],
  },
  {
    tenant: 2,
    name: 'Demo Clinic',
    code: 'CL',
    customer: 'SLC',
    street: 'Rue Nationale',
    streetNumber: '120',
    zip: '59000',
    city: 'Lille',
    country: 'France',
    gps: '50.6365,3.0570',
    facade: '#B0BEC5',
    contractors: ['BWI', 'CAH', 'SSS'],
    layers: ['NET', 'SEC', 'AV', 'BMS'],
    floors: [
      {
        name: 'Ground Floor',
        code: 'F0',
        top: [
          { name: 'Main Entrance', type: 'space', role: 'entrance' },
          { name: 'Waiting Room', type: 'space', role: 'open', weight: 1.8 },
          { name: 'Reception Desk', type: 'Workspace', role: 'office' },
        ],
        bottom: [
          { name: 'Consultation 1', type: 'room', role: 'care' },
          { name: 'Consultation 2', type: 'room', role: 'care' },
          { name: 'Technical Room', type: 'room', role: 'tech' },
        ],
        zones: [
          { name: 'Public Area', code: 'F0-N', side: 'north' },
          { name: 'Care Area', code: 'F0-S', side: 'south' },
        ],
      },
      {
        name: 'First Floor',
        code: 'F1',
        top: [
          { name: 'Ward A', type: 'room', role: 'care', weight: 2 },
          { name: 'Nurse Station', type: 'Workspace', role: 'office' },
        ],
        bottom: [
          { name: 'Ward B', type: 'room', role: 'care', weight: 2 },
          { name: 'Pharmacy', type: 'room', role: 'storage' },
          { name: 'Staff Meeting', type: 'Meeting Room', role: 'meeting' },
        ],
        zones: [{ name: 'Wards', code: 'F1-A', side: 'all' }],
      },
      {
        name: 'Second Floor',
        code: 'F2',
        top: [
          { name: 'Operating Room', type: 'room', role: 'care', weight: 2 },
          { name: 'Sterilisation', type: 'room', role: 'storage' },
        ],
        bottom: [
          { name: 'Recovery', type: 'room', role: 'care', weight: 2 },
          { name: 'Technical Room F2', type: 'room', role: 'tech' },
        ],
        zones: [
          { name: 'Sterile Zone', code: 'F2-W', side: 'west' },
          { name: 'Support Zone', code: 'F2-E', side: 'east' },
        ],
      },
    ],
    devices: 40,
    archived: 5,
    mix: {
      switch: 2,
      ap: 6,
      firewall: 1,
      'cam-dome': 4,
      reader: 4,
      door: 1,
      display: 3,
      speaker: 4,
      mic: 1,
      thermostat: 5,
      lighting: 1,
      ups: 2,
      fire: 5,
      server: 1,
    },
    brands: ['CISCO', 'AXIS', 'HID'],
    subnet: 30,
    contacts: [
      { user: 'integrator@asbuilt.demo', job: 'Project manager' },
      { user: 'owner@asbuilt.demo', job: 'Account owner' },
      {
        fname: 'Claire',
        lname: 'Lefebvre',
        email: 'c.lefebvre@saintluke.example.com',
        phone1: '+33 3 20 55 03 10',
        company: 'SLC',
        job: 'Medical director',
      },
      {
        fname: 'Antoine',
        lname: 'Morel',
        email: 'antoine.morel@coolair.example.com',
        phone1: '+33 6 55 03 20 40',
        company: 'CAH',
        job: 'HVAC technician',
      },
    ],
    attachments: [
      { title: 'Commissioning report', kind: 'pdf', link: { type: 'Site' } },
      { title: 'Network notes', kind: 'txt', link: { type: 'Device', category: 'switch' } },
      { title: 'Technical room cabinet', kind: 'png', link: { type: 'Location', role: 'tech' } },
      { title: 'Evacuation plan', kind: 'pdf', link: { type: 'Floor', floor: 1 } },
      { title: 'Rack layout', kind: 'svg', link: { type: 'Location', role: 'tech' } },
    ],
    secrets: [
      {
        name: 'Switch admin',
        url: 'https://10.30.10.11',
        username: 'admin',
        password: 'Cl1nic-Sw#2025',
        level: 'Admin',
        link: { type: 'Device', category: 'switch' },
      },
      {
        name: 'Door controller',
        url: 'https://10.30.20.12',
        username: 'root',
        password: 'Door-CL-6604',
        level: 'Admin',
        link: { type: 'Device', category: 'door' },
      },
      {
        name: 'Nurse station PC',
        username: 'nurse',
        password: 'Ward-A-2026',
        level: 'User',
        link: { type: 'Location', role: 'office' },
      },
      {
        name: 'Integrator VPN',
        url: 'vpn.example.com',
        username: 'iris.janssens',
        password: 'Vpn-Iris-CL-118',
        level: 'Admin',
        link: { type: 'Site' },
        private: true,
      },
    ],
  },
  {
    tenant: 3,
    name: 'Other Tower',
    code: 'OT',
    customer: 'SKY',
    street: 'Avenue John F. Kennedy',
    streetNumber: '44',
    zip: '1855',
    city: 'Luxembourg',
    country: 'Luxemburg',
    gps: '49.6296,6.1650',
    facade: '#37474F',
    contractors: ['GDE'],
    layers: ['NET', 'SEC', 'AV'],
    floors: [
      {
        name: 'Lobby',
        code: 'F0',
        top: [
          { name: 'Lobby', type: 'space', role: 'entrance', weight: 2 },
          { name: 'Concierge', type: 'Workspace', role: 'office' },
        ],
        bottom: [
          { name: 'Technical Room', type: 'room', role: 'tech' },
          { name: 'Mail Room', type: 'room', role: 'storage' },
        ],
        zones: [{ name: 'Lobby Zone', code: 'F0-N', side: 'north' }],
      },
      {
        name: 'First Floor',
        code: 'F1',
        top: [
          { name: 'Tenant Office A', type: 'Workspace', role: 'office', weight: 2 },
          { name: 'Meeting Room', type: 'Meeting Room Teams', role: 'meeting' },
        ],
        bottom: [
          { name: 'Tenant Office B', type: 'Workspace', role: 'office', weight: 2 },
          { name: 'Kitchenette', type: 'room', role: 'open' },
        ],
        zones: [
          { name: 'Office A', code: 'F1-N', side: 'north' },
          { name: 'Office B', code: 'F1-S', side: 'south' },
        ],
      },
    ],
    devices: 15,
    archived: 2,
    mix: { switch: 1, ap: 3, 'cam-dome': 3, reader: 2, display: 1, thermostat: 2, fire: 2, ups: 1 },
    brands: ['UBNT', 'HIK'],
    subnet: 40,
    contacts: [
      { user: 'other@asbuilt.demo', job: 'Account manager' },
      {
        fname: 'Luc',
        lname: 'Schmit',
        email: 'luc.schmit@skyline.example.com',
        phone1: '+352 26 55 04 10',
        company: 'SKY',
        job: 'Building manager',
      },
      {
        fname: 'Anna',
        lname: 'Kieffer',
        phone1: '+352 691 55 04 20',
        companyName: 'Tower Cleaning Services',
        job: 'Cleaning supervisor',
      },
    ],
    attachments: [
      { title: 'Handover report', kind: 'pdf', link: { type: 'Site' } },
      { title: 'Network notes', kind: 'txt', link: { type: 'Device', category: 'switch' } },
      { title: 'Lobby cabinet', kind: 'png', link: { type: 'Location', role: 'tech' } },
    ],
    secrets: [
      {
        name: 'Switch admin',
        url: 'https://10.40.10.11',
        username: 'admin',
        password: 'Tower-Sw-3302',
        level: 'Admin',
        link: { type: 'Device', category: 'switch' },
      },
      {
        name: 'Lobby Wi-Fi',
        username: 'Skyline-Lobby',
        password: 'Sky-Lobby-2026',
        level: 'Read only',
        link: { type: 'Location', role: 'entrance' },
      },
      {
        name: 'Integrator VPN',
        url: 'vpn.other.example.com',
        username: 'oscar.weber',
        password: 'Vpn-Oscar-5521',
        level: 'Admin',
        link: { type: 'Site' },
        private: true,
      },
    ],
  },
];

export const DEVICE_NOTES: readonly string[] = [
  'Replaced under warranty in March.',
  'Mounted above the false ceiling; access hatch next to the door.',
  'Firmware updated during the last maintenance visit.',
  'Cable label damaged, relabel at next visit.',
  'Customer asked to move this one 50 cm to the left.',
  'Powered from the UPS in the technical room.',
  'Intermittent link drops reported; monitor.',
];
