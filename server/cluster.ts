import cluster, { type Worker } from 'node:cluster';
import { buildApp } from './app.ts';
import { clock } from './clock.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startPeriodic } from './services/periodic.ts';

/** A worker that exits within this long of starting counts as failing to start. */
const STARTUP_FAILURE_MS = 30_000;
/** The longest wait before a worker that keeps failing to start is tried again. */
const MAX_BACKOFF_MS = 30_000;

/**
 * The primary of WEB_CONCURRENCY > 1 (server/main.ts): runs the migrations and the demo seed
 * once, and the periodic jobs (trial reminders) once, then forks the workers, which share one
 * listening socket and take connections from it themselves (below). A worker that dies, for whatever
 * reason, is replaced: at once when it had been serving, after a growing wait (1 s, 2 s, 4 s… up to
 * 30 s) while new ones keep failing to start (the database out of reach, say). The primary never
 * gives up and never exits because a worker or a dependency failed: only SIGTERM or SIGINT stop
 * it, which reach every worker; each drains as a single process does, and the primary exits when
 * they all have.
 *
 * The primary builds the app without listening: the same wiring for the jobs, and the embedded
 * provider's signing keys are in place (in Redis) before any worker starts.
 */
export async function runPrimary(config: Config) {
  const database = await openDatabase('url' in config.database ? { ...config.database, poolSize: 2 } : config.database);
  const app = await buildApp({ config, database, isReady: () => false });
  await app.ready();
  const log = app.log.child({ role: 'primary' });

  if (config.seedOnStart) {
    const { seedDemo } = await import('./db/seed/seed.ts');
    const started = Date.now();
    const summary = await seedDemo(database.db, { now: clock.now() });
    log.info({ summary: 'skipped' in summary ? 'already seeded' : 'seeded demo content', ms: Date.now() - started }, 'demo content');
  }
  // Items from before the search read spoken words get theirs once (migration 0032); none are missing after that.
  const { writeMissingCues } = await import('./repositories/transcripts.ts');
  // Captions files uploaded before their cues were read at upload are read first, for their items.
  await app.uploads.readOlderCaptions();
  const written = await writeMissingCues(database.db);
  if (written) log.info({ items: written }, 'spoken words indexed');
  const reminders = startPeriodic('trialReminders', (now) => app.billing.sendTrialReminders(now), config.billing.trialReminderIntervalMs, log);
  const rosterPulls = startPeriodic('rosterPulls', () => app.rostering.pullDue(), config.rosterPullIntervalMs, log);

  const startedAt = new Map<number, number>();
  const listening = new Set<number>();
  let failuresInARow = 0;
  let closing = false;
  let announced = false;

  // Workers accept from the shared socket (SCHED_NONE), not from the primary's round robin: that
  // hands each connection to a worker over IPC and keeps it open until the worker says it took it,
  // so a connection handed to a worker killed at that moment stayed open, unanswered, until the
  // load balancer's timeout (node's RoundRobinHandle never hears back). Here a connection no live
  // worker took waits in the backlog for the next one.
  cluster.schedulingPolicy = cluster.SCHED_NONE;

  const fork = () => {
    // NOW set: the worker's clock reads the primary's at the worker's start, the same offset.
    const worker = cluster.fork(config.now ? { NOW: clock.now().toISOString() } : undefined);
    startedAt.set(worker.id, Date.now());
    return worker;
  };

  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    failuresInARow = 0;
    if (announced) {
      log.info({ worker: worker.id, pid: worker.process.pid }, 'worker replaced');
    } else if (listening.size === config.webConcurrency) {
      announced = true;
      log.info(`Educator Learning Platform at ${config.publicUrl} (database: ${database.kind}, ${config.webConcurrency} processes)`);
    }
  });

  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    const wasListening = listening.delete(worker.id);
    startedAt.delete(worker.id);
    if (closing) return;
    if (!wasListening && lived < STARTUP_FAILURE_MS) failuresInARow += 1;
    // At once when it had been serving; while new ones keep failing to start, 1 s, 2 s, 4 s… up to 30 s.
    const delay = failuresInARow === 0 ? 0 : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (failuresInARow - 1));
    const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
    const when = delay === 0 ? 'now' : `in ${delay / 1000} s (${failuresInARow} in a row failed to start)`;
    log.error(
      { worker: worker.id, pid: worker.process.pid, code, signal, livedMs: lived, workers: listening.size, restartInMs: delay },
      `worker ${worker.id} (pid ${worker.process.pid}) ${how} after ${(lived / 1000).toFixed(1)} s; starting another ${when}`,
    );
    // Not unref'd: with every worker gone, this timer is what keeps the primary here.
    setTimeout(() => {
      if (!closing) fork();
    }, delay);
  });

  async function stop(code: number) {
    closing = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    // A terminal's Ctrl-C already reached every worker; a second signal changes nothing.
    for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGTERM');
    const patience = config.shutdown.delayMs + config.shutdown.timeoutMs + 2000;
    const allExited = Promise.all(workers.map((w) => (w.isDead() ? null : new Promise((resolve) => w.once('exit', resolve)))));
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([allExited.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), patience)))]);
    clearTimeout(timer);
    if (late) {
      log.error('workers took too long to stop; killing them');
      for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
      code = 1;
    }
    try {
      await reminders.stop();
      await rosterPulls.stop();
      await app.close();
      await database.close();
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      code = 1;
    }
    process.exit(code);
  }

  const onSignal = (signal: string) => {
    if (closing) return;
    log.info({ signal, workers: listening.size }, 'shutting down');
    void stop(0);
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  for (let i = 0; i < config.webConcurrency; i++) fork();
}
