import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { audiencesMachine, nasotItemsMachine, type Audience, type NasotItem } from '@/machines/reference-data/reference-data.machine';
import { loadReferenceData, referenceDataSettled } from '@/machines/reference-data/reference-data.actors';
import { buildNasotTree, isReferenceDataReady, selectStrands } from '@/machines/reference-data/reference-data.selectors';
import { withFetch } from '@/machines/shared/resource';
import { callbackMachine, CALLBACK_LOGOUT_DELAY_MS } from '@/machines/callback/callback.machine';
import { emailVerificationMachine } from '@/machines/email-verification/email-verification.machine';
import { verificationMessage } from '@/machines/email-verification/email-verification.selectors';
import { ApiError } from '@/api/errors';

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

/** The two reference lists as the app holds them: one resource each. */
function referenceData(fetchNasotItems: () => Promise<NasotItem[]>, fetchAudiences: () => Promise<Audience[]>) {
  const actors = {
    nasotItems: createActor(withFetch(nasotItemsMachine, fetchNasotItems), { input: {} }).start(),
    audiences: createActor(withFetch(audiencesMachine, fetchAudiences), { input: {} }).start(),
  };
  const ready = () => isReferenceDataReady(actors.nasotItems.getSnapshot(), actors.audiences.getSnapshot());
  return { actors, ready, settled: () => referenceDataSettled(actors, new AbortController().signal) };
}

describe('reference data', () => {
  it('fetches each list once: concurrent and later requests share the first fetch', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetchNasotItems = vi.fn(async () => (await gate, NASOT));
    const fetchAudiences = vi.fn(async () => (await gate, AUDIENCES));
    const { actors, ready, settled } = referenceData(fetchNasotItems, fetchAudiences);
    loadReferenceData(actors);
    actors.nasotItems.send({ type: 'resource.load' });
    loadReferenceData(actors);
    expect(ready()).toBe(false);
    release();
    await settled();
    expect(ready()).toBe(true);
    loadReferenceData(actors);
    expect(fetchNasotItems).toHaveBeenCalledTimes(1);
    expect(fetchAudiences).toHaveBeenCalledTimes(1);
    expect(actors.audiences.getSnapshot().context.data).toEqual(AUDIENCES);
  });

  it('retries a failed list on the next request', async () => {
    const fetchNasotItems = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(NASOT);
    const { actors, ready } = referenceData(fetchNasotItems, async () => AUDIENCES);
    loadReferenceData(actors);
    await waitFor(actors.nasotItems, (s) => s.matches('failed'));
    actors.nasotItems.send({ type: 'resource.load' });
    await waitFor(actors.nasotItems, (s) => s.matches('loaded'));
    expect(ready()).toBe(true);
    expect(fetchNasotItems).toHaveBeenCalledTimes(2);
  });

  it('is settled once both lists answered, or one failed', async () => {
    let releaseAudiences!: () => void;
    const audiencesGate = new Promise<void>((r) => (releaseAudiences = r));
    const { actors, settled } = referenceData(async () => NASOT, async () => (await audiencesGate, AUDIENCES));
    loadReferenceData(actors);
    let done = false;
    const waiting = settled().then(() => (done = true));
    await waitFor(actors.nasotItems, (s) => s.matches('loaded'));
    await Promise.resolve();
    expect(done).toBe(false);
    releaseAudiences();
    await waiting;
    expect(done).toBe(true);

    const failing = referenceData(async () => Promise.reject(new Error('offline')), () => new Promise<Audience[]>(() => {}));
    loadReferenceData(failing.actors);
    await failing.settled();
    expect(failing.ready()).toBe(false);
  });

  it('builds the tree sorted by position, locks all but strategies, and finds strands with children', () => {
    const [category] = buildNasotTree(NASOT);
    expect(category!.children.map((s) => s.id)).toEqual(['s1', 's2', 's3']);
    expect(category!.locked).toBe(true);
    expect(category!.children[0]!.children[0]!.children[0]).toMatchObject({ id: 't1', locked: false });
    const { actors, settled } = referenceData(async () => NASOT, async () => []);
    loadReferenceData(actors);
    return settled().then(() => expect(selectStrands(actors.nasotItems.getSnapshot()).map((n) => n.id)).toEqual(['s1', 's2']));
  });
});

describe('callback page flow', () => {
  afterEach(() => vi.useRealTimers());

  it('waits 7 s after a failure, then says it is redirecting and logs out, at 7,000 ms exactly (spec §9)', () => {
    vi.useFakeTimers();
    const logout = vi.fn();
    const actor = createActor(callbackMachine.provide({ actors: { watchSignIn: fromCallback(() => {}) }, actions: { logout } })).start();
    actor.send({ type: 'callback.failed' });
    vi.advanceTimersByTime(CALLBACK_LOGOUT_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(logout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(logout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(CALLBACK_LOGOUT_DELAY_MS);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the sign-in succeeds', () => {
    vi.useFakeTimers();
    const logout = vi.fn();
    const actor = createActor(callbackMachine.provide({ actors: { watchSignIn: fromCallback(() => {}) }, actions: { logout } })).start();
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
    expect(announceVerified.mock.calls[0]![1]).toEqual({ email: 'abc@example.org' });
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

describe('e-mail verification messages', () => {
  it('calls a malformed link not valid instead of showing the schema rule it broke', () => {
    expect(verificationMessage(new ApiError(400, 'VALIDATION_ERROR', 'params/token must NOT have fewer than 16 characters'))).toBe('This verification link is not valid');
  });
  it("shows the server's own words for an unknown, used or expired link, and the generic text otherwise", () => {
    expect(verificationMessage(new ApiError(410, 'TOKEN_USED', 'This verification link has already been used'))).toBe('This verification link has already been used');
    expect(verificationMessage(new Error(''))).toBe('Something went wrong, please try again later');
  });
});
