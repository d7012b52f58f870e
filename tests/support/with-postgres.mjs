// Runs a command with TEST_DATABASE_URL pointing at a PostgreSQL server, so the API tests run
// against PostgreSQL as well as the embedded PGlite. Uses TEST_POSTGRES_URL when set, else the
// local server on 127.0.0.1:5432 (see TOOLCHAIN.md / .ci/run, which starts one when needed).
import { spawn } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  const { rows } = await client.query('show server_version');
  console.log(`API tests against PostgreSQL ${rows[0].server_version}`);
} catch (err) {
  console.error(`No PostgreSQL answers at ${url.replace(/:[^:@/]*@/, ':***@')}: ${err.message}`);
  console.error('Start one (see README, "Running on PostgreSQL") or set TEST_POSTGRES_URL.');
  process.exit(1);
} finally {
  await client.end().catch(() => {});
}

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url }, shell: false });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
