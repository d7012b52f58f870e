import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/errors.ts';
import { createSandboxGateway, passesLuhn, tokenizeSandboxCard } from '../../server/services/payment-gateway.ts';

describe('sandbox payment gateway', () => {
  it('stores and charges the documented test cards', async () => {
    const gateway = createSandboxGateway();
    const card = await gateway.vault('tok_visa');
    expect(card).toMatchObject({ brand: 'Visa', last4: '4242' });
    const charge = await gateway.charge(card.ref, 14900, 'USD', 'k1');
    expect(charge.status).toBe('SUCCEEDED');
    expect(await gateway.charge(card.ref, 14900, 'USD', 'k1')).toEqual(charge);
  });

  it('refuses declined, expired and unknown cards with 402', async () => {
    const gateway = createSandboxGateway();
    for (const [token, code] of [
      ['tok_declined', 'CARD_DECLINED'],
      ['tok_expired', 'CARD_EXPIRED'],
      ['tok_made_up', 'CARD_INVALID'],
    ] as const) {
      const err = await gateway.vault(token).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpError);
      expect(err).toMatchObject({ statusCode: 402, code });
    }
  });

  it('stores a card whose charges are declined', async () => {
    const gateway = createSandboxGateway();
    const card = await gateway.vault('tok_insufficient_funds');
    expect((await gateway.charge(card.ref, 14900, 'USD', 'k2')).status).toBe('DECLINED');
  });

  it('gives each customer a stable client token', async () => {
    const gateway = createSandboxGateway();
    expect(await gateway.clientToken('a')).toBe(await gateway.clientToken('a'));
    expect(await gateway.clientToken('a')).not.toBe(await gateway.clientToken('b'));
  });

  it('stores the expiry a token carries, and refuses one that has passed', async () => {
    const gateway = createSandboxGateway({ now: () => new Date('2026-11-23T12:00:00Z') });
    expect(await gateway.vault('tok_visa_exp0829')).toMatchObject({ brand: 'Visa', last4: '4242', expMonth: 8, expYear: 2029 });
    expect(await gateway.vault('tok_amex_exp1126')).toMatchObject({ brand: 'American Express', last4: '0005', expMonth: 11, expYear: 2026 });
    expect(await gateway.vault('tok_visa')).toMatchObject({ expMonth: 12, expYear: 2030 });
    for (const [token, code] of [
      ['tok_visa_exp1026', 'CARD_EXPIRED'],
      ['tok_expired_exp0830', 'CARD_EXPIRED'],
      ['tok_declined_exp0830', 'CARD_DECLINED'],
      ['tok_visa_exp1330', 'CARD_INVALID'],
      ['tok_visa_exp083', 'CARD_INVALID'],
      ['tok_toString', 'CARD_INVALID'],
    ] as const) {
      await expect(gateway.vault(token), token).rejects.toMatchObject({ statusCode: 402, code });
    }
    // A card stored from a suffixed token is charged like the test card it names.
    const insufficient = await gateway.vault('tok_insufficient_funds_exp0130');
    expect((await gateway.charge(insufficient.ref, 14900, 'USD', 'k3')).status).toBe('DECLINED');
    const visa = await gateway.vault('tok_visa_exp0829');
    expect((await gateway.charge(visa.ref, 14900, 'USD', 'k4')).status).toBe('SUCCEEDED');
  });

  it('recognizes only the client tokens it issued', async () => {
    const gateway = createSandboxGateway({ secret: 'one' });
    const token = await gateway.clientToken('customer-1');
    expect(gateway.clientTokenCustomer(token)).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(gateway.clientTokenCustomer(await createSandboxGateway({ secret: 'two' }).clientToken('customer-1'))).toBeNull();
    for (const other of ['', 'sandbox_ct_', `${token}x`, token.replace('.', '_'), token.toUpperCase()]) expect(gateway.clientTokenCustomer(other), other).toBeNull();
  });

  it('checks cards as a card form would', () => {
    expect(['4242424242424242', '5555555555554444', '378282246310005', '4000000000000002', '4000000000000069', '4000000000009995'].every(passesLuhn)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242')).toBe(false);
    const now = new Date('2026-11-23T12:00:00Z');
    const card = { number: '4242 4242 4242 4242', expMonth: 11, expYear: 2026, cvc: '123', postalCode: '97201', name: 'A B' };
    expect(tokenizeSandboxCard(card, now)).toEqual({ token: 'tok_visa_exp1126', card: { brand: 'Visa', last4: '4242', expMonth: 11, expYear: 2026 } });
    expect(() => tokenizeSandboxCard({ ...card, expMonth: 10 }, now)).toThrow(expect.objectContaining({ code: 'CARD_EXPIRY_INVALID' }));
    expect(() => tokenizeSandboxCard({ ...card, expYear: 2099 }, now)).toThrow(expect.objectContaining({ code: 'CARD_EXPIRY_INVALID' }));
    expect(() => tokenizeSandboxCard({ ...card, number: '378282246310005' }, now)).toThrow(expect.objectContaining({ code: 'CVC_INVALID' }));
    expect(tokenizeSandboxCard({ ...card, number: '378282246310005', cvc: '1234' }, now).token).toBe('tok_amex_exp1126');
  });
});
