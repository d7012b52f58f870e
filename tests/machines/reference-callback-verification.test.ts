import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { referenceDataMachine, type Audience, type NasotItem } from '@/machines/reference-data/reference-data.machine';
import { buildNasotTree, selectIsReferenceDataReady, selectStrands } from '@/machines/reference-data/reference-data.selectors';
import { callbackMachine, CALLBACK_LOGOUT_DELAY_MS, REDIRECT_NOTICE_MS } from '@/machines/callback/callback.machine';
import { emailVerificationMachine } from '@/machines/email-verification/email-verification.machine';

const item = (id: string, parentId: string | null, type: NasotItem['type'], position: number): NasotItem => ({
  id,
  parentId,
  type,
  position,
  title: id,
  description: '',
  communityUrl: null,
});
const NASOT = [
  item('c1', null, 'CATEGORY', 1),
  item('s2', 'c1', 'STRAND', 2),
  item('s1', 'c1', 'STRAND', 1),
  item('e1', 's1', 'ELEMENT', 1),
  item('t1', 'e1', 'STRATEGY', 1),
  item('s3', 'c1', 'STRAND', 3),
  item('e2', 's2', 'ELEMENT', 1),
];
const AUDIENCES: Audience[] = [{ id: 'a1', name: 'Elementary Teachers', position: 1 }];

describe('reference data', () => {
  it('fetches each list once: concurrent and later requests share the first fetch', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetchNasotItems = vi.fn(async () => (await gate, NASOT));
    const fetchAudiences = vi.fn(async () => (await gate, AUDIENCES));
    const actor = createActor(
      referenceDataMachine.provide({ actors: { fetchNasotItems: fromPromise(fetchNasotItems), fetchAudiences: fromPromise(fetchAudiences) } }),
    ).start();
    actor.send({ type: 'referenceData.load' });
    actor.send({ type: 'nasot.load' });
    actor.send({ type: 'referenceData.load' });
    expect(selectIsReferenceDataReady(actor.getSnapshot())).toBe(false);
    release();
    await waitFor(actor, selectIsReferenceDataReady);
    actor.send({ type: 'referenceData.load' });
    expect(fetchNasotItems).toHaveBeenCalledTimes(1);
    expect(fetchAudiences).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.audiences).toEqual(AUDIENCES);
  });

  it('retries a failed list on the next request', async () => {
    const fetchNasotItems = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(NASOT);
    const actor = createActor(
      referenceDataMachine.provide({ actors: { fetchNasotItems: fromPromise(fetchNasotItems), fetchAudiences: fromPromise(async () => AUDIENCES) } }),
    ).start();
    actor.send({ type: 'referenceData.load' });
    await waitFor(actor, (s) => s.matches({ nasot: 'failed' }));
    actor.send({ type: 'nasot.load' });
    await waitFor(actor, selectIsReferenceDataReady);
    expect(fetchNasotItems).toHaveBeenCalledTimes(2);
  });

  it('builds the tree sorted by position, locks all but strategies, and finds strands with children', () => {
    const [category] = buildNasotTree(NASOT);
    expect(category!.children.map((s) => s.id)).toEqual(['s1', 's2', 's3']);
    expect(category!.locked).toBe(true);
    expect(category!.children[0]!.children[0]!.children[0]).toMatchObject({ id: 't1', locked: false });
    const actor = createActor(referenceDataMachine.provide({ actors: { fetchNasotItems: fromPromise(async () => NASOT), fetchAudiences: fromPromise(async (): Promise<Audience[]> => []) } })).start();
    actor.send({ type: 'referenceData.load' });
    return waitFor(actor, selectIsReferenceDataReady).then((s) => expect(selectStrands(s).map((n) => n.id)).toEqual(['s1', 's2']));
  });
});

describe('callback page flow', () => {
  afterEach(() => vi.useRealTimers());

  it('waits 7 s after a failure, then logs out', () => {
    vi.useFakeTimers();
    const logout = vi.fn();
    const actor = createActor(callbackMachine.provide({ actions: { logout } })).start();
    actor.send({ type: 'callback.failed' });
    vi.advanceTimersByTime(CALLBACK_LOGOUT_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(logout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(logout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REDIRECT_NOTICE_MS);
    expect(actor.getSnapshot().value).toBe('loggingOut');
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the sign-in succeeds', () => {
    vi.useFakeTimers();
    const logout = vi.fn();
    const actor = createActor(callbackMachine.provide({ actions: { logout } })).start();
    actor.send({ type: 'callback.succeeded' });
    vi.advanceTimersByTime(CALLBACK_LOGOUT_DELAY_MS * 2);
    expect(actor.getSnapshot().status).toBe('done');
    expect(logout).not.toHaveBeenCalled();
  });
});

describe('e-mail verification', () => {
  it('verifies the token once and tells the identity actor', async () => {
    const verifyEmail = vi.fn(async ({ input }: { input: { token: string } }) => ({ email: `${input.token}@example.org` }));
    const announceVerified = vi.fn();
    const actor = createActor(emailVerificationMachine.provide({ actors: { verifyEmail: fromPromise(verifyEmail) }, actions: { announceVerified } }), {
      input: { token: 'abc' },
    }).start();
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.context.email).toBe('abc@example.org');
    expect(announceVerified).toHaveBeenCalledTimes(1);
  });

  it('reports a failure and can retry', async () => {
    const verifyEmail = vi.fn().mockRejectedValueOnce(new Error('This verification link has already been used')).mockResolvedValue({ email: 'x@example.org' });
    const actor = createActor(emailVerificationMachine.provide({ actors: { verifyEmail: fromPromise(verifyEmail) }, actions: { announceVerified: () => {} } }), {
      input: { token: 'abc' },
    }).start();
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect((failed.context.error as Error).message).toContain('already been used');
    actor.send({ type: 'emailVerification.retry' });
    await waitFor(actor, (s) => s.status === 'done');
  });
});
