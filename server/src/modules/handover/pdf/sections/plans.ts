/**
 * Per floor: its plan as vector, the rooms' polygons and numbered device markers over it (in the
 * plan units the web uses: the locations layer under the floor's `location_transform`), then the
 * table of the plan's devices by number.
 */
import {
  IDENTITY_TRANSFORM,
  parseTransform,
  polygonPoints,
  statusLabel,
  UNKNOWN_STATUS_COLOR,
} from '@asbuilt/domain';
import type { FloorFacts, PlanDevice } from '../data.ts';
import type { ContentsEntry, Pack } from '../pack.ts';
import { drawSvg, svgSize } from '../svg.ts';
import { Table } from '../table.ts';
import { clean } from '../words.ts';

/** Plans bigger than this are not drawn (a scan pasted into an SVG): the markers still are. */
const MAX_PLAN_BYTES = 20 * 1024 * 1024;

async function planText(pack: Pack, key: string | null): Promise<string | null> {
  if (!key) return null;
  const bytes = await pack.source.fileBytes(key, MAX_PLAN_BYTES);
  return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8') : null;
}

export async function drawPlans(pack: Pack, entries: Map<number, ContentsEntry>) {
  const { floors } = pack;
  for (let i = 0; i < floors.length; i++) {
    const floor = floors[i]!;
    await drawFloor(pack, floor, entries.get(floor.id));
    pack.advance((i + 1) / floors.length);
    pack.w.release();
  }
}

async function drawFloor(pack: Pack, floor: FloorFacts, entry: ContentsEntry | undefined) {
  const { w, words, site } = pack;
  const { doc } = w;
  const title = clean(floor.name);
  w.heading(title, 'landscape');
  if (entry) entry.page = w.pageCount;

  const svg = await planText(pack, floor.svg);
  const devices = await pack.source.planDevices(floor.id);
  const locations = await pack.source.floorLocations(floor.id);
  const size = svg ? svgSize(svg) : { width: 1000, height: 700 };
  const box = { x: w.left, y: w.y, width: w.width, height: w.bottom - w.y };
  const scale = Math.min(box.width / size.width, box.height / size.height);
  const origin = {
    x: box.x + (box.width - size.width * scale) / 2,
    y: box.y + (box.height - size.height * scale) / 2,
  };
  doc
    .rect(origin.x, origin.y, size.width * scale, size.height * scale)
    .lineWidth(0.5)
    .strokeColor('#cccccc')
    .stroke();
  if (svg) {
    try {
      drawSvg(doc, svg, origin.x, origin.y, size.width * scale, size.height * scale, true);
    } catch {
      // A plan svg-to-pdfkit can't read leaves its frame empty; rooms and markers still show.
    }
  } else {
    w.font('regular', 10);
    doc.fillColor('#888888').text(words.t('plans.no_plan'), box.x + 8, box.y + 8, { lineBreak: false });
  }
  await w.pace();

  const layer = parseTransform(floor.location_transform) ?? IDENTITY_TRANSFORM;
  const at = (p: { x: number; y: number }) => ({
    x: origin.x + scale * (layer.x + layer.scale * p.x),
    y: origin.y + scale * (layer.y + layer.scale * p.y),
  });

  // The rooms without their names, as the web shows them by default: plans carry their own.
  for (const location of locations) {
    const points = polygonPoints(location.polygon).map(at);
    if (points.length < 3) continue;
    doc.polygon(...points.map((p) => [p.x, p.y] as [number, number]));
    doc.fillOpacity(0.12).lineWidth(0.4).fillAndStroke('#000000', '#555555');
    doc.fillOpacity(1);
  }
  await w.pace();

  const colors = new Map(site.device_statuses.map((status) => [status.name.toLowerCase(), status.color]));
  const colorOf = (status: string | null) =>
    status ? (colors.get(status.toLowerCase()) ?? UNKNOWN_STATUS_COLOR) : UNKNOWN_STATUS_COLOR;
  // Crowded plans get smaller markers, so that numbers stay apart.
  const radius = devices.length > 800 ? 2.6 : devices.length > 200 ? 3.6 : 5;
  w.font('bold', radius * 1.1);
  for (let i = 0; i < devices.length; i++) {
    const device = devices[i]!;
    const p = at({ x: device.plan_x, y: device.plan_y });
    doc.circle(p.x, p.y, radius).lineWidth(0.4).fillAndStroke(colorOf(device.status), '#ffffff');
    const number = String(i + 1);
    const width = doc.widthOfString(number);
    doc.fillColor('#000000').text(number, p.x - width / 2, p.y - radius * 0.62, { lineBreak: false });
    if (i % 100 === 99) await w.pace();
  }

  w.font('regular', 10);
  if (devices.length === 0) return;
  w.newPage('landscape');
  w.subheading(words.t('plans.devices', { name: clean(floor.name) }));
  await deviceTable(pack, devices, words.t('continued', { title }));
}

async function deviceTable(pack: Pack, devices: PlanDevice[], continued: string) {
  const { w, words } = pack;
  const table = new Table(
    w,
    [
      { title: words.t('columns.number'), width: 5, align: 'right' },
      { title: words.t('columns.code'), width: 12 },
      { title: words.t('columns.name'), width: 22 },
      { title: words.t('columns.brand_model'), width: 22 },
      { title: words.t('columns.location'), width: 20 },
      { title: words.t('columns.status'), width: 12 },
    ],
    continued,
  );
  table.header();
  for (let i = 0; i < devices.length; i++) {
    const device = devices[i]!;
    await table.row([
      i + 1,
      device.code,
      device.name,
      device.product,
      device.location,
      device.status && statusLabel(device.status, words.language),
    ]);
  }
  table.end();
}
