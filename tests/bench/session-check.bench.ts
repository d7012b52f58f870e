/**
 * What refusing ended sessions costs per request (not a timed test: it prints figures).
 *
 *   npm run bench:sessions                     # seeded demo content, in-memory PGlite
 *   DATABASE_URL=postgres://… npm run bench:sessions
 *
 * Every authenticated request looks its token id up among revoked tokens, in parallel with the
 * user lookup it makes anyway (the user row carries "sessions ended at"). Printed: each lookup
 * alone, and GET /api/identity/me next to GET /api/healthz in the same run.
 */
import { fire } from './load-generator.ts';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { seedDemo } from '../../server/db/seed/seed.ts';
import { createIdentityRepository } from '../../server/repositories/identity.ts';
import { createUsersRepository } from '../../server/repositories/users.ts';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_ENABLED: 'false', SEED_ON_START: 'false' });
const database = process.env.DATABASE_URL ? await openDatabase({ url: process.env.DATABASE_URL }) : await openDatabase({ dataDir: 'memory://' });
await seedDemo(database.db);
const identity = createIdentityRepository(database.db);
const users = createUsersRepository(database.db);
// A realistic revocation list: ten thousand signed-out tokens.
for (let i = 0; i < 10; i++) await Promise.all(Array.from({ length: 1000 }, () => identity.revoke(randomUUID(), new Date(Date.now() + 3600_000))));
const user = (await users.byEmail('educator01@northwind.example.org'))!;

async function timeEach(title: string, work: () => Promise<unknown>, n = 2000) {
  for (let i = 0; i < 200; i++) await work();
  const started = performance.now();
  for (let i = 0; i < n; i++) await work();
  const micros = ((performance.now() - started) * 1000) / n;
  console.log(`${title.padEnd(44)} ${micros.toFixed(0)} µs each (${n} in a row)`);
  return micros;
}
const revoked = await timeEach('revoked-token lookup (10,000 revoked)', () => identity.isRevoked(randomUUID()));
const byId = await timeEach('user lookup (needed anyway)', () => users.byId(user.id));
console.log(`the revocation lookup costs ${(revoked / byId).toFixed(2)} × the user lookup; they run in parallel`);

const app = await buildApp({ config, database });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const login = await fetch(`${address}/api/identity/local/authorize`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: user.email, password: 'Welcome-2026!' }),
});
const { accessToken } = (await login.json()) as { accessToken: string };

async function run(title: string, path: string, headers: Record<string, string> = {}) {
  const result = await fire({ url: address, connections: 10, duration: 5, requests: [{ method: 'GET', path, headers }] });
  console.log(`${title.padEnd(44)} p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ${Math.round(result.requests.average)} req/s  (${result.non2xx} failed)`);
  return result;
}
const health = await run('GET /api/healthz (no token) ×10', '/api/healthz');
const me = await run('GET /api/identity/me (token checks) ×10', '/api/identity/me', { authorization: `Bearer ${accessToken}` });
console.log(`/identity/me throughput is ${(me.requests.average / health.requests.average).toFixed(2)} × /healthz in this run (database: ${database.kind})`);
await new Promise((resolve) => setTimeout(resolve, 500));
await app.close();
