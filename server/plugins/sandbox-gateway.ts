import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, unauthorized } from '../errors.ts';
import type { Context } from '../routes/types.ts';
import { SANDBOX_TOKENIZE_PATH, type SandboxGateway } from '../services/payment-gateway.ts';

const HOUR_MS = 3600_000;
/** Card attempts one customer's card form may make in an hour (a person retyping a card makes a few). */
const TOKENIZATIONS_PER_CUSTOMER_PER_HOUR = 25;

/**
 * The sandbox payment gateway's own card form endpoint, POST /sandbox-gateway/v1/tokens: what a
 * real provider's hosted card fields do, on this origin. Not part of the API (openapi.yaml): the
 * card goes here and only the token it answers goes to the API. Registered only when the
 * sandbox is the configured gateway (server/gateways.ts).
 *
 * Card data is neither stored nor logged: the request log has method, path and address only,
 * refusals log their code, and the answer is `no-store`. Limited per address like sign-in, and
 * per customer (client token), so the sandbox cannot be used to test card numbers in bulk.
 */
export function sandboxGatewayRoutes(gateway: SandboxGateway, { config, limiter }: Pick<Context, 'config' | 'limiter'>) {
  const rateLimit: { rateLimit?: { max: number; timeWindow: string } } = config.rateLimit.enabled
    ? { rateLimit: { max: config.rateLimit.signInPerMinute, timeWindow: '1 minute' } }
    : {};

  function customerOf(request: FastifyRequest) {
    const match = /^Bearer ([^\s]+)$/.exec(request.headers.authorization ?? '');
    const customer = match ? gateway.clientTokenCustomer(match[1]!) : null;
    if (!customer) throw unauthorized('The card form is not authorized, please reload the page and try again', 'CLIENT_TOKEN_INVALID');
    return customer;
  }

  return async function sandboxGateway(app: FastifyInstance) {
    // Its own JSON parser: a parse error must not quote the body back (the default one does).
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, 'BAD_REQUEST', 'The body must be JSON'), undefined);
      }
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      SANDBOX_TOKENIZE_PATH,
      {
        bodyLimit: 4096,
        config: rateLimit,
        // The client token is checked before the body is read.
        onRequest: async (request) => void customerOf(request),
      },
      async (request, reply) => {
        const customer = customerOf(request);
        if (config.rateLimit.enabled && !(await limiter.take(`tokenize:${customer}`, 1, { limit: TOKENIZATIONS_PER_CUSTOMER_PER_HOUR, windowMs: HOUR_MS }))) {
          throw new HttpError(429, 'RATE_LIMITED', 'Too many card attempts, please try again in an hour');
        }
        return reply.code(201).send(gateway.tokenize(request.body));
      },
    );
  };
}
