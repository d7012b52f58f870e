import type { FastifyPluginAsync } from 'fastify';
import type { Config, PaymentGatewayName } from './config.ts';
import type { Context } from './routes/types.ts';
import { createSandboxGateway, type PaymentGateway } from './services/payment-gateway.ts';
import { sandboxGatewayRoutes } from './plugins/sandbox-gateway.ts';

/** A configured gateway, and the routes it serves on this origin (the sandbox's card form endpoint). */
export type GatewaySetup = { gateway: PaymentGateway; routes?: (ctx: Context) => FastifyPluginAsync };

/**
 * The payment gateway adapters by PAYMENT_GATEWAY name (README, "Payments"). A real provider
 * plugs in here: its name in PAYMENT_GATEWAY_NAMES (server/config.ts), its settings read there,
 * and an entry that builds its PaymentGateway; its card fields are the provider's hosted fields,
 * so it serves no routes of its own.
 */
export const GATEWAYS: Readonly<Record<PaymentGatewayName, (config: Config) => GatewaySetup>> = {
  sandbox: (config) => {
    // Client tokens are signed with a key of this deployment's, so only ours open the card form.
    const gateway = createSandboxGateway({ secret: Buffer.concat([Buffer.from('sandbox-gateway:'), config.localTokens.secret]) });
    return { gateway, routes: (ctx) => sandboxGatewayRoutes(gateway, ctx) };
  },
};
