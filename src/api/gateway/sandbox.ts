import { networkError, toApiError } from '@/api/errors';
import type { GatewayAdapter, TokenizedCard } from '@/api/gateway';
import { cardDigits, parseExpiry } from '@/lib/validation/card';

// The sandbox gateway's client (README, "Payments"): posts the card to the sandbox's tokenize
// endpoint with the client token, and answers the token (tok_visa_exp0829 …) the way a real
// gateway's hosted fields would. Loaded only when a card is entered.

export const sandboxGateway: GatewayAdapter = {
  async tokenize(setup, card, signal) {
    const expiry = parseExpiry(card.expiry);
    let response: Response;
    try {
      response = await fetch(setup.tokenizeUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${setup.clientToken}` },
        body: JSON.stringify({
          number: cardDigits(card.number),
          expMonth: expiry?.month ?? 0,
          expYear: expiry?.year ?? 0,
          cvc: card.cvc.trim(),
          postalCode: card.postalCode.trim(),
          name: card.name.trim(),
        }),
        credentials: 'omit',
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw networkError(error);
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok || !body) throw toApiError(response.status, body);
    return body as TokenizedCard;
  },
};
