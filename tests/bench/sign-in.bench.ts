/**
 * Sign-in throttling under load (not a timed test: it prints figures, and exits 1 if a school is
 * refused or an attack is not stopped).
 *
 *   npm run bench:sign-in                                  # PGlite in memory, one server
 *   REDIS_URL=redis://127.0.0.1:6379 npm run bench:sign-in # two servers sharing the counts in Redis
 *   DATABASE_URL=postgres://… REDIS_URL=… npm run bench:sign-in -- --concurrency 32
 *
 * The server runs here with the shipped limits and TRUST_PROXY=1: the bench is the load balancer,
 * and each request says which client it comes from in X-Forwarded-For (after an address the client
 * wrote itself, which must change nothing). With Redis, requests alternate between two servers,
 * as between two processes. Scenes:
 *
 *   school      500 teachers behind one address sign in with their password, `--concurrency` at a
 *               time, 25 of them mistyping it once first; through the local login, and again
 *               (another school) through the embedded provider's sign-in page
 *   spray       one address tries one common password on each of 500 accounts
 *   guess       one address guesses one account's password, 200 at once, then for an hour of the
 *               app's clock (moved, not waited for) as fast as Retry-After allows; the teacher signs
 *               in from school meanwhile; then the right password after the last wait
 *   spread      the same guess from a new address for every attempt
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../server/app.ts';
import { clock, setClock } from '../../server/clock.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { DEMO_PASSWORD, demoPasswordHash, seedDemo } from '../../server/db/seed/seed.ts';
import { createUsersRepository } from '../../server/repositories/users.ts';

const { values } = parseArgs({ options: { concurrency: { type: 'string', default: '16' }, teachers: { type: 'string', default: '500' } } });
const concurrency = Number(values.concurrency);
const teacherCount = Number(values.teachers);

const database = process.env.DATABASE_URL ? await openDatabase({ url: process.env.DATABASE_URL }) : await openDatabase({ dataDir: 'memory://' });
if (!process.env.DATABASE_URL) await seedDemo(database.db);
const runId = randomUUID().slice(0, 6);
const passwordHash = await demoPasswordHash();
const teachers = (school: string) => Array.from({ length: teacherCount }, (_, i) => `teacher${i + 1}-${runId}@${school}.example.org`);
const schools = { local: teachers('maple'), page: teachers('cedar'), sprayed: teachers('birch') };
await createUsersRepository(database.db).createMany(
  Object.values(schools)
    .flat()
    .map((email, i) => ({ email, role: 'USER' as const, firstName: 'Bench', lastName: `Teacher ${i}`, passwordHash, verifiedAt: new Date() })),
);

// The shipped limits: the environment may set the database and Redis, never a limit.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('RATE_LIMIT_')));
const config = loadConfig({ ...env, LOG_LEVEL: 'warn', SEED_ON_START: 'false', TRUST_PROXY: '1', REDIS_PREFIX: `bench-sign-in-${runId}:` });
const servers: { app: FastifyInstance; base: string }[] = [];
for (let i = 0; i < (config.redisUrl ? 2 : 1); i++) {
  const app = await buildApp({ config, database });
  servers.push({ app, base: await app.listen({ host: '127.0.0.1', port: 0 }) });
}
let turn = 0;
const server = () => servers[turn++ % servers.length]!.base;
console.log(
  `sign-in throttle bench — ${new Date().toISOString()}; database ${database.kind}; ${servers.length === 2 ? 'two servers sharing Redis' : 'one server (counts in its memory)'}; ${concurrency} at a time`,
);
const { signIn: limits } = config.rateLimit;
console.log(
  `limits: an account waits after ${limits.failuresBeforeWait} failures from one address (${limits.failuresBeforeWait * 4} from all); an address signs in ${limits.attemptsPerAddress} times / 10 min and fails ${limits.failuresPerAddress} times / hour\n`,
);

type Answer = { status: number; retryAfter: number; ms: number };
/** X-Forwarded-For as a load balancer passes it on: what the client wrote, then the client's address. */
const forwarded = (client: string) => `${randomUUID().slice(0, 8)}, ${client}`;

async function localLogin(email: string, password: string, client: string): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${server()}/api/identity/local/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded(client) },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  return { status: response.status, retryAfter: Number(response.headers.get('retry-after') ?? 0), ms: performance.now() - started };
}

/** The embedded provider's way: /authorize, then the password on the sign-in page (303 when signed in). */
async function pageLogin(email: string, password: string, client: string): Promise<Answer> {
  const base = server();
  const started = performance.now();
  const params = new URLSearchParams({
    client_id: config.provider.clientId,
    response_type: 'code',
    scope: 'openid',
    redirect_uri: `${config.publicUrl}/callback`,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 's',
    nonce: 'n',
  });
  const authorize = await fetch(`${base}/authorize?${params}`, { redirect: 'manual', headers: { 'x-forwarded-for': forwarded(client) } });
  await authorize.arrayBuffer();
  const cookie = authorize.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const page = new URL(authorize.headers.get('location')!, base).pathname;
  const response = await fetch(`${base}${page}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-forwarded-for': forwarded(client) },
    body: new URLSearchParams({ email, password }),
  });
  await response.arrayBuffer();
  return { status: response.status, retryAfter: Number(response.headers.get('retry-after') ?? 0), ms: performance.now() - started };
}

/** Runs the tasks `concurrency` at a time, in order of start. */
async function pool<T>(tasks: (() => Promise<T>)[], atOnce = concurrency): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(atOnce, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

const counts = (answers: Answer[]) => {
  const by = new Map<number, number>();
  for (const a of answers) by.set(a.status, (by.get(a.status) ?? 0) + 1);
  return [...by].sort(([a], [b]) => a - b).map(([status, n]) => `${n}×${status}`).join(', ');
};
const percentile = (answers: Answer[], p: number) => {
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
};
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${what}`);
  if (!ok) failures.push(what);
};
/** Moves the app's clock on (the throttle's waits follow it). */
const later = (seconds: number) => setClock(new Date(clock.ms() + seconds * 1000));

// ───────────── a school ─────────────
for (const [path, signIn, emails, client, okStatus] of [
  ['the local login', localLogin, schools.local, '192.0.2.10', 200],
  ["the embedded provider's sign-in page", pageLogin, schools.page, '192.0.2.11', 303],
] as const) {
  const started = performance.now();
  const tasks = emails.flatMap((email, i) => [
    ...(i % 20 === 7 ? [() => signIn(email, 'Welcome-2025!', client)] : []),
    () => signIn(email, DEMO_PASSWORD, client),
  ]);
  const answers = await pool(tasks);
  const seconds = (performance.now() - started) / 1000;
  console.log(`school: ${emails.length} teachers behind ${client} through ${path}, ${tasks.length - emails.length} mistyping once first`);
  console.log(`  ${counts(answers)} in ${seconds.toFixed(1)} s (${(answers.length / seconds).toFixed(0)}/s); p50 ${percentile(answers, 50)} ms, p95 ${percentile(answers, 95)} ms`);
  const signedIn = answers.filter((a) => a.status === okStatus).length;
  check(signedIn === emails.length && answers.every((a) => a.status === okStatus || a.status === 401), `all ${emails.length} signed in, no one refused (${signedIn})`);
}

// ───────────── a password spray ─────────────
{
  console.log('\nspray: one address, one common password on each of 500 accounts');
  const answers = await pool(schools.sprayed.map((email) => () => localLogin(email, 'Spring-2026!', '198.51.100.7')));
  const checked = answers.filter((a) => a.status === 401).length;
  console.log(`  ${counts(answers)}: ${checked} guesses checked, then refused with Retry-After ${answers.find((a) => a.status === 429)?.retryAfter ?? '-'} s`);
  check(checked === limits.failuresPerAddress, `stopped after ${limits.failuresPerAddress} guesses`);
  const hour = await forAnHour((i) => localLogin(schools.sprayed[i % schools.sprayed.length]!, `Summer-${i}!`, '198.51.100.7'));
  console.log(`  going on for an hour as fast as Retry-After allows: ${hour.checked} more guesses (${hour.asked} asked)`);
  check(hour.checked <= limits.failuresPerAddress + 1, `at most ${limits.failuresPerAddress} guesses an hour after that`);
  const school = await localLogin(schools.local[0]!, DEMO_PASSWORD, '192.0.2.10');
  check(school.status === 200, `a teacher at another address signs in meanwhile (${school.status})`);
}

// ───────────── one account guessed ─────────────
{
  const target = schools.local[1]!;
  console.log(`\nguess: one address guesses one account's password, 200 at once`);
  const answers = await pool(Array.from({ length: 200 }, (_, i) => () => localLogin(target, `guess-${i}`, '203.0.113.9')));
  const checked = answers.filter((a) => a.status === 401).length;
  console.log(`  ${counts(answers)}: ${checked} guesses checked`);
  check(checked === limits.failuresBeforeWait, `stopped after ${limits.failuresBeforeWait} guesses`);
  const hour = await forAnHour((i) => localLogin(target, `guess-more-${i}`, '203.0.113.9'));
  console.log(`  going on for an hour as fast as Retry-After allows: ${hour.checked} more guesses (${hour.asked} asked; waits ${hour.waits.join(', ')} s)`);
  check(hour.checked <= 8, 'a handful of guesses an hour after that');
  const teacher = await localLogin(target, DEMO_PASSWORD, '192.0.2.10');
  check(teacher.status === 200, `the teacher signs in from school meanwhile (${teacher.status})`);
  // One more wrong guess there starts another wait; the right password waits it out, then signs in.
  const guessed = await localLogin(target, 'one-more-guess', '203.0.113.9');
  const refused = await localLogin(target, DEMO_PASSWORD, '203.0.113.9');
  later(refused.retryAfter);
  const after = await localLogin(target, DEMO_PASSWORD, '203.0.113.9');
  check(
    guessed.status === 401 && refused.status === 429 && refused.retryAfter <= 900 && after.status === 200,
    `at the guesser's address the right password waits ${refused.retryAfter} s (at most 900), then signs in (${refused.status}, then ${after.status})`,
  );
}

// ───────────── the same guess from many addresses ─────────────
{
  const target = schools.local[2]!;
  console.log(`\nspread: one account guessed from a new address each time, 200 at once`);
  const answers = await pool(Array.from({ length: 200 }, (_, i) => () => localLogin(target, `guess-${i}`, `198.18.${Math.floor(i / 250)}.${i % 250}`)));
  const checked = answers.filter((a) => a.status === 401).length;
  console.log(`  ${counts(answers)}: ${checked} guesses checked`);
  check(checked === limits.failuresBeforeWait * 4, `stopped after ${limits.failuresBeforeWait * 4} guesses`);
  const hour = await forAnHour((i) => localLogin(target, `guess-more-${i}`, `198.19.${Math.floor(i / 250)}.${i % 250}`));
  console.log(`  going on for an hour as fast as Retry-After allows: ${hour.checked} more guesses (${hour.asked} asked)`);
  check(hour.checked <= 8, 'a handful of guesses an hour after that');
}

/**
 * An attacker who asks again as soon as Retry-After allows, for an hour of the app's clock
 * (moved, not waited for): how many guesses were checked.
 */
async function forAnHour(attempt: (i: number) => Promise<Answer>) {
  const end = clock.ms() + 3600_000;
  let checked = 0;
  let asked = 0;
  const waits: number[] = [];
  while (clock.ms() < end) {
    const answer = await attempt(asked++);
    if (answer.status === 429) {
      waits.push(answer.retryAfter);
      later(answer.retryAfter);
    } else checked++;
  }
  return { checked, asked, waits };
}

setClock(null);
for (const { app } of servers) await app.close();
if (config.redisUrl) {
  const redis = new Redis(config.redisUrl);
  const keys = await redis.keys(`${config.redisPrefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}
await database.close();
console.log(failures.length ? `\n${failures.length} expectation(s) failed` : '\nevery expectation held');
process.exit(failures.length ? 1 : 0);
