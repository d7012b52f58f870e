import { describe, expect, it } from 'vitest';
import { cardDigits, CARD_FIELDS, cardNumber, expiry, parseExpiry, passesLuhn } from '@/lib/validation/card';
import { validate } from '@/lib/validation/rules';

// The card fields' checks: §5's messages where a rule applies, Luhn for the number
// and an expiry that is not in the past.

const check = (field: keyof typeof CARD_FIELDS, value: string) => validate(value, CARD_FIELDS[field].rules, CARD_FIELDS[field].label);

describe('card rules', () => {
  it.each([
    ['4242424242424242', true],
    ['4000000000000002', true],
    ['5555555555554444', true],
    ['378282246310005', true],
    ['4242424242424241', false],
    ['1234567890123', false],
    ['42424242', false],
  ])('Luhn %s → %s', (number, valid) => {
    expect(passesLuhn(number)).toBe(valid);
  });

  it('reads the number as typed: spaces, dashes, Arabic-Indic digits', () => {
    expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(cardDigits('٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢')).toBe('4242424242424242');
    expect(cardNumber()('4242 4242 4242 4242', 'Card Number')).toBe(true);
  });

  it('gives each field its message', () => {
    expect(check('number', '')).toEqual(['The Card Number field is required']);
    expect(check('number', '4242 4242 4242 4241')).toEqual(['The Card Number is not a valid card number']);
    expect(check('number', '4242 abcd')).toEqual(['The Card Number must be a number']);
    expect(check('name', 'A')).toEqual(['The Name on Card must have at least 2 characters']);
    expect(check('name', 'A'.repeat(51))).toEqual(['The Name on Card must not exceed 50 characters']);
    expect(check('cvc', '12a')).toEqual(['The CVC must be a number']);
    expect(check('cvc', '12')).toEqual(['The CVC must have at least 3 characters']);
    expect(check('cvc', '12345')).toEqual(['The CVC must not exceed 4 characters']);
    expect(check('postalCode', ' ')).toEqual(['The Postal Code field is required']);
    expect(check('expiry', '13/29')).toEqual(['The Expiry Date must be a month and year, like 08/29']);
  });

  it('accepts an expiry through the end of its month, and refuses an earlier one', () => {
    const now = () => new Date(2026, 10, 23);
    expect(expiry(now)('11/26', 'Expiry Date')).toBe(true);
    expect(expiry(now)('10/26', 'Expiry Date')).toBe('The Expiry Date is in the past');
    expect(expiry(now)('08/2029', 'Expiry Date')).toBe(true);
    expect(parseExpiry('0829')).toEqual({ month: 8, year: 2029 });
    expect(parseExpiry('8 / 29')).toEqual({ month: 8, year: 2029 });
  });
});
