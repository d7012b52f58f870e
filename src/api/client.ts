import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { errorMiddleware } from '@/api/errors';
import type { paths } from '@/api/schema';
import { noteAsked, takeEarlyResponse, type EarlyResponses } from '@/api/early-responses';
import { earlyAnswerOrSend, withTimeoutAndRetries } from '@/api/retry';

export type ApiClient = Client<paths>;

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** `METHOD /path` of every operation in the contract, e.g. `POST /identity/demo`. */
export type OperationKey = {
  [P in keyof paths & string]: {
    [M in HttpMethod]: paths[P][M] extends undefined ? never : `${Uppercase<M>} ${P}`;
  }[HttpMethod];
}[keyof paths & string];

/**
 * The operations openapi.yaml marks `security: []`. They must not ask for a token: asking can
 * start a sign-in or refresh for a visitor who is not signed in yet (spec §7: authorize,
 * verify-email and demo skip the default auth handling). A unit test keeps this list equal to
 * the contract.
 */
export const PUBLIC_OPERATIONS: ReadonlySet<OperationKey> = new Set<OperationKey>([
  'POST /identity/authorize',
  'POST /identity/verify-email/{token}',
  'POST /identity/demo',
  'POST /identity/demo/session',
  'POST /identity/local/authorize',
  // The beacon carries its token in the body because sendBeacon cannot set headers.
  'POST /learner/events',
  'GET /flags/api/features/{clientKey}',
  'POST /flags/api/eval/{clientKey}',
  'GET /flags/sub/{clientKey}',
  'GET /healthz',
  'GET /readyz',
]);

/** A wrong password answers 401 too, and that must not sign anybody out. */
const NOT_A_SESSION_FAILURE: ReadonlySet<OperationKey> = new Set<OperationKey>([
  'POST /identity/local/authorize',
]);

export type UnauthorizedEvent = { method: string; schemaPath: string };
export type UnauthorizedListener = (event: UnauthorizedEvent) => void;

const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The auth actor subscribes here and logs out on the first 401 (spec §4 "Access token"). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

function emitUnauthorized(event: UnauthorizedEvent): void {
  // A copy, so a listener that unsubscribes while being called does not skip the next one.
  for (const listener of [...unauthorizedListeners]) {
    try {
      listener(event);
    } catch (error) {
      // One faulty listener must neither hide the response from the caller nor starve the others.
      console.error('onUnauthorized listener failed', error);
    }
  }
}

function operationKey(method: string, schemaPath: string): string {
  return `${method.toUpperCase()} ${schemaPath}`;
}

function isListed(list: ReadonlySet<string>, method: string, schemaPath: string): boolean {
  return list.has(operationKey(method, schemaPath));
}

export type ApiClientOptions = {
  /** Defaults to the same-origin API base. */
  baseUrl?: string;
  /** Supplied by the auth actor; null when nobody is signed in. */
  getAccessToken: () => Promise<string | null>;
  fetch?: typeof fetch;
  /**
   * Where the responses the app has before it asks are kept (src/api/early-responses.ts): by
   * default the page's (`window.__earlyResponses`, which public/start.js fills), none outside a
   * browser or with a `fetch` of the caller's.
   */
  earlyResponses?: EarlyResponsesStore | null;
};

export type EarlyResponsesStore = { get: () => EarlyResponses | undefined; set: (early: EarlyResponses) => void };

const PAGE_EARLY_RESPONSES: EarlyResponsesStore = {
  get: () => window.__earlyResponses,
  set: (early) => {
    window.__earlyResponses = early;
  },
};

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl = '/api', getAccessToken } = options;
  // The page's by default; none outside a browser or when the caller brings its own fetch.
  const pageEarlyResponses = options.fetch || typeof window === 'undefined' ? null : PAGE_EARLY_RESPONSES;
  const early = options.earlyResponses === undefined ? pageEarlyResponses : options.earlyResponses;
  // Each request is timed and a read retried (src/api/retry.ts): one layer, below the
  // middleware, so the token is asked for once and a 401 is signalled once per call.
  const send = withTimeoutAndRetries(options.fetch ?? ((input: Request) => globalThis.fetch(input)));
  const client = createClient<paths>({
    baseUrl,
    credentials: 'include',
    // The global fetch is looked up per call so one replaced after start-up (tests, polyfills) is
    // still used. A request whose response the app already has is answered by it, unless that
    // answer fails, is a 5xx or does not come in time (then it is sent, src/api/retry.ts).
    fetch: (input: Request) => {
      const set = early?.get();
      const taken = set && takeEarlyResponse(input, set);
      if (taken) return earlyAnswerOrSend(taken, input, send);
      noteAsked(input, set);
      return send(input);
    },
  });

  const auth: Middleware = {
    async onRequest({ request, schemaPath }) {
      if (isListed(PUBLIC_OPERATIONS, request.method, schemaPath)) return undefined;
      const token = await getAccessToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    async onResponse({ request, response, schemaPath }) {
      if (response.status === 401 && !isListed(NOT_A_SESSION_FAILURE, request.method, schemaPath)) {
        emitUnauthorized({ method: request.method, schemaPath });
      }
      return undefined;
    },
  };
  // openapi-fetch runs `onResponse` from the last registered to the first: the auth middleware
  // sees a 401 (and signals it) before the error middleware throws it.
  client.use(errorMiddleware, auth);
  return client;
}
