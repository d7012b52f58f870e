import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The README's start command on a fresh data directory: migrate, seed, serve, shut down. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

let child: ChildProcess | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'elp-start-'));
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('server start', () => {
  it('serves health and the seeded catalogue on a fresh data directory, then shuts down gracefully', async () => {
    const port = await freePort();
    const output: string[] = [];
    child = spawn(process.execPath, ['server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => output.push(String(d)));
    child.stderr!.on('data', (d) => output.push(String(d)));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/api/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (i > 240) throw new Error(`server did not start:\n${output.join('')}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await (await fetch(`${base}/api/readyz`)).json()).toEqual({ status: 'ok', dependencies: { database: 'ok' } });
    const login = await fetch(`${base}/api/identity/local/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'educator01@northwind.example.org', password: 'Welcome-2026!' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const items = await fetch(`${base}/api/catalog/items?limit=5`, { headers: { authorization: `Bearer ${accessToken}` } });
    const body = (await items.json()) as { items: unknown[]; total: number };
    expect(body.total).toBeGreaterThanOrEqual(150);
    expect(body.items).toHaveLength(5);

    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output.join('')).toContain('shutting down');
  }, 120_000);
});
