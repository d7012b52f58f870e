import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ACCOUNTS } from '../support/world.ts';

/** Password checks run a few at a time (server/auth/passwords.ts); past the waiting room, 503 BUSY. */
let t: TestApp;

beforeAll(async () => {
  // One check at a time and nobody waiting: a second sign-in at the same moment is refused.
  t = await createTestApp({ env: { PASSWORD_CHECKS_AT_ONCE: '1', PASSWORD_CHECKS_WAITING: '0' } });
});
afterAll(() => t?.close());

describe('sign-in during a burst', () => {
  it('is answered 503 BUSY when the checks that may run and wait are taken, and signs in once there is room', async () => {
    const signIn = (email: string) => t.app.inject({ method: 'POST', url: '/api/identity/local/authorize', payload: { email, password: 'Welcome-2026!' } });
    const burst = await Promise.all([signIn(ACCOUNTS.educator), signIn(ACCOUNTS.free), signIn(ACCOUNTS.trial)]);
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    for (const res of burst.filter((r) => r.statusCode !== 200)) {
      expect(res.json()).toEqual({ error: { code: 'BUSY', message: 'The server is busy: try again in a moment' } });
    }
    for (const email of [ACCOUNTS.free, ACCOUNTS.trial]) expect((await signIn(email)).statusCode).toBe(200);
  });
});
