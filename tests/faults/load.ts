/**
 * A bounded load for the fault suite: a few educators at once, each signing in, reading, sending
 * learner events and ratings, and starting a sign-in at the embedded provider (which needs Redis),
 * with a short pause between requests. Every request is recorded (kind, start, end, status; 0
 * for no answer within 10 s or a broken connection), and every write the server acknowledged,
 * so the suite can check afterwards that the database holds each one.
 */
import { randomUUID } from 'node:crypto';

export type Kind = 'sign-in' | 'read' | 'event' | 'rating' | 'provider';
/** `status` 0: no answer, `error` says whether none came within 10 s or the connection broke. */
export type Sample = { kind: Kind; start: number; end: number; status: number; error?: 'timeout' | 'broken' };
/** A rating sent by one educator for one item, in the order sent, and whether it was acknowledged. */
export type RatingSent = { userId: string; itemId: string; value: number; acked: boolean };

const PASSWORD = 'Welcome-2026!';
const REQUEST_TIMEOUT_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Load = {
  samples: Sample[];
  /** Learner events the server answered accepted (or duplicate: stored before), and when it answered. */
  ackedEvents: { id: string; at: number }[];
  /** Learner events the server refused, by its reason. */
  rejectedEvents: Map<string, number>;
  /** Answers once every request started before `time` has its answer (or gave up). */
  settled: (time: number) => Promise<void>;
  ratings: RatingSent[];
  stop: () => Promise<void>;
};

export async function startLoad(options: { url: string; educators: number; pauseMs: [number, number] }): Promise<Load> {
  const { url } = options;
  const samples: Sample[] = [];
  const ackedEvents: Load['ackedEvents'] = [];
  const rejectedEvents: Load['rejectedEvents'] = new Map();
  const ratings: RatingSent[] = [];
  let running = true;
  let ready = 0;

  /** The start times of the requests waiting for their answers. */
  const inFlight = new Map<symbol, number>();

  async function timed(kind: Kind, path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
    const start = Date.now();
    const key = Symbol(kind);
    inFlight.set(key, start);
    let status = 0;
    let body: unknown = null;
    let error: Sample['error'];
    try {
      const response = await fetch(`${url}${path}`, { redirect: 'manual', ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      status = response.status;
      const text = await response.text();
      body = text && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
    } catch (err) {
      status = 0;
      error = (err as Error).name === 'TimeoutError' ? 'timeout' : 'broken';
    }
    samples.push({ kind, start, end: Date.now(), status, ...(error && { error }) });
    inFlight.delete(key);
    return { status, body };
  }

  const json = (body: unknown, token?: string): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });

  async function signIn(email: string): Promise<string | null> {
    const { status, body } = await timed('sign-in', '/api/identity/local/authorize', json({ email, password: PASSWORD }));
    return status === 200 ? (body as { accessToken: string }).accessToken : null;
  }

  // What every educator needs first: a token, their id and the items they act on.
  async function prepare(email: string) {
    for (;;) {
      const token = await signIn(email);
      if (token) {
        const me = await fetch(`${url}/api/identity/me`, { headers: { authorization: `Bearer ${token}` } });
        const items = await fetch(`${url}/api/catalog/items?limit=20&resourceType=LEARNING_OBJECT`, { headers: { authorization: `Bearer ${token}` } });
        if (me.ok && items.ok) {
          const { id } = (await me.json()) as { id: string };
          const { items: list } = (await items.json()) as { items: { id: string }[] };
          return { token, userId: id, itemIds: list.map((i) => i.id) };
        }
      }
      await sleep(500);
    }
  }

  async function educator(n: number) {
    const email = `educator${String(n).padStart(2, '0')}@northwind.example.org`;
    const { userId, itemIds, ...first } = await prepare(email);
    let token = first.token;
    ready += 1;
    const ratedItem = itemIds[n % itemIds.length]!;
    let step = 0;
    const reads = ['/api/identity/me', '/api/profile', '/api/progress', '/api/catalog/items?limit=10', '/api/profile/achievements'];
    while (running) {
      step += 1;
      const auth = { headers: { authorization: `Bearer ${token}` } };
      const roll = (step * 7 + n) % 20;
      if (roll < 9) {
        await timed('read', reads[step % reads.length]!, auth);
      } else if (roll < 14) {
        const id = randomUUID();
        const event = { id, type: 'CATALOG_ITEM_VISITED', timeStamp: new Date().toISOString(), data: { catalogItemId: itemIds[step % itemIds.length] } };
        const { status, body } = await timed('event', '/api/learner/events', json({ accessToken: token, data: [event] }));
        const result = status === 200 ? (body as { results: { status: string; reason?: string }[] }).results[0] : undefined;
        if (result && (result.status === 'accepted' || result.status === 'duplicate')) ackedEvents.push({ id, at: Date.now() });
        else if (result) rejectedEvents.set(result.reason ?? 'no reason', (rejectedEvents.get(result.reason ?? 'no reason') ?? 0) + 1);
      } else if (roll < 17) {
        const value = (step % 5) + 1;
        const sent: RatingSent = { userId, itemId: ratedItem, value, acked: false };
        ratings.push(sent);
        const { status } = await timed('rating', `/api/catalog/items/${ratedItem}/ratings`, json({ value }, token));
        sent.acked = status === 201;
      } else if (roll < 19) {
        const query = new URLSearchParams({
          client_id: 'educator-learning-spa',
          response_type: 'code',
          scope: 'openid profile email',
          redirect_uri: `${url}/callback`,
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
          state: randomUUID(),
          nonce: randomUUID(),
        });
        await timed('provider', `/authorize?${query}`, { headers: { accept: 'text/html' } });
      } else {
        token = (await signIn(email)) ?? token;
      }
      await sleep(options.pauseMs[0] + Math.random() * (options.pauseMs[1] - options.pauseMs[0]));
    }
  }

  const users = Array.from({ length: options.educators }, (_, i) => educator(i + 1));
  // Everyone has signed in before the first fault.
  while (ready < options.educators) await sleep(100);
  return {
    samples,
    ackedEvents,
    rejectedEvents,
    ratings,
    async settled(time) {
      while ([...inFlight.values()].some((start) => start < time)) await sleep(20);
    },
    async stop() {
      running = false;
      await Promise.all(users);
    },
  };
}
