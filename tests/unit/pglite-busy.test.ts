import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

// The embedded database's files busy for a moment (server/db/patient-fs.ts). Each case runs in a
// process of its own (tests/support/pglite-busy-probe.ts) with a time limit: a write-ahead log
// write that fails stops PGlite for good, spinning in its thread, which no timer here could end.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** How long the probe's database waits for a busy file (5 s in the server). */
const PATIENCE_MS = 400;

async function probe(target: 'pg_wal' | 'base', count: number) {
  const dir = mkdtempSync(join(tmpdir(), 'elp-busy-'));
  dirs.push(dir);
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'tests/support/pglite-busy-probe.ts', join(dir, 'pglite'), target, String(count), String(PATIENCE_MS)], {
    timeout: 30_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { insert: string; checkpoint: string; ms: number; rows: number[] };
}

describe('PGlite files busy for a moment', () => {
  it('waits for a busy write-ahead log rather than stopping the database for good, and loses nothing', async () => {
    expect(await probe('pg_wal', 3)).toMatchObject({ insert: 'ok', checkpoint: 'ok', rows: [1] });
  });

  it('waits for a busy data file; one busy for longer than it waits fails the query as an outage (503), and the database goes on', async () => {
    expect(await probe('base', 3)).toMatchObject({ insert: 'ok', checkpoint: 'ok', rows: [1] });
    const long = await probe('base', 1_000_000);
    expect([long.insert, long.checkpoint]).toContain('outage');
    expect(long.ms).toBeGreaterThanOrEqual(PATIENCE_MS);
    // Still answering; what was acknowledged is there, what failed is not.
    expect(long.rows).toEqual(long.insert === 'ok' ? [1] : []);
  });
});
