/**
 * The pack's making, wherever it runs (renderPack.ts runs it in a process of its own): what to
 * show is worked out from the data first, so that the contents know their lines; then the cover,
 * the empty contents pages, each section, and the contents filled in last.
 */
import { PassThrough, type Writable } from 'node:stream';
import { HANDOVER_SECTIONS, type HandoverSection, type HandoverStep } from '@asbuilt/domain';
import { fillContents, reserveContents } from './contents.ts';
import type { DeviceScope } from './data.ts';
import { appendDatasheets, type Datasheet, readableDatasheets } from './datasheets.ts';
import type { ContentsEntry, Pack } from './pack.ts';
import type { PackInput, PackProgress } from './renderPack.ts';
import { drawAttachments } from './sections/attachments.ts';
import { drawCables } from './sections/cables.ts';
import { drawContacts } from './sections/contacts.ts';
import { drawCover } from './sections/cover.ts';
import { drawDevices } from './sections/devices.ts';
import { drawDrawings } from './sections/drawings.ts';
import { drawPlans } from './sections/plans.ts';
import { drawSummary } from './sections/summary.ts';
import type { PackSource } from './source.ts';
import { planSchematics, readSchematicData } from './svg/schematicPlan.ts';
import { clean, wordsFor } from './words.ts';
import { PackWriter } from './writer.ts';

/** Each section's share of the progress bar, roughly its share of the time on a large site. */
const WEIGHTS: Record<HandoverSection, number> = {
  summary: 2,
  plans: 10,
  devices: 45,
  cables: 25,
  racks: 2,
  schematics: 2,
  contacts: 1,
  attachments: 5,
  datasheets: 6,
};
/** The bar's span for the sections; gathering and the cover come before, the contents after. */
const SECTIONS_FROM = 3;
const SECTIONS_TO = 96;

function progressOf(asked: readonly HandoverSection[], onProgress: PackProgress) {
  // The datasheets are joined after the contents are filled: they take the bar's last points.
  const sections: readonly HandoverSection[] = asked.filter((section) => section !== 'datasheets');
  const total = sections.reduce((sum, section) => sum + WEIGHTS[section], 0) || 1;
  let last = -1;
  let lastStep: HandoverStep | null = null;
  const report = (percent: number, step: HandoverStep) => {
    const rounded = Math.max(0, Math.min(100, Math.floor(percent)));
    if (rounded === last && step === lastStep) return;
    last = rounded;
    lastStep = step;
    onProgress(rounded, step);
  };
  return {
    report,
    datasheets: (fraction: number) => report(SECTIONS_TO + 1 + 2 * fraction, 'datasheets'),
    section(section: HandoverSection) {
      const before = sections
        .slice(0, sections.indexOf(section))
        .reduce((sum, other) => sum + WEIGHTS[other], 0);
      const from = SECTIONS_FROM + ((SECTIONS_TO - SECTIONS_FROM) * before) / total;
      const span = ((SECTIONS_TO - SECTIONS_FROM) * WEIGHTS[section]) / total;
      report(from, section);
      return (fraction: number) => report(from + span * Math.min(1, Math.max(0, fraction)), section);
    },
  };
}

/** Draws the pack from `source` into `out` (renderPack.ts runs it in a process of its own). */
export async function makePack(
  source: PackSource,
  input: PackInput,
  out: Writable,
  onProgress: PackProgress,
): Promise<{ pages: number }> {
  const words = wordsFor(input.language);
  const made = new Date();
  const sections = HANDOVER_SECTIONS.filter((section) => input.sections.includes(section));
  const progress = progressOf(sections, onProgress);
  progress.report(0, 'gathering');

  const site = await source.siteFacts(input.tenantId, input.siteId);
  if (!site) throw new Error(`handover pack: site ${input.siteId} of tenant ${input.tenantId} not found`);
  const scope: DeviceScope = {
    siteId: site.id,
    includeArchived: input.includeArchived,
    floorIds: input.floorIds,
  };
  const floors = await source.siteFloors(site.id, input.floorIds);
  const drawingInput = {
    tenantId: input.tenantId,
    siteId: site.id,
    language: input.language,
    includeArchived: input.includeArchived,
  };
  // The racks are drawn at once (no layout to wait for). The schematics' sheets are known at once
  // (the contents list each), but ELK lays them out in its own thread while the other sections
  // are drawn: the pack waits for them only at their section.
  const racks = sections.includes('racks') ? await source.rackSvgs(drawingInput) : [];
  progress.report(1, 'gathering');
  const schematicPlan = planSchematics(
    sections.includes('schematics')
      ? await readSchematicData({
          floors: () => source.schematicFloors(drawingInput),
          devices: (afterId) => source.schematicDevices(site.id, afterId),
          cables: (after) => source.schematicCables(site.id, after),
        })
      : null,
    drawingInput,
  );
  const schematics = schematicPlan.draw();
  // Its failure is met where it is awaited, at its section; not as an unhandled rejection before.
  schematics.catch(() => undefined);
  progress.report(2, 'gathering');
  const drawingTitles: Partial<Record<HandoverSection, string[]>> = {
    racks: racks.map((drawing) => drawing.title),
    schematics: schematicPlan.titles,
  };
  const cables = sections.includes('cables') ? await source.rowCount('connections', site.id) : 0;
  const attachments = sections.includes('attachments') ? await source.rowCount('attachments', site.id) : 0;
  let sheets: Datasheet[] = [];
  if (sections.includes('datasheets')) {
    sheets = (await readableDatasheets(source, await source.datasheetFiles(scope))).sheets;
  }

  // Sections with nothing to show at all are left out; the others say when they are empty.
  const shown = sections.filter((section) => {
    if (section === 'plans') return floors.length > 0;
    if (section === 'racks' || section === 'schematics') return (drawingTitles[section] ?? []).length > 0;
    if (section === 'datasheets') return sheets.length > 0;
    return true;
  });
  const entries = new Map<HandoverSection, ContentsEntry>();
  const floorEntries = new Map<number, ContentsEntry>();
  const sheetEntries: ContentsEntry[] = [];
  const drawingEntries = new Map<HandoverSection, ContentsEntry[]>();
  const ordered: ContentsEntry[] = [];
  for (const section of shown) {
    const entry: ContentsEntry = { title: words.t(`sections.${section}`), page: 0, level: 0 };
    entries.set(section, entry);
    ordered.push(entry);
    if (section === 'plans') {
      for (const floor of floors) {
        const sub: ContentsEntry = { title: clean(floor.name), page: 0, level: 1 };
        floorEntries.set(floor.id, sub);
        ordered.push(sub);
      }
    }
    if (section === 'racks' || section === 'schematics') {
      const subs = (drawingTitles[section] ?? []).map(
        (title): ContentsEntry => ({ title: clean(title), page: 0, level: 1 }),
      );
      drawingEntries.set(section, subs);
      ordered.push(...subs);
    }
    if (section === 'datasheets') {
      for (const sheet of sheets) {
        const sub: ContentsEntry = { title: sheet.name, page: 0, level: 1 };
        sheetEntries.push(sub);
        ordered.push(sub);
      }
    }
  }

  // With datasheets the pack is kept whole in memory to be joined with them; otherwise every
  // finished page goes straight to `out`.
  const chunks: Buffer[] = [];
  const sink = sheets.length > 0 ? new PassThrough() : out;
  if (sink !== out) sink.on('data', (chunk: Buffer) => chunks.push(chunk));

  const w = new PackWriter(
    sink,
    (page) => ({
      left: `${clean(site.name)} · ${words.t('title')} ${clean(input.packNumber)}`,
      right: words.t('page', { page }),
    }),
    { title: `${words.t('title')} ${site.name}`, author: input.authorName, language: input.language },
  );
  const pack: Pack = { source, input, w, words, site, floors, scope, advance: () => undefined };

  progress.report(SECTIONS_FROM - 1, 'cover');
  await drawCover(pack, made);
  const contentsPages = reserveContents(w, ordered.length);
  w.release();

  for (const section of shown) {
    const advance = section === 'datasheets' ? () => undefined : progress.section(section);
    pack.advance = advance;
    const entry = entries.get(section)!;
    const title = entry.title;
    entry.page = w.pageCount + 1;
    switch (section) {
      case 'summary':
        await drawSummary(pack, title);
        break;
      case 'plans':
        await drawPlans(pack, floorEntries);
        break;
      case 'devices':
        await drawDevices(pack, title);
        break;
      case 'cables':
        await drawCables(pack, title, cables);
        break;
      case 'racks':
        await drawDrawings(pack, title, racks, drawingEntries.get(section) ?? []);
        break;
      case 'schematics':
        await drawDrawings(pack, title, await schematics, drawingEntries.get(section) ?? []);
        break;
      case 'contacts':
        await drawContacts(pack, title);
        break;
      case 'attachments':
        await drawAttachments(pack, title, attachments);
        break;
      case 'datasheets':
        break;
    }
    advance(1);
    w.release();
  }

  progress.report(SECTIONS_TO, 'contents');
  const mainPages = w.pageCount;
  let next = mainPages + 1;
  const datasheetsEntry = entries.get('datasheets');
  if (datasheetsEntry) datasheetsEntry.page = next;
  sheets.forEach((sheet, i) => {
    sheetEntries[i]!.page = next;
    next += sheet.pages;
  });
  fillContents(w, contentsPages, ordered, words);
  await w.end(sink);

  let pages = mainPages;
  if (sheets.length > 0) {
    progress.datasheets(0);
    pages = await appendDatasheets(source, Buffer.concat(chunks), sheets, out, (done) =>
      progress.datasheets(done / sheets.length),
    );
  }
  progress.report(100, sheets.length > 0 ? 'datasheets' : 'contents');
  return { pages };
}
