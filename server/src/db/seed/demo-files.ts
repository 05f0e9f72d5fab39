import { deflateSync } from 'node:zlib';
import { escapeXml } from './demo-plans.ts';
import { createRng, seedFromText } from './demo-random.ts';

/** Small generated files of the demo: product pictures, site pictures, documents. */

export function productSvg(brand: string, model: string, category: string, color: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" font-family="Helvetica, Arial, sans-serif">',
    '<rect width="400" height="300" fill="#FFFFFF"/>',
    `<rect x="20" y="20" width="360" height="260" rx="28" ry="28" fill="#FAFAFA" stroke="${color}" stroke-width="6"/>`,
    `<path d="M 20 90 V 48 A 28 28 0 0 1 48 20 H 352 A 28 28 0 0 1 380 48 V 90 Z" fill="${color}"/>`,
    `<text x="200" y="66" font-size="26" font-weight="bold" text-anchor="middle" fill="#FFFFFF">${escapeXml(brand)}</text>`,
    `<text x="200" y="170" font-size="${model.length > 16 ? 22 : 30}" font-weight="bold" text-anchor="middle" fill="#263238">${escapeXml(model)}</text>`,
    `<text x="200" y="215" font-size="16" text-anchor="middle" fill="#607D8B">${escapeXml(category)}</text>`,
    '<circle cx="60" cy="250" r="6" fill="#66BB6A"/><circle cx="80" cy="250" r="6" fill="#FFCA28"/>',
    '</svg>',
  ].join('\n');
}

/** A "photo-like" picture of a building: sky, skyline, the building with lit windows, trees. */
export function siteSvg(name: string, floors: number, facade: string): string {
  const rng = createRng(seedFromText(`site-image:${name}`));
  const width = 800;
  const height = 500;
  const ground = 420;
  const storeys = Math.max(3, floors * 2 + 1);
  const storeyHeight = Math.min(48, Math.floor(300 / storeys));
  const buildingTop = ground - storeys * storeyHeight;
  const skyline: string[] = [];
  for (let x = 0; x < width; x += 60) {
    const h = rng.int(60, 180);
    skyline.push(
      `<rect x="${x}" y="${ground - h}" width="${rng.int(40, 58)}" height="${h}" fill="#B0BEC5"/>`,
    );
  }
  const windows: string[] = [];
  for (let storey = 0; storey < storeys; storey++) {
    for (let column = 0; column < 8; column++) {
      const lit = rng.chance(0.35);
      windows.push(
        `<rect x="${228 + column * 44}" y="${buildingTop + storey * storeyHeight + 8}" width="30" height="${storeyHeight - 16}" fill="${lit ? '#FFE082' : '#90CAF9'}" opacity="0.95"/>`,
      );
    }
  }
  const trees: string[] = [];
  for (const x of [90, 150, 650, 715]) {
    const r = rng.int(22, 34);
    trees.push(`<rect x="${x - 4}" y="${ground - 30}" width="8" height="30" fill="#6D4C41"/>`);
    trees.push(`<circle cx="${x}" cy="${ground - 30 - r}" r="${r}" fill="#558B2F"/>`);
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="Helvetica, Arial, sans-serif">`,
    '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#64B5F6"/><stop offset="1" stop-color="#E3F2FD"/></linearGradient>',
    '<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#FFFFFF" stop-opacity="0.35"/><stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/></linearGradient></defs>',
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    '<circle cx="680" cy="80" r="38" fill="#FFF59D" opacity="0.9"/>',
    '<ellipse cx="180" cy="90" rx="70" ry="18" fill="#FFFFFF" opacity="0.8"/><ellipse cx="420" cy="60" rx="90" ry="20" fill="#FFFFFF" opacity="0.7"/>',
    skyline.join(''),
    `<rect x="210" y="${buildingTop}" width="372" height="${ground - buildingTop}" fill="${facade}"/>`,
    `<rect x="200" y="${buildingTop - 12}" width="392" height="14" fill="#37474F"/>`,
    windows.join(''),
    `<rect x="210" y="${buildingTop}" width="372" height="${ground - buildingTop}" fill="url(#glass)"/>`,
    `<rect x="366" y="${ground - 52}" width="60" height="52" fill="#263238"/>`,
    `<rect x="0" y="${ground}" width="${width}" height="${height - ground}" fill="#9E9E9E"/>`,
    `<rect x="0" y="${ground + 40}" width="${width}" height="6" fill="#FAFAFA" opacity="0.7"/>`,
    trees.join(''),
    `<rect x="20" y="${height - 46}" width="${Math.min(760, 24 + name.length * 13)}" height="32" rx="6" fill="#000000" opacity="0.55"/>`,
    `<text x="32" y="${height - 24}" font-size="20" fill="#FFFFFF">${escapeXml(name)}</text>`,
    '</svg>',
  ].join('\n');
}

function pdfText(text: string): string {
  return text
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/\\/g, '\\\\')
    .replace(/\(/g, '\\(')
    .replace(/\)/g, '\\)');
}

/** A one-page, well-formed PDF (correct xref offsets) showing a title and a few lines of text. */
export function minimalPdf(title: string, lines: readonly string[]): Buffer {
  const content = [
    'BT',
    '/F1 20 Tf',
    '72 770 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 12 Tf',
    ...lines.flatMap((line) => ['0 -24 Td', `(${pdfText(line)}) Tj`]),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A true-colour PNG whose pixels come from `pixel(x, y)`. */
export function tinyPng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number],
): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // true colour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small "photo" of a rack cabinet: dark frame, grey units, a few green and amber lights. */
export function cabinetPhoto(seed: string): Buffer {
  const rng = createRng(seedFromText(`photo:${seed}`));
  const lights = new Set<string>();
  for (let i = 0; i < 14; i++) lights.add(`${rng.int(14, 18)},${rng.int(4, 27) * 2}`);
  return tinyPng(48, 64, (x, y) => {
    if (x < 8 || x > 39 || y < 2 || y > 61) return [236 - y, 232 - y, 226 - y];
    if (x < 10 || x > 37) return [33, 33, 33];
    if (lights.has(`${x},${y}`)) return y % 4 === 0 ? [102, 187, 106] : [255, 202, 40];
    return y % 2 === 0 ? [120, 144, 156] : [55, 71, 79];
  });
}
