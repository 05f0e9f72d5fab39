/**
 * The glyph drawn on a device's marker, chosen from its product's category. Categories are free
 * text per tenant, so the choice goes by keywords of the main category (then the first
 * sub-category), in English, French and Dutch; anything else gets a generic chip. Path data of
 * Material icons (24 × 24), kept as strings: one <path> per marker costs far less than an icon
 * component each.
 */
import type { ListedDevice } from '@asbuilt/domain';

export const MARKER_ICONS = {
  network:
    'm20.2 5.9.8-.8C19.6 3.7 17.8 3 16 3s-3.6.7-5 2.1l.8.8C13 4.8 14.5 4.2 16 4.2s3 .6 4.2 1.7m-.9.8c-.9-.9-2.1-1.4-3.3-1.4s-2.4.5-3.3 1.4l.8.8c.7-.7 1.6-1 2.5-1s1.8.3 2.5 1zM19 13h-2V9h-2v4H5c-1.1 0-2 .9-2 2v4c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2v-4c0-1.1-.9-2-2-2M8 18H6v-2h2zm3.5 0h-2v-2h2zm3.5 0h-2v-2h2z',
  camera: 'M17 10.5V7c0-.55-.45-1-1-1H4c-.55 0-1 .45-1 1v10c0 .55.45 1 1 1h12c.55 0 1-.45 1-1v-3.5l4 4v-11z',
  security:
    'M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2m-6 9c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2m3.1-9H8.9V6c0-1.71 1.39-3.1 3.1-3.1s3.1 1.39 3.1 3.1z',
  av: 'M21 3H3c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h5v2h8v-2h5c1.1 0 1.99-.9 1.99-2L23 5c0-1.1-.9-2-2-2m0 14H3V5h18z',
  hvac: 'M15 13V5c0-1.66-1.34-3-3-3S9 3.34 9 5v8c-1.21.91-2 2.37-2 4 0 2.76 2.24 5 5 5s5-2.24 5-5c0-1.63-.79-3.09-2-4m-4-2V5c0-.55.45-1 1-1s1 .45 1 1v1h-1v1h1v2h-1v1h1v1z',
  lighting:
    'M9 21c0 .5.4 1 1 1h4c.6 0 1-.5 1-1v-1H9zm3-19C8.1 2 5 5.1 5 9c0 2.4 1.2 4.5 3 5.7V17c0 .5.4 1 1 1h6c.6 0 1-.5 1-1v-2.3c1.8-1.3 3-3.4 3-5.7 0-3.9-3.1-7-7-7',
  power:
    'M11 21h-1l1-7H7.5c-.58 0-.57-.32-.38-.66s.05-.08.07-.12C8.48 10.94 10.42 7.54 13 3h1l-1 7h3.5c.49 0 .56.33.47.51l-.07.15C12.96 17.55 11 21 11 21',
  fire: 'm12 12.9-2.13 2.09c-.56.56-.87 1.29-.87 2.07C9 18.68 10.35 20 12 20s3-1.32 3-2.94c0-.78-.31-1.52-.87-2.07zM16 6l-.44.55C14.38 8.02 12 7.19 12 5.3V2S4 6 4 13c0 2.92 1.56 5.47 3.89 6.86-.56-.79-.89-1.76-.89-2.8 0-1.32.52-2.56 1.47-3.5L12 10.1l3.53 3.47c.95.93 1.47 2.17 1.47 3.5 0 1.02-.31 1.96-.85 2.75 1.89-1.15 3.29-3.06 3.71-5.3.66-3.55-1.07-6.9-3.86-8.52',
  it: 'M20 18c1.1 0 1.99-.9 1.99-2L22 6c0-1.1-.9-2-2-2H4c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2H0v2h24v-2zM4 6h16v10H4z',
  other:
    'M15 9H9v6h6zm-2 4h-2v-2h2zm8-2V9h-2V7c0-1.1-.9-2-2-2h-2V3h-2v2h-2V3H9v2H7c-1.1 0-2 .9-2 2v2H3v2h2v2H3v2h2v2c0 1.1.9 2 2 2h2v2h2v-2h2v2h2v-2h2c1.1 0 2-.9 2-2v-2h2v-2h-2v-2zm-4 6H7V7h10z',
} as const;
export type MarkerIcon = keyof typeof MARKER_ICONS;

/** Keywords, tried in this order (a camera is security too, but gets its own glyph). */
const KEYWORDS: [MarkerIcon, RegExp][] = [
  ['camera', /camera|cctv|caméra|video|vidéo/],
  ['fire', /fire|incendie|brand|smoke|fumée|rook/],
  ['network', /network|réseau|netwerk|wifi|switch|router|routeur/],
  ['security', /security|sécurité|beveiliging|access|accès|toegang|alarm|intrusion|lock/],
  ['av', /\bav\b|audio|visual|visuel|beeld|display|écran|scherm|speaker/],
  ['hvac', /hvac|climat|klimaat|heating|chauffage|verwarming|ventilation|cooling|thermostat/],
  ['lighting', /light|éclairage|verlichting|lamp|luminaire/],
  ['power', /power|électricité|energie|énergie|stroom|ups|electric/],
  ['it', /\bit\b|computer|ordinateur|server|serveur|informatique|printer|imprimante/],
];

const cache = new Map<string, MarkerIcon>();

export function markerIcon(device: ListedDevice): MarkerIcon {
  const procat = device.product.procat;
  if (!procat) return 'other';
  const key = `${procat.main}\u0000${procat.sub1 ?? ''}`;
  let icon = cache.get(key);
  if (!icon) {
    const text = `${procat.main} ${procat.sub1 ?? ''}`.toLowerCase();
    icon = KEYWORDS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'other';
    cache.set(key, icon);
  }
  return icon;
}
