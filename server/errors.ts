/** A failure with a status and a message that is safe to show to the user. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  /** Seconds to wait before trying again: sent as Retry-After. */
  readonly retryAfterS: number | undefined;
  constructor(statusCode: number, code: string, message: string, retryAfterS?: number) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.retryAfterS = retryAfterS;
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new HttpError(400, code, message);
export const unauthorized = (message = 'Sign in to continue', code = 'UNAUTHORIZED') => new HttpError(401, code, message);
export const paymentRequired = (message: string, code = 'CARD_DECLINED') => new HttpError(402, code, message);
export const forbidden = (message = 'You do not have access to this', code = 'FORBIDDEN') => new HttpError(403, code, message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new HttpError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, code, message);
export const gone = (message: string, code = 'GONE') => new HttpError(410, code, message);
export const unprocessable = (message: string, code = 'UNPROCESSABLE') => new HttpError(422, code, message);

export const GENERIC_MESSAGE = 'Something went wrong, please try again later';
