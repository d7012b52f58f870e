import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { clock, setClock } from './clock.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
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
  // NOW: the app's clock reads it at this process's start and runs on (server/clock.ts).
  setClock(config.now, performance.timeOrigin);

  // WEB_CONCURRENCY > 1: a primary that migrates, seeds and runs the periodic jobs once, and
  // workers that serve (server/cluster.ts). One process: all of it here, as always.
  if (config.webConcurrency > 1) {
    if (cluster.isPrimary) return (await import('./cluster.ts')).runPrimary(config);
    return serve(config, { worker: true });
  }
  return serve(config, { worker: false });
}

/**
 * Opens the database (running its migrations), builds the app and listens. A single process
 * also seeds and runs the periodic jobs; a cluster worker leaves those to its primary.
 * SIGTERM or SIGINT: readiness answers 503 at once, for SHUTDOWN_DELAY (so a load balancer
 * stops sending new requests), then the server stops taking connections, lets the requests in
 * flight finish (SHUTDOWN_TIMEOUT at most) and exits.
 */
async function serve(config: Config, { worker }: { worker: boolean }) {
  const database = await openDatabase(config.database);
  let ready = false;
  const app = await buildApp({ config, database, isReady: () => ready });

  if (config.seedOnStart && !worker) {
    const { seedDemo } = await import('./db/seed/seed.ts');
    const started = Date.now();
    const summary = await seedDemo(database.db, { now: clock.now() });
    app.log.info({ summary: 'skipped' in summary ? 'already seeded' : 'seeded demo content', ms: Date.now() - started }, 'demo content');
  }
  if (!worker) {
    // Items from before the search read spoken words get theirs once (migration 0032); none are missing after that.
    const { writeMissingCues } = await import('./repositories/transcripts.ts');
    // Captions files uploaded before their cues were read at upload are read first, for their items.
    await app.uploads.readOlderCaptions();
    const written = await writeMissingCues(database.db);
    if (written) app.log.info({ items: written }, 'spoken words indexed');
  }

  // "Your trial ends soon" e-mails, hourly by default (TRIAL_REMINDER_INTERVAL), once per subscription.
  const reminders = worker ? null : startPeriodic('trialReminders', (now) => app.billing.sendTrialReminders(now), config.billing.trialReminderIntervalMs, app.log);
  // Districts' roster endpoints, each pulled once a day (ROSTER_PULL_INTERVAL: how often to look).
  const rosterPulls = worker ? null : startPeriodic('rosterPulls', () => app.rostering.pullDue(), config.rosterPullIntervalMs, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    ready = false;
    app.log.info({ signal, delayMs: config.shutdown.delayMs }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, config.shutdown.delayMs + config.shutdown.timeoutMs);
    force.unref();
    try {
      if (config.shutdown.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdown.delayMs));
      await reminders?.stop();
      await rosterPulls?.stop();
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
  if (worker) app.log.info('worker listening');
  else app.log.info(`Educator Learning Platform at ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
