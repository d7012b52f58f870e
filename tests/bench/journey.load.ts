/**
 * Journey load test (not a timed test: it prints figures).
 *
 *   DATABASE_URL=postgres://…/copy_of_district_seed npm run load
 *   npm run load -- --processes 1,2 --stages 100,250,500,1000 --ramp 15 --hold 30
 *   npm run load -- --ingest          # learner-event ingest alone (tests/bench/ingest.load.ts)
 *
 * Simulated educators of the district seed's "Benchmark District" (bench1.educator<n>@benchmark.example.org,
 * each its own account and token) do what the app does in a browser, screen by screen, with the
 * requests src/machines/** makes for each:
 *
 *   sign-in      POST /identity/local/authorize
 *   app start    GET /identity/start (the user with the profile, subscriptions and progress), then
 *                the LEARNER_LOGIN event (POST /learner/events) and GET /flags/api/features/sdk-local;
 *                GET /catalog/audiences, GET /catalog/nasot/items (reference data, once per app)
 *   dashboard    GET /catalog/recommendations/{featured,recommended,recommended-playlists,new,in-progress}
 *                and GET /progress (not on the first dashboard: the start-up response gave it), all
 *                at once; POST /reporting/event (the page view)
 *   search       GET /catalog/search?q=…&offset=0&limit=10 with GET /progress; page view
 *   strategy     GET /catalog/items/{publicId}, then GET /catalog/recommendations/recommended?catalogItemId=…
 *                with GET /progress; page view; GET /catalog/items/{id}/video when the player starts
 *   watching     learner events as the app's queue sends them: CATALOG_ITEM_VISITED with VIDEO_PLAYED,
 *                VIDEO_TIMEUPDATED every 10 s of playback (each alone: the queue sends after 2 s of
 *                quiet), VIDEO_PAUSED with CATALOG_ITEM_LEFT on leaving; sent as the beacon sends them
 *                (text/plain body with the token, the app's Origin)
 *
 * A session: sign in, app start, dashboard, then for the rest of the run a think time of 3–10 s
 * between screens, a search (two in five open another search next), a strategy from its results,
 * and watching its video for 30–180 s; after a strategy, back to the dashboard one time in three.
 * So most requests are learner events and page reads, fewer are searches, and a sign-in happens
 * once per session (what a school day looks like: a teacher signs in once and watches, reads and
 * searches for a while). The printed counts are the resulting mix.
 *
 * Rate limits stay on, as deployed: TRUST_PROXY=1 and each educator sends its own
 * X-Forwarded-For address (schools' addresses), and no educator comes near its own budgets.
 *
 * Educators arrive evenly over `--ramp` seconds at each stage (signing in as they come) and the
 * stage is measured over the `--hold` seconds that follow. Then `--peak` educators run the same
 * journey without think time for `--peak-seconds`: the server's throughput, compared between
 * process counts (WEB_CONCURRENCY) and with bare Fastify in the same run.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
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
  type Reply,
  type Server,
} from './journey-support.ts';

const { values } = parseArgs({
  options: {
    ingest: { type: 'boolean', default: false },
    processes: { type: 'string', default: '1,2' },
    stages: { type: 'string', default: '100,250,500,1000' },
    ramp: { type: 'string', default: '15' },
    hold: { type: 'string', default: '30' },
    peak: { type: 'string', default: '100' },
    'peak-seconds': { type: 'string', default: '20' },
    'first-educator': { type: 'string', default: '1' },
    // Diagnosis only: these request kinds (comma-separated, as the tables name them) are not made, to see
    // what the rest of the journey does without them. The tables say so.
    'leave-out': { type: 'string', default: '' },
    // ingest.load.ts reads its own options; they are accepted here so `npm run load -- --ingest …` passes them on.
    seconds: { type: 'string' },
    users: { type: 'string' },
    batch: { type: 'string' },
    concurrency: { type: 'string' },
  },
});

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('DATABASE_URL is required: a PostgreSQL copy of the district seed (npm run seed -- --size district).');
    process.exit(2);
  }
  const processCounts = listOption(values.processes);
  const stages = listOption(values.stages);
  const rampSeconds = Number(values.ramp);
  const holdSeconds = Number(values.hold);
  const peakEducators = Number(values.peak);
  const peakSeconds = Number(values['peak-seconds']);
  const firstEducator = Number(values['first-educator']);
  const leaveOut = values['leave-out'].split(',').map((k) => k.trim()).filter(Boolean);
  if (leaveOut.length) console.log(`DIAGNOSIS: request kinds ${leaveOut.map((k) => `"${k}"`).join(', ')} are left out of the journey`);

  console.log(`journey load test — ${new Date().toISOString()}, load average before: ${loadAverage()}`);
  const bare = await startBareFastify();
  const bareRate = await peakRate(`${bare.url}/`, { connections: 50, seconds: 5 });
  await bare.stop();
  console.log(`bare Fastify (own process, autocannon ×50, 5 s): ${Math.round(bareRate.rps)} req/s, p50 ${bareRate.p50} ms, p99 ${bareRate.p99} ms`);

  const peaks: { processes: number; rps: number; healthz: number }[] = [];
  for (const processes of processCounts) {
    const server = await startServer({ databaseUrl, processes, env: { TRUST_PROXY: '1' } });
    try {
      console.log(`\n════ WEB_CONCURRENCY=${processes} — server pid ${server.pid}, load average ${loadAverage()} ════`);
      const health = await peakRate(`${server.url}/api/healthz`, { connections: 50, seconds: 5 });
      console.log(`GET /api/healthz (autocannon ×50, 5 s): ${Math.round(health.rps)} req/s = ${(health.rps / bareRate.rps).toFixed(2)} × bare Fastify`);
      const result = await runJourney(server, { stages, rampSeconds, holdSeconds, peakEducators, peakSeconds, firstEducator, leaveOut, bareRps: bareRate.rps });
      peaks.push({ processes, rps: result.peakRps, healthz: health.rps });
    } finally {
      await server.stop();
    }
  }

  console.log('\n════ throughput by process count ════');
  const base = peaks[0]!;
  for (const p of peaks) {
    console.log(
      `WEB_CONCURRENCY=${p.processes}: journey peak ${Math.round(p.rps)} req/s (${(p.rps / bareRate.rps).toFixed(3)} × bare Fastify, ${base.rps > 0 ? (p.rps / base.rps).toFixed(2) : 'n/a'} × ${base.processes} process${base.processes > 1 ? 'es' : ''}); healthz ${Math.round(p.healthz)} req/s (${(p.healthz / base.healthz).toFixed(2)} ×)`,
    );
  }
  console.log(`load average after: ${loadAverage()}`);
}

// ───────────────────────────── the journey ─────────────────────────────

const SEARCHES = [
  'exit tickets', 'feedback', 'questioning routines', 'vocabulary games', 'peer review', 'number talks', 'discussion protocols',
  'scaffolded', 'station rotations', 'writing workshops', 'goal-setting', 'formative checks', 'gallery walks', 'think-alouds',
  'science', 'algebra', 'collaborative learning targets', 'self-assessment', 'reading conferences', 'worked examples',
];

/** Request kinds, in the order of the table (the order a session makes them). */
const KINDS = [
  'POST /identity/local/authorize (sign-in)',
  'GET /identity/start',
  'GET /flags/api/features/sdk-local',
  'GET /catalog/audiences',
  'GET /catalog/nasot/items',
  'GET /catalog/recommendations/featured',
  'GET /catalog/recommendations/recommended',
  'GET /catalog/recommendations/recommended-playlists',
  'GET /catalog/recommendations/new',
  'GET /catalog/recommendations/in-progress',
  'GET /progress',
  'GET /catalog/search',
  'GET /catalog/items/{id}',
  'GET /catalog/recommendations/recommended?catalogItemId',
  'GET /catalog/items/{id}/video',
  'POST /reporting/event (page view)',
  'POST /learner/events',
];
const SIGN_IN = KINDS[0]!;

type Summary = { id: string; publicId: string; resourceType: string; durationSeconds: number | null };
type Options = {
  stages: number[];
  rampSeconds: number;
  holdSeconds: number;
  peakEducators: number;
  peakSeconds: number;
  firstEducator: number;
  leaveOut: string[];
  bareRps: number;
};
type Events = { accepted: number; duplicates: number; rejected: number; reasons: Map<string, number> };

async function runJourney(server: Server, options: Options) {
  const client = createClient(server.url);
  const recorders = new Set<Recorder>();
  const events: Events = { accepted: 0, duplicates: 0, rejected: 0, reasons: new Map() };
  let thinkScale = 1;
  const leftOut = (kind: string) => options.leaveOut.includes(kind);
  const phase = { stopped: false };

  const uniform = (lo: number, hi: number) => lo + Math.random() * (hi - lo);
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
  const think = (lo: number, hi: number) => (thinkScale === 0 ? Promise.resolve() : sleep(uniform(lo, hi) * 1000 * thinkScale));

  class Educator {
    token: string | null = null;
    referenceLoaded = false;
    /** The start-up response's progress, which the first dashboard uses instead of asking. */
    progressKept = false;
    lastPath = '/';
    readonly address: string;
    readonly n: number;
    constructor(n: number) {
      this.n = n;
      this.address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    }
    get email() {
      return `bench1.educator${this.n}@benchmark.example.org`;
    }

    async call(kind: string, method: string, path: string, options: { body?: unknown; beacon?: boolean } = {}): Promise<Reply | null> {
      const headers: Record<string, string> = { 'x-forwarded-for': this.address };
      let body: string | undefined;
      if (options.beacon) {
        headers['content-type'] = 'text/plain;charset=UTF-8';
        headers.origin = server.origin;
      } else if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        headers.origin = server.origin;
      }
      if (options.body !== undefined) body = JSON.stringify(options.body);
      if (this.token && !options.beacon) headers.authorization = `Bearer ${this.token}`;
      if (leftOut(kind)) return null;
      const started = performance.now();
      let reply: Reply | null = null;
      let status: number | string;
      try {
        reply = await client.request(method, path, { headers, body });
        status = reply.status;
      } catch (error) {
        status = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      }
      const elapsed = performance.now() - started;
      for (const r of recorders) r.record(kind, elapsed, status);
      return reply && reply.status < 300 ? reply : null;
    }

    async signIn() {
      const reply = await this.call(SIGN_IN, 'POST', '/api/identity/local/authorize', { body: { email: this.email, password: 'Welcome-2026!' } });
      this.token = reply?.json<{ accessToken: string }>().accessToken ?? null;
      this.referenceLoaded = false;
      return this.token !== null;
    }

    pageView(to: string) {
      const from = this.lastPath;
      this.lastPath = to;
      return this.call(KINDS[15]!, 'POST', '/api/reporting/event', { body: { event: 'PAGE_VIEW', properties: { from, to } } });
    }

    async learnerEvents(data: object[], viaApi = false) {
      const reply = await this.call(KINDS[16]!, 'POST', '/api/learner/events', { body: { accessToken: this.token, data }, beacon: !viaApi });
      if (!reply) return;
      const result = reply.json<{ accepted: number; duplicates: number; rejected: number; results: { status: string; reason?: string }[] }>();
      events.accepted += result.accepted;
      events.duplicates += result.duplicates;
      events.rejected += result.rejected;
      for (const r of result.results) if (r.reason) events.reasons.set(r.reason, (events.reasons.get(r.reason) ?? 0) + 1);
    }

    async appStart() {
      // The user with the profile, subscriptions and progress: the app asks for none of those again.
      const startUp = await this.call(KINDS[1]!, 'GET', '/api/identity/start');
      if (!startUp) return false;
      this.progressKept = true;
      await Promise.all([
        this.learnerEvents([{ id: randomUUID(), type: 'LEARNER_LOGIN', timeStamp: new Date().toISOString() }], true),
        this.call(KINDS[2]!, 'GET', '/api/flags/api/features/sdk-local'),
      ]);
      return true;
    }

    /** Audiences and framework items: loaded once per app, by the first screen that needs them. */
    referenceData() {
      if (this.referenceLoaded) return [];
      this.referenceLoaded = true;
      return [this.call(KINDS[3]!, 'GET', '/api/catalog/audiences'), this.call(KINDS[4]!, 'GET', '/api/catalog/nasot/items')];
    }

    async dashboard(): Promise<Summary[]> {
      const [featured, recommended, playlists, fresh, inProgress] = await Promise.all([
        this.call(KINDS[5]!, 'GET', '/api/catalog/recommendations/featured'),
        this.call(KINDS[6]!, 'GET', '/api/catalog/recommendations/recommended'),
        this.call(KINDS[7]!, 'GET', '/api/catalog/recommendations/recommended-playlists'),
        this.call(KINDS[8]!, 'GET', '/api/catalog/recommendations/new'),
        this.call(KINDS[9]!, 'GET', '/api/catalog/recommendations/in-progress'),
        // The first dashboard after signing in has the progress from the start-up response.
        this.progressKept ? ((this.progressKept = false), null) : this.call(KINDS[10]!, 'GET', '/api/progress'),
        ...this.referenceData(),
        this.pageView('/'),
      ]);
      return [featured, recommended, playlists, fresh, inProgress].flatMap((r) => r?.json<{ data: Summary[] }>().data ?? []);
    }

    async search(): Promise<Summary[]> {
      const q = encodeURIComponent(pick(SEARCHES));
      const [results] = await Promise.all([
        this.call(KINDS[11]!, 'GET', `/api/catalog/search?q=${q}&offset=0&limit=10`),
        this.call(KINDS[10]!, 'GET', '/api/progress'),
        ...this.referenceData(),
        this.pageView(`/catalog?search=${q}`),
      ]);
      return results?.json<{ items: Summary[] }>().items ?? [];
    }

    async strategy(summary: Summary) {
      const path = `/strategies/${summary.publicId}`;
      const item = await this.call(KINDS[12]!, 'GET', `/api/catalog/items/${encodeURIComponent(summary.publicId)}`);
      const [, progressReply] = await Promise.all([
        this.call(KINDS[13]!, 'GET', `/api/catalog/recommendations/recommended?catalogItemId=${summary.id}`),
        this.call(KINDS[10]!, 'GET', '/api/progress'),
        this.pageView(path),
      ]);
      const detail = item?.json<{ id: string; hasVideo: boolean }>();
      if (!detail) return;
      const stored = progressReply?.json<{ catalogItemsProgress: { catalogItemId: string; videoProgress: number; videoPosition: number }[] }>()
        .catalogItemsProgress.find((p) => p.catalogItemId === detail.id);
      const visited = { id: randomUUID(), type: 'CATALOG_ITEM_VISITED', timeStamp: new Date().toISOString(), data: { catalogItemId: detail.id } };
      if (!detail.hasVideo) {
        await think(1, 3);
        await this.learnerEvents([visited]);
        await think(10, 40);
        await this.learnerEvents([{ id: randomUUID(), type: 'CATALOG_ITEM_LEFT', timeStamp: new Date().toISOString(), data: { catalogItemId: detail.id } }]);
        return;
      }
      const video = (await this.call(KINDS[14]!, 'GET', `/api/catalog/items/${detail.id}/video`))?.json<{ durationSeconds: number; playSession: { id: string } }>();
      if (!video) return;
      const duration = video.durationSeconds;
      // Watching: what the player's machine reports (src/machines/video-progress): the play session,
      // the seconds it covered so far and the position, every 10 s of playback.
      let position = stored && stored.videoPosition < duration - 1 ? stored.videoPosition : 0;
      const from = position;
      const data = () => ({ catalogItemId: detail.id, playSessionId: video.playSession.id, watched: [[from, position]], position: Math.round(position * 10) / 10 });
      const event = (type: string) => ({ id: randomUUID(), type, timeStamp: new Date().toISOString(), data: type === 'CATALOG_ITEM_VISITED' ? { catalogItemId: detail.id } : data() });
      await think(1, 2);
      await this.learnerEvents([visited, event('VIDEO_PLAYED')]);
      const watchFor = Math.min(duration - position, uniform(30, 180));
      // Without think time (the peak) the steps come faster than 2x playback: the server refuses them
      // (PROGRESS_NOT_WATCHED, printed with the peak), as it would a script.
      const step = 10;
      for (let played = 0; played + step <= watchFor && !phase.stopped; played += step) {
        await think(step, step);
        position += step;
        // Sent after the queue's 2 s of quiet.
        await think(2, 2);
        await this.learnerEvents([event('VIDEO_TIMEUPDATED')]);
      }
      await this.learnerEvents([event('VIDEO_PAUSED'), { ...event('CATALOG_ITEM_LEFT'), data: { catalogItemId: detail.id } }]);
    }

    /** A session until the phase stops. */
    async run(signedIn: boolean) {
      if (!signedIn) {
        while (!phase.stopped && !(await this.signIn())) await sleep(5000);
        if (phase.stopped || !(await this.appStart())) return;
      }
      let found = await this.dashboard();
      while (!phase.stopped) {
        await think(3, 10);
        if (phase.stopped) break;
        const results = await this.search();
        if (Math.random() < 0.4) continue;
        const strategies = [...results, ...found].filter((s) => s.resourceType === 'LEARNING_OBJECT');
        if (!strategies.length) continue;
        await think(3, 10);
        if (phase.stopped) break;
        await this.strategy(pick(strategies));
        if (Math.random() < 1 / 3 && !phase.stopped) {
          await think(3, 10);
          found = await this.dashboard();
        }
      }
    }
  }

  // What one sign-in costs, alone on the otherwise idle server.
  {
    const solo = new Recorder();
    recorders.add(solo);
    const cpu = cpuWindow(server);
    for (let i = 0; i < 20; i++) await new Educator(options.firstEducator + 19_000 + i).signIn();
    const used = cpu();
    recorders.delete(solo);
    solo.close();
    const row = solo.rows([SIGN_IN])[0]!;
    console.log(
      `sign-in alone (20 in a row, argon2 verify + token): p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, ${((used.server / 100) * solo.seconds * 1000 / 20).toFixed(0)} ms of server CPU each (${row.errors} failed)`,
    );
  }

  const educators: Educator[] = [];
  const runs: Promise<void>[] = [];
  const total = new Recorder();
  recorders.add(total);
  for (const target of options.stages) {
    const ramp = new Recorder();
    recorders.add(ramp);
    const arriving = target - educators.length;
    const rampCpu = cpuWindow(server);
    for (let i = 0; i < arriving; i++) {
      const educator = new Educator(options.firstEducator + educators.length);
      educators.push(educator);
      runs.push(educator.run(false));
      await sleep((options.rampSeconds * 1000) / Math.max(1, arriving));
    }
    recorders.delete(ramp);
    ramp.close();
    const rampUsed = rampCpu();
    const hold = new Recorder();
    recorders.add(hold);
    const cpu = cpuWindow(server);
    const loadBefore = loadAverage();
    await sleep(options.holdSeconds * 1000);
    recorders.delete(hold);
    hold.close();
    const used = cpu();
    console.log(`\n── ${target} educators: ${options.holdSeconds} s held after ${arriving} arrived over ${options.rampSeconds} s — load average ${loadBefore} → ${loadAverage()}`);
    printTable(hold.rows(KINDS), options.bareRps);
    console.log(describeCpu(used));
    const signIns = ramp.rows(KINDS).find((r) => r.kind === SIGN_IN);
    const rampAll = ramp.rows(KINDS).at(-1);
    if (signIns && rampAll) {
      console.log(
        `ramp (${arriving} sign-ins): sign-in p50 ${signIns.p50.toFixed(0)} ms p95 ${signIns.p95.toFixed(0)} ms p99 ${signIns.p99.toFixed(0)} ms (${signIns.errors} failed); every request during the ramp p95 ${rampAll.p95.toFixed(0)} ms; ${describeCpu(rampUsed)}`,
      );
    }
  }
  phase.stopped = true;
  await Promise.all(runs);
  total.close();
  console.log(
    `\nlearner events over the stages: ${events.accepted} accepted, ${events.duplicates} duplicates, ${events.rejected} rejected${events.reasons.size ? ` (${[...events.reasons].map(([r, n]) => `${r}×${n}`).join(', ')})` : ''}`,
  );

  // Requests the educators gave up on (30 s) may still be running: the peak starts once the
  // server and PostgreSQL are idle again (at most two minutes).
  const drainStarted = performance.now();
  for (;;) {
    const idle = cpuWindow(server);
    await sleep(1000);
    const { server: app, postgres } = idle();
    if (app + postgres < 30 || performance.now() - drainStarted > 120_000) break;
  }
  console.log(`the server was idle again ${((performance.now() - drainStarted) / 1000).toFixed(0)} s after the last stage ended`);

  // The peak: the same journey without think time, on educators already signed in.
  phase.stopped = false;
  thinkScale = 0;
  events.rejected = 0;
  events.reasons.clear();
  const peak = new Recorder();
  recorders.clear();
  recorders.add(peak);
  const cpu = cpuWindow(server);
  const peakRuns = educators.slice(0, options.peakEducators).map((e) => e.run(true));
  await sleep(options.peakSeconds * 1000);
  recorders.delete(peak);
  peak.close();
  const used = cpu();
  phase.stopped = true;
  await Promise.all(peakRuns);
  console.log(`\n── peak: ${Math.min(options.peakEducators, educators.length)} educators without think time, ${options.peakSeconds} s — load average ${loadAverage()}`);
  const rows = peak.rows(KINDS);
  printTable(rows, options.bareRps);
  console.log(describeCpu(used));
  if (events.rejected) console.log(`learner events rejected at the peak: ${[...events.reasons].map(([r, n]) => `${r}×${n}`).join(', ')}`);
  if (used.generator >= 80) console.log(`note: the load generator used ${used.generator} % of a core: it may be what limits the peak`);
  client.close();
  const all = rows.at(-1);
  return { peakRps: all?.rps ?? 0 };
}

// Last, once every declaration above is initialized.
if (values.ingest) {
  await import('./ingest.load.ts');
} else {
  await main();
}
