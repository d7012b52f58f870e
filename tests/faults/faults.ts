/**
 * The fault suite (`npm run test:faults`): the reference deployment (tests/faults/deployment.ts:
 * PostgreSQL, Redis, two instances of two processes each, HAProxy) under a bounded load
 * (tests/faults/load.ts), and in turn: PostgreSQL restarted, Redis stopped and started, one
 * worker killed with SIGKILL, one whole instance killed (HAProxy must take it out; it is started
 * again), SIGTERM to the other. It prints a table per fault and fails when a process exits that
 * was not told to, an acknowledged write is missing from the database, any request is answered
 * 500, or service takes more than 5 s to come back.
 */
import pg from 'pg';
import { startDeployment, type Deployment, type Instance } from './deployment.ts';
import { startLoad, type Load, type Sample } from './load.ts';

const MAX_RECOVERY_S = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`[faults ${new Date().toISOString().slice(11, 19)}] ${line}`);

type Outcome = {
  /** Recovery is counted from here: the dependency back, or the moment of the fault. */
  from: number;
  /** Processes the fault itself ended: workers killed, the primary told to stop (its exit code must then be 0). */
  expected: { workerExits: number; primaryExits: number };
};
type Fault = { name: string; settleMs: number; run: (d: Deployment) => Promise<Outcome> };

const FAULTS: Fault[] = [
  {
    name: 'PostgreSQL restarted (pg_ctl restart -m fast)',
    settleMs: 6000,
    async run(d) {
      await d.postgres.restart();
      return { from: Date.now(), expected: { workerExits: 0, primaryExits: 0 } };
    },
  },
  {
    name: 'Redis stopped for 3 s, started empty',
    settleMs: 6000,
    async run(d) {
      await d.redis.stop();
      await sleep(3000);
      await d.redis.start();
      return { from: Date.now(), expected: { workerExits: 0, primaryExits: 0 } };
    },
  },
  {
    name: 'one worker of instance a killed (SIGKILL)',
    settleMs: 6000,
    async run(d) {
      const [a] = d.instances;
      const worker = a.workers()[0];
      if (!worker) throw new Error('instance a has no worker to kill');
      process.kill(worker, 'SIGKILL');
      return { from: Date.now(), expected: { workerExits: 1, primaryExits: 0 } };
    },
  },
  {
    name: 'instance b killed whole (SIGKILL), started again after 4 s',
    settleMs: 3000,
    async run(d) {
      const [, b] = d.instances;
      const from = Date.now();
      b.kill();
      await sleep(4000);
      await b.start();
      return { from, expected: { workerExits: 0, primaryExits: 1 } };
    },
  },
  {
    name: 'instance a told to stop (SIGTERM)',
    settleMs: 3000,
    async run(d) {
      const [a] = d.instances;
      const from = Date.now();
      await a.terminate();
      return { from, expected: { workerExits: 0, primaryExits: 1 } };
    },
  },
];

type Row = {
  fault: string;
  requests: number;
  ok: number;
  /** Failures by answer ("503", "no answer (broken)"), each with the request kinds it hit. */
  errors: Map<string, Map<string, number>>;
  longestGapS: number;
  recoveryS: number;
  acked: number;
  stored: number;
  unexpectedExits: string[];
};

const succeeded = (s: Sample) => s.status >= 200 && s.status < 400;

/** The longest time within [start, end) in which no request succeeded. */
function longestGap(samples: Sample[], start: number, end: number) {
  const ends = samples.filter(succeeded).map((s) => s.end).sort((x, y) => x - y);
  let last = start;
  let longest = 0;
  for (const t of ends) {
    if (t < start || t > end) continue;
    longest = Math.max(longest, t - last);
    last = t;
  }
  return Math.max(longest, end - last) / 1000;
}

/** Worker exits the primary logged between start and end, and the primary's own exits. */
function exitsOf(instance: Instance, start: number, end: number) {
  const workers = instance.log.filter((l) => l.at >= start && l.at < end && /^worker \d+ \(pid \d+\) (was killed|exited)/.test(l.line.msg ?? '')).map((l) => l.line.msg!);
  const primaries = instance.exits.filter((e) => e.at >= start && e.at < end);
  return { workers, primaries };
}

async function stored(databaseUrl: string, load: Load) {
  const client = new pg.Client({ connectionString: `${databaseUrl.replace(/\/postgres$/, '')}/postgres` });
  await client.connect();
  try {
    const ids = load.ackedEvents.map((e) => e.id);
    const events = new Set(
      (await client.query<{ id: string }>('select id::text from learner_events where id = any($1::uuid[])', [ids])).rows.map((r) => r.id),
    );
    const users = [...new Set(load.ratings.map((r) => r.userId))];
    const ratingRows = (await client.query<{ user_id: string; catalog_item_id: string; value: number }>('select user_id::text, catalog_item_id::text, value from ratings where user_id = any($1::uuid[])', [users])).rows;
    const ratings = new Map(ratingRows.map((r) => [`${r.user_id}/${r.catalog_item_id}`, r.value]));
    return { events, ratings };
  } finally {
    await client.end();
  }
}

async function main() {
  const started = Date.now();
  const deployment = await startDeployment({ log });
  let load: Load | null = null;
  const rows: Row[] = [];
  const problems: string[] = [];
  try {
    log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s; load: 8 educators through HAProxy at ${deployment.url}`);
    load = await startLoad({ url: deployment.url, educators: 8, pauseMs: [40, 120] });
    await sleep(3000);
    const windows: { fault: Fault; start: number; end: number; outcome: Outcome }[] = [];
    // A fault's window runs from the end of the one before (a request already in flight when it
    // strikes is its) to the end of its settling; the next fault waits for the window's requests.
    let windowStart = Date.now();
    for (const fault of FAULTS) {
      log(fault.name);
      let outcome: Outcome;
      try {
        outcome = await fault.run(deployment);
      } catch (err) {
        // The deployment is not what the fault needs (processes gone): counted, and the next fault runs.
        problems.push(`${fault.name}: ${(err as Error).message}`);
        outcome = { from: Date.now(), expected: { workerExits: 0, primaryExits: 0 } };
      }
      await sleep(fault.settleMs);
      const end = Date.now();
      windows.push({ fault, start: windowStart, end, outcome });
      await load.settled(end);
      windowStart = end;
    }
    await load.stop();
    const { events, ratings } = await stored(deployment.databaseUrl, load);

    for (const { fault, start, end, outcome } of windows) {
      const samples = load.samples.filter((s) => s.start >= start && s.start < end);
      const failures = samples.filter((s) => !succeeded(s));
      const errors = new Map<string, Map<string, number>>();
      for (const s of failures) {
        const answer = s.status === 0 ? `no answer (${s.error})` : String(s.status);
        const kinds = errors.get(answer) ?? new Map<string, number>();
        kinds.set(s.kind, (kinds.get(s.kind) ?? 0) + 1);
        errors.set(answer, kinds);
      }
      const lastFailure = Math.max(0, ...failures.map((s) => s.end));
      const acked = load.ackedEvents.filter((e) => e.at >= start && e.at < end);
      const unexpectedExits: string[] = [];
      for (const instance of deployment.instances) {
        const { workers, primaries } = exitsOf(instance, start, end);
        const expectedHere = instance === deployment.instances[0] ? outcome.expected.workerExits : 0;
        unexpectedExits.push(...workers.slice(expectedHere).map((m) => `${instance.name}: ${m}`));
        for (const p of primaries) {
          const clean = p.expected && (p.signal === 'SIGKILL' || p.code === 0);
          if (!clean) unexpectedExits.push(`${instance.name}: primary exited (code ${p.code}, signal ${p.signal})`);
        }
      }
      rows.push({
        fault: fault.name,
        requests: samples.length,
        ok: samples.length - failures.length,
        errors,
        longestGapS: longestGap(load.samples, start, end),
        recoveryS: lastFailure ? Math.max(0, (lastFailure - outcome.from) / 1000) : 0,
        acked: acked.length,
        stored: acked.filter((e) => events.has(e.id)).length,
        unexpectedExits,
      });
    }

    // Every rating acknowledged is the one stored, or one sent after it (whose answer was lost).
    let ratingPairs = 0;
    let ratingsHeld = 0;
    const byPair = new Map<string, typeof load.ratings>();
    for (const r of load.ratings) byPair.set(`${r.userId}/${r.itemId}`, [...(byPair.get(`${r.userId}/${r.itemId}`) ?? []), r]);
    for (const [pair, sent] of byPair) {
      const lastAcked = sent.map((r) => r.acked).lastIndexOf(true);
      if (lastAcked < 0) continue;
      ratingPairs += 1;
      if (sent.slice(lastAcked).some((r) => r.value === ratings.get(pair))) ratingsHeld += 1;
    }

    console.log('');
    console.log('| fault | requests | ok | errors by status | longest gap | recovered in | writes acked / stored | process exits |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      const errors =
        [...r.errors]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([answer, kinds]) => `${answer} ×${[...kinds.values()].reduce((x, y) => x + y, 0)} (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')})`)
          .join('; ') || 'none';
      console.log(`| ${r.fault} | ${r.requests} | ${r.ok} | ${errors} | ${r.longestGapS.toFixed(1)} s | ${r.recoveryS.toFixed(1)} s | ${r.acked} / ${r.stored} | ${r.unexpectedExits.length} |`);
    }
    const all = load.samples;
    const statuses = new Map<number, number>();
    for (const s of all) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
    console.log('');
    console.log(`Whole run: ${all.length} requests (${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s === 0 ? 'no answer' : s} ×${n}`).join(', ')}); learner events acknowledged ${load.ackedEvents.length}, stored ${load.ackedEvents.filter((e) => events.has(e.id)).length}; ratings acknowledged for ${ratingPairs} educator/item pairs, held ${ratingsHeld}.`);

    for (const r of rows) {
      if (r.recoveryS > MAX_RECOVERY_S) problems.push(`${r.fault}: recovered in ${r.recoveryS.toFixed(1)} s (more than ${MAX_RECOVERY_S} s)`);
      for (const exit of r.unexpectedExits) problems.push(`${r.fault}: a process exited unexpectedly: ${exit}`);
    }
    const fiveHundreds = all.filter((s) => s.status === 500).length;
    if (fiveHundreds) problems.push(`${fiveHundreds} requests answered 500`);
    const missing = load.ackedEvents.filter((e) => !events.has(e.id)).length;
    if (missing) problems.push(`${missing} acknowledged learner events are not in the database`);
    if (ratingsHeld !== ratingPairs) problems.push(`${ratingPairs - ratingsHeld} acknowledged ratings are not what the database holds`);
    if (!load.ackedEvents.length) problems.push(`no learner event was acknowledged: the load did not write (refused: ${[...load.rejectedEvents].map(([reason, n]) => `${reason} ×${n}`).join(', ') || 'none'})`);
  } finally {
    await load?.stop();
    await deployment.close();
  }
  console.log('');
  if (problems.length) {
    console.log(`FAILED (${((Date.now() - started) / 1000).toFixed(0)} s):`);
    for (const p of problems) console.log(`- ${p}`);
    process.exitCode = 1;
  } else {
    console.log(`Passed in ${((Date.now() - started) / 1000).toFixed(0)} s: no unexpected exit, no 500, every acknowledged write stored, each fault recovered within ${MAX_RECOVERY_S} s.`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
