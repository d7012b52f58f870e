import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as delay } from 'node:timers/promises';
import { isDatabaseOutage } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { IMPORT_MAX_KB } from '../services/invitations.ts';
import { ROSTER_MAX_MB } from '../services/rostering.ts';
import { humanSize } from '../../src/lib/validation/rules.ts';
import openapiGlue from 'fastify-openapi-glue';
import { readOperationTags, specificationPath, type OperationId } from '../contract.ts';
import { createPolicyEnforcer } from '../auth/enforce.ts';
import { POLICY } from '../auth/policy.ts';
import type { Context, Handlers, RouteModule } from '../routes/types.ts';

const isOperationId = (id: string): id is OperationId => Object.hasOwn(POLICY, id);

/**
 * Bodies larger than the app-wide limit some operations take. An import's file may be 500 kB
 * of UTF-8; as a JSON string its quotes and line breaks are escaped, so the body may be up to
 * about twice that. Two million bytes also cover the contract's 2,000,000-character cap, so a
 * file too large is always the size message (413), never a validation error. The import's own
 * check measures the file itself.
 */
const LARGE_BODIES: Partial<Record<OperationId, { bodyLimit: number; tooLarge: () => HttpError }>> = {
  importUsers: { bodyLimit: 2_000_000, tooLarge: () => new HttpError(413, 'FILE_TOO_LARGE', `File size must be less than ${humanSize(IMPORT_MAX_KB * 1000)}`) },
  // A district's OneRoster zip, as its bytes.
  createRosterImport: { bodyLimit: ROSTER_MAX_MB * 1_000_000, tooLarge: () => new HttpError(413, 'FILE_TOO_LARGE', `File size must be less than ${humanSize(ROSTER_MAX_MB * 1_000_000)}`) },
};

/** Whether the operation's contract takes a zip as its body. */
function takesZip(request: FastifyRequest): boolean {
  const content = (request.routeOptions.schema?.body as { content?: Record<string, unknown> } | undefined)?.content;
  return !!content && 'application/zip' in content;
}

/**
 * The API under /api: a route per operation of openapi.yaml (validated against it), each
 * guarded by its row of the policy table before its handler runs.
 */
export const api = (ctx: Context) =>
  async function apiPlugin(app: FastifyInstance) {
    const enforce = createPolicyEnforcer({ ...ctx, ...ctx.repos });
    // A zip is a body only where the contract takes one (a roster import), read whole as bytes
    // up to that operation's body limit; elsewhere it is refused before it is read. Everywhere
    // else in the app a zip body stays refused (server/plugins/validation.ts).
    app.removeContentTypeParser('application/zip');
    app.addContentTypeParser('application/zip', { parseAs: 'buffer' }, (request, body, done) => {
      if (!takesZip(request)) return done(new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json'), undefined);
      done(null, body);
    });
    // An answer of the API is the caller's own (their account, reports, receipts, a token) unless
    // its handler says otherwise: kept by no browser or proxy, so the next person at a shared
    // classroom computer cannot read it back from the cache. Reference data the same for everyone
    // says `private, no-cache` with an ETag itself (server/routes/catalog.ts).
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
    app.addHook('onRoute', (route) => {
      const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
      // Nothing is served without a rule: an operation the table does not know stops the start.
      if (!operationId || !isOperationId(operationId)) throw new Error(`No policy for ${route.method} ${route.url} (${operationId ?? 'no operationId'})`);
      route.preHandler = [enforce(operationId), ...[route.preHandler ?? []].flat()];
      const large = LARGE_BODIES[operationId];
      if (large) {
        route.bodyLimit = large.bodyLimit;
        // The app's error handler answers, with this operation's words for a body too large.
        route.errorHandler = (error: FastifyError) => {
          throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? large.tooLarge() : error;
        };
      }
    });

    const serviceHandlers = await loadHandlers(ctx);
    await app.register(openapiGlue, { specification: specificationPath, prefix: '/api', serviceHandlers: readsTriedTwice(serviceHandlers) });
  };

/**
 * The handlers of every operation, one route module per tag of the contract (server/routes/<tag>.ts,
 * as fastify/demo autoloads its routes folder): a tag without its module, or a module whose
 * handlers are not exactly its tag's operations, stops the start.
 */
async function loadHandlers(ctx: Context): Promise<Handlers<OperationId>> {
  const handlers: Record<string, unknown> = {};
  for (const [tag, operationIds] of readOperationTags()) {
    const { default: routes } = (await import(`../routes/${tag}.ts`)) as { default: RouteModule };
    const served = routes.handlers(ctx);
    const names = Object.keys(served);
    if (routes.tag !== tag || names.length !== operationIds.length || !operationIds.every((id) => Object.hasOwn(served, id))) {
      throw new Error(`server/routes/${tag}.ts must serve the operations of the tag ${tag} (${operationIds.join(', ')}), it serves ${routes.tag}: ${names.join(', ')}`);
    }
    Object.assign(handlers, served);
  }
  return handlers as Handlers<OperationId>;
}

/** How long a read waits before its second try when the database dropped its connection. */
const READ_RETRY_DELAY_MS = 300;

/**
 * A read (GET) that meets a lost database connection runs once more, after a moment, while
 * nothing of its answer has been sent: a connection the database ended (a restart, a failover)
 * costs the user nothing when a new one works. A write is never run twice here: it is answered
 * 503 with Retry-After (server/plugins/validation.ts), and its sender decides.
 */
export function readsTriedTwice(handlers: Handlers<OperationId>): Handlers<OperationId> {
  type Handler = (this: unknown, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  const wrapped: Record<string, Handler> = {};
  for (const [operationId, handler] of Object.entries(handlers) as [string, Handler][]) {
    wrapped[operationId] = async function (this: unknown, request, reply) {
      try {
        return await handler.call(this, request, reply);
      } catch (error) {
        if (request.method !== 'GET' || !isDatabaseOutage(error) || reply.sent || reply.raw.headersSent) throw error;
        request.log.info({ operationId }, 'database connection lost: reading once more');
        await delay(READ_RETRY_DELAY_MS);
        return handler.call(this, request, reply);
      }
    };
  }
  return wrapped as unknown as Handlers<OperationId>;
}
