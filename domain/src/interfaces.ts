/** Interface (I/O) enumerations of a product (spatial-and-admin.md section 3). */
export const INTERFACE_IO = ['input', 'output', 'bi-directional'] as const;
export type InterfaceIo = (typeof INTERFACE_IO)[number];

export const INTERFACE_SIGNALS = ['Data', 'Audio', 'AC/DC', 'Video', 'Power'] as const;
export type InterfaceSignal = (typeof INTERFACE_SIGNALS)[number];

export const INTERFACE_TERMINALS = [
  'RJ45',
  'RJ11',
  'RJ12',
  'XLR',
  'Jack 3.5mm',
  'Jack 6.35mm',
  'RCA',
  'Speakon',
  'Phoenix',
  'Terminal Block',
  'HDMI',
  'DisplayPort',
  'DVI',
  'VGA',
  'SDI',
  'BNC',
  'USB',
  'USB-C',
  'Optical',
  'Toslink',
  'SFP',
  'SFP+',
  'LC',
  'SC',
  'RS-232',
  'RS-485',
  'KNX',
  'DALI',
  'BACnet MS/TP',
  '100V line',
  'IEC C13',
  'IEC C14',
  'Schuko',
  'Barrel DC',
] as const;
export type InterfaceTerminal = (typeof INTERFACE_TERMINALS)[number];
