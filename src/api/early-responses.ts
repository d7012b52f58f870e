// Responses public/start.js asked for while the app's JavaScript downloaded (the start-up
// requests of a signed-in page: the user, the profile, the subscriptions, the progress). The API
// client takes each one once, for the same GET with the same Authorization header, within a few
// seconds of the page's start; otherwise it asks the server as usual.

export type EarlyResponses = {
  authorization: string;
  sentAt: number;
  responses: Record<string, Promise<Response>>;
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
