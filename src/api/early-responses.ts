// Responses the app has before it asks: those public/start.js asked for while the app's
// JavaScript downloaded (the start-up request of a signed-in page, GET /identity/start, and the
// screen's first requests), and the parts of a start-up response, each standing for the request it
// answers (the profile, the subscriptions, the progress). The API client takes each one once, for
// the same GET with the same Authorization header, within a few seconds; otherwise it asks the
// server as usual.

export type EarlyResponses = {
  authorization: string;
  sentAt: number;
  responses: Record<string, Promise<Response>>;
  /**
   * The GETs the app sent itself, no early response answering them (its JavaScript ran before
   * start.js had sent them): start.js does not send these late, nor what it would follow them with.
   */
  asked?: Record<string, true>;
};

declare global {
  interface Window {
    __earlyResponses?: EarlyResponses;
  }
}

/** After this, the app asks again rather than use what was asked for at the page's start. */
export const EARLY_RESPONSE_MAX_AGE_MS = 15_000;

/** The early response for this request, taken (it serves one request), or null. */
export function takeEarlyResponse(request: Request, early: EarlyResponses | undefined, now = Date.now()): Promise<Response> | null {
  if (!early || request.method !== 'GET' || now - early.sentAt > EARLY_RESPONSE_MAX_AGE_MS) return null;
  if (request.headers.get('Authorization') !== early.authorization) return null;
  const url = new URL(request.url, 'http://origin.invalid');
  const key = url.pathname + url.search;
  const response = early.responses[key];
  if (!response) return null;
  delete early.responses[key];
  const { signal } = request;
  if (!signal) return response;
  // The caller may stop waiting (leaving the page): the response is then not its concern.
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** Notes a GET the app sends itself, which no early response answered (see `asked`). */
export function noteAsked(request: Request, early: EarlyResponses | undefined): void {
  if (!early || request.method !== 'GET') return;
  const url = new URL(request.url, 'http://origin.invalid');
  (early.asked ??= {})[url.pathname + url.search] = true;
}
