import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startPeriodic } from './services/periodic.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }

  const database = await openDatabase(config.database);
  let ready = false;
  const app = await buildApp({ config, database, isReady: () => ready });

  if (config.seedOnStart) {
    const { seedDemo } = await import('./db/seed/seed.ts');
    const started = Date.now();
    const summary = await seedDemo(database.db);
    app.log.info({ summary: 'skipped' in summary ? 'already seeded' : 'seeded demo content', ms: Date.now() - started }, 'demo content');
  }

  // "Your trial ends soon" e-mails, hourly by default (TRIAL_REMINDER_INTERVAL), once per subscription.
  const reminders = startPeriodic('trialReminders', (now) => app.billing.sendTrialReminders(now), config.billing.trialReminderIntervalMs, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    ready = false;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await reminders.stop();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  ready = true;
  app.log.info(`Educator Learning Platform at ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
