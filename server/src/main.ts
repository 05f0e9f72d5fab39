import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { vacuumEmbedded } from './db/embedded-vacuum.ts';
import { prepareDatabase } from './db/seed/index.ts';
import {
  accountsWithDemoPassword,
  demoPasswordWarning,
  demoRefusalMessage,
  isLoopbackHost,
} from './db/seed/start-safety.ts';
import { warmDeviceLists } from './modules/devices/list-cache.ts';
import { startReminderSchedule } from './modules/due/schedule.ts';
import { assertVaultKeyOpens } from './modules/secrets/keys.ts';
import { startUploadCleanup } from './modules/uploads/cleanup.ts';

const DEMO_ACCOUNTS = [
  ['admin@asbuilt.demo', 'Super Admin', 'every site'],
  ['library@asbuilt.demo', 'Library Admin', 'no site'],
  ['integrator@asbuilt.demo', 'Integrator', "Demo Integrator's sites"],
  ['owner@asbuilt.demo', 'Building Owner', "Demo Integrator's sites"],
  ['tech@asbuilt.demo', 'User', 'Contributor on Demo HQ, Reader on Demo Warehouse'],
  ['guest@asbuilt.demo', 'User (other tenant)', 'Reader on Demo Warehouse'],
  ['other@asbuilt.demo', 'Integrator (other tenant)', 'Other Tower'],
];

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, strictConnections: config.checkAnswers }
      : { dataDir: path.join(config.dataDir, 'db') },
  );
  const { app, ctx } = await buildApp({ config, database });
  const prepared = await database.exclusive(() => prepareDatabase(database.db, config, ctx.vault));
  await assertVaultKeyOpens(database.db, ctx.vault).catch(async (error) => {
    await app.close();
    await database.close();
    throw error;
  });

  const stopCleanup = startUploadCleanup(database.db, ctx.storage, app.log);
  const stopReminders = startReminderSchedule(ctx, app.log);
  const shutdown = async () => {
    stopCleanup();
    stopReminders();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  // In the background: the embedded database's first vacuum pass at once, not in five minutes (a
  // database just filled, imported or restored has no statistics yet: counting a 20,000-device site
  // took 30 ms instead of 6), then the biggest sites' device lists, for their first visit.
  void vacuumEmbedded(database, app.log)
    .then(() => warmDeviceLists(database.db))
    .catch((error: unknown) => app.log.warn({ err: error }, 'device lists not warmed'));
  const where =
    database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL';
  const lines = [
    '',
    `Asbuilt is running at ${config.publicUrl}  (database: ${where})`,
    `API description: ${config.publicUrl}/api/docs`,
  ];
  if (prepared.seededDemo) {
    lines.push('', 'Demo accounts (password demo1234):');
    for (const [email, role, access] of DEMO_ACCOUNTS)
      lines.push(`  ${email!.padEnd(26)} ${role!.padEnd(26)} ${access}`);
  }
  if (prepared.refusedDemo) lines.push('', demoRefusalMessage(config.host));
  if (prepared.createdAdmin) lines.push('', `Super Admin created: ${config.admin?.email}`);
  if (!isLoopbackHost(config.host)) {
    const exposed = await accountsWithDemoPassword(database.db);
    if (exposed.length > 0) lines.push('', demoPasswordWarning(config.host, exposed));
  } else lines.push('', `Listening on ${config.host} only: set HOST=0.0.0.0 to open it to other machines.`);
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
