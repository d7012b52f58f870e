import { spawn, spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';

/**
 * A Redis server of a test's own (Debian's redis-server), on a port of its own, to stop and start
 * under a running server. It runs without the shifted clock a test run may have (faketime's
 * LD_PRELOAD, which Redis's allocator deadlocks with at start): Redis keeps no dates the tests read,
 * only lifetimes, so its clock does not matter.
 */
export function redisServerEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.LD_PRELOAD;
  for (const name of Object.keys(env)) if (name.startsWith('FAKETIME')) delete env[name];
  return env;
}

/** Throws with what to install when redis-server is missing. */
export function requireRedisServer() {
  if (spawnSync('redis-server', ['--version'], { env: redisServerEnv(), timeout: 10_000 }).status !== 0) {
    throw new Error('redis-server is not installed: apt-get install -y redis-server');
  }
}

/** Starts redis-server (nothing kept on disk) and answers once it answers PING; `stop()` ends it. */
export async function startRedisServer(port: number, dir?: string): Promise<{ stop: () => Promise<void> }> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...(dir ? ['--dir', dir] : [])], {
    stdio: 'ignore',
    env: redisServerEnv(),
  });
  const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 100 });
  probe.on('error', () => {}); // refused until it listens
  try {
    for (const started = Date.now(); (await probe.ping().catch(() => null)) !== 'PONG'; ) {
      if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}) on port ${port}`);
      if (Date.now() - started > 10_000) throw new Error(`redis-server did not answer on port ${port} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    probe.disconnect();
  }
  return {
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
