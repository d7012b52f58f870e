// Runs a command with TEST_DATABASE_URL pointing at a real PostgreSQL server, so the API tests
// run against PostgreSQL as well as the embedded PGlite.
//   TEST_POSTGRES_URL=…       use that server
//   TEST_POSTGRES_START=1     always start a throw-away server (what .ci/run does)
//   otherwise                 use 127.0.0.1:5432 when it answers, else start a throw-away server
// The throw-away server is Debian's PostgreSQL (apt-get install postgresql): a new cluster in a
// temporary directory on 127.0.0.1 and a free port, stopped and deleted afterwards.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { startThrowAwayPostgres } from './postgres-server.mjs';

async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query('show server_version');
    return rows[0].server_version;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

let url = process.env.TEST_POSTGRES_URL;
let stop = () => {};
if (!url && process.env.TEST_POSTGRES_START !== '1' && (await answers('postgres://postgres@127.0.0.1:5432/postgres'))) {
  url = 'postgres://postgres@127.0.0.1:5432/postgres';
}
if (!url) {
  const server = await startThrowAwayPostgres();
  url = server.url;
  stop = server.stop;
}
const version = await answers(url);
if (!version) {
  console.error(`No PostgreSQL answers at ${url.replace(/:[^:@/]*@/, ':***@')}.`);
  stop();
  process.exit(1);
}
console.log(`API tests against PostgreSQL ${version} at ${new URL(url).host}`);

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } });
const finish = (code) => {
  stop();
  process.exit(code);
};
process.on('SIGINT', () => child.kill('SIGINT'));
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => finish(signal ? 1 : (code ?? 1)));
