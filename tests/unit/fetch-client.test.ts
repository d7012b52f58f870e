import { describe, expect, it, vi } from 'vitest';
import { createFetchClient } from '@/api/fetch-client';
import type { paths } from '@/api/schema';

// The API client's own fetch layer (src/api/fetch-client.ts): what openapi-fetch's client did
// for the calls the app makes. tests/unit/api-client.test.ts covers the operations over it.

function harness(respond: (request: Request) => Response = () => Response.json({ ok: true })) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    requests.push(request.clone());
    return respond(request);
  });
  const client = createFetchClient<paths>({ baseUrl: 'http://app.test/api/', credentials: 'include', fetch });
  return { client, requests, fetch };
}

describe('fetch client', () => {
  it('fills path parameters (encoded) and serialises the query: arrays repeated, objects deep, nothing for undefined', async () => {
    const { client, requests } = harness();
    await client.GET('/catalog/items/{id}', { params: { path: { id: 'a b/c' } } });
    await client.GET('/customers/current/subscriptions', { params: { query: { include: ['paymentMethod'] } } });
    await client.GET('/catalog/items', {
      params: { query: { offset: 0, limit: 20, sortBy: undefined, q: 'x&y' } as never },
    });
    const url = (i: number) => new URL(requests[i]!.url);
    expect(url(0).pathname).toBe('/api/catalog/items/a%20b%2Fc');
    expect(url(1).search).toBe('?include=paymentMethod');
    expect(url(2).search).toBe('?offset=0&limit=20&q=x%26y');
    const deep = harness();
    await deep.client.GET('/catalog/items', { params: { query: { filter: { a: '1', b: undefined } } as never } });
    expect(decodeURIComponent(new URL(deep.requests[0]!.url).search)).toBe('?filter[a]=1');
  });

  it('sends a JSON body with its content type, header parameters, the signal and the base options', async () => {
    const { client, requests } = harness();
    const controller = new AbortController();
    await client.POST('/customers/registration', {
      params: { header: { 'Idempotency-Key': 'key-1' } },
      body: { planId: 'p' } as never,
      signal: controller.signal,
    });
    const request = requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get('Idempotency-Key')).toBe('key-1');
    expect(request.credentials).toBe('include');
    expect(await request.json()).toEqual({ planId: 'p' });
  });

  it('sends a FormData body as it is, without a JSON content type', async () => {
    const { client, requests } = harness();
    const form = new FormData();
    form.set('file', new Blob(['a,b']), 'x.csv');
    await client.POST('/organizations/{id}/users/import', { params: { path: { id: 'o' } }, body: form as never });
    expect(requests[0]!.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('answers data when ok, undefined data for 204 and empty bodies, a blob with parseAs, and the error body otherwise', async () => {
    const answers = [
      Response.json({ id: 1 }),
      new Response(null, { status: 204 }),
      new Response('', { status: 200 }),
      new Response('file', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
      Response.json({ error: { code: 'X', message: 'no' } }, { status: 422 }),
      new Response('<html>gateway</html>', { status: 502 }),
    ];
    const { client } = harness(() => answers.shift()!);
    expect((await client.GET('/identity/me')).data).toEqual({ id: 1 });
    expect((await client.POST('/identity/logout')).data).toBeUndefined();
    expect((await client.GET('/identity/me')).data).toBeUndefined();
    const blob = await client.GET('/users/export', { parseAs: 'blob' } as never);
    expect(await (blob.data as Blob).text()).toBe('file');
    const failed = await client.GET('/identity/me');
    expect(failed.error).toEqual({ error: { code: 'X', message: 'no' } });
    expect(failed.response.status).toBe(422);
    expect((await client.GET('/identity/me')).error).toBe('<html>gateway</html>');
  });

  it('rejects with a success body that is not JSON, and when fetch itself fails', async () => {
    const bad = harness(() => new Response('not json', { status: 200 }));
    await expect(bad.client.GET('/identity/me')).rejects.toThrow(SyntaxError);
    const offline = harness(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(offline.client.GET('/identity/me')).rejects.toThrow('Failed to fetch');
  });

  it('runs middleware: onRequest in order (may replace the request) with the schema path, onResponse in reverse', async () => {
    const { client, requests } = harness();
    const order: string[] = [];
    client.use(
      {
        onRequest({ request, schemaPath }) {
          order.push(`first request ${schemaPath}`);
          request.headers.set('Authorization', 'Bearer t');
          return request;
        },
        onResponse() {
          order.push('first response');
        },
      },
      {
        onRequest() {
          order.push('second request');
        },
        onResponse({ response }) {
          order.push('second response');
          return new Response(JSON.stringify({ replaced: true }), { status: response.status });
        },
      },
    );
    const { data } = await client.GET('/catalog/items/{id}', { params: { path: { id: 'x' } } });
    expect(order).toEqual(['first request /catalog/items/{id}', 'second request', 'second response', 'first response']);
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer t');
    expect(data).toEqual({ replaced: true });
  });
});
