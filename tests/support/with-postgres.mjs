// Runs a command with TEST_DATABASE_URL pointing at a real PostgreSQL server, so the API tests
// run against PostgreSQL as well as the embedded PGlite.
//   TEST_POSTGRES_URL=…       use that server
//   TEST_POSTGRES_START=1     always start a throw-away server (what .ci/run does)
//   otherwise                 use 127.0.0.1:5432 when it answers, else start a throw-away server
// The throw-away server is Debian's PostgreSQL (apt-get install postgresql): a new cluster in a
// temporary directory on 127.0.0.1 and a free port, stopped and deleted afterwards.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

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

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  return null;
}

async function startThrowAway() {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (or set TEST_POSTGRES_URL)');
  const dir = mkdtempSync(join(tmpdir(), 'elp-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: run it as the postgres user that Debian's package creates.
  const run = (cmd, args) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' }) : execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

let url = process.env.TEST_POSTGRES_URL;
let stop = () => {};
if (!url && process.env.TEST_POSTGRES_START !== '1' && (await answers('postgres://postgres@127.0.0.1:5432/postgres'))) {
  url = 'postgres://postgres@127.0.0.1:5432/postgres';
}
if (!url) {
  const server = await startThrowAway();
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
