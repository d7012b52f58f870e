import { describe, expect, it } from 'vitest';
import { EARLY_RESPONSE_MAX_AGE_MS, noteAsked, takeEarlyResponse, type EarlyResponses } from '../../src/api/early-responses.ts';

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
