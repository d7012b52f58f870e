import type { FastifyServerOptions } from 'fastify';

/** The structured log: one line per request, without headers, bodies, tokens or query values. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    // The default serializers log neither headers nor bodies; redaction guards later changes.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.body.password',
        'req.body.accessToken',
        // The sandbox gateway's card form endpoint (server/plugins/sandbox-gateway.ts).
        'req.body.number',
        'req.body.cvc',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      err: serializeError,
    },
  };
}

/**
 * Database errors carry the query's parameter values (which may be a password hash or a
 * token): the log keeps the query text and the cause, never the values. Anything logged under
 * `err` that is not an object (a message string, say) is kept as its text.
 */
export function serializeError(err: unknown) {
  if (err === null || typeof err !== 'object') return { type: typeof err, message: withoutParams(String(err)), stack: '' };
  const e = err as Error & { query?: unknown; cause?: unknown; code?: unknown };
  const cause = e.cause instanceof Error ? { type: e.cause.name, message: withoutParams(e.cause.message) } : undefined;
  return {
    type: e.constructor?.name ?? 'Error',
    message: withoutParams(typeof e.message === 'string' ? e.message : String(e.message ?? '')),
    stack: withoutParams(typeof e.stack === 'string' ? e.stack : ''),
    ...(typeof e.code === 'string' && { code: e.code }),
    ...(typeof e.query === 'string' && { query: e.query }),
    ...(cause && { cause }),
  };
}

const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, '\nparams: [redacted]');

/** Query strings may carry one-time tickets (password page) or a paid file's signature; never log them. */
function redactUrl(url: string) {
  return url.replace(/([?&](?:ticket|token|verification-token|access_token|code|signature)=)[^&]+/gi, '$1[redacted]');
}
