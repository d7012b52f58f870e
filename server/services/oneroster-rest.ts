// The OneRoster REST binding's client: an access token by OAuth 2 client credentials, then the
// rostering service's `orgs` and `users`, page by page. Every call has a time limit and a size
// limit, only http(s) is spoken, redirects are not followed, and what fails is said in words an
// admin can act on, never with the secret or the token in them.

/** A roster endpoint failed: the message is safe to show and to keep. */
export class RosterSourceError extends Error {}

export type RosterEndpoint = { baseUrl: string; tokenUrl: string; clientId: string; clientSecret: string };

export const REST_LIMITS = {
  /** One request, connection to last byte. */
  timeoutMs: 30_000,
  /** One answer's body. */
  pageBytes: 20_000_000,
  /** Every answer of one pull together. */
  totalBytes: 300_000_000,
  /** Records asked for per page. */
  pageSize: 1000,
  /** Pages of one list at most (a million records). */
  maxPages: 1000,
};

/** The URL, if it is an absolute http(s) address; null otherwise. */
export function httpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The scope a OneRoster 1.1 or 1.2 rostering service asks for, from its address. */
const scopeOf = (baseUrl: string) => `https://purl.imsglobal.org/spec/or/${/v1p1/i.test(baseUrl) ? 'v1p1' : 'v1p2'}/scope/roster-core.readonly`;

/** Reads the whole roster of an endpoint: its orgs and users, as the binding's JSON objects. */
export async function fetchRoster(endpoint: RosterEndpoint, limits = REST_LIMITS, fetcher: typeof fetch = fetch): Promise<{ orgs: unknown[]; users: unknown[] }> {
  const base = httpUrl(endpoint.baseUrl);
  const tokenUrl = httpUrl(endpoint.tokenUrl);
  if (!base || !tokenUrl) throw new RosterSourceError('The roster endpoint and its token endpoint must be http or https addresses');
  let budget = limits.totalBytes;

  async function call(what: string, url: URL, init: RequestInit): Promise<{ status: number; body: unknown; headers: Headers }> {
    let response: Response;
    try {
      response = await fetcher(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(limits.timeoutMs) });
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new RosterSourceError(`The ${what} did not answer within ${limits.timeoutMs / 1000} s`);
      const code = ((err as { cause?: { code?: string } }).cause?.code ?? '').toString();
      throw new RosterSourceError(`The ${what} cannot be reached${code ? ` (${code})` : ''}`);
    }
    const text = await readCapped(what, response, Math.min(limits.pageBytes, budget), limits.timeoutMs);
    budget -= text.length;
    if (response.status >= 300 && response.status < 400) throw new RosterSourceError(`The ${what} answered with a redirect (${response.status}); set its final address`);
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      if (response.ok) throw new RosterSourceError(`The ${what} did not answer JSON`);
    }
    return { status: response.status, body, headers: response.headers };
  }

  const basic = Buffer.from(`${endpoint.clientId}:${endpoint.clientSecret}`).toString('base64');
  const token = await call('token endpoint', tokenUrl, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: scopeOf(endpoint.baseUrl) }).toString(),
  });
  if (token.status === 400 || token.status === 401 || token.status === 403) throw new RosterSourceError(`The token endpoint refused the client id and secret (${token.status})`);
  if (token.status !== 200) throw new RosterSourceError(`The token endpoint answered ${token.status}`);
  const accessToken = (token.body as { access_token?: unknown } | null)?.access_token;
  if (typeof accessToken !== 'string' || !accessToken) throw new RosterSourceError('The token endpoint answered without an access token');

  async function list(name: 'orgs' | 'users'): Promise<unknown[]> {
    const all: unknown[] = [];
    for (let page = 0; page < limits.maxPages; page++) {
      const url = new URL(`${base!.href.replace(/\/+$/, '')}/${name}`);
      url.searchParams.set('limit', String(limits.pageSize));
      url.searchParams.set('offset', String(page * limits.pageSize));
      const answer = await call('roster endpoint', url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
      if (answer.status === 401 || answer.status === 403) throw new RosterSourceError(`The roster endpoint refused the access token for /${name} (${answer.status})`);
      if (answer.status !== 200) throw new RosterSourceError(`The roster endpoint answered ${answer.status} for /${name}`);
      const items = (answer.body as Record<string, unknown> | null)?.[name];
      if (!Array.isArray(items)) throw new RosterSourceError(`The roster endpoint's /${name} is not OneRoster: it has no "${name}" list`);
      all.push(...items);
      const total = Number(answer.headers.get('x-total-count'));
      if (items.length < limits.pageSize || (Number.isFinite(total) && total > 0 && all.length >= total)) return all;
    }
    throw new RosterSourceError(`The roster endpoint's /${name} has more than ${limits.maxPages * limits.pageSize} records`);
  }

  return { orgs: await list('orgs'), users: await list('users') };
}

/** The body as text, refused once it passes `max` bytes. */
async function readCapped(what: string, response: Response, max: number, timeoutMs: number): Promise<string> {
  if (!response.body) return '';
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body.cancel();
    throw new RosterSourceError(`The ${what}'s answer is too large (${Math.ceil(declared / 1_000_000)} MB)`);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const deadline = setTimeout(() => void reader.cancel(), timeoutMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel();
        throw new RosterSourceError(`The ${what}'s answer is larger than ${Math.round(max / 1_000_000)} MB`);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof RosterSourceError) throw err;
    throw new RosterSourceError(`The ${what}'s answer broke off`);
  } finally {
    clearTimeout(deadline);
  }
  return Buffer.concat(chunks).toString('utf8');
}
