import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { startEmbeddedVacuum } from './db/embedded-vacuum.ts';
import { accessRoutes } from './modules/accesses/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { aiRoutes } from './modules/ai/routes.ts';
import { apiTokenRoutes } from './modules/api-tokens/routes.ts';
import { attachmentRoutes } from './modules/attachments/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { companyRoutes } from './modules/companies/routes.ts';
import { connectionRoutes } from './modules/connections/routes.ts';
import { contactRoutes } from './modules/contacts/routes.ts';
import { customFieldRoutes } from './modules/custom-fields/routes.ts';
import { deviceRoutes } from './modules/devices/routes.ts';
import { dueRoutes } from './modules/due/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { handoverRoutes } from './modules/handover/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { labelRoutes } from './modules/labels/routes.ts';
import { logRoutes } from './modules/logs/routes.ts';
import { passkeyRoutes } from './modules/passkeys/routes.ts';
import { procatRoutes } from './modules/procats/routes.ts';
import { productRoutes } from './modules/products/routes.ts';
import { publicRoutes } from './modules/public/routes.ts';
import { rackRoutes } from './modules/racks/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { secretRoutes } from './modules/secrets/routes.ts';
import { sessionRoutes } from './modules/sessions/routes.ts';
import { siteRoutes } from './modules/sites/routes.ts';
import { spatialRoutes } from './modules/spatial/routes.ts';
import { ssoRoutes } from './modules/sso/routes.ts';
import { tagRoutes } from './modules/tags/routes.ts';
import { taskRoutes } from './modules/tasks/routes.ts';
import { tenantRoutes } from './modules/tenant/routes.ts';
import { ticketRoutes } from './modules/tickets/routes.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { apiTokenGate } from './platform/api-token-gate.ts';
import { authPlugin } from './platform/auth-plugin.ts';
import { callsInFlightPlugin } from './platform/calls-in-flight.ts';
import type { AppContext } from './platform/context.ts';
import { DeviceLinks } from './platform/device-links.ts';
import { errorPlugin } from './platform/error-plugin.ts';
import { inputGuardPlugin } from './platform/input-guard.ts';
import { loggerOptions } from './platform/logger.ts';
import { createMailer, type Mailer, retrying } from './platform/mail.ts';
import { createMailOutbox } from './platform/mail-outbox.ts';
import { metricsPlugin } from './platform/metrics.ts';
import { describeDocument, describeRoute } from './platform/openapi.ts';
import { RateLimiter } from './platform/rate-limit.ts';
import { securityHeadersPlugin } from './platform/security-headers.ts';
import { ANSWER_ENCODINGS, answerSerializer, sendAnswerBytes } from './platform/serializer.ts';
import { UrlSigner } from './platform/storage.ts';
import { createLocalStorage } from './platform/storage-local.ts';
import { createS3Storage } from './platform/storage-s3.ts';
import { createVault, loadSigningKeys, loadVaultKey, type Vault } from './platform/vault.ts';
import { registerWebApp } from './platform/web-app.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Tests may pass their own mailer; by default SMTP or the outbox. */
  mailer?: Mailer;
  /** false silences request logs (tests). */
  logger?: boolean;
  /** Where log lines go (tests read them to prove no secret is logged); stdout by default. */
  logStream?: NodeJS.WritableStream;
}

export interface App {
  app: FastifyInstance;
  ctx: AppContext;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config.logLevel, deps.logStream),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer(config.checkAnswers));

  const vaultKey = await loadVaultKey(config.vaultKey, config.dataDir);
  // File URLs and public device hashes are signed with keys of their own (see loadSigningKeys).
  const signing = await loadSigningKeys(config.dataDir, vaultKey);
  const signer = new UrlSigner(signing.files);
  const vault = createVault(vaultKey);
  const ctx: AppContext = {
    db: database.db,
    ...(database.connection ? { pgConnection: database.connection } : {}),
    config,
    mailer: deps.mailer ?? defaultMailer(app, config, database, vault),
    limiter: new RateLimiter(database.db),
    vault,
    storage: config.s3
      ? createS3Storage(config.s3, signer)
      : createLocalStorage(path.join(config.dataDir, 'files'), signer),
    deviceLinks: new DeviceLinks(signing.publicDevice),
  };

  await app.register(errorPlugin);
  await app.register(callsInFlightPlugin);
  await app.register(metricsPlugin, { token: config.metricsToken, database });
  await app.register(securityHeadersPlugin, {
    uploadOrigins: config.s3 ? [new URL(config.s3.endpoint).origin] : [],
  });
  // Site answers for big sites run to megabytes of JSON; gzip at its fastest level still shrinks them about eightfold.
  await app.register(compress, {
    encodings: ANSWER_ENCODINGS,
    threshold: 4096,
    zlibOptions: { level: 1 },
  });
  app.addHook('onSend', sendAnswerBytes);
  await app.register(formbody);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 1, files: 0, fields: 200 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Asbuilt API',
        version: '0.1.0',
        description:
          'Sites, floors, locations, devices, connections, files, the vault and more. Errors answer `{ error, code }` with a 4xx status; another tenant’s objects answer 404.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal API token (`asb_…`, made on the profile page) or a session token from sign-in.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: describeRoute,
    transformObject: describeDocument,
  });
  // The API description is public; every other /api route needs a session.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, public: true };
  });
  // Swagger UI's page has inline script: its own routes get a policy that allows it, by hash.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list' },
    staticCSP: true,
  });
  await app.register(inputGuardPlugin);
  await app.register(authPlugin, { db: database.db, idleHours: config.sessionIdleHours });
  await app.register(apiTokenGate, { db: database.db, limit: config.apiTokenRateLimit });

  await app.register(healthRoutes(ctx, database.kind));
  const stopVacuum = startEmbeddedVacuum(database, app.log);
  app.addHook('onClose', async () => stopVacuum());
  await app.register(authRoutes(ctx));
  await app.register(twoFactorRoutes(ctx));
  await app.register(ssoRoutes(ctx));
  await app.register(passkeyRoutes(ctx));
  await app.register(userRoutes(ctx));
  await app.register(apiTokenRoutes(ctx));
  await app.register(sessionRoutes(ctx));
  await app.register(siteRoutes(ctx));
  await app.register(spatialRoutes(ctx));
  await app.register(secretRoutes(ctx));
  await app.register(attachmentRoutes(ctx));
  await app.register(accessRoutes(ctx));
  await app.register(logRoutes(ctx));
  await app.register(contactRoutes(ctx));
  await app.register(fileRoutes(ctx));
  await app.register(productRoutes(ctx));
  await app.register(procatRoutes(ctx));
  await app.register(companyRoutes(ctx));
  await app.register(uploadRoutes(ctx));
  await app.register(tenantRoutes(ctx));
  await app.register(tagRoutes(ctx));
  await app.register(deviceRoutes(ctx));
  await app.register(connectionRoutes(ctx));
  await app.register(rackRoutes(ctx));
  await app.register(searchRoutes(ctx));
  await app.register(customFieldRoutes(ctx));
  await app.register(handoverRoutes(ctx));
  await app.register(labelRoutes(ctx));
  await app.register(publicRoutes(ctx));
  await app.register(adminRoutes(ctx));
  await app.register(aiRoutes(ctx));
  await app.register(ticketRoutes(ctx));
  await app.register(dueRoutes(ctx));
  await app.register(taskRoutes(ctx));
  await app.register(webhookRoutes(ctx));

  registerWebApp(app, config.webDist ?? path.resolve(import.meta.dirname, '../../web/dist'));
  return { app, ctx };
}

/**
 * SMTP (or the outbox folder), with the mails it can't take kept in the database and tried again
 * while the server runs, from its start (mails an earlier run left) until it closes.
 */
function defaultMailer(app: FastifyInstance, config: Config, database: Database, vault: Vault): Mailer {
  const mailer = retrying(
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    }),
    createMailOutbox(database.db, vault),
    app.log,
    config.mailRetrySeconds ? { delaysSeconds: config.mailRetrySeconds } : {},
  );
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', async () => mailer.close());
  return mailer;
}
