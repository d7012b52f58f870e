import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import openapiGlue from 'fastify-openapi-glue';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { JWTVerifyGetKey } from 'jose';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createTokenService } from './auth/tokens.ts';
import { createAuthenticator } from './auth/principal.ts';
import { createMailer, type Mailer } from './services/mailer.ts';
import { createSandboxGateway, type PaymentGateway } from './services/payment-gateway.ts';
import { GENERIC_MESSAGE, HttpError } from './errors.ts';
import type { Context } from './routes/types.ts';
import { catalogHandlers } from './routes/catalog.ts';
import { identityHandlers } from './routes/identity.ts';
import { learnerHandlers } from './routes/learner.ts';
import { profileHandlers } from './routes/profile.ts';
import { billingHandlers } from './routes/billing.ts';
import { reportingHandlers } from './routes/reporting.ts';
import { organizationHandlers } from './routes/organizations.ts';
import { systemHandlers } from './routes/system.ts';
import { accountPages } from './routes/account-pages.ts';
import { adminPage } from './routes/admin-page.ts';
import { embeddedProvider } from './auth/provider/provider.ts';

export const specificationPath = fileURLToPath(new URL('../openapi.yaml', import.meta.url));

/** Operations that sign people in or create accounts: limited per client address. */
const RATE_LIMITED = new Set(['localLogin', 'startDemo', 'authorizeEmail', 'register', 'verifyEmail']);

export type AppOptions = {
  config: Config;
  database: Database;
  /** Key source for provider tokens; defaults to the provider's JWKS URL. */
  providerKeys?: JWTVerifyGetKey;
  mailer?: Mailer;
  gateway?: PaymentGateway;
  /** Destination of the structured log (tests capture it). */
  logStream?: NodeJS.WritableStream;
  isReady?: () => boolean;
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // The default serializers log neither headers nor bodies; redaction guards later changes.
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'req.body.accessToken', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
        err: serializeError,
      },
    },
    // Long path parameters reach validation (and its 400) instead of the router's 414.
    routerOptions: { maxParamLength: 1000 },
    frameworkErrors: (error, _request, rawReply) => {
      const reply = rawReply as unknown as import('fastify').FastifyReply;
      void reply
        .code(error.statusCode ?? 400)
        .type('application/json')
        .send(JSON.stringify({ error: { code: 'BAD_REQUEST', message: error.message } }));
    },
  });

  // Query strings, path and headers arrive as text and are coerced to the contract's types;
  // JSON bodies are taken literally ("3" is not an integer). Unknown properties are errors.
  const validators = { coercing: createAjv('array'), literal: createAjv(false) };
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? validators.literal.compile(schema) : validators.coercing.compile(httpPart === 'headers' ? lowerCaseNames(schema as Parameters<typeof lowerCaseNames>[0]) : schema),
  );

  const tokens = createTokenService(config, options.providerKeys);
  const auth = createAuthenticator(database.db, tokens, (token) => fetchUserInfo(config.provider.issuer, token));
  const ctx: Context = {
    config,
    db: database.db,
    tokens,
    auth,
    mailer: options.mailer ?? createMailer(config.mail),
    gateway: options.gateway ?? createSandboxGateway(),
    isReady: options.isReady ?? (() => true),
  };

  app.setErrorHandler((error: FastifyError & { errors?: unknown[] }, request, reply) => {
    const { status, code, message } = describeError(error);
    if (status >= 500) request.log.error({ err: error.errors?.[0] ?? error }, 'request failed');
    else request.log.info({ code, status }, 'request rejected');
    void reply.code(status).type('application/json').send({ error: { code, message } });
  });

  app.addHook('preValidation', async (request) => {
    // A body schema is keyed by content type, and Fastify validates only the types it lists:
    // any other type, or no body at all, would reach the handler unvalidated.
    const content = (request.routeOptions.schema?.body as { content?: Record<string, unknown> } | undefined)?.content;
    if (content) {
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (request.body === undefined || request.body === null || !type) throw new HttpError(400, 'BAD_REQUEST', 'body is required');
      if (!(type in content)) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
    }
    // PostgreSQL text cannot hold NUL characters: refuse them before they reach a query.
    for (const [part, value] of [['querystring', request.query], ['params', request.params], ['body', request.body]] as const) {
      const path = nulPath(value, part);
      if (path) throw new HttpError(400, 'BAD_REQUEST', `${path} must not contain NUL characters`);
    }
  });

  // The contract names application/zip for a response only; a request body of that type is
  // refused (and the contract glue stops warning that no parser exists for it).
  app.addContentTypeParser('application/zip', (_req, _body, done) => {
    done(new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json'), undefined);
  });

  // sendBeacon posts text/plain (a CORS-safelisted type, so no preflight); it carries JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'BAD_REQUEST', 'The body must be JSON'), undefined);
    }
  });

  const providerOrigin = new URL(config.provider.issuer).origin;
  const selfOrigin = new URL(config.publicUrl).origin;
  const extra = (origin: string) => (origin === selfOrigin ? [] : [origin]);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...extra(providerOrigin)],
        frameSrc: ["'self'", ...extra(providerOrigin)],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...extra(providerOrigin)],
        // auth0-spa-js runs its refresh-token worker from a blob: URL it creates itself.
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https:'),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(compress, { threshold: 1024 });
  // Runs before the rate-limit plugin's own onRoute hook reads the route's config.
  app.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
    if (operationId && RATE_LIMITED.has(operationId) && config.rateLimit.enabled) {
      route.config = { ...(route.config ?? {}), rateLimit: { max: config.rateLimit.signInPerMinute, timeWindow: '1 minute' } };
    }
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) =>
      Object.assign(new HttpError(429, 'RATE_LIMITED', `Too many attempts, please try again in ${context.after}`), {
        statusCode: 429,
      }),
  });


  const serviceHandlers = {
    ...catalogHandlers(ctx),
    ...identityHandlers(ctx),
    ...learnerHandlers(ctx),
    ...profileHandlers(ctx),
    ...billingHandlers(ctx),
    ...reportingHandlers(ctx),
    ...organizationHandlers(ctx),
    ...systemHandlers(ctx),
  };
  await app.register(openapiGlue, {
    specification: specificationPath,
    prefix: '/api',
    serviceHandlers,
    securityHandlers: {
      bearer: async (request: import('fastify').FastifyRequest) => {
        await auth.authenticate(request);
      },
    },
  });

  await app.register(accountPages(ctx));

  // Platform admins' landing page, and the embedded identity provider when AUTH0_DOMAIN is not set.
  await app.register(adminPage(ctx));
  if (config.provider.embedded) await app.register(embeddedProvider(ctx));

  const staticDir = config.staticDir;
  const indexHtml = join(staticDir, 'index.html');
  const hasSpa = existsSync(indexHtml);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      maxAge: '1h',
      immutable: false,
      // Vite names every file under /assets/ by its content hash: it never changes, so browsers
      // keep it for a year without asking again. Everything else (media, index.html) is 1 h.
      setHeaders: (reply, path) => {
        if (/[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+$/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
    if (hasSpa && wantsPage) {
      // History fallback: every app route answers with the SPA, which shows its own 404 page.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${path}` } });
  });

  return app;
}

function describeError(error: FastifyError & { errors?: unknown[] }): { status: number; code: string; message: string } {
  if (error instanceof HttpError) return { status: error.statusCode, code: error.code, message: error.message };
  // The openapi glue wraps security handler failures; surface the handler's own error.
  if (Array.isArray(error.errors) && error.errors.length) {
    const inner = error.errors.find((e): e is HttpError => e instanceof HttpError);
    if (inner) return { status: inner.statusCode, code: inner.code, message: inner.message };
    return { status: 500, code: 'INTERNAL', message: GENERIC_MESSAGE };
  }
  if (error.validation) {
    return { status: 400, code: 'BAD_REQUEST', message: error.message };
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'File too large' };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json' };
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, code: 'RATE_LIMITED', message: error.message };
  if (status >= 400 && status < 500) return { status, code: 'BAD_REQUEST', message: error.message };
  return { status: 500, code: 'INTERNAL', message: GENERIC_MESSAGE };
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

function createAjv(coerceTypes: 'array' | false) {
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: false, strict: false });
  addFormats.default(ajv);
  // ajv-formats' uuid also accepts "urn:uuid:…", which PostgreSQL's uuid type does not.
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  return ajv;
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

async function fetchUserInfo(issuer: string, token: string) {
  try {
    const response = await fetch(new URL('userinfo', issuer), { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) return null;
    return (await response.json()) as { email?: string; given_name?: string; family_name?: string; name?: string };
  } catch {
    return null;
  }
}
