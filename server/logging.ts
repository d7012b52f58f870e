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
 * token): the log keeps the query text and the cause, never the values.
 */
function serializeError(err: Error & { params?: unknown; cause?: unknown }) {
  const withoutParams = (text?: string) => text?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, '\nparams: [redacted]');
  const cause = err.cause instanceof Error ? { type: err.cause.name, message: err.cause.message } : undefined;
  return {
    type: err.constructor?.name ?? 'Error',
    message: withoutParams(err.message) ?? '',
    stack: withoutParams(err.stack) ?? '',
    ...('query' in err && { query: (err as { query?: string }).query }),
    ...(cause && { cause }),
  };
}

/** Query strings may carry one-time tickets (password page); never log them. */
function redactUrl(url: string) {
  return url.replace(/([?&](?:ticket|token|verification-token|access_token|code)=)[^&]+/gi, '$1[redacted]');
}
