// How the API client sends a request (spec §9: HTTP timeout 10 s, 3 tries): each try is given
// TRY_TIMEOUT_MS for its answer to start; a read (GET, HEAD) that gets no answer, runs out of time
// or is answered 5xx is tried again, up to READ_TRIES in all, after a short pause. A write is sent
// once: the one write that is retried (payment registration, spec §7) retries in its own machine
// with its Idempotency-Key, and a second layer here would multiply its attempts. The caller's own
// cancellation ends the call at once and stays an AbortError. Plain setTimeout throughout, so fake
// clocks (vitest, Playwright) drive it.

/** Per try, until the response starts (its status and headers); reading the body is not timed. */
const TRY_TIMEOUT_MS = 10_000;
/** Tries of a read in all. */
const READ_TRIES = 3;
/** The pause before the 2nd and the 3rd try; each up to a quarter longer at random. */
const BACKOFF_MS = [500, 1_000] as const;
/** A Retry-After longer than this is not waited for: the answer goes to the caller as it is. */
const RETRY_AFTER_CAP_MS = 10_000;

type Send = (request: Request) => Promise<Response>;

/**
 * An answer the page asked for before the app ran (public/start.js, src/api/early-responses.ts)
 * stands for the first try: used when it starts within TRY_TIMEOUT_MS and is not a 5xx; otherwise
 * (no answer, a network error, late, 5xx) the request is sent as usual, with its own tries. So a
 * stalled start-up request costs 10 s, not the app's start.
 */
export async function earlyAnswerOrSend(early: Promise<Response>, request: Request, send: Send): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), TRY_TIMEOUT_MS)));
  try {
    const failed = (error: unknown) => {
      // The caller gave up: that ends the call, as with any request.
      if (request.signal.aborted) throw error;
      return null;
    };
    const response = await Promise.race([early.catch(failed), late]);
    if (response && response.status < 500) return response;
    void response?.body?.cancel();
  } finally {
    clearTimeout(timer);
  }
  return send(request);
}

export function withTimeoutAndRetries(send: Send): Send {
  return async (request) => {
    const tries = request.method === 'GET' || request.method === 'HEAD' ? READ_TRIES : 1;
    for (let attempt = 1; ; attempt++) {
      let asked = 0;
      try {
        const response = await sendOnce(send, request);
        if (response.status < 500 || attempt === tries) return response;
        asked = retryAfterMs(response.headers.get('Retry-After'));
        if (asked > RETRY_AFTER_CAP_MS) return response;
        // The answer is dropped: free its connection.
        void response.body?.cancel();
      } catch (error) {
        if (request.signal.aborted || attempt === tries) throw error;
      }
      await sleep(Math.max(BACKOFF_MS[attempt - 1]! * (1 + Math.random() / 4), asked), request.signal);
    }
  };
}

/** The Requests of the tries in flight (see sendOnce). */
const held = new Set<Request>();

/** One try, aborted by the caller or after TRY_TIMEOUT_MS, whichever comes first. */
async function sendOnce(send: Send, request: Request): Promise<Response> {
  const caller = request.signal;
  caller.throwIfAborted();
  const controller = new AbortController();
  const follow = () => controller.abort(caller.reason);
  caller.addEventListener('abort', follow);
  const timer = setTimeout(() => controller.abort(new DOMException('No answer in time', 'TimeoutError')), TRY_TIMEOUT_MS);
  // Held until the try settles: a Request follows its signal only while something holds it (Node's
  // fetch keeps a weak link to it), so a Request nobody held could be collected mid-try and an abort
  // never reach the fetch; a cancelled call then waited for ever.
  const attempt = new Request(request, { signal: controller.signal });
  held.add(attempt);
  try {
    return await send(attempt);
  } catch (error) {
    // A timeout is the generic network error (spec §8), not an abandoned call.
    throw controller.signal.aborted && !caller.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
    caller.removeEventListener('abort', follow);
    held.delete(attempt);
  }
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; 0 when absent or unreadable. */
function retryAfterMs(header: string | null): number {
  const value = header?.trim();
  if (!value) return 0;
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return ms > 0 ? ms : 0;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}
