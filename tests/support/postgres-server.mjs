// A throw-away PostgreSQL server from Debian's package (apt-get install postgresql): a new cluster
// in a temporary directory, on 127.0.0.1 and a free port, run as the postgres user when this runs
// as root (PostgreSQL refuses root). The API tests (with-postgres.mjs) and the fault suite
// (tests/faults) use it; the fault suite also restarts it.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function freePort() {
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

/**
 * Starts the server and answers its URL (database `postgres`, user `postgres`, no password),
 * `restartAsync()` (pg_ctl restart -m fast, settled once it accepts connections again) and
 * `stop()` (which also deletes the cluster).
 */
export async function startThrowAwayPostgres() {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (or set TEST_POSTGRES_URL)');
  const dir = mkdtempSync(join(tmpdir(), 'elp-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const run = (cmd, args) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' }) : execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  const runAsync = (cmd, args) =>
    asRoot ? promisify(execFile)('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]) : promisify(execFile)(join(bin, cmd), args);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off`;
  run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', options, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restartAsync: async () => void (await runAsync('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-m', 'fast', '-o', options, 'restart'])),
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
