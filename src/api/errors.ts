import type { Middleware } from 'openapi-fetch';
import { FILE_TOO_LARGE_MESSAGE, GENERIC_ERROR_MESSAGE } from '@/lib/messages';

export { FILE_TOO_LARGE_MESSAGE, GENERIC_ERROR_MESSAGE };

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
export const UNKNOWN_ERROR_CODE = 'UNKNOWN';
const FILE_TOO_LARGE_CODE = 'PAYLOAD_TOO_LARGE';

/** Status used when no HTTP response arrived at all (offline, refused, reset, unreadable body). */
export const NO_RESPONSE_STATUS = 0;

/** A failed API call, carrying a message that is safe to show to the user as it is. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  readonly status: number;
  readonly code: string;
  /** The request body's field a validation failure names (`firstName`, `items/0/title`), if any. */
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, options?: ErrorOptions & { field?: string }) {
    super(message, options);
    this.status = status;
    this.code = code;
    this.field = options?.field;
  }
}

type ErrorBody = { error: { code?: unknown; message?: unknown } };

/**
 * A validation failure names its field by its path: "body/limit must be >= 1" (the validator's
 * wording, for programmers) or, for a §5 form rule, "body/firstName: The First Name must have at
 * least 2 characters" (server/plugins/validation.ts). A person sees the form's words after the
 * colon, else the generic text: never a schema path.
 */
const VALIDATION_MESSAGE = /^(?:body\/([^\s:]+)|body|querystring|params|headers)\S*?(:?)\s+(.*)$/s;

function hasErrorObject(body: unknown): body is ErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    typeof body.error === 'object' &&
    body.error !== null
  );
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Maps a failed response to the error the user sees (spec §8). `body` is whatever came back:
 * the parsed `{ error: { code, message } }`, raw text when it was not JSON, or nothing.
 */
export function toApiError(status: number, body: unknown): ApiError {
  const details = hasErrorObject(body) ? body.error : undefined;
  const code = nonEmptyString(details?.code);
  if (status === 413) return new ApiError(status, code ?? FILE_TOO_LARGE_CODE, FILE_TOO_LARGE_MESSAGE);
  const message = nonEmptyString(details?.message) ?? GENERIC_ERROR_MESSAGE;
  // [, the body field's path, ':' when the form's words follow, those words]
  const [, field, colon, words] = VALIDATION_MESSAGE.exec(message) ?? [];
  const shown = words === undefined ? message : colon ? words : GENERIC_ERROR_MESSAGE;
  return new ApiError(status, code ?? UNKNOWN_ERROR_CODE, shown, { field: field || undefined });
}

/** An error body as it came: its JSON, else its text, else nothing. */
async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text || undefined;
  }
}

/**
 * The client's error middleware: every HTTP error is thrown as the ApiError above, so an
 * operation only reads its answer (`unwrap`, src/api/operations/call.ts). A body that cannot be
 * read throws as it is, and becomes the network error there.
 */
export const errorMiddleware: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw toApiError(response.status, await errorBody(response));
    return undefined;
  },
};

/** The request never produced a usable response; `cause` keeps the original for debugging. */
export function networkError(cause: unknown): ApiError {
  return new ApiError(NO_RESPONSE_STATUS, NETWORK_ERROR_CODE, GENERIC_ERROR_MESSAGE, { cause });
}
