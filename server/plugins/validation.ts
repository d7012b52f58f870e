import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { Readable } from 'node:stream';
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { EMAIL_RULES, NAME_RULES } from '../../src/lib/validation/fields.ts';
import { titleCase, validate, type Rule } from '../../src/lib/validation/rules.ts';
import { GENERIC_MESSAGE, HttpError } from '../errors.ts';
import { isDatabaseOutage } from '../db/client.ts';
import { appWide } from './app-wide.ts';

/**
 * Requests in, errors out: validation against the contract's schemas, the body types the API
 * accepts, and one error body `{ error: { code, message } }` for every failure, 5xx details hidden.
 */
export const validation = appWide('validation', async (app: FastifyInstance) => {
  // Query strings, path and headers arrive as text and are coerced to the contract's types;
  // JSON bodies are taken literally ("3" is not an integer). Unknown properties are errors.
  const validators = { coercing: createAjv('array'), literal: createAjv(false) };
  app.setValidatorCompiler(({ schema, httpPart }) => {
    // A binary body is a stream the handler reads (an upload): its bytes are checked as they arrive.
    if (httpPart === 'body' && (schema as { format?: string }).format === 'binary') return () => true;
    return httpPart === 'body' ? validators.literal.compile(schema) : validators.coercing.compile(httpPart === 'headers' ? lowerCaseNames(schema as Parameters<typeof lowerCaseNames>[0]) : schema);
  });

  app.setErrorHandler((error: FastifyError & { errors?: unknown[] }, request, reply) => {
    const { status, code, message } = describeError(error);
    if (code === 'SERVICE_UNAVAILABLE') logOutage(request.log, error);
    else if (status >= 500) request.log.error({ err: error.errors?.[0] ?? error }, 'request failed');
    else request.log.info({ code, status }, 'request rejected');
    if (error instanceof HttpError && error.retryAfterS !== undefined) void reply.header('retry-after', String(error.retryAfterS));
    // Every 503 says when to try again (a load balancer or the app's client waits that long).
    if (status === 503 && !reply.hasHeader('retry-after')) void reply.header('retry-after', String(RETRY_AFTER_S));
    void reply.code(status).type('application/json').send({ error: { code, message } });
  });

  app.addHook('preValidation', async (request) => {
    // A body schema is keyed by content type, and Fastify validates only the types it lists:
    // any other type, or no body at all, would reach the handler unvalidated.
    const content = (request.routeOptions.schema?.body as { content?: Record<string, unknown> } | undefined)?.content;
    if (content) {
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (request.body === undefined || request.body === null || !type) throw new HttpError(400, 'BAD_REQUEST', 'body is required');
      if (!(type in content)) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the body as ${Object.keys(content).join(' or ')}`);
    }
    // PostgreSQL text cannot hold NUL characters: refuse them before they reach a query.
    // A streamed body (an upload) is bytes, not text: it is not walked.
    const body = request.body instanceof Readable ? undefined : request.body;
    for (const [part, value] of [['querystring', request.query], ['params', request.params], ['body', body]] as const) {
      const path = nulPath(value, part);
      if (path) throw new HttpError(400, 'BAD_REQUEST', `${path} must not contain NUL characters`);
    }
  });

  // The contract names these types for responses only; a request body of one is refused (and
  // the contract glue stops warning that no parser exists for it).
  app.addContentTypeParser(['application/zip', 'application/pdf', 'text/csv'], (_req, _body, done) => {
    done(new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json'), undefined);
  });

  // A file (an upload) is not read here: its handler gets the stream and reads it as it stores it,
  // so a large file is never held in memory. Operations that take no such body refuse it (415).
  app.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));

  // sendBeacon posts text/plain (a CORS-safelisted type, so no preflight); it carries JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'BAD_REQUEST', 'The body must be JSON'), undefined);
    }
  });
});

/** Errors the router meets before any plugin runs (a malformed URL, say): the same error body. */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (error, _request, rawReply) => {
  const reply = rawReply as unknown as FastifyReply;
  void reply
    .code(error.statusCode ?? 400)
    .type('application/json')
    .send(JSON.stringify({ error: { code: 'BAD_REQUEST', message: error.message } }));
};

/** An outage fails every request for a while: its log says so once every 5 s, with how many failed meanwhile. */
let outageLoggedAt = 0;
let outageFailures = 0;
function logOutage(log: FastifyBaseLogger, error: unknown) {
  outageFailures += 1;
  if (Date.now() - outageLoggedAt < 5_000) return;
  log.warn({ err: error, failedRequests: outageFailures }, 'requests failed: the database is unavailable (answered 503)');
  outageLoggedAt = Date.now();
  outageFailures = 0;
}

/** Seconds a 503 asks the client to wait before trying again (the `Retry-After` header). */
export const RETRY_AFTER_S = 2;

/** The status and error body the API answers for an error (GET /identity/start's parts use it too). */
export function describeError(error: FastifyError & { errors?: unknown[] }): { status: number; code: string; message: string } {
  if (error instanceof HttpError) return { status: error.statusCode, code: error.code, message: error.message };
  // The database restarting, failing over or out of reach: a moment's outage, not a fault.
  if (isDatabaseOutage(error)) return { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'The service is briefly unavailable, please try again in a moment' };
  // An error that wraps others (an AggregateError, say): surface the first one that is ours.
  if (Array.isArray(error.errors) && error.errors.length) {
    const inner = error.errors.find((e): e is HttpError => e instanceof HttpError);
    if (inner) return { status: inner.statusCode, code: inner.code, message: inner.message };
    return { status: 500, code: 'INTERNAL', message: GENERIC_MESSAGE };
  }
  if (error.validation) {
    return { status: 400, code: 'BAD_REQUEST', message: formRuleMessage(error) ?? error.message };
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'File too large' };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json' };
  // PostgreSQL cancelled a query that ran past the statement timeout (server/db/client.ts).
  if (databaseCode(error) === '57014') return { status: 503, code: 'BUSY', message: 'The server is busy: try again in a moment' };
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, code: 'RATE_LIMITED', message: error.message };
  if (status >= 400 && status < 500) return { status, code: 'BAD_REQUEST', message: error.message };
  return { status: 500, code: 'INTERNAL', message: GENERIC_MESSAGE };
}

/** PostgreSQL's SQLSTATE of a failed query (drizzle wraps the driver's error as its cause). */
function databaseCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Where a NUL character hides in a request part, as "body/field/0", or null. */
function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return path;
    const found = nulPath(v, `${path}/${k}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Node lower-cases header names, so a header schema must name them in lower case too. */
function lowerCaseNames(schema: { properties?: Record<string, unknown>; required?: string[] }) {
  return {
    ...schema,
    ...(schema.properties && { properties: Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k.toLowerCase(), v])) }),
    ...(schema.required && { required: schema.required.map((k) => k.toLowerCase()) }),
  };
}

/**
 * The contract's formats that are the app's own form rules (spec §5), checked with the very
 * functions the forms use (src/lib/validation): what a form lets through, the server takes, and
 * the reverse. Values are judged as they are saved, trimmed.
 */
const FORM_RULE_FORMATS: Record<string, readonly Rule[]> = { email: EMAIL_RULES, 'person-name': NAME_RULES };

/**
 * A body field that fails one of §5's form rules (the formats above), answered with its path, as
 * every validation failure names its field, then what the form says of that value:
 * "body/firstName: The First Name must have at least 2 characters". The app shows a person the
 * part after the path (src/api/errors.ts). Null for any other failure, whose message stays the
 * validator's own (for the API's programmers: no form produces it).
 */
function formRuleMessage(error: FastifyError): string | null {
  const first = (error.validation as ErrorObject[] | undefined)?.[0];
  const rules = first?.keyword === 'format' ? FORM_RULE_FORMATS[String(first.params.format)] : undefined;
  const name = first?.instancePath.split('/').at(-1);
  if (!first || !rules || !name || error.validationContext !== 'body') return null;
  const [message] = validate(first.data, rules, titleCase(name));
  return message ? `body${first.instancePath}: ${message}` : null;
}

function createAjv(coerceTypes: 'array' | false) {
  // verbose: a failed check carries the value it judged (fieldRuleError words it as the form would).
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: false, strict: false, verbose: true });
  addFormats.default(ajv);
  // ajv-formats' uuid also accepts "urn:uuid:…", which PostgreSQL's uuid type does not.
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  for (const [format, rules] of Object.entries(FORM_RULE_FORMATS)) {
    ajv.addFormat(format, { type: 'string', validate: (value: string) => validate(value, rules, format).length === 0 });
  }
  return ajv;
}
