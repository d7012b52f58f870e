import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { createPasswordChecks } from '../../server/auth/passwords.ts';

/** A comparison the test finishes by hand, recording what was compared in which order. */
function heldComparisons() {
  const started: { hash: string; password: string; finish: (ok: boolean) => void }[] = [];
  const compare = (passwordHash: string, password: string) => new Promise<boolean>((resolve) => started.push({ hash: passwordHash, password, finish: resolve }));
  return { started, compare };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('password checks', () => {
  it('run at most `atOnce` at a time; the others wait and start in the order they came', async () => {
    const { started, compare } = heldComparisons();
    const checks = createPasswordChecks({ atOnce: 2, maxWaiting: 10, compare });
    const results = ['p1', 'p2', 'p3', 'p4', 'p5'].map((password) => checks.verify('$argon2id$stored', password));
    await settle();
    expect(started.map((c) => c.password)).toEqual(['p1', 'p2']);
    expect(checks.load()).toEqual({ running: 2, waiting: 3 });
    started[1]!.finish(true);
    await settle();
    expect(started.map((c) => c.password)).toEqual(['p1', 'p2', 'p3']);
    started[0]!.finish(false);
    await settle();
    expect(started.map((c) => c.password)).toEqual(['p1', 'p2', 'p3', 'p4']);
    for (const c of started.slice(2)) c.finish(true);
    await settle();
    started[4]!.finish(false);
    await expect(Promise.all(results)).resolves.toEqual([false, true, true, true, false]);
    expect(checks.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuse a check with 503 BUSY when as many as allowed are already waiting, and take the next once there is room', async () => {
    const { started, compare } = heldComparisons();
    const checks = createPasswordChecks({ atOnce: 1, maxWaiting: 2, compare });
    const first = [checks.verify('h', 'a'), checks.verify('h', 'b'), checks.verify('h', 'c')];
    await expect(checks.verify('h', 'd')).rejects.toMatchObject({ statusCode: 503, code: 'BUSY' });
    started[0]!.finish(true);
    await settle();
    // b runs, c waits: there is room for e again.
    const later = checks.verify('h', 'e');
    for (let i = 1; i < 4; i++) {
      expect(started).toHaveLength(i + 1);
      started[i]!.finish(true);
      await settle();
    }
    expect(started.map((c) => c.password)).toEqual(['a', 'b', 'c', 'e']);
    await expect(Promise.all([...first, later])).resolves.toEqual([true, true, true, true]);
  });

  it('answer false without a hash, after comparing against a decoy all the same; a failing comparison is a mismatch', async () => {
    const compared: string[] = [];
    const checks = createPasswordChecks({
      atOnce: 1,
      maxWaiting: 10,
      compare: async (passwordHash) => {
        compared.push(passwordHash);
        return true;
      },
    });
    await expect(checks.verify(null, 'anything')).resolves.toBe(false);
    await expect(checks.verify(undefined, 'anything')).resolves.toBe(false);
    expect(compared).toHaveLength(2);
    expect(compared[0]).toMatch(/^\$argon2id\$/);
    const failing = createPasswordChecks({ atOnce: 1, maxWaiting: 10, compare: () => Promise.reject(new Error('malformed hash')) });
    await expect(failing.verify('not-a-hash', 'x')).resolves.toBe(false);
    expect(failing.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("check with argon2 by default", async () => {
    const checks = createPasswordChecks({ atOnce: 1, maxWaiting: 10 });
    const stored = await hash('Welcome-2026!');
    await expect(checks.verify(stored, 'Welcome-2026!')).resolves.toBe(true);
    await expect(checks.verify(stored, 'welcome-2026!')).resolves.toBe(false);
  });
});
