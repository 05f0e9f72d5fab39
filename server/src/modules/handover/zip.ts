import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { fileExtension, type Language } from '@asbuilt/domain';
import { ZipArchive, type ZipEntryData } from 'archiver';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { attachments, devices, floors, locations } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { translate } from '../../platform/i18n.ts';
import type { SiteRow } from '../../platform/policy.ts';
import { exportConnections } from '../connections/export.ts';
import { exportDevices } from '../devices/export.ts';
import { exportFloors } from '../spatial/export.ts';
import { ZipNames } from './names.ts';
import { productDatasheets } from './pdf/data.ts';
import { type PackRow, packFileName } from './present.ts';

/** Already compressed: stored as they are rather than deflated again for nothing. */
const STORED = new Set([
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'heic',
  'mp4',
  'mov',
  'webm',
  'mp3',
  'ogg',
  'zip',
  'xlsx',
  'docx',
]);

export interface ZipJob {
  actor: Actor;
  site: SiteRow;
  pack: PackRow;
  pdfFile: string;
  /** The job's own temporary folder. */
  folder: string;
  signal: AbortSignal;
  /** 0–1 over the files added. */
  onProgress: (share: number) => void;
}

/**
 * The ZIP of a pack: the PDF at the root, the site's .xlsx exports in a folder, with the
 * datasheets section the datasheets of the products its devices use in a folder of their own,
 * and every attachment of the site in folders by floor, location and device (the site's own
 * files at the folder's root), each read from the storage one after another as a stream.
 */
export async function writePackZip(ctx: AppContext, job: ZipJob): Promise<string> {
  const { site, pack } = job;
  const language = pack.language as Language;
  const words = (key: string, params?: Record<string, string | number>) =>
    translate(language, `handover:${key}`, params);
  const zipFile = path.join(job.folder, 'pack.zip');
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const out = createWriteStream(zipFile);
  archive.pipe(out);
  let failure: Error | null = null;
  archive.on('error', (error) => {
    failure = error;
  });
  archive.on('warning', (error) => {
    failure = error;
  });
  // A write after a stop lands here rather than as an uncaught error.
  out.on('error', (error) => {
    failure ??= error;
  });
  const stop = () => archive.abort();
  job.signal.addEventListener('abort', stop, { once: true });
  const names = new ZipNames();

  /** Adds one entry and waits until it is written, so one file at a time is open. */
  const add = async (source: Readable | Buffer | string, name: string) => {
    const written = new Promise<void>((resolve, reject) => {
      const onEntry = () => {
        archive.off('error', reject);
        resolve();
      };
      archive.once('entry', onEntry);
      archive.once('error', reject);
    });
    const entry: ZipEntryData = { name, store: STORED.has(fileExtension(name)) };
    if (typeof source === 'string') archive.file(source, entry);
    else archive.append(source, entry);
    await written;
    if (failure) throw failure;
    if (job.signal.aborted) throw new Error('handover pack stopped');
  };

  try {
    await add(job.pdfFile, names.claim('', packFileName(site.name, pack).replace(/\.zip$/, '.pdf')));

    const exportsFolder = names.folder('', words('folder.exports'), 'exports');
    const deviceIds = await exportedDeviceIds(ctx, site.id, pack.options);
    const devicesFile = await exportDevices(ctx, job.actor, {
      site_id: site.id,
      ...(deviceIds ? { ids: deviceIds } : {}),
    });
    await add(devicesFile.stream, names.claim(exportsFolder, devicesFile.filename));
    const floorsFile = await exportFloors(ctx, job.actor, site.id);
    await add(floorsFile.data, names.claim(exportsFolder, floorsFile.filename));
    const cablesFile = await exportConnections(ctx, job.actor, site.id);
    await add(cablesFile.data, names.claim(exportsFolder, cablesFile.filename));

    if (pack.options.sections.includes('datasheets')) {
      const sheets = await productDatasheets(ctx.db, {
        siteId: site.id,
        includeArchived: pack.options.include_archived,
        floorIds: pack.options.floor_ids,
      });
      const sheetsFolder = names.folder('', words('folder.datasheets'), 'datasheets');
      for (const sheet of sheets) {
        const stored = await ctx.storage.read(sheet.url);
        if (stored) await add(stored.stream, names.claim(sheetsFolder, `${sheet.name}.pdf`, 'datasheet.pdf'));
      }
    }

    const files = await attachmentsInFolders(ctx, site.id, pack.options, words);
    const root = names.folder('', words('folder.attachments'), 'attachments');
    const folderOf = new Map<string, string>();
    /** The folder of a path of named places, each made once and unique beside its siblings. */
    const folderFor = (places: Array<{ key: string; name: string; fallback: string }>) => {
      let parent = root;
      let key = '';
      for (const place of places) {
        key += `/${place.key}`;
        let folder = folderOf.get(key);
        if (!folder) {
          folder = names.folder(parent, place.name, place.fallback);
          folderOf.set(key, folder);
        }
        parent = folder;
      }
      return parent;
    };
    for (const [index, file] of files.entries()) {
      const stored = await ctx.storage.read(file.key);
      // A file missing from the storage is left out rather than failing the whole pack.
      if (stored) await add(stored.stream, names.claim(folderFor(file.places), file.name));
      job.onProgress((index + 1) / files.length);
    }
    await archive.finalize();
    await finished(out);
    if (failure) throw failure;
    return zipFile;
  } catch (error) {
    archive.unpipe(out);
    archive.abort();
    out.destroy();
    throw error;
  } finally {
    job.signal.removeEventListener('abort', stop);
  }
}

type PackOptions = PackRow['options'];

/** The devices the pack covers, or undefined for the export's own default (every device not archived). */
async function exportedDeviceIds(ctx: AppContext, siteId: number, options: PackOptions) {
  if (!options.include_archived && !options.floor_ids) return undefined;
  const where: SQL[] = [eq(devices.site_id, siteId)];
  if (!options.include_archived) where.push(eq(devices.archived, false));
  if (options.floor_ids) where.push(inArray(devices.floor_id, options.floor_ids));
  const rows = await ctx.db
    .select({ id: devices.id })
    .from(devices)
    .where(and(...where))
    .orderBy(asc(devices.id));
  return rows.map((row) => row.id);
}

interface FolderedFile {
  key: string;
  name: string;
  places: Array<{ key: string; name: string; fallback: string }>;
}

/**
 * The site's attachments with the folders they go in: a floor's under the floor, a location's
 * under its floor and itself, a device's under its floor, location and itself. With floors
 * asked, the others' files are left out (the site's own stay); archived devices' files only
 * when archived devices are asked.
 */
async function attachmentsInFolders(
  ctx: AppContext,
  siteId: number,
  options: PackOptions,
  words: (key: string, params?: Record<string, string | number>) => string,
): Promise<FolderedFile[]> {
  const rows = await ctx.db
    .select({
      id: attachments.id,
      key: attachments.url,
      filename: attachments.filename,
      original: attachments.original_filename,
      type: attachments.attachable_type,
      target: attachments.attachable_id,
    })
    .from(attachments)
    .where(eq(attachments.site_id, siteId))
    .orderBy(asc(attachments.id));
  const floorOf = new Map(
    (
      await ctx.db.select({ id: floors.id, name: floors.name }).from(floors).where(eq(floors.site_id, siteId))
    ).map((floor) => [floor.id, floor]),
  );
  const locationOf = new Map(
    (
      await ctx.db
        .select({ id: locations.id, name: locations.name, floor_id: locations.floor_id })
        .from(locations)
        .where(eq(locations.site_id, siteId))
    ).map((location) => [location.id, location]),
  );
  const deviceIds = rows.filter((row) => row.type === 'Device' && row.target).map((row) => row.target!);
  const deviceOf = new Map(
    (deviceIds.length
      ? await ctx.db
          .select({
            id: devices.id,
            code: devices.code,
            name: devices.name,
            archived: devices.archived,
            floor_id: devices.floor_id,
            location_id: devices.location_id,
          })
          .from(devices)
          .where(and(eq(devices.site_id, siteId), inArray(devices.id, [...new Set(deviceIds)])))
      : []
    ).map((device) => [device.id, device]),
  );
  const asked = options.floor_ids ? new Set(options.floor_ids) : null;
  const floorPlace = (id: number | null) => {
    const floor = id ? floorOf.get(id) : undefined;
    return floor
      ? [{ key: `f${floor.id}`, name: floor.name, fallback: words('folder.floor', { id: floor.id }) }]
      : [];
  };
  const locationPlace = (id: number) => {
    const location = locationOf.get(id)!;
    return {
      key: `l${location.id}`,
      name: location.name,
      fallback: words('folder.location', { id: location.id }),
    };
  };

  const files: FolderedFile[] = [];
  for (const row of rows) {
    const name = row.original || row.filename;
    let floorId: number | null = null;
    let places: FolderedFile['places'] = [];
    if (row.type === 'Floor' && row.target && floorOf.has(row.target)) {
      floorId = row.target;
      places = floorPlace(floorId);
    } else if (row.type === 'Location' && row.target && locationOf.has(row.target)) {
      floorId = locationOf.get(row.target)!.floor_id;
      places = [...floorPlace(floorId), locationPlace(row.target)];
    } else if (row.type === 'Device' && row.target && deviceOf.has(row.target)) {
      const device = deviceOf.get(row.target)!;
      if (device.archived && !options.include_archived) continue;
      const location = device.location_id && locationOf.has(device.location_id) ? device.location_id : null;
      floorId = location ? locationOf.get(location)!.floor_id : device.floor_id;
      const label = [device.code, device.name].filter(Boolean).join(' ');
      places = [
        ...floorPlace(floorId),
        ...(location ? [locationPlace(location)] : []),
        { key: `d${device.id}`, name: label, fallback: words('folder.device', { id: device.id }) },
      ];
    } else if (row.type) {
      // Linked to something that is gone: kept with the site's own files.
      places = [];
    }
    if (asked && row.type && (floorId === null || !asked.has(floorId))) continue;
    files.push({ key: row.key, name, places });
  }
  return files;
}
