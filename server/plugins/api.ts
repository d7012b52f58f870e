import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as delay } from 'node:timers/promises';
import { isDatabaseOutage } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { IMPORT_MAX_KB } from '../services/invitations.ts';
import { humanSize } from '../../src/lib/validation/rules.ts';
import openapiGlue from 'fastify-openapi-glue';
import { specificationPath, type OperationId } from '../contract.ts';
import { createPolicyEnforcer } from '../auth/enforce.ts';
import { POLICY } from '../auth/policy.ts';
import type { Context, Handlers } from '../routes/types.ts';
import { catalogHandlers } from '../routes/catalog.ts';
import { identityHandlers } from '../routes/identity.ts';
import { startUpHandlers } from '../routes/start-up.ts';
import { learnerHandlers } from '../routes/learner.ts';
import { profileHandlers } from '../routes/profile.ts';
import { certificateHandlers } from '../routes/certificates.ts';
import { billingHandlers } from '../routes/billing.ts';
import { reportingHandlers } from '../routes/reporting.ts';
import { organizationHandlers } from '../routes/organizations.ts';
import { systemHandlers } from '../routes/system.ts';
import { adminCatalogHandlers } from '../routes/admin-catalog.ts';
import { adminFrameworkHandlers } from '../routes/admin-framework.ts';
import { adminHandlers } from '../routes/admin.ts';
import { adminOrganizationHandlers } from '../routes/admin-organizations.ts';
import { adminUploadHandlers } from '../routes/admin-uploads.ts';

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
};

/**
 * The API under /api: a route per operation of openapi.yaml (validated against it), each
 * guarded by its row of the policy table before its handler runs.
 */
export const api = (ctx: Context) =>
  async function apiPlugin(app: FastifyInstance) {
    const enforce = createPolicyEnforcer({ ...ctx, ...ctx.repos });
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

    const serviceHandlers: Handlers<OperationId> = {
      ...catalogHandlers(ctx),
      ...identityHandlers(ctx),
      ...startUpHandlers(ctx),
      ...learnerHandlers(ctx),
      ...profileHandlers(ctx),
      ...certificateHandlers(ctx),
      ...billingHandlers(ctx),
      ...reportingHandlers(ctx),
      ...organizationHandlers(ctx),
      ...systemHandlers(ctx),
      ...adminCatalogHandlers(ctx),
      ...adminFrameworkHandlers(ctx),
      ...adminHandlers(ctx),
      ...adminOrganizationHandlers(ctx),
      ...adminUploadHandlers(ctx),
    };
    await app.register(openapiGlue, { specification: specificationPath, prefix: '/api', serviceHandlers: readsTriedTwice(serviceHandlers) });
  };

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
