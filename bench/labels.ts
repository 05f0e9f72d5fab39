/**
 * QR labels (issue 42): 1,000 labels ≤ 5 s.
 *
 *   npx tsx bench/labels.ts [--count 1000] [--rounds 5]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/labels.ts
 *
 * The bench site with `count` generated devices (api-harness.ts), the server in this process.
 * Each round asks `POST /api/site/devices/labels` for the `count` devices once per format (1,000 labels:
 * 16 sheets of L7651, 13 of L4732, 34 of 5160, 1,000 pages of a roll) and `POST
 * /api/site/connections/labels` for `count / 2` cables (two labels each), and times the call from
 * sending it to the PDF's last byte. Meanwhile the event loop's longest stall is recorded: the
 * drawing gives way after each page, so other requests wait at most that long.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { LABEL_FORMATS, type LabelFormat, labelPageCount } from '@asbuilt/domain';
import { asc, eq } from 'drizzle-orm';
import { connections, devices } from '../server/src/db/schema.ts';
import { median, startBenchApi } from './api-harness.ts';
import { addConnections } from './data/connections.ts';
import { reportFigure } from './figures.ts';
import { describeMachine } from './machine.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '5' },
  },
});
const count = Number(values.count);
const rounds = Number(values.rounds);

/** The `/Type /Page` objects of a PDF: its page count, without a PDF reader. */
const pagesOf = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

async function main() {
  console.log(describeMachine());
  const api = await startBenchApi(count);
  try {
    await addConnections(api.db, api.siteId, Math.ceil(count / 2));
    // By id: `all` leaves out the generated devices that are archived.
    const deviceIds = (
      await api.db
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.site_id, api.siteId))
        .orderBy(asc(devices.id))
        .limit(count)
    ).map((d) => d.id);
    const cableIds = (
      await api.db
        .select({ id: connections.id })
        .from(connections)
        .where(eq(connections.site_id, api.siteId))
        .orderBy(asc(connections.id))
        .limit(Math.ceil(count / 2))
    ).map((c) => c.id);
    const jobs: { name: string; format: LabelFormat; route: string; body: unknown; labels: number }[] = [
      ...LABEL_FORMATS.map((format) => ({
        name: `devices ${format}`,
        format,
        route: '/api/site/devices/labels',
        body: { site_id: api.siteId, ids: deviceIds, format },
        labels: count,
      })),
      {
        name: 'cables L7651',
        format: 'L7651',
        route: '/api/site/connections/labels',
        body: { site_id: api.siteId, ids: cableIds, format: 'L7651' },
        labels: cableIds.length * 2,
      },
    ];
    const times = new Map(jobs.map((job) => [job.name, [] as number[]]));
    const stalls = new Map(jobs.map((job) => [job.name, [] as number[]]));
    const sizes = new Map<string, { bytes: number; pages: number }>();
    for (let round = 0; round < rounds; round++) {
      for (const job of jobs) {
        const delay = monitorEventLoopDelay({ resolution: 5 });
        delay.enable();
        const started = performance.now();
        const pdf = await api.call('POST', job.route, JSON.stringify(job.body));
        times.get(job.name)!.push(performance.now() - started);
        delay.disable();
        stalls.get(job.name)!.push(delay.max / 1e6);
        const pages = pagesOf(pdf);
        if (pages !== labelPageCount(job.format, job.labels))
          throw new Error(`${job.name}: ${pages} pages, ${labelPageCount(job.format, job.labels)} expected`);
        sizes.set(job.name, { bytes: pdf.length, pages });
      }
    }
    console.log(`${api.kind}, ${count} devices, ${rounds} rounds; medians`);
    console.log('| labels | format | pages | PDF | time (ms) | longest event-loop stall (ms) |');
    console.log('| --- | --- | ---: | ---: | ---: | ---: |');
    for (const job of jobs) {
      const ms = median(times.get(job.name)!);
      const size = sizes.get(job.name)!;
      console.log(
        `| ${job.name} | ${job.format} | ${size.pages} | ${(size.bytes / 1024).toFixed(0)} KB | ${ms.toFixed(0)} | ${median(stalls.get(job.name)!).toFixed(0)} |`,
      );
      reportFigure({
        point: 'labels',
        name: `${job.labels} ${job.name} labels (${api.kind})`,
        value: ms / 1000,
        unit: 's',
        target: { max: 5 * (job.labels / 1000) },
      });
    }
  } finally {
    await api.close();
  }
}

await main();
