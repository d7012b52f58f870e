import { max, min, numeric, required, westernDigits, type Rule } from './rules.ts';

// The card fields' own checks (the payment gateway's fields): the §5 rules where one
// applies (required, min, max, numeric, each with its exact message), and the card checks a
// payment form is expected to make before anything is sent: the number's check digit (Luhn)
// and an expiry that is not in the past.

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** '4242 4242-4242 4242' → '4242424242424242': what a person types, as the gateway reads it. */
export const cardDigits = (value: unknown): string => westernDigits(String(value ?? '')).replace(/[\s-]/g, '');

/** The Luhn check digit of a card number (every card brand uses it). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Digits (spaces and dashes allowed between groups), 12 to 19 of them, with a valid check digit. */
export const cardNumber =
  (): Rule =>
  (value, label) => {
    if (isBlank(value)) return true;
    const digits = cardDigits(value);
    if (!/^\d+$/.test(digits)) return `The ${label} must be a number`;
    return passesLuhn(digits) ? true : `The ${label} is not a valid card number`;
  };

/** 'MM/YY' (or 'MM/YYYY', 'MM YY', 'MMYY') → month and four-digit year; null when unreadable. */
export function parseExpiry(value: unknown): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*[/\s-]?\s*(\d{2}|\d{4})$/.exec(westernDigits(String(value ?? '')).trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is good through the last day of its expiry month. */
export const expiry =
  (now: () => Date = () => new Date()): Rule =>
  (value, label) => {
    if (isBlank(value)) return true;
    const parsed = parseExpiry(value);
    if (!parsed) return `The ${label} must be a month and year, like 08/29`;
    const today = now();
    const expired = parsed.year < today.getFullYear() || (parsed.year === today.getFullYear() && parsed.month < today.getMonth() + 1);
    return expired ? `The ${label} is in the past` : true;
  };

/** The fields of every card form (payment, a new card on billing), in the order they show. */
export const CARD_FIELDS = {
  name: { label: 'Name on Card', rules: [required(), min(2), max(50)] },
  number: { label: 'Card Number', rules: [required(), cardNumber()] },
  expiry: { label: 'Expiry Date', rules: [required(), expiry()] },
  cvc: { label: 'CVC', rules: [required(), numeric(), min(3), max(4)] },
  postalCode: { label: 'Postal Code', rules: [required(), max(10)] },
} satisfies Record<string, { label: string; rules: Rule[] }>;

export type CardValues = Record<keyof typeof CARD_FIELDS, string>;

/** The gateway's refusals that belong to one card field (the rest are the form's own message). */
export const CARD_FIELD_ERRORS: Record<string, keyof CardValues> = {
  CARD_NUMBER_INVALID: 'number',
  CARD_NUMBER_UNKNOWN: 'number',
  CARD_EXPIRY_INVALID: 'expiry',
  CVC_INVALID: 'cvc',
  POSTAL_CODE_INVALID: 'postalCode',
  CARDHOLDER_NAME_INVALID: 'name',
};
