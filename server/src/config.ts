import path from 'node:path';
import {
  DEFAULT_API_TOKEN_RATE_LIMIT,
  DEFAULT_SESSION_IDLE_HOURS,
  DEFAULT_SESSION_TTL_HOURS,
} from '@asbuilt/domain';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const optional = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback unless told: the demo accounts' passwords are public. */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  PUBLIC_URL: optional,
  SMTP_URL: optional,
  /** Seconds before each new try of a mail the SMTP server did not take, e.g. "30,120,600". */
  MAIL_RETRY_SECONDS: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/)
    .optional(),
  MAIL_FROM: z.string().default('Asbuilt <no-reply@asbuilt.local>'),
  S3_ENDPOINT: optional,
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  VAULT_KEY: optional,
  MASTER_PASSWORD: optional,
  /** Each tenant's stored files, in MB, unless the Super Admin sets the tenant's own quota. */
  STORAGE_QUOTA_MB: z.coerce.number().int().positive().default(10_240),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(DEFAULT_SESSION_TTL_HOURS),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(DEFAULT_SESSION_IDLE_HOURS),
  /** Requests a minute each personal API token may make. */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().positive().default(DEFAULT_API_TOKEN_RATE_LIMIT),
  /** Lets webhooks call private and local addresses (on-premises receivers, tests). */
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  /** Lets single sign-on reach a provider on a private or local address (on-premises, tests). */
  SSO_ALLOW_PRIVATE: flag.default(false),
  /** Seconds between the webhook worker's looks at its queue; 0 runs no worker (tests drive one). */
  WEBHOOK_POLL_SECONDS: z.coerce.number().min(0).default(5),
  AI_PROVIDER: optional,
  AI_API_KEY: optional,
  AI_BASE_URL: optional,
  AI_MODEL: optional,
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  SEED_DEMO: flag.optional(),
  ADMIN_EMAIL: optional,
  ADMIN_PASSWORD: optional,
  LOG_LEVEL: z.string().default('info'),
  /** Check every answer against its schema (slow on big lists): on unless NODE_ENV is production. */
  CHECK_ANSWERS: flag.optional(),
  WEB_DIST: optional,
  /** Bearer token that /metrics asks for; unset, /metrics answers 404. */
  METRICS_TOKEN: optional,
  /**
   * Who may tell the caller's address in X-Forwarded-For: the proxies' addresses and ranges
   * ("10.0.0.0/8,127.0.0.1", "loopback"). Unset: nobody, so the header can't dodge a limit.
   */
  TRUST_PROXY: optional,
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  // npm runs the server inside server/; a relative DATA_DIR means relative to where the user ran npm.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailRetrySeconds: e.MAIL_RETRY_SECONDS?.split(',').map(Number),
    mailFrom: e.MAIL_FROM,
    s3:
      e.S3_BUCKET && e.S3_ENDPOINT
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? 'us-east-1',
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    vaultKey: e.VAULT_KEY,
    masterPassword: e.MASTER_PASSWORD,
    storageQuotaMb: e.STORAGE_QUOTA_MB,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    sessionIdleHours: e.SESSION_IDLE_HOURS,
    apiTokenRateLimit: e.API_TOKEN_RATE_LIMIT,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    ssoAllowPrivate: e.SSO_ALLOW_PRIVATE,
    webhookPollSeconds: e.WEBHOOK_POLL_SECONDS,
    ai: {
      provider: e.AI_PROVIDER,
      apiKey: e.AI_API_KEY,
      baseUrl: e.AI_BASE_URL,
      model: e.AI_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
    },
    /** Demo data: on by default for the embedded database, off for a server unless asked. */
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    /** SEED_DEMO was set to true, not defaulted: needed to seed beyond loopback (db/seed/start-safety.ts). */
    seedDemoAsked: e.SEED_DEMO === true,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    logLevel: e.LOG_LEVEL,
    checkAnswers: e.CHECK_ANSWERS ?? e.NODE_ENV !== 'production',
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: trustedProxies(e.TRUST_PROXY),
  };
}

/** Fastify's `trustProxy`: off when unset, every peer for "true", else addresses and ranges. */
function trustedProxies(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
