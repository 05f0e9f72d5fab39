/**
 * The integrator's logo on the handover pack's cover (issue 42): what drawing it costs a pack.
 *
 *   npx tsx bench/tenant-logo.ts [--runs 10]
 *
 * Demo HQ of the demo data (PGlite in a temporary DATA_DIR), the cover and the summary only, made
 * in the drawing process as the job makes it: without a logo, with a 1,600 × 600 PNG logo and with
 * an SVG logo of 200 shapes. The first run of each is a warm-up, not counted.
 */

import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { tenants } from '../server/src/db/schema.ts';
import { renderInProcess } from '../server/src/modules/handover/pdf/process.ts';
import type { PackInput } from '../server/src/modules/handover/pdf/renderPack.ts';
import { localSource } from '../server/src/modules/handover/pdf/source.ts';
import { median } from './api-harness.ts';
import { openDemoHq } from './demo-hq.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A striped RGB PNG of width × height: a logo at print resolution. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([(x * 7) % 256, (y * 5) % 256, 120], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function svg(): Buffer {
  const shapes = Array.from(
    { length: 200 },
    (_, i) =>
      `<circle cx="${(i * 37) % 600}" cy="${(i * 23) % 200}" r="${4 + (i % 9)}" fill="#${(i * 4099).toString(16).padStart(6, '0').slice(0, 6)}"/>`,
  );
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200">${shapes.join('')}<text x="20" y="120" font-size="80">Installa</text></svg>`,
  );
}

const { dataDir, database, app, ctx, hq, close } = await openDemoHq('asbuilt-logo-bench-');
try {
  const input: PackInput = {
    tenantId: hq.tenant_id,
    siteId: hq.id,
    packNumber: 'HP-BENCH-LOGO',
    authorName: 'Bench',
    language: 'en',
    sections: ['summary'],
    floorIds: null,
    includeArchived: false,
  };
  const logos: Array<[string, string | null, Buffer | null]> = [
    ['no logo', null, null],
    ['PNG 1600×600', `logos/${hq.tenant_id}/bench.png`, png(1600, 600)],
    ['SVG 200 shapes', `logos/${hq.tenant_id}/bench.svg`, svg()],
  ];
  const runs = Number(values.runs);
  for (const [name, key, data] of logos) {
    if (key && data) await ctx.storage.put(key, data, 'application/octet-stream');
    await database.db.update(tenants).set({ logo_key: key }).where(eq(tenants.id, hq.tenant_id));
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run <= runs; run++) {
      const file = path.join(dataDir, `logo-${run}.pdf`);
      const began = performance.now();
      await renderInProcess(localSource(ctx), input, createWriteStream(file), () => undefined);
      if (run > 0) times.push(performance.now() - began);
      bytes = (await stat(file)).size;
    }
    console.log(
      `${name}${data ? ` (${(data.length / 1024).toFixed(0)} kB)` : ''}: median ${median(times).toFixed(0)} ms, ` +
        `max ${Math.max(...times).toFixed(0)} ms over ${times.length} runs; pack ${(bytes / 1024).toFixed(0)} kB; ` +
        `load average ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );
  }
  await app.close();
} finally {
  await close();
}
