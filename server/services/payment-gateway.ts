import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { badRequest, paymentRequired } from '../errors.ts';
import { clock } from '../clock.ts';

export type VaultedCard = { ref: string; brand: string; last4: string; expMonth: number; expYear: number };
export type ChargeResult = { status: 'SUCCEEDED' | 'DECLINED'; ref: string; message: string };

/**
 * What the billing service needs from a card payment provider (README, "Payments"). A real
 * adapter (Stripe, Braintree) maps these onto the provider's API; the card itself never reaches
 * this server: the provider's hosted card fields turn it into a token first.
 */
export interface PaymentGateway {
  readonly name: string;
  readonly environment: 'sandbox' | 'production';
  /** Where the card form sends the card for a payment-method token. */
  readonly tokenizeUrl: string;
  /** Authorizes one customer's card form at the provider. */
  clientToken(customerId: string): Promise<string>;
  /** Stores a card from a card-form token; throws 402 when the card is refused. */
  vault(paymentMethodToken: string): Promise<VaultedCard>;
  /** Charges a stored card; the same idempotency key never charges twice. */
  charge(cardRef: string, amountCents: number, currency: string, idempotencyKey: string): Promise<ChargeResult>;
}

/** How a sandbox test card behaves once it is tokenized. */
type TestCard = {
  number: string;
  brand: string;
  /** The expiry a bare token (no `_expMMYY` suffix) stands for. */
  expMonth: number;
  expYear: number;
  outcome: 'succeeds' | 'insufficientFunds' | 'declined' | 'expired';
};

/**
 * The sandbox's test cards (README, "Payments"), by the token their number turns into:
 *   tok_visa, tok_mastercard, tok_amex   stored and charged successfully
 *   tok_insufficient_funds               stored, but every charge is declined
 *   tok_declined                         refused when stored
 *   tok_expired                          refused when stored (expired card)
 */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, TestCard>> = {
  tok_visa: { number: '4242424242424242', brand: 'Visa', expMonth: 12, expYear: 2030, outcome: 'succeeds' },
  tok_mastercard: { number: '5555555555554444', brand: 'Mastercard', expMonth: 6, expYear: 2031, outcome: 'succeeds' },
  tok_amex: { number: '378282246310005', brand: 'American Express', expMonth: 3, expYear: 2029, outcome: 'succeeds' },
  tok_declined: { number: '4000000000000002', brand: 'Visa', expMonth: 12, expYear: 2030, outcome: 'declined' },
  tok_expired: { number: '4000000000000069', brand: 'Visa', expMonth: 12, expYear: 2030, outcome: 'expired' },
  tok_insufficient_funds: { number: '4000000000009995', brand: 'Visa', expMonth: 1, expYear: 2032, outcome: 'insufficientFunds' },
};

const TOKEN_BY_NUMBER = new Map(Object.entries(SANDBOX_TEST_CARDS).map(([token, card]) => [card.number, token]));

/** A sandbox token: the test card's token, with the expiry typed into the card form as `_expMMYY`. */
const SANDBOX_TOKEN = /^(tok_[a-z_]+?)(?:_exp(0[1-9]|1[0-2])(\d{2}))?$/;

export function parseSandboxToken(token: string): { base: string; card: TestCard; expMonth: number; expYear: number } | null {
  const match = SANDBOX_TOKEN.exec(token);
  const card = match && Object.hasOwn(SANDBOX_TEST_CARDS, match[1]!) ? SANDBOX_TEST_CARDS[match[1]!] : undefined;
  if (!match || !card) return null;
  return match[2] ? { base: match[1]!, card, expMonth: Number(match[2]), expYear: 2000 + Number(match[3]) } : { base: match[1]!, card, expMonth: card.expMonth, expYear: card.expYear };
}

/** A card is good through the last day of its expiry month (UTC). */
export const isExpired = (expMonth: number, expYear: number, now: Date) => Date.UTC(expYear, expMonth, 1) <= now.getTime();

/** The Luhn check digit every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

const isAmex = (digits: string) => /^3[47]/.test(digits);

export type TokenizedCard = { token: string; card: { brand: string; last4: string; expMonth: number; expYear: number } };

/** A whole number given as a number or as digits ("08"), else NaN. */
function wholeNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isInteger(value) ? value : NaN;
  if (typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value)) return Number(value);
  return NaN;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * What the sandbox's card form endpoint does with a card: the checks a real gateway makes
 * (check digit, expiry, security code, the billing fields), then the token of the test card the
 * number stands for. Errors never repeat what was sent.
 */
export function tokenizeSandboxCard(body: unknown, now: Date): TokenizedCard {
  const input = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const number = typeof input.number === 'string' && input.number.length <= 40 ? input.number.replace(/[\s-]/g, '') : '';
  if (!passesLuhn(number)) throw badRequest('Your card number is invalid', 'CARD_NUMBER_INVALID');

  const expMonth = wholeNumber(input.expMonth);
  const expYear = wholeNumber(input.expYear);
  if (!(expMonth >= 1 && expMonth <= 12) || !(expYear >= 1000 && expYear <= 9999)) throw badRequest("Your card's expiration date is invalid", 'CARD_EXPIRY_INVALID');
  if (isExpired(expMonth, expYear, now)) throw badRequest("Your card's expiration date is in the past", 'CARD_EXPIRY_INVALID');
  // The token carries the year in two digits: a card valid for more than 50 years is a typo.
  if (expYear > now.getUTCFullYear() + 50) throw badRequest("Your card's expiration year is invalid", 'CARD_EXPIRY_INVALID');

  const cvc = typeof input.cvc === 'number' ? String(input.cvc) : text(input.cvc);
  if (!(isAmex(number) ? /^\d{4}$/ : /^\d{3}$/).test(cvc)) throw badRequest("Your card's security code is invalid", 'CVC_INVALID');
  const postalCode = text(input.postalCode);
  if (!postalCode || postalCode.length > 12) throw badRequest('Enter the postal code of the card', 'POSTAL_CODE_INVALID');
  const name = text(input.name);
  if (!name || name.length > 100) throw badRequest('Enter the name on the card', 'CARDHOLDER_NAME_INVALID');

  const base = TOKEN_BY_NUMBER.get(number);
  if (!base) throw badRequest('This is the sandbox: use a test card such as 4242 4242 4242 4242', 'CARD_NUMBER_UNKNOWN');
  const card = SANDBOX_TEST_CARDS[base]!;
  const suffix = `${String(expMonth).padStart(2, '0')}${String(expYear % 100).padStart(2, '0')}`;
  return { token: `${base}_exp${suffix}`, card: { brand: card.brand, last4: number.slice(-4), expMonth, expYear } };
}

export type SandboxGateway = PaymentGateway & {
  /** The customer tag of a client token this gateway issued, or null for any other string. */
  clientTokenCustomer(clientToken: string): string | null;
  tokenize(body: unknown): TokenizedCard;
};

export const SANDBOX_TOKENIZE_PATH = '/sandbox-gateway/v1/tokens';

/**
 * The documented sandbox: no network, deterministic test cards (SANDBOX_TEST_CARDS). Its card
 * form endpoint (server/plugins/sandbox-gateway.ts) turns a test card number into a token;
 * the bare tokens work too, with their default expiry. It keeps no card data: a token names the
 * test card and the typed expiry, nothing else.
 */
export function createSandboxGateway(options: { secret?: string | Uint8Array; now?: () => Date } = {}): SandboxGateway {
  const { secret = 'sandbox', now = () => clock.now() } = options;
  const mac = (message: string) => createHmac('sha256', secret).update(message).digest('base64url').slice(0, 16);
  const charges = new Map<string, ChargeResult>();
  return {
    name: 'sandbox',
    environment: 'sandbox',
    tokenizeUrl: SANDBOX_TOKENIZE_PATH,
    // Stable per customer and signed, so the card form endpoint can tell its own tokens apart.
    async clientToken(customerId) {
      const tag = mac(`customer:${customerId}`);
      return `sandbox_ct_${tag}.${mac(`client-token:${tag}`)}`;
    },
    clientTokenCustomer(clientToken) {
      const match = /^sandbox_ct_([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{16})$/.exec(clientToken);
      if (!match) return null;
      const expected = Buffer.from(mac(`client-token:${match[1]}`));
      return timingSafeEqual(expected, Buffer.from(match[2]!)) ? match[1]! : null;
    },
    tokenize: (body) => tokenizeSandboxCard(body, now()),
    async vault(token) {
      const parsed = parseSandboxToken(token);
      if (!parsed) throw paymentRequired('The card could not be verified, please check the details', 'CARD_INVALID');
      const { base, card, expMonth, expYear } = parsed;
      if (card.outcome === 'declined') throw paymentRequired('Your card was declined', 'CARD_DECLINED');
      if (card.outcome === 'expired' || isExpired(expMonth, expYear, now())) throw paymentRequired('Your card has expired', 'CARD_EXPIRED');
      return { ref: `sandbox_pm_${base}_${randomUUID()}`, brand: card.brand, last4: card.number.slice(-4), expMonth, expYear };
    },
    async charge(cardRef, amountCents, currency, idempotencyKey) {
      const previous = charges.get(idempotencyKey);
      if (previous) return previous;
      const token = /^sandbox_pm_(tok_[a-z_]+?)_[0-9a-f-]{36}$/.exec(cardRef)?.[1];
      const card = token && Object.hasOwn(SANDBOX_TEST_CARDS, token) ? SANDBOX_TEST_CARDS[token] : undefined;
      const result: ChargeResult =
        card?.outcome === 'succeeds' && amountCents >= 0
          ? { status: 'SUCCEEDED', ref: `sandbox_ch_${randomUUID()}`, message: `Charged ${(amountCents / 100).toFixed(2)} ${currency}` }
          : { status: 'DECLINED', ref: `sandbox_ch_${randomUUID()}`, message: 'Insufficient funds' };
      charges.set(idempotencyKey, result);
      return result;
    },
  };
}
