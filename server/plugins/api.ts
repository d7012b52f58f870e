import type { FastifyInstance } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { specificationPath, type OperationId } from '../contract.ts';
import { createPolicyEnforcer } from '../auth/enforce.ts';
import { POLICY } from '../auth/policy.ts';
import type { Context, Handlers } from '../routes/types.ts';
import { catalogHandlers } from '../routes/catalog.ts';
import { identityHandlers } from '../routes/identity.ts';
import { learnerHandlers } from '../routes/learner.ts';
import { profileHandlers } from '../routes/profile.ts';
import { certificateHandlers } from '../routes/certificates.ts';
import { billingHandlers } from '../routes/billing.ts';
import { reportingHandlers } from '../routes/reporting.ts';
import { organizationHandlers } from '../routes/organizations.ts';
import { systemHandlers } from '../routes/system.ts';

const isOperationId = (id: string): id is OperationId => Object.hasOwn(POLICY, id);

/**
 * The API under /api: a route per operation of openapi.yaml (validated against it), each
 * guarded by its row of the policy table before its handler runs.
 */
export const api = (ctx: Context) =>
  async function apiPlugin(app: FastifyInstance) {
    const enforce = createPolicyEnforcer({ ...ctx, ...ctx.repos });
    app.addHook('onRoute', (route) => {
      const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
      // Nothing is served without a rule: an operation the table does not know stops the start.
      if (!operationId || !isOperationId(operationId)) throw new Error(`No policy for ${route.method} ${route.url} (${operationId ?? 'no operationId'})`);
      route.preHandler = [enforce(operationId), ...[route.preHandler ?? []].flat()];
    });

    const serviceHandlers: Handlers<OperationId> = {
      ...catalogHandlers(ctx),
      ...identityHandlers(ctx),
      ...learnerHandlers(ctx),
      ...profileHandlers(ctx),
      ...certificateHandlers(ctx),
      ...billingHandlers(ctx),
      ...reportingHandlers(ctx),
      ...organizationHandlers(ctx),
      ...systemHandlers(ctx),
    };
    await app.register(openapiGlue, { specification: specificationPath, prefix: '/api', serviceHandlers });
  };
