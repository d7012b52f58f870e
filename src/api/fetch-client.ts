import type { Client, Middleware } from 'openapi-fetch';

// The typed client of src/api, typed by openapi-fetch's `Client<paths>` but implemented here
// with only what the app uses, because every page loads it before its first call and the
// library's general client (every parameter style, serializer options, error middleware) is
// most of its size. What it does, as openapi-fetch 0.17 does:
//
// - the URL: base + schema path with `{name}` replaced by the encoded path parameter, and the
//   query in openapi-fetch's default style (arrays `a=1&a=2`, objects `o[k]=v`, primitives
//   `k=v`; undefined and null left out);
// - the body: JSON with `Content-Type: application/json`, a FormData as it is;
// - `params.header` and `headers` merged into the request's headers;
// - middleware `onRequest` (may replace the request) in order, `onResponse` (may replace the
//   response) in reverse order;
// - the answer: `{ data }` when ok (JSON unless `parseAs`, undefined for 204 or an empty body),
//   else `{ error }` (the body parsed as JSON when it is JSON, else its text). A fetch that
//   fails rejects.

type Params = { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: Record<string, unknown> };
type ParseAs = 'json' | 'text' | 'blob' | 'arrayBuffer' | 'stream';
type CallInit = Omit<RequestInit, 'body' | 'headers'> & {
  params?: Params;
  body?: unknown;
  headers?: Record<string, unknown>;
  parseAs?: ParseAs;
};

export type FetchClientOptions = Omit<RequestInit, 'headers'> & {
  baseUrl?: string;
  fetch?: (request: Request) => Promise<Response>;
};

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

function encodeQuery(query: Record<string, unknown> | undefined): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) parts.push(`${name}=${encodeURIComponent(String(item))}`);
    } else if (typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (item !== undefined && item !== null) parts.push(`${name}[${key}]=${encodeURIComponent(String(item))}`);
      }
    } else {
      parts.push(`${name}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
}

function buildUrl(baseUrl: string, schemaPath: string, params: Params): string {
  const path = schemaPath.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = params.path?.[name];
    return value === undefined || value === null ? whole : encodeURIComponent(String(value));
  });
  const search = encodeQuery(params.query);
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

function setHeaders(headers: Headers, values: Record<string, unknown> | undefined): void {
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value === undefined || value === null) headers.delete(name);
    else headers.set(name, String(value));
  }
}

export function createFetchClient<Paths extends object>(options: FetchClientOptions = {}): Client<Paths> {
  const { baseUrl: rawBase = '', fetch: doFetch = (request: Request) => globalThis.fetch(request), ...baseInit } = options;
  const baseUrl = rawBase.replace(/\/+$/, '');
  const middlewares: Middleware[] = [];

  async function call(method: string, schemaPath: string, init: CallInit = {}) {
    const { params = {}, body, headers: extraHeaders, parseAs = 'json', ...rest } = init;
    const headers = new Headers();
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
    setHeaders(headers, extraHeaders);
    setHeaders(headers, params.header);
    let request = new Request(buildUrl(baseUrl, schemaPath, params), {
      redirect: 'follow',
      ...baseInit,
      ...rest,
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    });
    const context = { schemaPath, params, id: '', options: { baseUrl, parseAs } } as unknown as Parameters<NonNullable<Middleware['onRequest']>>[0];
    let response: Response | undefined;
    for (const middleware of middlewares) {
      const result: Request | Response | undefined | void = await middleware.onRequest?.({ ...context, request });
      if (result instanceof Request) request = result;
      else if (result instanceof Response) {
        response = result;
        break;
      }
    }
    if (!response) {
      response = await doFetch(request);
      for (const middleware of [...middlewares].reverse()) {
        const result: Response | undefined | void = await middleware.onResponse?.({ ...context, request, response });
        if (result instanceof Response) response = result;
      }
    }
    const length = response.headers.get('Content-Length');
    if (response.status === 204 || method === 'HEAD' || (length === '0' && !response.headers.get('Transfer-Encoding')?.includes('chunked'))) {
      return response.ok ? { data: undefined, response } : { error: undefined, response };
    }
    if (response.ok) {
      if (parseAs === 'stream') return { data: response.body, response };
      if (parseAs === 'json') {
        const raw = await response.text();
        return { data: raw ? (JSON.parse(raw) as unknown) : undefined, response };
      }
      return { data: (await response[parseAs]()) as unknown, response };
    }
    let error: unknown = await response.text();
    try {
      error = JSON.parse(error as string);
    } catch {
      // Not JSON: the text as it is.
    }
    return { error, response };
  }

  const client: Record<string, unknown> = {
    use: (...added: Middleware[]) => void middlewares.push(...added),
    eject: (...removed: Middleware[]) => {
      for (const middleware of removed) {
        const index = middlewares.indexOf(middleware);
        if (index !== -1) middlewares.splice(index, 1);
      }
    },
    request: (method: string, schemaPath: string, init?: CallInit) => call(method.toUpperCase(), schemaPath, init),
  };
  for (const method of METHODS) client[method] = (schemaPath: string, init?: CallInit) => call(method, schemaPath, init);
  return client as unknown as Client<Paths>;
}
