import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'yaml';
import { createActor, fromPromise } from 'xstate';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createApiClient, onUnauthorized, PUBLIC_OPERATIONS, type ApiClient } from '@/api/client';
import {
  ApiError,
  FILE_TOO_LARGE_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  NETWORK_ERROR_CODE,
  toApiError,
} from '@/api/errors';
import {
  authorizeEmail,
  downloadReproducibles,
  fileNameFromContentDisposition,
  getCatalogItem,
  getCurrentUser,
  getFeatures,
  getFeaturedItems,
  getHealth,
  getProfile,
  getReadiness,
  getRecommendedPlaylists,
  listAudiences,
  listSubscriptions,
  localLogin,
  rateCatalogItem,
  recordLearnerEvents,
  recordPageView,
  register,
  removeStrategyApplication,
  searchCatalog,
  startDemo,
  startUp,
  verifyEmail,
  type ResponseBody,
} from '@/api/operations';
import type { components } from '@/api/schema';
import { isRetryableRegistrationFailure } from '@/lib/registration';
import { registrationMachine } from '@/machines/billing/registration.machine';
import type { RegistrationRequest } from '@/machines/billing/registration.types';

// ───────────────────────────── a real HTTP edge ─────────────────────────────

type Seen = { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: string };
type Responder = (request: Seen, res: ServerResponse) => void;

type TestServer = {
  baseUrl: string;
  seen: Seen[];
  /** Swapped per test so one server per group can answer each scenario. */
  respond: Responder;
  close: () => Promise<void>;
};

function blankServer(): TestServer {
  return {
    baseUrl: '',
    seen: [],
    respond: (_request, res) => sendError(res, 500, 'NO_SCENARIO', 'No scenario'),
    close: async () => undefined,
  };
}

/** Starts a server on a free port; `state` is filled in place so callers may hold it beforehand. */
async function startServer(state: TestServer = blankServer()): Promise<TestServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const seen: Seen = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      state.seen.push(seen);
      state.respond(seen, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}/api`;
  state.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return state;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { error: { code, message } });
}

/** Answers each `METHOD /path` from a table, 404 otherwise. */
function routes(table: Record<string, (res: ServerResponse, request: Seen) => void>): Responder {
  return (request, res) => {
    const answer = table[`${request.method} ${request.path}`];
    if (answer) answer(res, request);
    else sendError(res, 404, 'NOT_FOUND', `No route ${request.method} ${request.path}`);
  };
}

/** One server per describe block; each test sets `respond` and reads `seen`. */
function useServer(): TestServer {
  const server = blankServer();
  beforeAll(async () => {
    await startServer(server);
  });
  beforeEach(() => {
    server.seen.length = 0;
  });
  afterAll(async () => {
    await server.close();
  });
  return server;
}

// ───────────────────────────── fixtures ─────────────────────────────

type Summary = components['schemas']['CatalogItemSummary'];

function summary(n: number): Summary {
  return {
    id: `9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c${String(n).padStart(2, '0')}`,
    publicId: `strategy-${n}`,
    resourceType: 'LEARNING_OBJECT',
    title: `Strategy ${n}`,
    description: 'A strategy.',
    thumbnailUrl: null,
    createdAt: '2026-10-01T12:00:00.000Z',
    featured: false,
    nasotItemIds: [],
    audienceIds: [],
    durationSeconds: 24,
    startDate: null,
    endDate: null,
    ratingAverage: null,
    ratingCount: 0,
  };
}

const user: components['schemas']['User'] = {
  id: '8f7e6d5c-4b3a-4291-8e7d-6c5b4a392811',
  ssoId: null,
  role: 'USER',
  organizationId: null,
  email: 'educator1@example.org',
  firstName: 'Ada',
  lastName: 'Lovelace',
  fullName: 'Ada Lovelace',
  completedOnboarding: true,
  createdAt: '2026-09-01T08:00:00.000Z',
  hasFreeAccess: false,
  verified: true,
};

const accessToken: components['schemas']['AccessToken'] = {
  accessToken: 'local-token-abcdef',
  tokenType: 'Bearer',
  expiresIn: 3600,
};

const TOKEN = 'session-token-123';

function clientFor(server: TestServer, token: string | null = TOKEN) {
  const getAccessToken = vi.fn(async () => token);
  const client = createApiClient({ baseUrl: server.baseUrl, getAccessToken });
  return { client, getAccessToken };
}

// ───────────────────────────── auth middleware ─────────────────────────────

describe('bearer token and credentials', () => {
  const server = useServer();

  beforeEach(() => {
    server.respond = routes({
      'GET /api/identity/me': (res) => sendJson(res, 200, user),
      'POST /api/identity/authorize': (res) => sendJson(res, 200, { loginMethod: 'LOCAL' }),
      'POST /api/identity/verify-email/abcdefghijklmnop1234': (res) =>
        sendJson(res, 200, { verified: true, email: user.email }),
      'POST /api/identity/demo': (res) => sendJson(res, 200, accessToken),
      'POST /api/identity/local/authorize': (res) => sendJson(res, 200, accessToken),
      'POST /api/learner/events': (res) => sendJson(res, 200, { accepted: 1, duplicates: 0 }),
      'GET /api/flags/api/features/dev-key': (res) =>
        sendJson(res, 200, { status: 200, features: {}, dateUpdated: '2026-11-02T09:30:00.000Z' }),
      'GET /api/healthz': (res) => sendJson(res, 200, { status: 'ok' }),
      'GET /api/readyz': (res) => sendJson(res, 200, { status: 'ok' }),
      'POST /api/reporting/event': (res) => {
        res.writeHead(204);
        res.end();
      },
    });
  });

  it('sends the bearer token on an operation that needs authentication', async () => {
    const { client, getAccessToken } = clientFor(server);
    await expect(getCurrentUser(client)).resolves.toEqual(user);
    expect(getAccessToken).toHaveBeenCalledTimes(1);
    expect(server.seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('sends the bearer token on the page-view call, whose authentication is optional', async () => {
    const { client } = clientFor(server);
    await expect(
      recordPageView(client, { event: 'PAGE_VIEW', properties: { from: '/', to: '/catalog' } }),
    ).resolves.toBeUndefined();
    expect(server.seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('sends no Authorization header while nobody is signed in', async () => {
    const { client } = clientFor(server, null);
    await getCurrentUser(client);
    expect(server.seen[0]?.headers).not.toHaveProperty('authorization');
  });

  const publicCalls: [string, (client: ApiClient) => Promise<unknown>][] = [
    ['authorizeEmail', (client) => authorizeEmail(client, { email: user.email })],
    ['verifyEmail', (client) => verifyEmail(client, 'abcdefghijklmnop1234')],
    ['startDemo', (client) => startDemo(client, { email: user.email })],
    ['localLogin', (client) => localLogin(client, { email: user.email, password: 'secret' })],
    [
      'recordLearnerEvents',
      (client) =>
        recordLearnerEvents(client, {
          accessToken: TOKEN,
          data: [{ id: '6c1f2e3d-4b5a-4978-8877-665544332211', type: 'LEARNER_LOGIN', timeStamp: '2026-11-02T09:30:00.000Z' }],
        }),
    ],
    ['getFeatures', (client) => getFeatures(client, 'dev-key')],
    ['getHealth', (client) => getHealth(client)],
    ['getReadiness', (client) => getReadiness(client)],
  ];

  it.each(publicCalls)('%s skips the token: no header and the token provider is never asked', async (_name, call) => {
    const { client, getAccessToken } = clientFor(server);
    await call(client);
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]?.headers).not.toHaveProperty('authorization');
    expect(getAccessToken).not.toHaveBeenCalled();
  });

  it('keeps the list of public operations equal to the `security: []` operations of openapi.yaml', () => {
    const contract = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const fromContract = Object.entries(contract.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => Array.isArray(operation.security) && operation.security.length === 0)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect([...PUBLIC_OPERATIONS].sort()).toEqual(fromContract.sort());
  });

  it("passes credentials: 'include' to fetch on every call", async () => {
    const requests: Request[] = [];
    const client = createApiClient({
      baseUrl: server.baseUrl,
      getAccessToken: async () => TOKEN,
      fetch: async (input, init) => {
        if (input instanceof Request) requests.push(input);
        return fetch(input, init);
      },
    });
    await getCurrentUser(client);
    await authorizeEmail(client, { email: user.email });
    expect(requests.map((request) => request.credentials)).toEqual(['include', 'include']);
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });
});

// ───────────────────────────── 401 signal ─────────────────────────────

describe('the 401 signal', () => {
  const server = useServer();
  const unsubscribers: (() => void)[] = [];

  beforeEach(() => {
    server.respond = routes({
      'GET /api/identity/me': (res) => sendError(res, 401, 'UNAUTHORIZED', 'Sign in to continue'),
      'GET /api/profile': (res) => sendError(res, 403, 'FORBIDDEN', 'You do not have access to this'),
      'POST /api/identity/local/authorize': (res) =>
        sendError(res, 401, 'INVALID_CREDENTIALS', 'Wrong e-mail or password'),
    });
  });

  afterEach(() => {
    for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
  });

  function listen(listener = vi.fn()) {
    unsubscribers.push(onUnauthorized(listener));
    return listener;
  }

  it('fires once when a normal call answers 401, and the call still rejects', async () => {
    const listener = listen();
    const { client } = clientFor(server);
    await expect(getCurrentUser(client)).rejects.toMatchObject({ status: 401, message: 'Sign in to continue' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ method: 'GET', schemaPath: '/identity/me' });
  });

  it('does not fire for a wrong password on local login', async () => {
    const listener = listen();
    const { client } = clientFor(server);
    const failure = localLogin(client, { email: user.email, password: 'wrong' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Wrong e-mail or password' });
    expect(listener).not.toHaveBeenCalled();
  });

  it('does not fire for other failures such as 403', async () => {
    const listener = listen();
    const { client } = clientFor(server);
    await expect(getProfile(client)).rejects.toMatchObject({ status: 403 });
    expect(listener).not.toHaveBeenCalled();
  });

  it('stops calling a listener after it unsubscribes', async () => {
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    unsubscribe();
    const { client } = clientFor(server);
    await expect(getCurrentUser(client)).rejects.toMatchObject({ status: 401 });
    expect(listener).not.toHaveBeenCalled();
  });

  it('still reaches the other listeners when one throws', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    listen(
      vi.fn(() => {
        throw new Error('listener bug');
      }),
    );
    const healthy = listen();
    const { client } = clientFor(server);
    await expect(getCurrentUser(client)).rejects.toMatchObject({ status: 401 });
    expect(healthy).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });
});

// ───────────────────────────── error mapping (§8) ─────────────────────────────

describe('toApiError', () => {
  it.each([
    [413, { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Body exceeds 1 MB' } }, FILE_TOO_LARGE_MESSAGE, 'PAYLOAD_TOO_LARGE'],
    [413, undefined, FILE_TOO_LARGE_MESSAGE, 'PAYLOAD_TOO_LARGE'],
    [409, { error: { code: 'CONFLICT', message: 'This e-mail already has an account' } }, 'This e-mail already has an account', 'CONFLICT'],
    [500, undefined, GENERIC_ERROR_MESSAGE, 'UNKNOWN'],
    [502, '<html>Bad gateway</html>', GENERIC_ERROR_MESSAGE, 'UNKNOWN'],
    [400, { error: { code: 'BAD_REQUEST', message: '' } }, GENERIC_ERROR_MESSAGE, 'BAD_REQUEST'],
    [400, { message: 'not the error shape' }, GENERIC_ERROR_MESSAGE, 'UNKNOWN'],
  ])('status %i with body %j → %s', (status, body, message, code) => {
    const error = toApiError(status, body);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({ status, code, message });
  });
});

describe('error mapping over HTTP', () => {
  const server = useServer();

  beforeEach(() => {
    server.respond = routes({
      'POST /api/learner/events': (res) => sendError(res, 413, 'PAYLOAD_TOO_LARGE', 'Body exceeds 1 MB'),
      'POST /api/catalog/items/think-pair-share/ratings': (res) =>
        sendError(res, 400, 'BAD_REQUEST', 'The Value must be a value between 1 and 5'),
      'GET /api/identity/me': (res) => {
        res.writeHead(500);
        res.end();
      },
      'GET /api/profile': (res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><body>Bad gateway</body></html>');
      },
      'GET /api/catalog/items/think-pair-share': (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"truncated":');
      },
      'DELETE /api/catalog/items/think-pair-share/strategy-application': (res) => {
        res.writeHead(204);
        res.end();
      },
    });
  });

  it("maps 413 to 'File too large' whatever the body says", async () => {
    const { client } = clientFor(server);
    const failure = recordLearnerEvents(client, {
      accessToken: TOKEN,
      data: [{ id: '6c1f2e3d-4b5a-4978-8877-665544332211', type: 'LEARNER_LOGIN', timeStamp: '2026-11-02T09:30:00.000Z' }],
    });
    await expect(failure).rejects.toMatchObject({ status: 413, message: FILE_TOO_LARGE_MESSAGE });
  });

  it('uses error.message and error.code of the body', async () => {
    const { client } = clientFor(server);
    await expect(rateCatalogItem(client, 'think-pair-share', { value: 5 })).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      code: 'BAD_REQUEST',
      message: 'The Value must be a value between 1 and 5',
    });
    expect(JSON.parse(server.seen[0]?.body ?? 'null')).toEqual({ value: 5 });
  });

  it("shows a person the form's words of a validation failure, with its field, and never a schema path", async () => {
    server.respond = (_request, res) => sendError(res, 400, 'BAD_REQUEST', 'body/firstName: The First Name must have at least 2 characters');
    const { client } = clientFor(server);
    await expect(rateCatalogItem(client, 'think-pair-share', { value: 5 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The First Name must have at least 2 characters',
      field: 'firstName',
    });
    for (const [path, field] of [
      ['body/value must be <= 5', 'value'],
      ['querystring/limit must be >= 1', undefined],
      ['params/id must match format "uuid"', undefined],
      ['headers must have required property', undefined],
      ["body must have required property 'value'", undefined],
    ] as const) {
      server.respond = (_request, res) => sendError(res, 400, 'BAD_REQUEST', path);
      await expect(rateCatalogItem(client, 'think-pair-share', { value: 5 }), path).rejects.toMatchObject({ code: 'BAD_REQUEST', message: GENERIC_ERROR_MESSAGE, field });
    }
  });

  it('falls back to the generic message for a 500 without a body', async () => {
    const { client } = clientFor(server);
    await expect(getCurrentUser(client)).rejects.toMatchObject({ status: 500, message: GENERIC_ERROR_MESSAGE });
  });

  it('falls back to the generic message for a non-JSON error page', async () => {
    const { client } = clientFor(server);
    await expect(getProfile(client)).rejects.toMatchObject({ status: 502, message: GENERIC_ERROR_MESSAGE });
  });

  it('turns an unreadable success body into the generic ApiError instead of a SyntaxError', async () => {
    const { client } = clientFor(server);
    const failure = getCatalogItem(client, 'think-pair-share');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 0, message: GENERIC_ERROR_MESSAGE });
  });

  it('resolves a 204 to undefined', async () => {
    const { client } = clientFor(server);
    await expect(removeStrategyApplication(client, 'think-pair-share')).resolves.toBeUndefined();
    expect(server.seen[0]?.method).toBe('DELETE');
  });

  it('turns a network failure (server gone) into ApiError status 0 with the generic message', async () => {
    const gone = await startServer();
    const baseUrl = gone.baseUrl;
    await gone.close();
    const client = createApiClient({ baseUrl, getAccessToken: async () => TOKEN });
    const failure = getCurrentUser(client);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR_CODE, message: GENERIC_ERROR_MESSAGE });
    await expect(failure.catch((error: ApiError) => error.cause)).resolves.toBeInstanceOf(Error);
  });

  it('lets a cancellation through as an AbortError rather than an error to show', async () => {
    server.respond = () => undefined; // never answers
    const { client } = clientFor(server);
    const controller = new AbortController();
    const pending = getCurrentUser(client, { signal: controller.signal });
    await vi.waitFor(() => expect(server.seen).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
  });

  it('lets a cancellation through after a garbage collection while the request waits', async () => {
    // Node's fetch follows a Request's signal through a weak reference: a try's Request that
    // nothing held was collected, and the cancellation never reached its fetch (the call waited
    // for ever; it failed CI once, and every time here after a collection).
    setFlagsFromString('--expose-gc');
    const collectGarbage = runInNewContext('gc') as () => void;
    server.respond = () => undefined; // never answers
    const { client } = clientFor(server);
    const controller = new AbortController();
    const pending = getCurrentUser(client, { signal: controller.signal });
    await vi.waitFor(() => expect(server.seen).toHaveLength(1));
    for (let i = 0; i < 3; i++) {
      collectGarbage();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    controller.abort();
    const outcome = await Promise.race([pending.catch((error: unknown) => error), new Promise((resolve) => setTimeout(() => resolve('still waiting after 2 s'), 2000))]);
    expect(outcome).toMatchObject({ name: 'AbortError' });
  });
});

// ───────────────────────────── response handling (§7) ─────────────────────────────

describe('list rule and special responses', () => {
  const server = useServer();

  it('returns the data array directly for a list without a total', async () => {
    const items = [summary(1), summary(2)];
    server.respond = routes({ 'GET /api/catalog/recommendations/featured': (res) => sendJson(res, 200, { data: items }) });
    const { client } = clientFor(server);
    const result = await getFeaturedItems(client);
    expect(Array.isArray(result)).toBe(true);
    expect(result).toEqual(items);
  });

  it('returns { items, total } for a list with a total, and serialises the query', async () => {
    const items = [summary(1)];
    server.respond = routes({ 'GET /api/catalog/search': (res) => sendJson(res, 200, { items, total: 7 }) });
    const { client } = clientFor(server);
    const result = await searchCatalog(client, { q: 'think pair', limit: 1, audienceIds: ['a', 'b'] });
    expect(result).toEqual({ items, total: 7 });
    expect(server.seen[0]?.query.get('q')).toBe('think pair');
    expect(server.seen[0]?.query.getAll('audienceIds')).toEqual(['a', 'b']);
  });

  it('returns reference data lists as arrays', async () => {
    const audiences = [{ id: '5d1c6f0e-7d0c-4a57-9c8e-0f1f6f1c2a01', name: 'Elementary Teachers', position: 1 }];
    server.respond = routes({ 'GET /api/catalog/audiences': (res) => sendJson(res, 200, { data: audiences }) });
    const { client } = clientFor(server);
    await expect(listAudiences(client)).resolves.toEqual(audiences);
  });

  it('cuts recommended playlists to the first 3', async () => {
    const items = [1, 2, 3, 4, 5].map(summary);
    server.respond = routes({
      'GET /api/catalog/recommendations/recommended-playlists': (res) => sendJson(res, 200, { data: items }),
    });
    const { client } = clientFor(server);
    await expect(getRecommendedPlaylists(client)).resolves.toEqual(items.slice(0, 3));
  });

  it('treats 404 on subscriptions as no subscriptions', async () => {
    server.respond = routes({
      'GET /api/customers/current/subscriptions': (res) => sendError(res, 404, 'NOT_FOUND', 'No subscription'),
    });
    const { client } = clientFor(server);
    await expect(listSubscriptions(client)).resolves.toEqual([]);
  });

  it('still fails on other subscription errors', async () => {
    server.respond = routes({
      'GET /api/customers/current/subscriptions': (res) => sendError(res, 403, 'FORBIDDEN', 'You do not have access to this'),
    });
    const { client } = clientFor(server);
    await expect(listSubscriptions(client)).rejects.toMatchObject({ status: 403, message: 'You do not have access to this' });
  });

  it('returns the subscriptions array when there are some', async () => {
    const subscription: components['schemas']['Subscription'] = {
      id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c21',
      source: 'PERSONAL',
      organizationId: null,
      organizationName: null,
      status: 'TRIALING',
      isActive: true,
      isTrialActive: true,
      trialEndsAt: '2026-11-16T09:30:00.000Z',
      currentPeriodEnd: '2026-11-16T09:30:00.000Z',
      cancelAtPeriodEnd: false,
      amount: 149,
      currency: 'USD',
      createdAt: '2026-11-02T09:30:00.000Z',
    };
    server.respond = routes({
      'GET /api/customers/current/subscriptions': (res) => sendJson(res, 200, { data: [subscription] }),
    });
    const { client } = clientFor(server);
    await expect(listSubscriptions(client, { include: ['paymentMethod'] })).resolves.toEqual([subscription]);
    expect(server.seen[0]?.query.get('include')).toBe('paymentMethod');
  });

  it('downloads reproducibles as a Blob with the file name of Content-Disposition', async () => {
    const zip = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
    server.respond = routes({
      'GET /api/catalog/items/think-pair-share/reproducibles': (res) => {
        res.writeHead(200, {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="Think pair share.zip"',
        });
        res.end(zip);
      },
    });
    const { client } = clientFor(server);
    const download = await downloadReproducibles(client, 'think-pair-share', { archiveName: 'Think pair share' });
    expect(download.blob).toBeInstanceOf(Blob);
    expect(download.blob.type).toBe('application/zip');
    expect(Buffer.from(await download.blob.arrayBuffer())).toEqual(zip);
    expect(download.fileName).toBe('Think pair share.zip');
    expect(server.seen[0]?.query.get('archiveName')).toBe('Think pair share');
    expect(server.seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('falls back to <archiveName>.zip without Content-Disposition, and maps a failed download', async () => {
    let fail = false;
    server.respond = routes({
      'GET /api/catalog/items/think-pair-share/reproducibles': (res) => {
        if (fail) return sendError(res, 404, 'NOT_FOUND', 'Catalogue item not found');
        res.writeHead(200, { 'content-type': 'application/zip' });
        res.end(Buffer.from('PK'));
      },
    });
    const { client } = clientFor(server);
    const download = await downloadReproducibles(client, 'think-pair-share', { archiveName: 'Pair talk' });
    expect(download.fileName).toBe('Pair talk.zip');
    fail = true;
    await expect(
      downloadReproducibles(client, 'think-pair-share', { archiveName: 'Pair talk' }),
    ).rejects.toMatchObject({ status: 404, message: 'Catalogue item not found' });
  });

  it.each([
    ['attachment; filename="a b.zip"', 'a b.zip'],
    ['attachment; filename=plain.zip', 'plain.zip'],
    ["attachment; filename=\"fallback.zip\"; filename*=UTF-8''R%C3%A9flexion%20guide.zip", 'Réflexion guide.zip'],
    ['attachment; filename="say \\"hi\\".zip"', 'say "hi".zip'],
    ['attachment', undefined],
  ])('reads the file name of %s', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });

  it('derives result types from the contract', () => {
    expectTypeOf(getFeaturedItems).returns.resolves.toEqualTypeOf<Summary[]>();
    expectTypeOf(searchCatalog).returns.resolves.toEqualTypeOf<{ items: Summary[]; total: number }>();
    expectTypeOf(downloadReproducibles).returns.resolves.toEqualTypeOf<{ blob: Blob; fileName: string }>();
    expectTypeOf(getCatalogItem).returns.resolves.toEqualTypeOf<components['schemas']['CatalogItem']>();
    expectTypeOf(removeStrategyApplication).returns.resolves.toBeVoid();
  });
});

// ───────────────────────────── registration retries ─────────────────────────────

describe('register', () => {
  const server = useServer();
  const registration: components['schemas']['Registration'] = {
    subscription: {
      id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c21',
      source: 'PERSONAL',
      organizationId: null,
      organizationName: null,
      status: 'TRIALING',
      isActive: true,
      isTrialActive: true,
      trialEndsAt: '2026-11-16T09:30:00.000Z',
      currentPeriodEnd: '2026-11-16T09:30:00.000Z',
      cancelAtPeriodEnd: false,
      amount: 149,
      currency: 'USD',
      createdAt: '2026-11-02T09:30:00.000Z',
    },
    transaction: null,
  };
  const body = { paymentMethodToken: 'tok_visa', billingName: 'Ada Lovelace', postalCode: '97201' };

  function keysSeen(): (string | string[] | undefined)[] {
    return server.seen.map((request) => request.headers['idempotency-key']);
  }

  // The retries themselves (4, 2^n s apart, same key) are the registration machine's:
  // tests/machines/registration.test.ts runs them on a simulated clock.
  it('sends one attempt with the purchase key, the body and the bearer token', async () => {
    server.respond = (_request, res) => sendJson(res, 201, registration);
    const { client } = clientFor(server);
    await expect(register(client, body, 'purchase-key-1')).resolves.toEqual(registration);
    expect(server.seen).toHaveLength(1);
    expect(keysSeen()).toEqual(['purchase-key-1']);
    expect(JSON.parse(server.seen[0]!.body)).toEqual(body);
    expect(server.seen[0]?.path).toBe('/api/customers/registration');
    expect(server.seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it.each([
    [422, 'UNPROCESSABLE', 'Try again', true],
    [400, 'BAD_REQUEST', 'The Postal Code must be a valid postal code', false],
    [402, 'CARD_DECLINED', 'Your card was declined', false],
  ])('answers %i as an error the machine retries: %s', async (status, code, message, retryable) => {
    server.respond = (_request, res) => sendError(res, status, code, message);
    const { client } = clientFor(server);
    const error = await register(client, body, 'purchase-key-3').catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status, code, message });
    expect(isRetryableRegistrationFailure(error)).toBe(retryable);
    expect(server.seen).toHaveLength(1);
  });

  it('answers a network failure as the retryable generic error', async () => {
    server.respond = (_request, res) => {
      res.socket?.destroy();
    };
    const { client } = clientFor(server);
    const error = await register(client, body, 'purchase-key-4').catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 0, code: NETWORK_ERROR_CODE, message: GENERIC_ERROR_MESSAGE });
    expect(isRetryableRegistrationFailure(error)).toBe(true);
  });
});

describe('the start-up response', () => {
  const server = useServer();
  const user = { id: 'u1', email: 'ada@example.org' };
  const profile = { interestIds: [], audienceId: null, bookmarks: [] };
  const startUpBody = {
    user,
    profile: { status: 200, data: profile },
    subscriptions: { status: 404, error: { code: 'NO_SUBSCRIPTIONS', message: 'No subscriptions found' } },
    progress: { status: 200, data: { catalogItemsProgress: [] } },
  };

  it('gives the user and each part as its own operation reads it, in one request', async () => {
    server.respond = routes({ 'GET /api/identity/start': (res) => sendJson(res, 200, startUpBody) });
    const client = createApiClient({ baseUrl: server.baseUrl, getAccessToken: async () => 'token-a' });
    // The subscriptions part's 404 is read as listSubscriptions reads the server's: none (spec §8).
    await expect(startUp(client)).resolves.toEqual({ user, profile, subscriptions: [], progress: [] });
    expect(server.seen.map((r) => `${r.method} ${r.path} ${r.headers.authorization}`)).toEqual(['GET /api/identity/start Bearer token-a']);
  });

  it('gives no part that was refused or failed: its actor asks for it itself', async () => {
    server.respond = routes({
      'GET /api/identity/start': (res) =>
        sendJson(res, 200, {
          ...startUpBody,
          profile: { status: 403, error: { code: 'EMAIL_NOT_VERIFIED', message: 'Not verified' } },
          subscriptions: { status: 500, error: { code: 'INTERNAL', message: 'Something went wrong, please try again later' } },
          progress: { status: 403, error: { code: 'NO_ACCESS', message: 'No access' } },
        }),
    });
    const client = createApiClient({ baseUrl: server.baseUrl, getAccessToken: async () => 'token-a' });
    await expect(startUp(client)).resolves.toEqual({ user, profile: null, subscriptions: null, progress: null });
  });

  it('fails as the operation failed', async () => {
    server.respond = routes({ 'GET /api/identity/start': (res) => sendError(res, 503, 'NOT_READY', 'Not ready') });
    const client = createApiClient({ baseUrl: server.baseUrl, getAccessToken: async () => 'token-a' });
    await expect(startUp(client)).rejects.toMatchObject({ status: 503 });
  });
});

// ───────────────────────────── timeout and retries (§9) ─────────────────────────────

describe('timeout and retries', () => {
  // A fetch of our own on a fake clock: each answer is used for one try, in order; `hang` never
  // answers. Like the platform's fetch, it rejects with the signal's reason once aborted.
  type Answer = (() => Response | Error) | 'hang';
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  const ok = json(200, user);
  const unavailable = (headers: Record<string, string> = {}) => json(503, { error: { code: 'BUSY', message: 'The server is busy: try again in a moment' } }, headers);
  const offline = () => new TypeError('Failed to fetch');

  function clientAnswering(...answers: Answer[]) {
    const requests: Request[] = [];
    const send = (request: Request) => {
      requests.push(request);
      const answer = answers[requests.length - 1] ?? 'hang';
      return new Promise<Response>((resolve, reject) => {
        const abort = () => reject(request.signal.reason);
        if (request.signal.aborted) return abort();
        request.signal.addEventListener('abort', abort, { once: true });
        if (answer === 'hang') return;
        const outcome = answer();
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      });
    };
    // The client passes fetch one Request and nothing else.
    const client = createApiClient({ baseUrl: 'http://api.test/api', getAccessToken: async () => TOKEN, fetch: send as typeof fetch });
    return { client, requests };
  }

  /** Settles a call without awaiting it, so the test can move the clock meanwhile. */
  function track<T>(pending: Promise<T>) {
    const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
    const done = pending.then(
      (value) => Object.assign(state, { settled: true, value }),
      (error: unknown) => Object.assign(state, { settled: true, error }),
    );
    return Object.assign(state, { done });
  }

  beforeEach(() => {
    vi.useFakeTimers();
    // The pauses without their jitter: 500 ms, then 1 s.
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('gives a read exactly 10 s per try, 3 tries in all, then the generic network error', async () => {
    const { client, requests } = clientAnswering('hang', 'hang', 'hang');
    const call = track(getCurrentUser(client));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(requests[0]!.signal.reason).toMatchObject({ name: 'TimeoutError' });
    // 500 ms later, the second try; 1 s after its timeout, the third.
    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000 + 1_000);
    expect(requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await call.done;
    expect(call.error).toBeInstanceOf(ApiError);
    expect(call.error).toMatchObject({ status: 0, code: NETWORK_ERROR_CODE, message: GENERIC_ERROR_MESSAGE });
    expect((call.error as ApiError).cause).toMatchObject({ name: 'TimeoutError' });
    expect(requests).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('tries a read 3 times on a 5xx, then answers the last error', async () => {
    const { client, requests } = clientAnswering(unavailable(), json(500, {}), unavailable());
    const call = track(getCurrentUser(client));
    await vi.advanceTimersByTimeAsync(1_500);
    await call.done;
    expect(requests).toHaveLength(3);
    expect(call.error).toMatchObject({ status: 503, code: 'BUSY', message: 'The server is busy: try again in a moment' });
  });

  it('tries a read 3 times on a network error, then answers the generic network error', async () => {
    const { client, requests } = clientAnswering(offline, offline, offline);
    const call = track(getCurrentUser(client));
    await vi.advanceTimersByTimeAsync(1_500);
    await call.done;
    expect(requests).toHaveLength(3);
    expect(call.error).toMatchObject({ status: 0, code: NETWORK_ERROR_CODE, message: GENERIC_ERROR_MESSAGE });
  });

  it('succeeds on the second try after a 503, sent the same way', async () => {
    const { client, requests } = clientAnswering(unavailable(), ok);
    const call = track(getCurrentUser(client));
    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await call.done;
    expect(call.value).toEqual(user);
    expect(requests.map((r) => [r.method, r.url, r.headers.get('Authorization')])).toEqual([
      ['GET', 'http://api.test/api/identity/me', `Bearer ${TOKEN}`],
      ['GET', 'http://api.test/api/identity/me', `Bearer ${TOKEN}`],
    ]);
  });

  it('pauses at most a quarter longer at random', async () => {
    vi.mocked(Math.random).mockReturnValue(0.999);
    const { client, requests } = clientAnswering(offline, offline, ok);
    const call = track(getCurrentUser(client));
    await vi.advanceTimersByTimeAsync(500);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(125);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(250);
    await call.done;
    expect(requests).toHaveLength(3);
    expect(call.value).toEqual(user);
  });

  it('waits as long as Retry-After asks, in seconds or as an HTTP date', async () => {
    const seconds = clientAnswering(unavailable({ 'Retry-After': '3' }), ok);
    const first = track(getCurrentUser(seconds.client));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(seconds.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await first.done;
    expect(seconds.requests).toHaveLength(2);
    expect(first.value).toEqual(user);

    vi.setSystemTime(new Date('2026-12-01T09:00:00.000Z'));
    const date = clientAnswering(unavailable({ 'Retry-After': 'Tue, 01 Dec 2026 09:00:04 GMT' }), ok);
    const second = track(getCurrentUser(date.client));
    await vi.advanceTimersByTimeAsync(3_999);
    expect(date.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await second.done;
    expect(date.requests).toHaveLength(2);
  });

  it('does not wait for a Retry-After beyond 10 s: the answer goes to the caller at once', async () => {
    const { client, requests } = clientAnswering(unavailable({ 'Retry-After': '120' }), ok);
    const call = track(getCurrentUser(client));
    await vi.advanceTimersByTimeAsync(0);
    await call.done;
    expect(requests).toHaveLength(1);
    expect(call.error).toMatchObject({ status: 503 });
  });

  it('never retries a write: a POST answered 503, or not at all, is sent once', async () => {
    const refused = clientAnswering(unavailable(), ok);
    const rating = track(rateCatalogItem(refused.client, 'think-pair-share', { value: 4 }));
    await vi.advanceTimersByTimeAsync(5_000);
    await rating.done;
    expect(refused.requests).toHaveLength(1);
    expect(rating.error).toMatchObject({ status: 503 });

    // Unanswered, it still times out after 10 s: the generic network error, nothing sent again.
    const silent = clientAnswering('hang', ok);
    const removal = track(removeStrategyApplication(silent.client, 'think-pair-share'));
    await vi.advanceTimersByTimeAsync(10_000);
    await removal.done;
    expect(silent.requests).toHaveLength(1);
    expect(silent.requests[0]!.method).toBe('DELETE');
    expect(removal.error).toMatchObject({ status: 0, code: NETWORK_ERROR_CODE, message: GENERIC_ERROR_MESSAGE });
  });

  it("does not retry the caller's abort, during a try or during the pause: it stays an AbortError", async () => {
    const during = clientAnswering('hang', ok);
    const controller = new AbortController();
    const first = track(getCurrentUser(during.client, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(2_000);
    controller.abort();
    await first.done;
    expect(first.error).toMatchObject({ name: 'AbortError' });
    expect(first.error).not.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(during.requests).toHaveLength(1);

    const pausing = clientAnswering(unavailable(), ok);
    const later = new AbortController();
    const second = track(getCurrentUser(pausing.client, { signal: later.signal }));
    await vi.advanceTimersByTimeAsync(200);
    expect(pausing.requests).toHaveLength(1);
    later.abort();
    await second.done;
    expect(second.error).toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(pausing.requests).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('signals a 401 once and does not retry it', async () => {
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    const { client, requests } = clientAnswering(json(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in to continue' } }), ok);
    const call = track(getCurrentUser(client));
    await vi.advanceTimersByTimeAsync(5_000);
    await call.done;
    unsubscribe();
    expect(call.error).toMatchObject({ status: 401 });
    expect(requests).toHaveLength(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not retry other 4xx answers', async () => {
    const { client, requests } = clientAnswering(json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }), ok);
    const call = track(getCatalogItem(client, 'nope'));
    await vi.advanceTimersByTimeAsync(5_000);
    await call.done;
    expect(requests).toHaveLength(1);
    expect(call.error).toMatchObject({ status: 404 });
  });

  it("keeps the registration's retries as the spec says (4, 2^n s, one key): the client adds none", async () => {
    const { client, requests } = clientAnswering(offline, offline, offline, offline, offline, unavailable(), 'hang', ok);
    let attempts = 0;
    const actor = createActor(
      registrationMachine.provide({
        actors: {
          register: fromPromise<ResponseBody<'register'>, { key: string; request: RegistrationRequest }>(({ input, signal }) =>
            register(client, input.request, input.key, { signal }),
          ),
          refresh: fromPromise<void, void>(async () => undefined),
        },
        actions: { proceed: () => undefined },
      }),
      { input: { makeKey: () => `purchase-${++attempts}` } },
    ).start();
    const pay = () => actor.send({ type: 'registration.pay', request: { paymentMethodToken: 'tok_visa', billingName: 'Ada Lovelace', postalCode: '97201' } });
    const keys = () => requests.map((r) => r.headers.get('Idempotency-Key'));

    // No network: the first try and 4 retries, 2, 4, 8 and 16 s apart, each sent once.
    pay();
    for (const [pause, sent] of [[2_000, 2], [4_000, 3], [8_000, 4], [16_000, 5]] as const) {
      await vi.advanceTimersByTimeAsync(pause - 1);
      expect(requests).toHaveLength(sent - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(requests).toHaveLength(sent);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(5);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(keys()).toEqual(Array(5).fill('purchase-1'));

    // A 503 is not a failure the registration retries (§8), nor does the client.
    pay();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(6);
    expect(actor.getSnapshot().matches('failed')).toBe(true);

    // No answer: the client gives up after 10 s (a network error), the machine retries 2 s later.
    pay();
    await vi.advanceTimersByTimeAsync(10_000 + 2_000);
    expect(requests).toHaveLength(8);
    expect(keys().slice(6)).toEqual(['purchase-3', 'purchase-3']);
    expect(requests.every((r) => r.method === 'POST')).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('paid')).toBe(true));
    actor.stop();
  });
});
