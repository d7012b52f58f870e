import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { CHECK_EMAIL_POLL_MS, checkEmailMachine } from '@/machines/check-email/check-email.machine';
import { selectIsChecking, selectNotConfirmedYet } from '@/machines/check-email/check-email.selectors';
import { demoLinkMachine } from '@/machines/demo/demo.machine';
import { demoLinkMessage, selectDemoLinkSentTo } from '@/machines/demo/demo.selectors';
import { formMachine } from '@/machines/form/form.machine';
import type { FormValues } from '@/machines/form/form.types';
import type { User } from '@/machines/shared/domain';
import { deferred, flush, makeUser } from './fixtures';

// /check-email waits for the link e-mailed at sign-up to be followed anywhere: it looks again
// on its own every few seconds, and at once when asked; the demo's two steps hand the link's
// ticket to the auth actor and show where the link went.

function start(answers: (() => Promise<User>)[]) {
  const fetchUser = vi.fn(() => (answers.shift() ?? (() => Promise.resolve(makeUser('USER', { verified: false }))))());
  const proceed = vi.fn();
  const actor = createActor(checkEmailMachine.provide({ actors: { fetchUser: fromPromise(fetchUser) }, actions: { continue: proceed } })).start();
  return { actor, fetchUser, proceed };
}

describe('check your e-mail', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('looks again every few seconds and goes on once the address is confirmed', async () => {
    const { actor, fetchUser, proceed } = start([() => Promise.resolve(makeUser('USER', { verified: false })), () => Promise.resolve(makeUser('USER', { verified: true }))]);
    expect(fetchUser).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(CHECK_EMAIL_POLL_MS);
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(proceed).not.toHaveBeenCalled();
    // An answer nobody asked for says nothing on the page.
    expect(selectNotConfirmedYet(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(CHECK_EMAIL_POLL_MS);
    expect(fetchUser).toHaveBeenCalledTimes(2);
    expect(proceed).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
    await vi.advanceTimersByTimeAsync(CHECK_EMAIL_POLL_MS * 3);
    expect(fetchUser).toHaveBeenCalledTimes(2);
  });

  it('looks at once when asked, and says when the address is not confirmed yet', async () => {
    const pending = deferred<User>();
    const { actor, fetchUser, proceed } = start([() => pending.promise]);
    actor.send({ type: 'checkEmail.check' });
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(selectIsChecking(actor.getSnapshot())).toBe(true);
    pending.resolve(makeUser('USER', { verified: false }));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectIsChecking(actor.getSnapshot())).toBe(false);
    expect(selectNotConfirmedYet(actor.getSnapshot())).toBe(true);
    expect(proceed).not.toHaveBeenCalled();
    // The next look starts the count again.
    actor.send({ type: 'checkEmail.check' });
    expect(selectNotConfirmedYet(actor.getSnapshot())).toBe(false);
  });

  it('reports the answer of a look already under way when asked during it, and treats a failed look as "not yet"', async () => {
    const pending = deferred<User>();
    const { actor, fetchUser } = start([() => pending.promise]);
    await vi.advanceTimersByTimeAsync(CHECK_EMAIL_POLL_MS);
    actor.send({ type: 'checkEmail.check' });
    expect(fetchUser).toHaveBeenCalledTimes(1);
    pending.reject(new Error('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectNotConfirmedYet(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
  });
});

describe('the demo link', () => {
  it("hands the link's ticket to whoever signs in, once, as the screen starts", () => {
    const startDemo = vi.fn();
    createActor(demoLinkMachine.provide({ actions: { startDemo } }), { input: { ticket: 'demo-link-ticket' } }).start();
    expect(startDemo).toHaveBeenCalledTimes(1);
    expect(startDemo.mock.calls[0]![1]).toEqual({ ticket: 'demo-link-ticket' });
  });

  it('shows where the link went while that address is the one asking, sending again included', async () => {
    const sent = deferred<{ email: string; expiresAt: string }>();
    const again = deferred<{ email: string; expiresAt: string }>();
    const answers = [sent, again];
    const form = createActor(
      formMachine.provide({ actors: { submit: fromPromise<unknown, FormValues>(() => answers.shift()!.promise) }, actions: { submitted: () => {}, notifyError: () => {} } }),
      { input: { fields: { email: { rules: [] } }, formErrors: 'inline' } },
    ).start();
    form.send({ type: 'form.change', field: 'email', value: ' Curious@Example.org ' });
    form.send({ type: 'form.submit' });
    expect(selectDemoLinkSentTo(form.getSnapshot())).toBeNull();
    sent.resolve({ email: 'curious@example.org', expiresAt: '2026-11-03T09:30:00.000Z' });
    await flush();
    expect(selectDemoLinkSentTo(form.getSnapshot())).toBe('curious@example.org');
    form.send({ type: 'form.submit' });
    expect(selectDemoLinkSentTo(form.getSnapshot())).toBe('curious@example.org');
    again.resolve({ email: 'curious@example.org', expiresAt: '2026-11-03T09:31:00.000Z' });
    await flush();
    // Another address: nothing was sent to it yet.
    form.send({ type: 'form.reset' });
    expect(selectDemoLinkSentTo(form.getSnapshot())).toBeNull();
  });
});

describe('a demo link that did not start the demo', () => {
  it('says what the server said, and calls a malformed link not valid instead of naming a schema rule', () => {
    expect(demoLinkMessage({ code: 'TOKEN_USED', message: 'This link has already been used: ask for a new one' })).toBe('This link has already been used: ask for a new one');
    expect(demoLinkMessage({ code: 'BAD_REQUEST', message: 'body/ticket must match pattern "^[A-Za-z0-9._-]+$"' })).toBe('This link is not valid: ask for a new one');
  });
});
