import { defineRoutes, principalOf } from './types.ts';

export default defineRoutes('billing', ({ billing, gateway }) => {
  return {
    async listSubscriptions(request) {
      const withCard = request.query.include?.includes('paymentMethod') ?? false;
      return { data: await billing.subscriptions(principalOf(request).user, withCard) };
    },

    async cancelSubscription(request) {
      return billing.cancel(principalOf(request).user, request.params.id);
    },

    async reactivateSubscription(request) {
      return billing.reactivate(principalOf(request).user, request.params.id);
    },

    async getPaymentMethod(request) {
      return billing.paymentMethod(principalOf(request).user, request.params.id);
    },

    async updatePaymentMethod(request) {
      return billing.replacePaymentMethod(principalOf(request).user, request.params.id, request.body.paymentMethodToken);
    },

    async listTransactions(request) {
      return { data: await billing.transactions(principalOf(request).user) };
    },

    async getReceipt(request, reply) {
      const { pdf, fileName } = await billing.receipt(principalOf(request).user, request.params.id);
      return reply
        .code(200)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },

    async getPaymentGatewayToken(request) {
      return {
        clientToken: await gateway.clientToken(principalOf(request).user.id),
        gateway: gateway.name,
        environment: gateway.environment,
        tokenizeUrl: gateway.tokenizeUrl,
      };
    },

    async register(request, reply) {
      const result = await billing.register(principalOf(request).user, request.headers['idempotency-key'], request.body);
      reply.code(result.status);
      return result.body as never;
    },
  };
});
