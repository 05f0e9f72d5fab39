/**
 * Prometheus metrics at /metrics (issue 45), for whoever runs the server: how long calls take by
 * route and status, the database pool, the mail and webhook queues, and the jobs run. Served only
 * with `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN set it answers 404, as if
 * there were nothing there. Each app has its own registry (tests start many apps in one process).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { notFound, unauthorized } from './errors.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** A bearer token compared in constant time (hashes first, so the lengths match). */
function sameToken(given: string | undefined, expected: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

/** `/api/admin/jobs/send_reminders` → `send_reminders`; what the job-run counter is labelled with. */
const JOB_ROUTE = /^\/api\/admin\/jobs\/([a-z_]+)$/;

export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { token: string | undefined; database: Database }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'asbuilt_' });
    const durations = new Histogram({
      name: 'asbuilt_http_request_duration_seconds',
      help: 'How long the API took to answer, by route (its pattern, not the URL) and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const jobRuns = new Counter({
      name: 'asbuilt_job_runs_total',
      help: 'Administration jobs run through the API, by job and outcome (dry runs apart)',
      labelNames: ['job', 'outcome'] as const,
      registers: [registry],
    });
    const { db } = options.database;
    const count = async (query: ReturnType<typeof sql>) => {
      const result = await db.execute<{ n: number }>(query);
      const rows = (Array.isArray(result) ? result : (result as { rows: Array<{ n: number }> }).rows) ?? [];
      return Number(rows[0]?.n ?? 0);
    };
    new Gauge({
      name: 'asbuilt_mail_outbox_length',
      help: 'Mails the SMTP server has not taken yet, waiting for their next try',
      registers: [registry],
      async collect() {
        this.set(await count(sql`select count(*)::int as n from mail_outbox`));
      },
    });
    new Gauge({
      name: 'asbuilt_webhook_queue_length',
      help: 'Webhook deliveries waiting to be sent or being sent',
      registers: [registry],
      async collect() {
        this.set(
          await count(
            sql`select count(*)::int as n from webhook_deliveries where status in ('pending', 'delivering')`,
          ),
        );
      },
    });
    const pool = options.database.poolStats;
    if (pool) {
      new Gauge({
        name: 'asbuilt_db_pool_connections',
        help: 'PostgreSQL connections of this server: open, idle, and calls waiting for one',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const stats = pool();
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      });
    }

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url;
      if (!route?.startsWith('/api/')) return;
      const status = String(reply.statusCode);
      durations.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
      const job = JOB_ROUTE.exec(route)?.[1];
      const dryRun = (request.query as { dry_run?: unknown } | undefined)?.dry_run;
      if (job && dryRun !== 'true' && dryRun !== true) {
        jobRuns.inc({ job, outcome: reply.statusCode < 400 ? 'done' : 'failed' });
      }
    });

    app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      if (!options.token) throw notFound();
      const header = request.headers.authorization;
      const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
      if (!sameToken(given, options.token)) throw unauthorized();
      reply.header('content-type', registry.contentType);
      reply.header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
