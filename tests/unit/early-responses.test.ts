import { describe, expect, it } from 'vitest';
import { EARLY_RESPONSE_MAX_AGE_MS, keepStartUpAnswers, noteAsked, takeEarlyResponse, type EarlyResponses } from '../../src/api/early-responses.ts';

// public/start.js sends a signed-in page's start-up requests before the app has loaded; the API
// client answers the same requests with those responses, once (src/api/early-responses.ts).

const early = (sentAt = 1_000): EarlyResponses => ({
  authorization: 'Bearer token-a',
  sentAt,
  responses: {
    '/api/identity/me': Promise.resolve(new Response('{"id":"u1"}', { status: 200 })),
    '/api/customers/current/subscriptions?include=paymentMethod': Promise.resolve(new Response('[]', { status: 200 })),
  },
});
const get = (url: string, authorization = 'Bearer token-a', init: RequestInit = {}) =>
  new Request(`http://localhost${url}`, { ...init, headers: { Authorization: authorization } });

describe('early responses', () => {
  it('answers the same GET with the same token once, then leaves it to the network', async () => {
    const sent = early();
    const first = takeEarlyResponse(get('/api/identity/me'), sent, 2_000);
    expect(await (await first!).json()).toEqual({ id: 'u1' });
    expect(takeEarlyResponse(get('/api/identity/me'), sent, 2_000)).toBeNull();
  });

  it('matches the query string too', async () => {
    const sent = early();
    expect(takeEarlyResponse(get('/api/customers/current/subscriptions'), sent, 2_000)).toBeNull();
    expect(takeEarlyResponse(get('/api/customers/current/subscriptions?include=paymentMethod'), sent, 2_000)).not.toBeNull();
  });

  it('never answers another token, another method, an unknown path, or after the page has been open a while', () => {
    expect(takeEarlyResponse(get('/api/identity/me', 'Bearer token-b'), early(), 2_000)).toBeNull();
    expect(takeEarlyResponse(new Request('http://localhost/api/identity/me', { method: 'POST', headers: { Authorization: 'Bearer token-a' } }), early(), 2_000)).toBeNull();
    expect(takeEarlyResponse(get('/api/profile'), early(), 2_000)).toBeNull();
    expect(takeEarlyResponse(get('/api/identity/me'), early(1_000), 1_000 + EARLY_RESPONSE_MAX_AGE_MS + 1)).toBeNull();
    expect(takeEarlyResponse(get('/api/identity/me'), undefined, 2_000)).toBeNull();
  });

  it('notes the GETs the app sends itself, with their query, so start.js does not send them late', () => {
    const sent = early();
    noteAsked(get('/api/catalog/items/concept-carousel?x=1'), sent);
    noteAsked(new Request('http://localhost/api/learner/events', { method: 'POST' }), sent);
    noteAsked(get('/api/profile'), undefined);
    expect(sent.asked).toEqual({ '/api/catalog/items/concept-carousel?x=1': true });
  });

  it('stops waiting when the caller aborts', async () => {
    const never: EarlyResponses = { authorization: 'Bearer token-a', sentAt: 1_000, responses: { '/api/profile': new Promise<Response>(() => {}) } };
    const controller = new AbortController();
    const waiting = takeEarlyResponse(get('/api/profile', 'Bearer token-a', { signal: controller.signal }), never, 2_000)!;
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe("the start-up response's parts", () => {
  const body = {
    user: { id: 'u1' },
    profile: { status: 200, data: { audienceId: 'a1', bookmarks: [] } },
    subscriptions: { status: 404, error: { code: 'NO_SUBSCRIPTIONS', message: 'No subscriptions found' } },
    progress: { status: 200, data: { catalogItemsProgress: [{ catalogItemId: 'c1' }] } },
  };

  it('answer the requests they stand for, once, with their status and body or error', async () => {
    const kept = keepStartUpAnswers('Bearer token-a', body, undefined, 5_000);
    const profile = await takeEarlyResponse(get('/api/profile'), kept, 6_000)!;
    expect(profile.status).toBe(200);
    expect(await profile.json()).toEqual({ audienceId: 'a1', bookmarks: [] });
    const subscriptions = await takeEarlyResponse(get('/api/customers/current/subscriptions?include=paymentMethod'), kept, 6_000)!;
    expect(subscriptions.status).toBe(404);
    expect(await subscriptions.json()).toEqual({ error: { code: 'NO_SUBSCRIPTIONS', message: 'No subscriptions found' } });
    expect(await (await takeEarlyResponse(get('/api/progress'), kept, 6_000)!).json()).toEqual({ catalogItemsProgress: [{ catalogItemId: 'c1' }] });
    // Once each; only for the token that asked; not once the page has been open a while.
    expect(takeEarlyResponse(get('/api/profile'), kept, 6_000)).toBeNull();
    expect(takeEarlyResponse(get('/api/progress', 'Bearer token-b'), keepStartUpAnswers('Bearer token-a', body, undefined, 5_000), 6_000)).toBeNull();
    expect(takeEarlyResponse(get('/api/progress'), keepStartUpAnswers('Bearer token-a', body, undefined, 5_000), 5_000 + EARLY_RESPONSE_MAX_AGE_MS + 1)).toBeNull();
  });

  it("join the page's early responses for the same token, and start a new set for another token or a stale one", () => {
    const page = early(1_000);
    expect(keepStartUpAnswers('Bearer token-a', body, page, 2_000)).toBe(page);
    expect(Object.keys(page.responses)).toEqual(expect.arrayContaining(['/api/identity/me', '/api/profile', '/api/progress']));
    const other = keepStartUpAnswers('Bearer token-b', body, early(1_000), 2_000);
    expect(other).toMatchObject({ authorization: 'Bearer token-b', sentAt: 2_000 });
    expect(Object.keys(other.responses)).not.toContain('/api/identity/me');
    expect(keepStartUpAnswers('Bearer token-a', body, early(1_000), 1_000 + EARLY_RESPONSE_MAX_AGE_MS + 1).sentAt).toBe(1_000 + EARLY_RESPONSE_MAX_AGE_MS + 1);
  });

  it('keep no refusal of an address not proven yet: the page asks again once it is', () => {
    const refused = { status: 403, error: { code: 'EMAIL_NOT_VERIFIED', message: 'Confirm your e-mail address first' } };
    const kept = keepStartUpAnswers('Bearer token-a', { user: { id: 'u1' }, profile: refused, subscriptions: refused, progress: refused }, undefined, 5_000);
    expect(kept.responses).toEqual({});
  });

  it('keep nothing from a body that is not a start-up response', () => {
    for (const junk of [null, 'text', { profile: { data: {} } }, []]) expect(keepStartUpAnswers('Bearer token-a', junk, undefined, 1).responses).toEqual({});
  });
});
