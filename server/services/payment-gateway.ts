import { createHmac, randomUUID } from 'node:crypto';
import { paymentRequired } from '../errors.ts';

export type VaultedCard = { ref: string; brand: string; last4: string; expMonth: number; expYear: number };
export type ChargeResult = { status: 'SUCCEEDED' | 'DECLINED'; ref: string; message: string };

/** What the billing service needs from a card payment provider. */
export interface PaymentGateway {
  readonly name: string;
  readonly environment: 'sandbox' | 'production';
  clientToken(customerId: string): Promise<string>;
  /** Stores a card from a card-form token; throws 402 when the card is refused. */
  vault(paymentMethodToken: string): Promise<VaultedCard>;
  charge(cardRef: string, amountCents: number, currency: string, idempotencyKey: string): Promise<ChargeResult>;
}

/**
 * The documented sandbox (README, "Payments"): no network, deterministic test tokens.
 *   tok_visa, tok_mastercard, tok_amex   cards that are stored and charged successfully
 *   tok_insufficient_funds               stored, but every charge is declined
 *   tok_declined                         refused when stored
 *   tok_expired                          refused when stored (expired card)
 * Any other token is refused as unknown.
 */
export function createSandboxGateway(secret = 'sandbox'): PaymentGateway {
  const cards: Record<string, Omit<VaultedCard, 'ref'> & { chargeable: boolean }> = {
    tok_visa: { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2030, chargeable: true },
    tok_mastercard: { brand: 'Mastercard', last4: '4444', expMonth: 6, expYear: 2031, chargeable: true },
    tok_amex: { brand: 'American Express', last4: '0005', expMonth: 3, expYear: 2029, chargeable: true },
    tok_insufficient_funds: { brand: 'Visa', last4: '9995', expMonth: 1, expYear: 2032, chargeable: false },
  };
  const charges = new Map<string, ChargeResult>();
  return {
    name: 'sandbox',
    environment: 'sandbox',
    async clientToken(customerId) {
      const sig = createHmac('sha256', secret).update(customerId).digest('base64url').slice(0, 24);
      return `sandbox_ct_${sig}`;
    },
    async vault(token) {
      if (token === 'tok_declined') throw paymentRequired('Your card was declined', 'CARD_DECLINED');
      if (token === 'tok_expired') throw paymentRequired('Your card has expired', 'CARD_EXPIRED');
      const card = cards[token];
      if (!card) throw paymentRequired('The card could not be verified, please check the details', 'CARD_INVALID');
      return { ref: `sandbox_pm_${token}_${randomUUID()}`, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
    },
    async charge(cardRef, amountCents, currency, idempotencyKey) {
      const previous = charges.get(idempotencyKey);
      if (previous) return previous;
      const token = /^sandbox_pm_(tok_[a-z_]+?)_[0-9a-f-]{36}$/.exec(cardRef)?.[1];
      const card = token ? cards[token] : undefined;
      const result: ChargeResult =
        card?.chargeable && amountCents >= 0
          ? { status: 'SUCCEEDED', ref: `sandbox_ch_${randomUUID()}`, message: `Charged ${(amountCents / 100).toFixed(2)} ${currency}` }
          : { status: 'DECLINED', ref: `sandbox_ch_${randomUUID()}`, message: 'Insufficient funds' };
      charges.set(idempotencyKey, result);
      return result;
    },
  };
}
