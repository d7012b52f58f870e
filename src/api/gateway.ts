import type { ApiClient } from '@/api/client';
import { ApiError, NO_RESPONSE_STATUS } from '@/api/errors';
import { getPaymentGatewayToken, type ResponseBody } from '@/api/operations';
import type { CardValues } from '@/lib/validation/card';

// Card data goes to the payment gateway, never to our API: the gateway's client turns
// the card fields into a payment-method token, and only the token reaches
// POST customers/registration or PUT …/payment-method. Which gateway is the server's choice
// (GET customers/payment-gateway-tokens names it); its client loads on first use, so no page
// carries it before someone pays. A real gateway (Stripe, Braintree) adds its adapter here: a
// module whose `tokenize` hands the card to the provider's hosted fields or SDK.

export type GatewaySetup = ResponseBody<'getPaymentGatewayToken'>;
export type TokenizedCard = { token: string; card: { brand: string; last4: string; expMonth: number; expYear: number } };
export type GatewayAdapter = { tokenize: (setup: GatewaySetup, card: CardValues, signal?: AbortSignal) => Promise<TokenizedCard> };

const ADAPTERS: Record<string, () => Promise<GatewayAdapter>> = {
  sandbox: () => import('@/api/gateway/sandbox').then((m) => m.sandboxGateway),
};

/** The card as a payment-method token, or the gateway's refusal (its code names the field). */
export async function tokenizeCard(api: ApiClient, card: CardValues, signal?: AbortSignal): Promise<TokenizedCard> {
  const setup = await getPaymentGatewayToken(api, { signal });
  const load = ADAPTERS[setup.gateway];
  if (!load) throw new ApiError(NO_RESPONSE_STATUS, 'GATEWAY_UNAVAILABLE', 'Card payments are not available right now, please try again later');
  return (await load()).tokenize(setup, card, signal);
}
