import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/api/client';
import { createOfflineStore } from '@/lib/offline-store';
import { cacheOwner, subjectOf } from '@/lib/offline-cache';

// The device's queue of changes made offline (src/lib/offline-store.ts): kept per user, the newest
// of a kind per strategy, sent in order through the same endpoints as online, each taken off once
// answered; a refusal is final, no answer keeps the rest.

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenFor = (sub: string) => `${base64url({ alg: 'RS256' })}.${base64url({ sub })}.signature`;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

type Answer = { status: number; body?: unknown } | 'no answer';

function setUp(answers: (request: Request) => Answer, sub = 'user-1', clock = { now: Date.parse('2026-11-25T15:00:00.000Z') }) {
  const storage = memoryStorage();
  const sent: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    // Every change goes past the worker's saved copies, to the server itself.
    expect(request.headers.get('x-network-only')).toBe('1');
    sent.push(`${request.method} ${new URL(request.url).pathname}${request.method === 'GET' ? '' : ` ${await request.clone().text()}`}`);
    const answer = answers(request);
    if (answer === 'no answer') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
  let token: string | null = tokenFor(sub);
  const api = createApiClient({ baseUrl: 'http://app.test/api', getAccessToken: async () => token, fetch });
  const store = createOfflineStore({ api, getToken: async () => token, storage, now: () => clock.now });
  return { store, storage, sent, signOut: () => (token = null), signIn: (other: string) => (token = tokenFor(other)) };
}

const ok = (request: Request): Answer => {
  const path = new URL(request.url).pathname;
  if (path.endsWith('/ratings')) return { status: 201, body: { id: 'r1', catalogItemId: 'item-1', value: 4, createdAt: '2026-11-25T15:00:00.000Z' } };
  if (path.endsWith('/rubric-scores')) return { status: 200, body: { catalogItemId: 'item-1', value: 3, updatedAt: '2026-11-25T15:00:00.000Z' } };
  return { status: 204 };
};

describe('changes made offline', () => {
  it('are kept per user, the newest of a kind per strategy, and sent in order, each once', async () => {
    const { store, storage, sent } = setUp(ok);
    await store.queueChange({ kind: 'rate', catalogItemId: 'item-1', title: 'Concept Carousel', value: 2 });
    await store.queueChange({ kind: 'apply', catalogItemId: 'item-1', title: 'Concept Carousel', applied: true });
    await store.queueChange({ kind: 'rate', catalogItemId: 'item-1', title: 'Concept Carousel', value: 4 });
    await store.queueChange({ kind: 'rubric', catalogItemId: 'item-2', title: 'Exit Tickets', value: 3 });
    expect(JSON.parse(storage.getItem('elp.offlineChanges.user-1')!)).toHaveLength(3);

    expect(await store.sendQueuedChanges()).toEqual({ sent: 3, refused: [] });
    expect(sent).toEqual([
      'POST /api/catalog/items/item-1/strategy-application ',
      'POST /api/catalog/items/item-1/ratings {"value":4}',
      'PUT /api/catalog/items/item-2/rubric-scores {"value":3}',
    ]);
    expect(storage.getItem('elp.offlineChanges.user-1')).toBeNull();
    // Nothing left: a second look sends nothing.
    expect(await store.sendQueuedChanges()).toEqual({ sent: 0, refused: [] });
    expect(sent).toHaveLength(3);
  });

  it('stop at the first change that gets no answer (or a 5xx) and keep it and the rest; a refusal is final and told', async () => {
    let down = true;
    const { store, storage, sent } = setUp((request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/ratings')) return { status: 403, body: { error: { code: 'SUBSCRIPTION_REQUIRED', message: 'An active subscription is required' } } };
      if (down) return path.endsWith('/rubric-scores') ? 'no answer' : { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Try again' } } };
      return ok(request);
    });
    await store.queueChange({ kind: 'rate', catalogItemId: 'item-1', title: 'Concept Carousel', value: 4 });
    await store.queueChange({ kind: 'rubric', catalogItemId: 'item-1', title: 'Concept Carousel', value: 3 });
    await store.queueChange({ kind: 'apply', catalogItemId: 'item-1', title: 'Concept Carousel', applied: false });

    expect(await store.sendQueuedChanges()).toEqual({ sent: 0, refused: ['Concept Carousel: An active subscription is required'] });
    expect(JSON.parse(storage.getItem('elp.offlineChanges.user-1')!).map((c: { kind: string }) => c.kind)).toEqual(['rubric', 'apply']);

    down = false;
    expect(await store.sendQueuedChanges()).toEqual({ sent: 2, refused: [] });
    expect(sent.slice(-2)).toEqual(['PUT /api/catalog/items/item-1/rubric-scores {"value":3}', 'DELETE /api/catalog/items/item-1/strategy-application ']);
    expect(storage.getItem('elp.offlineChanges.user-1')).toBeNull();
  });

  it("are another user's to send only under their own token: a different user sends none of them", async () => {
    const first = setUp(ok, 'user-1');
    await first.store.queueChange({ kind: 'rate', catalogItemId: 'item-1', title: 'Concept Carousel', value: 4 });
    const second = setUp(ok, 'user-2');
    second.storage.setItem('elp.offlineChanges.user-1', first.storage.getItem('elp.offlineChanges.user-1')!);
    expect(await second.store.sendQueuedChanges()).toEqual({ sent: 0, refused: [] });
    expect(second.sent).toEqual([]);
    // Signed out (a sign-in that could not be renewed offline): nothing is kept, and the page is told.
    second.signOut();
    await expect(second.store.queueChange({ kind: 'rate', catalogItemId: 'item-1', title: 'Concept Carousel', value: 1 })).rejects.toThrow(
      'This change could not be kept on this device. Sign in again when you are back online.',
    );
    expect(second.storage.items.size).toBe(1);
  });

  it('keep everything when the session is over (401), to send after the next sign-in', async () => {
    let expired = true;
    const setup = setUp((request) => (expired ? { status: 401, body: { error: { code: 'TOKEN_EXPIRED', message: 'Sign in again' } } } : ok(request)));
    await setup.store.queueChange({ kind: 'rate', catalogItemId: 'item-1', title: 'Concept Carousel', value: 4 });
    await setup.store.queueChange({ kind: 'apply', catalogItemId: 'item-1', title: 'Concept Carousel', applied: true });
    expect(await setup.store.sendQueuedChanges()).toEqual({ sent: 0, refused: [] });
    expect(JSON.parse(setup.storage.getItem('elp.offlineChanges.user-1')!)).toHaveLength(2);
    expect(setup.sent).toHaveLength(1);

    // Signed in again: both go.
    expired = false;
    expect(await setup.store.sendQueuedChanges()).toEqual({ sent: 2, refused: [] });
  });

  it('are not sent when older than two weeks: they would overwrite what the teacher did since', async () => {
    const clock = { now: Date.parse('2026-11-01T08:00:00.000Z') };
    const { store, storage, sent } = setUp(ok, 'user-1', clock);
    await store.queueChange({ kind: 'rate', catalogItemId: 'item-1', title: 'Concept Carousel', value: 4 });
    clock.now += 13 * 24 * 3600 * 1000;
    await store.queueChange({ kind: 'apply', catalogItemId: 'item-1', title: 'Concept Carousel', applied: true });
    clock.now += 2 * 24 * 3600 * 1000;
    expect(await store.sendQueuedChanges()).toEqual({ sent: 1, refused: ['Concept Carousel: made offline more than two weeks ago, so not sent'] });
    expect(sent).toEqual(['POST /api/catalog/items/item-1/strategy-application ']);
    expect(storage.getItem('elp.offlineChanges.user-1')).toBeNull();
  });

  it("stop when another user signs in while they are being sent: the rest stay the first user's", async () => {
    const setup = setUp((request) => {
      setup.signIn('user-2');
      return ok(request);
    });
    await setup.store.queueChange({ kind: 'rate', catalogItemId: 'item-1', title: 'Concept Carousel', value: 4 });
    await setup.store.queueChange({ kind: 'apply', catalogItemId: 'item-1', title: 'Concept Carousel', applied: true });
    expect(await setup.store.sendQueuedChanges()).toEqual({ sent: 1, refused: [] });
    expect(setup.sent).toHaveLength(1);
    expect(JSON.parse(setup.storage.getItem('elp.offlineChanges.user-1')!).map((c: { kind: string }) => c.kind)).toEqual(['apply']);
  });

  it('never send a change an online write of the same kind has replaced, and send downloads past any saved copy', async () => {
    const { store, storage, sent } = setUp(ok);
    await store.queueChange({ kind: 'rate', catalogItemId: 'item-1', title: 'Concept Carousel', value: 3 });
    await store.queueChange({ kind: 'download', catalogItemId: 'item-1', title: 'Concept Carousel', publicId: 'concept-carousel' });
    await store.forgetChange('rate', 'item-1');
    expect(JSON.parse(storage.getItem('elp.offlineChanges.user-1')!).map((c: { kind: string }) => c.kind)).toEqual(['download']);
    expect(await store.sendQueuedChanges()).toEqual({ sent: 1, refused: [] });
    expect(sent).toEqual(['GET /api/catalog/items/item-1/reproducibles']);
  });
});

describe('offline cache names', () => {
  it("name the token's subject, Auth0 subjects included, and say whose a cache is", () => {
    expect(subjectOf(`Bearer ${tokenFor('auth0|64f1c2')}`)).toBe('auth0|64f1c2');
    expect(subjectOf(`Bearer ${tokenFor('../other')}`)).toBeNull();
    expect(subjectOf('Basic abc')).toBeNull();
    expect(cacheOwner('user-data-u1')).toBe('u1');
    expect(cacheOwner('user-files-u1')).toBe('u1');
    expect(cacheOwner('workbox-precache-v2')).toBeNull();
  });
});
