import type { InterfaceIo, InterfaceSignal, InterfaceTerminal } from '@asbuilt/domain';
import type { Tx } from '../client.ts';
import { companies, interfaces, procats, products } from '../schema.ts';
import { LIBRARY_TENANT_ID } from './base.ts';
import type { RoomRole } from './demo-plans.ts';
import { demoProduct } from './demo-product.ts';
import { type DemoFile, idQueue, reserveIds } from './demo-support.ts';

/** The shared catalogue of tenant 1: brands, categories, products with their interfaces. */

export type LayerCode = 'NET' | 'SEC' | 'AV' | 'BMS';

export interface BrandDef {
  code: string;
  name: string;
  /** Vendor prefix of the MAC addresses of its devices. */
  oui: string;
}

export const BRANDS = [
  { code: 'AXIS', name: 'Axis Communications', oui: 'AC:CC:8E' },
  { code: 'CISCO', name: 'Cisco', oui: '00:1E:7A' },
  { code: 'UBNT', name: 'Ubiquiti', oui: '74:83:C2' },
  { code: 'HIK', name: 'Hikvision', oui: 'BC:AD:28' },
  { code: 'HID', name: 'HID Global', oui: '00:06:8E' },
  { code: 'SAMS', name: 'Samsung', oui: '8C:79:F5' },
  { code: 'BOSE', name: 'Bose Professional', oui: '04:52:C7' },
  { code: 'SHURE', name: 'Shure', oui: '00:0E:DD' },
  { code: 'SIEM', name: 'Siemens', oui: '00:1B:1B' },
  { code: 'PHIL', name: 'Philips Dynalite', oui: '00:17:88' },
  { code: 'APC', name: 'APC by Schneider Electric', oui: '00:C0:B7' },
  { code: 'DELL', name: 'Dell Technologies', oui: 'F4:8E:38' },
] as const satisfies readonly BrandDef[];

export type BrandCode = (typeof BRANDS)[number]['code'];

export type CategoryKey =
  | 'switch'
  | 'ap'
  | 'firewall'
  | 'cam-dome'
  | 'cam-bullet'
  | 'nvr'
  | 'reader'
  | 'door'
  | 'display'
  | 'speaker'
  | 'amp'
  | 'mic'
  | 'thermostat'
  | 'lighting'
  | 'ups'
  | 'pdu'
  | 'fire'
  | 'server';

export interface CategoryDef {
  key: CategoryKey;
  main: string;
  sub1: string;
  sub2?: string;
  /** Used in device codes: `HQ-CAM-012`. */
  code: string;
  /** Used in device names: `Camera Reception`. */
  label: string;
  layer: LayerCode;
  /** Rooms where devices of this kind are installed, in order of preference. */
  rooms: RoomRole[];
  /** Has an address on the network (MAC and IP). */
  networked: boolean;
}

const TECH: RoomRole[] = ['tech'];
const INDOOR: RoomRole[] = ['entrance', 'office', 'open', 'meeting', 'tech', 'storage', 'care', 'corridor'];

export const CATEGORIES: readonly CategoryDef[] = [
  {
    key: 'switch',
    main: 'Network',
    sub1: 'Switch',
    code: 'SW',
    label: 'Switch',
    layer: 'NET',
    rooms: TECH,
    networked: true,
  },
  {
    key: 'ap',
    main: 'Network',
    sub1: 'Access Point',
    code: 'AP',
    label: 'Access point',
    layer: 'NET',
    rooms: ['open', 'office', 'corridor', 'meeting', 'entrance', 'care', 'storage'],
    networked: true,
  },
  {
    key: 'firewall',
    main: 'Network',
    sub1: 'Firewall',
    code: 'FW',
    label: 'Firewall',
    layer: 'NET',
    rooms: TECH,
    networked: true,
  },
  {
    key: 'cam-dome',
    main: 'Security',
    sub1: 'Camera',
    sub2: 'Dome',
    code: 'CAM',
    label: 'Camera',
    layer: 'SEC',
    rooms: ['corridor', 'entrance', 'open', 'storage'],
    networked: true,
  },
  {
    key: 'cam-bullet',
    main: 'Security',
    sub1: 'Camera',
    sub2: 'Bullet',
    code: 'CAM',
    label: 'Camera',
    layer: 'SEC',
    rooms: ['outdoor', 'storage', 'entrance'],
    networked: true,
  },
  {
    key: 'nvr',
    main: 'Security',
    sub1: 'Recorder',
    code: 'NVR',
    label: 'Recorder',
    layer: 'SEC',
    rooms: TECH,
    networked: true,
  },
  {
    key: 'reader',
    main: 'Security',
    sub1: 'Access Control',
    sub2: 'Reader',
    code: 'RDR',
    label: 'Badge reader',
    layer: 'SEC',
    rooms: ['entrance', 'tech', 'storage', 'care'],
    networked: false,
  },
  {
    key: 'door',
    main: 'Security',
    sub1: 'Access Control',
    sub2: 'Controller',
    code: 'ACC',
    label: 'Door controller',
    layer: 'SEC',
    rooms: TECH,
    networked: true,
  },
  {
    key: 'display',
    main: 'AV',
    sub1: 'Display',
    code: 'DSP',
    label: 'Display',
    layer: 'AV',
    rooms: ['meeting', 'entrance', 'open'],
    networked: true,
  },
  {
    key: 'speaker',
    main: 'AV',
    sub1: 'Loudspeaker',
    code: 'SPK',
    label: 'Loudspeaker',
    layer: 'AV',
    rooms: ['open', 'corridor', 'meeting', 'entrance', 'care'],
    networked: false,
  },
  {
    key: 'amp',
    main: 'AV',
    sub1: 'Amplifier',
    code: 'AMP',
    label: 'Amplifier',
    layer: 'AV',
    rooms: TECH,
    networked: false,
  },
  {
    key: 'mic',
    main: 'AV',
    sub1: 'Microphone',
    code: 'MIC',
    label: 'Microphone',
    layer: 'AV',
    rooms: ['meeting'],
    networked: true,
  },
  {
    key: 'thermostat',
    main: 'HVAC',
    sub1: 'Thermostat',
    code: 'TH',
    label: 'Thermostat',
    layer: 'BMS',
    rooms: ['office', 'meeting', 'open', 'care', 'entrance'],
    networked: false,
  },
  {
    key: 'lighting',
    main: 'Lighting',
    sub1: 'Controller',
    code: 'LC',
    label: 'Lighting controller',
    layer: 'BMS',
    rooms: ['tech', 'corridor'],
    networked: false,
  },
  {
    key: 'ups',
    main: 'Power',
    sub1: 'UPS',
    code: 'UPS',
    label: 'UPS',
    layer: 'NET',
    rooms: TECH,
    networked: true,
  },
  {
    key: 'pdu',
    main: 'Power',
    sub1: 'PDU',
    code: 'PDU',
    label: 'PDU',
    layer: 'NET',
    rooms: TECH,
    networked: true,
  },
  {
    key: 'fire',
    main: 'Fire',
    sub1: 'Detector',
    code: 'FD',
    label: 'Smoke detector',
    layer: 'SEC',
    rooms: INDOOR,
    networked: false,
  },
  {
    key: 'server',
    main: 'IT',
    sub1: 'Server',
    code: 'SRV',
    label: 'Server',
    layer: 'NET',
    rooms: TECH,
    networked: true,
  },
];

const MAIN_COLOR: Record<string, string> = {
  Network: '#1976D2',
  Security: '#D32F2F',
  AV: '#7B1FA2',
  HVAC: '#00897B',
  Lighting: '#F9A825',
  Power: '#455A64',
  Fire: '#E64A19',
  IT: '#3949AB',
};

export function categoryName(category: Pick<CategoryDef, 'main' | 'sub1' | 'sub2'>): string {
  return [category.main, category.sub1, category.sub2].filter(Boolean).join(' / ');
}

type Iface = readonly [InterfaceIo, InterfaceTerminal, InterfaceSignal, string];

interface ProductDef {
  brand: BrandCode;
  cat: CategoryKey;
  model: string;
  name: string;
  sku: string;
  /** Height, width, depth in mm. */
  size: readonly [number, number, number];
  /** Grams. */
  weight: number;
  /** Watts. */
  power: number;
  rackUnits?: number;
  description: string;
  features: readonly string[];
  ifs: readonly Iface[];
}

const PRODUCTS: readonly ProductDef[] = [
  {
    brand: 'CISCO',
    cat: 'switch',
    model: 'C9200L-24P-4G',
    name: 'Cisco Catalyst 9200L 24-port PoE+ Switch',
    sku: 'C9200L-24P-4G-E',
    size: [44, 445, 292],
    weight: 4620,
    power: 370,
    rackUnits: 1,
    description: 'Stackable access switch with 24 PoE+ ports and four 1G SFP uplinks.',
    features: ['370 W PoE budget', 'Four 1G SFP uplinks', 'StackWise-80', 'Layer 3 lite'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'PoE+ ports 1-24'],
      ['bi-directional', 'SFP', 'Data', 'Uplink 1-4'],
      ['bi-directional', 'RJ45', 'Data', 'Console'],
      ['bi-directional', 'USB', 'Data', 'USB'],
      ['input', 'IEC C14', 'AC/DC', 'Power'],
    ],
  },
  {
    brand: 'CISCO',
    cat: 'switch',
    model: 'C9300-48P',
    name: 'Cisco Catalyst 9300 48-port PoE+ Switch',
    sku: 'C9300-48P-A',
    size: [44, 445, 449],
    weight: 7600,
    power: 715,
    rackUnits: 1,
    description: 'Enterprise core and access switch with 48 PoE+ ports and modular uplinks.',
    features: ['48 PoE+ ports', 'Modular 10G/25G uplinks', 'Dual power supplies', 'StackWise-480'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'PoE+ ports 1-48'],
      ['bi-directional', 'SFP+', 'Data', 'Network module 1-4'],
      ['bi-directional', 'RJ45', 'Data', 'Management'],
      ['bi-directional', 'RJ45', 'Data', 'Console'],
      ['bi-directional', 'USB', 'Data', 'USB'],
      ['input', 'IEC C14', 'AC/DC', 'PSU 1'],
      ['input', 'IEC C14', 'AC/DC', 'PSU 2'],
    ],
  },
  {
    brand: 'UBNT',
    cat: 'switch',
    model: 'USW-Pro-24-PoE',
    name: 'Ubiquiti UniFi Switch Pro 24 PoE',
    sku: 'USW-PRO-24-POE-EU',
    size: [44, 442, 285],
    weight: 5100,
    power: 400,
    rackUnits: 1,
    description: 'Layer 3 switch with 16 PoE+ and 8 PoE++ ports and two 10G SFP+ uplinks.',
    features: ['400 W PoE budget', 'Two 10G SFP+ uplinks', 'Touchscreen status display'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'PoE ports 1-24'],
      ['bi-directional', 'SFP+', 'Data', 'SFP+ 1-2'],
      ['input', 'IEC C14', 'AC/DC', 'Power'],
    ],
  },
  {
    brand: 'UBNT',
    cat: 'switch',
    model: 'USW-Lite-8-PoE',
    name: 'Ubiquiti UniFi Switch Lite 8 PoE',
    sku: 'USW-LITE-8-POE-EU',
    size: [30, 200, 119],
    weight: 800,
    power: 52,
    description: 'Compact desktop switch with four PoE+ ports, fanless.',
    features: ['52 W PoE budget', 'Fanless', 'Wall mountable'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'PoE ports 1-4'],
      ['bi-directional', 'RJ45', 'Data', 'Ports 5-8'],
      ['input', 'Barrel DC', 'Power', 'DC In'],
    ],
  },
  {
    brand: 'CISCO',
    cat: 'ap',
    model: 'C9120AXI-E',
    name: 'Cisco Catalyst 9120AX Wi-Fi 6 Access Point',
    sku: 'C9120AXI-E',
    size: [52, 218, 218],
    weight: 1500,
    power: 25.5,
    description: 'Indoor Wi-Fi 6 access point with 4x4 MU-MIMO and a 2.5G uplink.',
    features: ['Wi-Fi 6 (802.11ax)', '4x4 MU-MIMO', 'mGig 2.5G uplink', 'BLE radio'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'LAN 1 (mGig PoE)'],
      ['bi-directional', 'RJ45', 'Data', 'Console'],
      ['bi-directional', 'USB', 'Data', 'USB'],
    ],
  },
  {
    brand: 'UBNT',
    cat: 'ap',
    model: 'U6-Pro',
    name: 'Ubiquiti UniFi U6 Pro Access Point',
    sku: 'U6-PRO',
    size: [35, 197, 197],
    weight: 700,
    power: 13,
    description: 'Ceiling-mounted Wi-Fi 6 access point for 300+ clients.',
    features: ['Wi-Fi 6', '4x4 MU-MIMO on 5 GHz', 'PoE powered'],
    ifs: [['bi-directional', 'RJ45', 'Data', 'LAN (PoE in)']],
  },
  {
    brand: 'UBNT',
    cat: 'ap',
    model: 'U6-Lite',
    name: 'Ubiquiti UniFi U6 Lite Access Point',
    sku: 'U6-LITE',
    size: [33, 160, 160],
    weight: 300,
    power: 12,
    description: 'Compact Wi-Fi 6 access point for small rooms.',
    features: ['Wi-Fi 6', '2x2 MU-MIMO', 'PoE powered'],
    ifs: [['bi-directional', 'RJ45', 'Data', 'LAN (PoE in)']],
  },
  {
    brand: 'CISCO',
    cat: 'firewall',
    model: 'FPR1010',
    name: 'Cisco Firepower 1010 Next-Generation Firewall',
    sku: 'FPR1010-NGFW-K9',
    size: [43, 200, 184],
    weight: 1360,
    power: 15,
    description: 'Desktop next-generation firewall with an eight-port switch, two with PoE+.',
    features: ['650 Mbps threat inspection', 'Eight switched ports', 'VPN'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'Ethernet 1/1-1/8'],
      ['bi-directional', 'RJ45', 'Data', 'Management'],
      ['bi-directional', 'RJ45', 'Data', 'Console'],
      ['bi-directional', 'USB', 'Data', 'USB'],
      ['input', 'Barrel DC', 'Power', 'DC In'],
    ],
  },
  {
    brand: 'UBNT',
    cat: 'firewall',
    model: 'UDM-Pro',
    name: 'Ubiquiti UniFi Dream Machine Pro Gateway',
    sku: 'UDM-PRO-EU',
    size: [44, 442, 285],
    weight: 3900,
    power: 33,
    rackUnits: 1,
    description: 'Rack-mount gateway with a UniFi controller, IDS/IPS and NVR functions.',
    features: ['3.5 Gbps IDS/IPS', 'Built-in UniFi Network', '3.5" drive bay for Protect'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'LAN 1-8'],
      ['bi-directional', 'RJ45', 'Data', 'WAN 1'],
      ['bi-directional', 'SFP+', 'Data', 'WAN 2 (SFP+)'],
      ['bi-directional', 'SFP+', 'Data', 'LAN (SFP+)'],
      ['input', 'IEC C14', 'AC/DC', 'Power'],
    ],
  },
  {
    brand: 'AXIS',
    cat: 'cam-dome',
    model: 'M3086-V',
    name: 'Axis M3086-V Mini Dome Camera',
    sku: '02373-001',
    size: [56, 101, 101],
    weight: 195,
    power: 4.5,
    description: 'Discreet 4 MP mini dome with a wide field of view for indoor spaces.',
    features: ['4 MP', 'Lightfinder', 'Zipstream', 'Analytics with deep learning'],
    ifs: [['bi-directional', 'RJ45', 'Data', 'LAN (PoE)']],
  },
  {
    brand: 'AXIS',
    cat: 'cam-dome',
    model: 'P3265-LVE',
    name: 'Axis P3265-LVE Outdoor Dome Camera',
    sku: '02328-001',
    size: [120, 155, 155],
    weight: 1300,
    power: 20,
    description: 'Vandal-resistant 1080p dome with IR for outdoor and indoor use.',
    features: ['1080p', 'OptimizedIR', 'IK10', 'Deep learning processing unit'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'LAN (PoE)'],
      ['bi-directional', 'Terminal Block', 'Data', 'Digital I/O'],
      ['input', 'Terminal Block', 'Audio', 'Audio in'],
    ],
  },
  {
    brand: 'HIK',
    cat: 'cam-dome',
    model: 'DS-2CD2143G2-I',
    name: 'Hikvision DS-2CD2143G2-I 4 MP AcuSense Dome Camera',
    sku: 'DS-2CD2143G2-I(2.8mm)',
    size: [82, 111, 111],
    weight: 500,
    power: 8.5,
    description: '4 MP dome camera with human and vehicle classification.',
    features: ['4 MP', 'AcuSense', 'IR up to 30 m', 'IP67'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'LAN (PoE)'],
      ['input', 'Barrel DC', 'Power', '12 VDC'],
    ],
  },
  {
    brand: 'UBNT',
    cat: 'cam-dome',
    model: 'UVC-G4-Dome',
    name: 'Ubiquiti UniFi Protect G4 Dome Camera',
    sku: 'UVC-G4-DOME',
    size: [94, 136, 136],
    weight: 460,
    power: 4.2,
    description: '4 MP ceiling dome camera with IR night vision and a microphone.',
    features: ['4 MP', 'IR night vision', 'Built-in microphone'],
    ifs: [['bi-directional', 'RJ45', 'Data', 'LAN (PoE)']],
  },
  {
    brand: 'AXIS',
    cat: 'cam-bullet',
    model: 'P1465-LE',
    name: 'Axis P1465-LE Bullet Camera',
    sku: '01999-001',
    size: [93, 93, 268],
    weight: 1000,
    power: 11.2,
    description: 'Outdoor 1080p bullet camera for facades, car parks and loading bays.',
    features: ['1080p', 'OptimizedIR', 'IP66/IP67', 'Forensic WDR'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'LAN (PoE)'],
      ['bi-directional', 'Terminal Block', 'Data', 'Digital I/O'],
    ],
  },
  {
    brand: 'HIK',
    cat: 'cam-bullet',
    model: 'DS-2CD2T47G2-L',
    name: 'Hikvision DS-2CD2T47G2-L ColorVu Bullet Camera',
    sku: 'DS-2CD2T47G2-L(4mm)',
    size: [96, 105, 273],
    weight: 1050,
    power: 10,
    description: '4 MP colour bullet camera with supplemental white light.',
    features: ['4 MP', 'ColorVu 24/7 colour', 'White light 60 m', 'IP67'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'LAN (PoE)'],
      ['input', 'Barrel DC', 'Power', '12 VDC'],
    ],
  },
  {
    brand: 'AXIS',
    cat: 'nvr',
    model: 'S3008',
    name: 'Axis S3008 8-channel Recorder',
    sku: '02107-002',
    size: [46, 200, 145],
    weight: 1160,
    power: 85,
    description: 'Compact recorder with an eight-port PoE switch and a 2 TB drive.',
    features: ['8 PoE ports', '2 TB surveillance HDD', 'AXIS Camera Station Edge'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'PoE ports 1-8'],
      ['bi-directional', 'RJ45', 'Data', 'LAN uplink'],
      ['bi-directional', 'USB', 'Data', 'USB'],
      ['input', 'Barrel DC', 'Power', 'DC In'],
    ],
  },
  {
    brand: 'HIK',
    cat: 'nvr',
    model: 'DS-7608NXI-K2',
    name: 'Hikvision DS-7608NXI-K2 8-channel AcuSense NVR',
    sku: 'DS-7608NXI-K2',
    size: [48, 385, 315],
    weight: 2200,
    power: 20,
    rackUnits: 1,
    description: 'Eight-channel network video recorder with two SATA bays and AcuSense search.',
    features: ['8 channels up to 8 MP', '2 SATA bays', 'Smart search'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'LAN'],
      ['output', 'HDMI', 'Video', 'HDMI out'],
      ['output', 'VGA', 'Video', 'VGA out'],
      ['output', 'RCA', 'Audio', 'Audio out'],
      ['bi-directional', 'USB', 'Data', 'USB'],
      ['bi-directional', 'RS-485', 'Data', 'RS-485'],
      ['input', 'Barrel DC', 'Power', '12 VDC'],
    ],
  },
  {
    brand: 'HID',
    cat: 'reader',
    model: 'Signo 20',
    name: 'HID Signo 20 Mullion Reader',
    sku: '20KNKS-00-000000',
    size: [152, 48, 23],
    weight: 140,
    power: 1.2,
    description: 'Slim mullion card reader for Seos, iCLASS and mobile credentials.',
    features: ['Seos and mobile access', 'OSDP secure channel', 'IP65'],
    ifs: [
      ['bi-directional', 'Terminal Block', 'Data', 'Wiegand / OSDP'],
      ['input', 'Terminal Block', 'Power', 'Power 12 VDC'],
    ],
  },
  {
    brand: 'HID',
    cat: 'reader',
    model: 'iCLASS SE R40',
    name: 'HID iCLASS SE R40 Wall Switch Reader',
    sku: '920NTNNEK00000',
    size: [122, 84, 24],
    weight: 180,
    power: 1.5,
    description: 'Wall-switch sized contactless reader.',
    features: ['iCLASS SE and Seos', 'Wiegand and OSDP', 'Tamper switch'],
    ifs: [
      ['output', 'Terminal Block', 'Data', 'Wiegand'],
      ['bi-directional', 'RS-485', 'Data', 'OSDP'],
      ['input', 'Terminal Block', 'Power', 'Power 12 VDC'],
    ],
  },
  {
    brand: 'AXIS',
    cat: 'door',
    model: 'A1601',
    name: 'Axis A1601 Network Door Controller',
    sku: '01703-001',
    size: [35, 221, 140],
    weight: 470,
    power: 13,
    description: 'PoE door controller for two doors with built-in web access control.',
    features: ['Two doors', 'Built-in AXIS Entry Manager', 'OSDP readers'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'LAN (PoE)'],
      ['bi-directional', 'RS-485', 'Data', 'Reader 1'],
      ['bi-directional', 'RS-485', 'Data', 'Reader 2'],
      ['output', 'Terminal Block', 'Power', 'Lock 1'],
      ['output', 'Terminal Block', 'Power', 'Lock 2'],
      ['input', 'Terminal Block', 'Data', 'Inputs 1-4'],
      ['input', 'Terminal Block', 'Power', 'DC In'],
    ],
  },
  {
    brand: 'HID',
    cat: 'door',
    model: 'Aero X1100A',
    name: 'HID Aero X1100A Intelligent Controller',
    sku: 'X1100A',
    size: [30, 165, 203],
    weight: 400,
    power: 6,
    description: 'Open-platform access controller with two RS-485 reader buses.',
    features: ['Up to 64 readers', 'Embedded crypto', 'Open architecture'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'Ethernet'],
      ['bi-directional', 'RS-485', 'Data', 'Bus 1'],
      ['bi-directional', 'RS-485', 'Data', 'Bus 2'],
      ['input', 'Terminal Block', 'Power', 'Power 12-24 VDC'],
    ],
  },
  {
    brand: 'SAMS',
    cat: 'display',
    model: 'QM55C',
    name: 'Samsung QM55C 55" 4K UHD Display',
    sku: 'LH55QMCEBGCXEN',
    size: [706, 1232, 58],
    weight: 13900,
    power: 130,
    description: 'Professional 24/7 4K display for meeting rooms and signage.',
    features: ['4K UHD', '24/7 operation', 'Tizen 7', '500 nits'],
    ifs: [
      ['input', 'HDMI', 'Video', 'HDMI 1'],
      ['input', 'HDMI', 'Video', 'HDMI 2'],
      ['bi-directional', 'RJ45', 'Data', 'LAN'],
      ['bi-directional', 'USB', 'Data', 'USB'],
      ['bi-directional', 'RS-232', 'Data', 'RS-232C'],
      ['output', 'Jack 3.5mm', 'Audio', 'Audio out'],
      ['input', 'IEC C14', 'AC/DC', 'AC In'],
    ],
  },
  {
    brand: 'SAMS',
    cat: 'display',
    model: 'QM75C',
    name: 'Samsung QM75C 75" 4K UHD Display',
    sku: 'LH75QMCEBGCXEN',
    size: [962, 1673, 62],
    weight: 29700,
    power: 240,
    description: 'Large professional 4K display for board rooms and lobbies.',
    features: ['4K UHD', '24/7 operation', 'Tizen 7', '500 nits'],
    ifs: [
      ['input', 'HDMI', 'Video', 'HDMI 1'],
      ['input', 'HDMI', 'Video', 'HDMI 2'],
      ['bi-directional', 'RJ45', 'Data', 'LAN'],
      ['bi-directional', 'USB', 'Data', 'USB'],
      ['bi-directional', 'RS-232', 'Data', 'RS-232C'],
      ['output', 'Jack 3.5mm', 'Audio', 'Audio out'],
      ['input', 'IEC C14', 'AC/DC', 'AC In'],
    ],
  },
  {
    brand: 'SAMS',
    cat: 'display',
    model: 'WM55B',
    name: 'Samsung Flip Pro WM55B 55" Interactive Display',
    sku: 'LH55WMBWLGCXEN',
    size: [762, 1278, 60],
    weight: 28000,
    power: 150,
    description: 'Interactive whiteboard display with touch and wireless screen sharing.',
    features: ['20-point touch', 'USB-C with 65 W charging', 'Wireless screen sharing'],
    ifs: [
      ['input', 'HDMI', 'Video', 'HDMI 1'],
      ['input', 'HDMI', 'Video', 'HDMI 2'],
      ['input', 'USB-C', 'Video', 'USB-C (DP Alt)'],
      ['bi-directional', 'RJ45', 'Data', 'LAN'],
      ['output', 'USB', 'Data', 'Touch out'],
      ['input', 'IEC C14', 'AC/DC', 'AC In'],
    ],
  },
  {
    brand: 'BOSE',
    cat: 'speaker',
    model: 'DM3C',
    name: 'Bose DesignMax DM3C Ceiling Loudspeaker',
    sku: '841152-0200',
    size: [184, 239, 239],
    weight: 2400,
    power: 50,
    description: 'Two-way 3" ceiling loudspeaker with a 70/100 V transformer.',
    features: ['3" full-range', '70/100 V and 8 ohm', 'Quick-install dogs'],
    ifs: [['input', 'Phoenix', 'Audio', 'Input +/-']],
  },
  {
    brand: 'BOSE',
    cat: 'speaker',
    model: 'FS4CE',
    name: 'Bose FreeSpace FS4CE Ceiling Loudspeaker',
    sku: '843090-0200',
    size: [135, 238, 238],
    weight: 1900,
    power: 16,
    description: 'Compact 4.5" in-ceiling loudspeaker for background music and paging.',
    features: ['4.5" driver', '70/100 V', 'Paintable grille'],
    ifs: [
      ['input', 'Phoenix', 'Audio', 'Input'],
      ['output', 'Phoenix', 'Audio', 'Loop out'],
    ],
  },
  {
    brand: 'BOSE',
    cat: 'amp',
    model: 'PowerSpace P2600A',
    name: 'Bose PowerSpace P2600A Power Amplifier',
    sku: '795891-0210',
    size: [44, 483, 366],
    weight: 6400,
    power: 420,
    rackUnits: 1,
    description: 'Two-channel 600 W amplifier for 70/100 V and low-impedance lines.',
    features: ['2 x 600 W', '70/100 V or 4/8 ohm', 'Standby control'],
    ifs: [
      ['input', 'Phoenix', 'Audio', 'Input A'],
      ['input', 'Phoenix', 'Audio', 'Input B'],
      ['output', 'Phoenix', 'Audio', 'Output A'],
      ['output', 'Phoenix', 'Audio', 'Output B'],
      ['input', 'Terminal Block', 'Data', 'Standby control'],
      ['input', 'IEC C14', 'AC/DC', 'AC In'],
    ],
  },
  {
    brand: 'SHURE',
    cat: 'mic',
    model: 'MXA920',
    name: 'Shure MXA920 Ceiling Array Microphone',
    sku: 'MXA920W-S',
    size: [66, 592, 592],
    weight: 6800,
    power: 11,
    description: 'Ceiling array microphone with automatic coverage and Dante output.',
    features: ['Automatic coverage', 'IntelliMix DSP', 'Dante and AES67'],
    ifs: [['bi-directional', 'RJ45', 'Audio', 'Dante / PoE+']],
  },
  {
    brand: 'SHURE',
    cat: 'mic',
    model: 'MXA310',
    name: 'Shure MXA310 Table Array Microphone',
    sku: 'MXA310B',
    size: [35, 165, 165],
    weight: 880,
    power: 5,
    description: 'Table array microphone with steerable pickup lobes.',
    features: ['Four steerable lobes', 'Mute button with LED', 'Dante'],
    ifs: [
      ['bi-directional', 'RJ45', 'Audio', 'Dante / PoE'],
      ['bi-directional', 'Terminal Block', 'Data', 'Logic / Mute'],
    ],
  },
  {
    brand: 'SIEM',
    cat: 'thermostat',
    model: 'RDG200KN',
    name: 'Siemens RDG200KN KNX Room Thermostat',
    sku: 'S55770-T424',
    size: [126, 86, 26],
    weight: 250,
    power: 3,
    description: 'KNX room thermostat for fan coil and heat pump applications.',
    features: ['KNX S-Mode and LTE', 'Backlit display', 'Presence input'],
    ifs: [
      ['bi-directional', 'Terminal Block', 'Data', 'KNX bus'],
      ['input', 'Terminal Block', 'AC/DC', 'AC 230 V'],
      ['output', 'Terminal Block', 'Data', 'Outputs Y1-Y4'],
    ],
  },
  {
    brand: 'SIEM',
    cat: 'thermostat',
    model: 'QMX3.P37',
    name: 'Siemens QMX3.P37 Room Operator Unit',
    sku: 'S55624-H103',
    size: [86, 86, 22],
    weight: 130,
    power: 0.5,
    description: 'Room unit with temperature and humidity sensor and touch keys.',
    features: ['Temperature and humidity', 'Touch keys', 'KNX PL-Link'],
    ifs: [['bi-directional', 'Terminal Block', 'Data', 'KNX PL-Link']],
  },
  {
    brand: 'PHIL',
    cat: 'lighting',
    model: 'DDRC1220FR-GL',
    name: 'Philips Dynalite DDRC1220FR-GL DALI Relay Controller',
    sku: '913703254809',
    size: [90, 210, 67],
    weight: 700,
    power: 7,
    description: 'DIN-rail controller with two DALI universes and twelve relay channels.',
    features: ['2 DALI universes', '12 relays', 'DyNet'],
    ifs: [
      ['bi-directional', 'RS-485', 'Data', 'DyNet'],
      ['output', 'Terminal Block', 'Data', 'DALI 1-2'],
      ['output', 'Terminal Block', 'AC/DC', 'Relays 1-12'],
      ['input', 'Terminal Block', 'AC/DC', 'Mains in'],
    ],
  },
  {
    brand: 'PHIL',
    cat: 'lighting',
    model: 'DDNG485',
    name: 'Philips Dynalite DDNG485 Network Gateway',
    sku: '913703056209',
    size: [90, 70, 60],
    weight: 200,
    power: 3,
    description: 'Gateway between the Ethernet network and a DyNet RS-485 trunk.',
    features: ['Ethernet to DyNet', 'DIN rail', 'Web configuration'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'Ethernet'],
      ['bi-directional', 'RS-485', 'Data', 'DyNet'],
      ['input', 'Terminal Block', 'Power', 'DC In'],
    ],
  },
  {
    brand: 'APC',
    cat: 'ups',
    model: 'SMT1500RMI2UC',
    name: 'APC Smart-UPS 1500 VA Rack 2U',
    sku: 'SMT1500RMI2UC',
    size: [89, 432, 457],
    weight: 28400,
    power: 1000,
    rackUnits: 2,
    description: 'Line-interactive 1500 VA UPS with SmartConnect cloud monitoring.',
    features: ['1000 W / 1500 VA', 'SmartConnect', 'Hot-swap batteries'],
    ifs: [
      ['input', 'IEC C14', 'AC/DC', 'AC input'],
      ['output', 'IEC C13', 'AC/DC', 'Outlets 1-4'],
      ['bi-directional', 'RJ45', 'Data', 'SmartConnect'],
      ['bi-directional', 'USB', 'Data', 'USB'],
      ['bi-directional', 'RS-232', 'Data', 'Serial'],
    ],
  },
  {
    brand: 'APC',
    cat: 'ups',
    model: 'SRT3000RMXLI',
    name: 'APC Smart-UPS SRT 3000 VA Rack 2U',
    sku: 'SRT3000RMXLI-NC',
    size: [85, 432, 619],
    weight: 39000,
    power: 2700,
    rackUnits: 2,
    description: 'Online double-conversion 3000 VA UPS with a network management card.',
    features: ['2700 W / 3000 VA', 'Double conversion', 'Network Management Card'],
    ifs: [
      ['input', 'IEC C14', 'AC/DC', 'AC input'],
      ['output', 'IEC C13', 'AC/DC', 'Outlets 1-8'],
      ['bi-directional', 'RJ45', 'Data', 'Network Management Card'],
      ['bi-directional', 'USB', 'Data', 'USB'],
      ['bi-directional', 'RS-232', 'Data', 'Serial'],
      ['input', 'Terminal Block', 'Data', 'EPO'],
    ],
  },
  {
    brand: 'APC',
    cat: 'pdu',
    model: 'AP7921B',
    name: 'APC Switched Rack PDU 1U 16 A 8 Outlets',
    sku: 'AP7921B',
    size: [44, 432, 108],
    weight: 3400,
    power: 15,
    rackUnits: 1,
    description: 'Switched rack PDU with per-outlet control and metering.',
    features: ['8 switched C13 outlets', 'Remote outlet control', 'Load metering'],
    ifs: [
      ['input', 'IEC C14', 'AC/DC', 'AC input'],
      ['output', 'IEC C13', 'AC/DC', 'Outlets 1-8'],
      ['bi-directional', 'RJ45', 'Data', 'Network'],
      ['bi-directional', 'RS-232', 'Data', 'Serial'],
      ['input', 'RJ12', 'Data', 'Temperature probe'],
    ],
  },
  {
    brand: 'SIEM',
    cat: 'fire',
    model: 'FDO241',
    name: 'Siemens Sinteso FDO241 Optical Smoke Detector',
    sku: 'S54310-F6-A1',
    size: [42, 100, 100],
    weight: 110,
    power: 0.1,
    description: 'Addressable optical smoke detector for FDnet loops.',
    features: ['Optical smoke', 'Built-in line isolator', 'FDnet addressable'],
    ifs: [['bi-directional', 'Terminal Block', 'Data', 'FDnet loop']],
  },
  {
    brand: 'SIEM',
    cat: 'fire',
    model: 'FDOOT241-A9',
    name: 'Siemens Sinteso FDOOT241-A9 Multi-sensor Fire Detector',
    sku: 'S54320-F4-A1',
    size: [54, 115, 115],
    weight: 120,
    power: 0.1,
    description: 'Neural multi-sensor detector (optical and thermal) with ASA technology.',
    features: ['Optical and thermal', 'ASA technology', 'Fewer false alarms'],
    ifs: [
      ['bi-directional', 'Terminal Block', 'Data', 'FDnet loop in/out'],
      ['output', 'Terminal Block', 'AC/DC', 'Remote indicator'],
    ],
  },
  {
    brand: 'DELL',
    cat: 'server',
    model: 'PowerEdge R650',
    name: 'Dell PowerEdge R650 Rack Server',
    sku: 'PER650',
    size: [43, 482, 749],
    weight: 21200,
    power: 800,
    rackUnits: 1,
    description: 'Dual-socket 1U server for virtualisation and video management.',
    features: ['2x Intel Xeon Scalable', 'Up to 10 NVMe drives', 'iDRAC9'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'iDRAC'],
      ['bi-directional', 'RJ45', 'Data', 'LAN 1'],
      ['bi-directional', 'RJ45', 'Data', 'LAN 2'],
      ['bi-directional', 'SFP+', 'Data', 'OCP 1-2'],
      ['output', 'VGA', 'Video', 'VGA'],
      ['bi-directional', 'USB', 'Data', 'USB 3.0'],
      ['input', 'IEC C14', 'AC/DC', 'PSU 1'],
      ['input', 'IEC C14', 'AC/DC', 'PSU 2'],
    ],
  },
  {
    brand: 'DELL',
    cat: 'server',
    model: 'PowerEdge R750',
    name: 'Dell PowerEdge R750 Rack Server',
    sku: 'PER750',
    size: [87, 482, 758],
    weight: 28600,
    power: 1100,
    rackUnits: 2,
    description: 'Dual-socket 2U server for storage-heavy workloads.',
    features: ['2x Intel Xeon Scalable', 'Up to 24 drives', 'iDRAC9', 'GPU ready'],
    ifs: [
      ['bi-directional', 'RJ45', 'Data', 'iDRAC'],
      ['bi-directional', 'RJ45', 'Data', 'LAN 1'],
      ['bi-directional', 'RJ45', 'Data', 'LAN 2'],
      ['bi-directional', 'SFP+', 'Data', 'OCP 1-2'],
      ['output', 'VGA', 'Video', 'VGA'],
      ['bi-directional', 'USB', 'Data', 'USB 3.0'],
      ['input', 'IEC C14', 'AC/DC', 'PSU 1'],
      ['input', 'IEC C14', 'AC/DC', 'PSU 2'],
    ],
  },
];

export interface CatalogueProduct {
  id: number;
  name: string;
  model: string;
  brand: BrandDef;
  category: CategoryDef;
  rackUnits: number | null;
}

export interface Catalogue {
  products: CatalogueProduct[];
  byCategory: Map<CategoryKey, CatalogueProduct[]>;
}

export interface CatalogueRows {
  brands: (typeof companies.$inferInsert)[];
  procats: (typeof procats.$inferInsert)[];
  products: (typeof products.$inferInsert)[];
  interfaces: (typeof interfaces.$inferInsert)[];
  files: DemoFile[];
  catalogue: Catalogue;
}

export const CATALOGUE_COUNTS = {
  companies: BRANDS.length,
  procats: CATEGORIES.length,
  products: PRODUCTS.length,
};

/** Rows of the catalogue, built with ids handed out by the caller. */
export function buildCatalogue(next: {
  company: () => number;
  procat: () => number;
  product: () => number;
}): CatalogueRows {
  const out: CatalogueRows = {
    brands: [],
    procats: [],
    products: [],
    interfaces: [],
    files: [],
    catalogue: { products: [], byCategory: new Map() },
  };
  const brandId = new Map<string, number>();
  for (const brand of BRANDS) {
    const id = next.company();
    brandId.set(brand.code, id);
    out.brands.push({
      id,
      tenant_id: LIBRARY_TENANT_ID,
      name: brand.name,
      code: brand.code,
      company_type: 'Brand',
      brand: true,
    });
  }
  const procatId = new Map<CategoryKey, number>();
  for (const category of CATEGORIES) {
    const id = next.procat();
    procatId.set(category.key, id);
    out.procats.push({
      id,
      tenant_id: LIBRARY_TENANT_ID,
      name: categoryName(category),
      main: category.main,
      sub1: category.sub1,
      sub2: category.sub2 ?? null,
    });
  }
  const categoryByKey = new Map(CATEGORIES.map((c) => [c.key, c]));
  const brandByCode = new Map<string, BrandDef>(BRANDS.map((b) => [b.code, b]));
  for (const def of PRODUCTS) {
    const id = next.product();
    const brand = brandByCode.get(def.brand)!;
    const category = categoryByKey.get(def.cat)!;
    const { row, file } = demoProduct(
      {
        brandCode: def.brand,
        brandName: brand.name,
        categoryName: categoryName(category),
        color: MAIN_COLOR[category.main] ?? '#607D8B',
        model: def.model,
        name: def.name,
        description: def.description,
        rackUnits: def.rackUnits,
      },
      { id, procat_id: procatId.get(def.cat)!, brand_id: brandId.get(def.brand)! },
    );
    out.files.push(file);
    out.products.push({
      ...row,
      sku: def.sku,
      features: def.features.join('\n'),
      height: def.size[0],
      width: def.size[1],
      depth: def.size[2],
      weight: def.weight,
      power: def.power,
    });
    for (const [io, terminal, signal, label] of def.ifs) {
      out.interfaces.push({ product_id: id, interface_type: io, terminal, signal, label });
    }
    const product: CatalogueProduct = {
      id,
      name: def.name,
      model: def.model,
      brand,
      category,
      rackUnits: def.rackUnits ?? null,
    };
    out.catalogue.products.push(product);
    const list = out.catalogue.byCategory.get(def.cat) ?? [];
    list.push(product);
    out.catalogue.byCategory.set(def.cat, list);
  }
  return out;
}

/** Inserts brands, categories, products and interfaces into tenant 1 (one insert per table). */
export async function seedCatalogue(tx: Tx, files: DemoFile[]): Promise<Catalogue> {
  const rows = buildCatalogue({
    company: idQueue(await reserveIds(tx, 'companies', CATALOGUE_COUNTS.companies)),
    procat: idQueue(await reserveIds(tx, 'procats', CATALOGUE_COUNTS.procats)),
    product: idQueue(await reserveIds(tx, 'products', CATALOGUE_COUNTS.products)),
  });
  await tx.insert(companies).values(rows.brands);
  await tx.insert(procats).values(rows.procats);
  await tx.insert(products).values(rows.products);
  await tx.insert(interfaces).values(rows.interfaces);
  files.push(...rows.files);
  return rows.catalogue;
}

/** For tests: the raw definitions. */
export const PRODUCT_DEFINITIONS = PRODUCTS;
