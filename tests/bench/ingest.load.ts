/**
 * Learner-event ingest alone (not a timed test: it prints figures).
 *
 *   DATABASE_URL=postgres://…/copy_of_district_seed npm run load:ingest
 *   npm run load -- --ingest --processes 1,2 --seconds 15 --users 200 --batch 20 --concurrency 32
 *
 * `--users` educators of the district seed's "Benchmark District" sign in, each asks for the videos
 * of five strategies (as the player does before any progress can count), then `--concurrency`
 * senders post batches of `--batch` events (VIDEO_TIMEUPDATED mostly, with VIDEO_PLAYED,
 * VIDEO_PAUSED and CATALOG_ITEM_VISITED) as beacons do — text/plain with the token in the body, the
 * app's Origin — as fast as the server answers, for `--seconds`. Each educator's batches go one
 * after another, as one page's queue sends them. Events claim 2 s more of video each, which
 * watching can produce, so the server accepts them; any it rejects are printed with the reason.
 *
 * Afterwards the rows of those educators received during the run are counted in the database:
 * the events the server answered `accepted` must all be there.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  Recorder,
  cpuWindow,
  createClient,
  describeCpu,
  listOption,
  loadAverage,
  peakRate,
  printTable,
  sleep,
  startBareFastify,
  startServer,
  type Server,
} from './journey-support.ts';

const { values } = parseArgs({
  options: {
    ingest: { type: 'boolean', default: false },
    processes: { type: 'string', default: '1,2' },
    seconds: { type: 'string', default: '15' },
    users: { type: 'string', default: '200' },
    batch: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '32' },
    'first-educator': { type: 'string', default: '10001' },
    // journey.load.ts options, accepted so both scripts take the same command line.
    stages: { type: 'string' },
    ramp: { type: 'string' },
    hold: { type: 'string' },
    peak: { type: 'string' },
    'peak-seconds': { type: 'string' },
  },
});

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is required: a PostgreSQL copy of the district seed (npm run seed -- --size district).');
  process.exit(2);
}
const seconds = Number(values.seconds);
const userCount = Number(values.users);
const batchSize = Number(values.batch);
const concurrency = Math.min(Number(values.concurrency), userCount);
const GOAL = 5000;

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const { rows: videos } = await db.query<{ id: string; seconds: number }>(
  `select ci.id::text as id, v.duration_seconds::float8 as seconds from catalog_items ci join videos v on v.id = ci.video_id
   where ci.resource_type = 'LEARNING_OBJECT' and v.duration_seconds >= 10 order by ci.public_id limit 2000`,
);
if (videos.length < 5) throw new Error('the database has no strategies with videos: seed it with npm run seed -- --size district');

console.log(`learner-event ingest — ${new Date().toISOString()}, load average before: ${loadAverage()}`);
const bare = await startBareFastify();
const bareRate = await peakRate(`${bare.url}/`, { connections: 50, seconds: 5 });
await bare.stop();
console.log(`bare Fastify (own process, autocannon ×50, 5 s): ${Math.round(bareRate.rps)} req/s`);

const results: { processes: number; eventsPerSecond: number }[] = [];
let nextEducator = Number(values['first-educator']);
for (const processes of listOption(values.processes)) {
  const server = await startServer({ databaseUrl, processes, env: { TRUST_PROXY: '1' } });
  try {
    console.log(`\n════ WEB_CONCURRENCY=${processes} — ${userCount} educators, batches of ${batchSize}, ${concurrency} senders, ${seconds} s — load average ${loadAverage()} ════`);
    results.push({ processes, eventsPerSecond: await ingest(server, nextEducator) });
    nextEducator += userCount;
  } finally {
    await server.stop();
  }
}
if (results.length > 1) {
  const base = results[0]!;
  for (const r of results) console.log(`WEB_CONCURRENCY=${r.processes}: ${Math.round(r.eventsPerSecond)} events/s (${(r.eventsPerSecond / base.eventsPerSecond).toFixed(2)} × ${base.processes} process${base.processes > 1 ? 'es' : ''})`);
}
console.log(`load average after: ${loadAverage()}`);
await db.end();

async function ingest(server: Server, firstEducator: number): Promise<number> {
  const client = createClient(server.url);

  // Sign in and open five videos each (not measured).
  type Learner = { id: string; token: string; address: string; items: { id: string; seconds: number; watched: number; session: string }[] };
  const learners: Learner[] = [];
  const setupStarted = performance.now();
  const numbers = Array.from({ length: userCount }, (_, i) => firstEducator + i);
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let n = numbers.shift(); n !== undefined; n = numbers.shift()) {
        const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
        const login = await client.request('POST', '/api/identity/local/authorize', {
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ email: `bench1.educator${n}@benchmark.example.org`, password: 'Welcome-2026!' }),
        });
        if (login.status !== 200) throw new Error(`sign-in of educator ${n}: ${login.status} ${login.body}`);
        const token = login.json<{ accessToken: string }>().accessToken;
        const me = (await client.request('GET', '/api/identity/me', { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address } })).json<{ id: string }>();
        const items = Array.from({ length: 5 }, (_, k) => videos[(n * 5 + k) % videos.length]!).map((v) => ({ ...v, watched: 0, session: '' }));
        for (const item of items) {
          const video = await client.request('GET', `/api/catalog/items/${item.id}/video`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address } });
          if (video.status !== 200) throw new Error(`video of ${item.id}: ${video.status} ${video.body}`);
          item.session = video.json<{ playSession: { id: string } }>().playSession.id;
        }
        learners.push({ id: me.id, token, address, items });
      }
    }),
  );
  console.log(`setup: ${learners.length} sign-ins and ${learners.length * 5} videos opened in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);
  // The play sessions started a day ago: what the events claim was watchable (the bench measures ingest, not the bound).
  await db.query(`update play_sessions set started_at = started_at - interval '1 day'`);

  const { rows: [clock] } = await db.query<{ now: Date }>('select now() as now');
  const counts = { sent: 0, accepted: 0, duplicates: 0, rejected: 0, failedRequests: 0, eventsInFailed: 0, reasons: new Map<string, number>() };
  let stopped = false;
  const types = ['VIDEO_TIMEUPDATED', 'VIDEO_TIMEUPDATED', 'VIDEO_TIMEUPDATED', 'VIDEO_TIMEUPDATED', 'VIDEO_TIMEUPDATED', 'VIDEO_TIMEUPDATED', 'VIDEO_PLAYED', 'VIDEO_PAUSED', 'CATALOG_ITEM_VISITED'];

  function batchFor(learner: Learner) {
    const now = Date.now();
    return Array.from({ length: batchSize }, (_, j) => {
      const item = learner.items[j % learner.items.length]!;
      const type = types[(j * 7 + learner.items.length) % types.length]!;
      // 2 s more of the video each time, back to the start at the end (the stored progress keeps its maximum).
      item.watched = item.watched + 2 > item.seconds ? 0 : item.watched + 2;
      const data =
        type === 'CATALOG_ITEM_VISITED'
          ? { catalogItemId: item.id }
          : { catalogItemId: item.id, playSessionId: item.session, watched: [[0, item.watched]], position: item.watched };
      return { id: randomUUID(), type, timeStamp: new Date(now - (batchSize - j)).toISOString(), data };
    });
  }

  const recorder = new Recorder();
  const cpu = cpuWindow(server);
  const started = performance.now();
  const senders = Array.from({ length: concurrency }, async (_, s) => {
    const mine = learners.filter((_, i) => i % concurrency === s);
    for (let round = 0; !stopped; round++) {
      const learner = mine[round % mine.length]!;
      const data = batchFor(learner);
      const t0 = performance.now();
      let status: number | string;
      try {
        const reply = await client.request('POST', '/api/learner/events', {
          headers: { 'content-type': 'text/plain;charset=UTF-8', origin: server.origin, 'x-forwarded-for': learner.address },
          body: JSON.stringify({ accessToken: learner.token, data }),
        });
        status = reply.status;
        if (reply.status === 200) {
          const result = reply.json<{ accepted: number; duplicates: number; rejected: number; results: { reason?: string }[] }>();
          counts.accepted += result.accepted;
          counts.duplicates += result.duplicates;
          counts.rejected += result.rejected;
          for (const r of result.results) if (r.reason) counts.reasons.set(r.reason, (counts.reasons.get(r.reason) ?? 0) + 1);
        } else {
          counts.failedRequests += 1;
          counts.eventsInFailed += data.length;
        }
      } catch (error) {
        status = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        counts.failedRequests += 1;
        counts.eventsInFailed += data.length;
      }
      counts.sent += data.length;
      recorder.record(`POST /learner/events (${batchSize} a batch)`, performance.now() - t0, status);
    }
  });
  await sleep(seconds * 1000);
  stopped = true;
  await Promise.all(senders);
  const elapsed = (performance.now() - started) / 1000;
  recorder.close();
  const used = cpu();
  client.close();

  const rate = counts.accepted / elapsed;
  printTable(recorder.rows(), bareRate.rps);
  console.log(describeCpu(used));
  console.log(
    `events: ${counts.sent} sent, ${counts.accepted} accepted, ${counts.duplicates} duplicates, ${counts.rejected} rejected${counts.reasons.size ? ` (${[...counts.reasons].map(([r, n]) => `${r}×${n}`).join(', ')})` : ''}, ${counts.eventsInFailed} in ${counts.failedRequests} failed requests`,
  );
  console.log(
    `accepted: ${Math.round(rate)} events/s over ${elapsed.toFixed(1)} s (goal ≥ ${GOAL}: ${rate >= GOAL ? 'met' : 'NOT met'}); ${(rate / bareRate.rps).toFixed(3)} × bare Fastify's req/s of this run`,
  );

  // Let the server finish anything still in flight, then count what is stored.
  await sleep(500);
  const { rows: [stored] } = await db.query<{ n: number }>(
    'select count(*)::int as n from learner_events where user_id = any($1::uuid[]) and received_at >= $2',
    [learners.map((l) => l.id), clock!.now],
  );
  const lost = counts.accepted - stored!.n;
  console.log(`stored in learner_events for these educators since the run began: ${stored!.n}; answered accepted: ${counts.accepted} → ${lost === 0 ? 'none lost' : `${lost} MISSING`}`);
  if (used.generator >= 80) console.log(`note: the load generator used ${used.generator} % of a core: it may be what limits the rate`);
  return rate;
}
