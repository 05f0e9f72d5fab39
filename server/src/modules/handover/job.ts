import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import {
  HANDOVER_KEEP,
  type HandoverError,
  type HandoverSection,
  type HandoverStep,
  type Language,
} from '@asbuilt/domain';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { handoverPacks, sites } from '../../db/schema.ts';
import { actorName } from '../../platform/activity.ts';
import type { AppContext } from '../../platform/context.ts';
import { renderPackPdf } from './pdf/renderPack.ts';
import { packNumber } from './present.ts';
import { CLOSING, type PackJob } from './queue.ts';
import { logPack } from './service.ts';
import { writePackZip } from './zip.ts';

/** Progress is written when it moved this many points (or the step changed): a few dozen writes a pack. */
const PROGRESS_STEP = 2;

const CONTENT_TYPES = { pdf: 'application/pdf', zip: 'application/zip' } as const;

class PackGone extends Error {}

/**
 * Makes one pack: the PDF to a file under DATA_DIR/tmp, for a ZIP that file with the site's
 * attachments and exports, then the file into the storage, the folder and the site's packs beyond
 * the last ten removed, and last the row done with an activity entry, so that a pack seen done has
 * nothing left to tidy. Any failure marks the pack failed with a code.
 */
export async function makePack(
  ctx: AppContext,
  job: PackJob,
  signal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<void> {
  const [pack] = await ctx.db
    .update(handoverPacks)
    .set({ status: 'running', progress: 0, step: 'gathering' })
    .where(and(eq(handoverPacks.id, job.packId), eq(handoverPacks.status, 'queued')))
    .returning();
  // Deleted, or given up as stale, while it waited.
  if (!pack) return;
  const [site] = await ctx.db.select().from(sites).where(eq(sites.id, pack.site_id));
  if (!site) return;
  const folder = path.join(
    ctx.config.dataDir,
    'tmp',
    `handover-${pack.id}-${randomBytes(6).toString('hex')}`,
  );
  const format = pack.format as 'pdf' | 'zip';
  let stage: HandoverError = 'render_failed';
  let storedKey: string | null = null;
  let out: WriteStream | null = null;
  // Never fails the pack: a folder left behind is only disk space.
  const clearFolder = () => rm(folder, { recursive: true, force: true }).catch(() => undefined);

  // Writes run one after another, in the order reported; one that finds the row gone stops the job.
  let written: Promise<void> = Promise.resolve();
  let last = { percent: -PROGRESS_STEP, step: '' };
  let gone = false;
  // Kept rather than left in the chain: a rejected promise nobody awaits yet would crash the process.
  let writeError: unknown = null;
  const report = (percent: number, step: HandoverStep) => {
    // Never backwards, whatever a step reports.
    const whole = Math.max(0, last.percent, Math.min(100, Math.floor(percent)));
    if (whole < last.percent + PROGRESS_STEP && step === last.step) return;
    last = { percent: whole, step };
    written = written.then(async () => {
      if (gone || writeError) return;
      const rows = await ctx.db
        .update(handoverPacks)
        .set({ progress: whole, step })
        .where(and(eq(handoverPacks.id, pack.id), eq(handoverPacks.status, 'running')))
        .returning({ id: handoverPacks.id })
        .catch((error: unknown) => {
          writeError = error;
          return [{ id: pack.id }];
        });
      if (rows.length === 0) gone = true;
    });
  };
  const check = async () => {
    await written;
    if (writeError) throw writeError;
    if (gone || signal.aborted) throw new PackGone();
  };

  try {
    await mkdir(folder, { recursive: true });
    const pdfFile = path.join(folder, 'pack.pdf');
    const pdfOut = createWriteStream(pdfFile);
    out = pdfOut;
    // Its errors reach the job through the renderer or `finished`; a late one must not go uncaught.
    pdfOut.on('error', () => undefined);
    const stopOut = () => pdfOut.destroy(new PackGone());
    signal.addEventListener('abort', stopOut, { once: true });
    const pdfShare = format === 'zip' ? 60 : 95;
    const { pages } = await renderPackPdf(
      ctx,
      {
        tenantId: site.tenant_id,
        siteId: site.id,
        packNumber: packNumber(pack.number),
        authorName: actorName(job.actor),
        language: pack.language as Language,
        sections: pack.options.sections as HandoverSection[],
        floorIds: pack.options.floor_ids,
        includeArchived: pack.options.include_archived,
      },
      pdfOut,
      (percent, step) => {
        report((percent * pdfShare) / 100, step);
        if (gone && !pdfOut.destroyed) stopOut();
      },
    ).finally(() => signal.removeEventListener('abort', stopOut));
    if (!pdfOut.writableFinished) await finished(pdfOut);
    await check();

    let file = pdfFile;
    if (format === 'zip') {
      report(pdfShare, 'archive');
      file = await writePackZip(ctx, {
        actor: job.actor,
        site,
        pack,
        pdfFile,
        folder,
        signal,
        onProgress: (share) => report(pdfShare + share * (95 - pdfShare), 'archive'),
      });
      await check();
    }

    stage = 'storage_failed';
    report(95, 'storing');
    await check();
    const key = `handover/${site.id}/${pack.id}-${randomBytes(8).toString('hex')}.${format}`;
    const size = await ctx.storage.putFile(key, file, CONTENT_TYPES[format]);
    storedKey = key;

    // Everything the pack leaves behind is settled before it shows as done: whoever sees it done
    // (the web, a test) finds the folder gone and the site's packs beyond the last ten gone too.
    await clearFolder();
    const pruned = await pruneBeyond(ctx, pack.id, site.id);
    // Files after the rows: a crash in between leaves a file without a row, never a row without its file.
    for (const old of pruned)
      if (old.storage_key) await ctx.storage.remove(old.storage_key).catch(() => undefined);

    await ctx.db.transaction(async (tx) => {
      const [done] = await tx
        .update(handoverPacks)
        .set({
          status: 'done',
          progress: 100,
          step: null,
          storage_key: key,
          size,
          pages,
          finished_at: new Date(),
        })
        .where(and(eq(handoverPacks.id, pack.id), eq(handoverPacks.status, 'running')))
        .returning();
      if (!done) throw new PackGone();
      await logPack(
        tx,
        job.actor,
        site,
        done,
        'created',
        `Handover pack ${packNumber(done.number)} made (${format.toUpperCase()})`,
      );
    });
  } catch (error) {
    out?.destroy();
    await written.catch(() => undefined);
    await clearFolder();
    if (storedKey) await ctx.storage.remove(storedKey).catch(() => undefined);
    const closing = signal.aborted && signal.reason === CLOSING;
    // Deleted while it was made: nothing left to mark.
    if (!closing && (error instanceof PackGone || gone || signal.aborted)) return;
    if (!closing) log.warn({ err: error, pack: pack.id }, 'handover pack failed');
    await ctx.db
      .update(handoverPacks)
      .set({
        status: 'failed',
        error_code: closing ? 'interrupted' : stage,
        step: null,
        finished_at: new Date(),
      })
      .where(and(eq(handoverPacks.id, pack.id), inArray(handoverPacks.status, ['queued', 'running'])));
  }
}

/**
 * Removes the rows of the site's finished packs that fall beyond the last ten once `packId` is
 * done, and answers them (their files are the caller's to remove). Done before the pack shows as
 * done; a pack deleted in the meantime costs at most one old pack that could have been kept.
 */
async function pruneBeyond(ctx: AppContext, packId: number, siteId: number) {
  return ctx.db.transaction(async (tx) => {
    const beyond = await tx
      .select({ id: handoverPacks.id, storage_key: handoverPacks.storage_key })
      .from(handoverPacks)
      .where(
        and(
          eq(handoverPacks.site_id, siteId),
          or(inArray(handoverPacks.status, ['done', 'failed']), eq(handoverPacks.id, packId)),
        ),
      )
      .orderBy(desc(handoverPacks.created_at), desc(handoverPacks.id))
      .offset(HANDOVER_KEEP);
    const gone = beyond.filter((row) => row.id !== packId);
    if (gone.length > 0)
      await tx.delete(handoverPacks).where(
        inArray(
          handoverPacks.id,
          gone.map((row) => row.id),
        ),
      );
    return gone;
  });
}
