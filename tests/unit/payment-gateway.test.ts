import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/errors.ts';
import { createSandboxGateway } from '../../server/services/payment-gateway.ts';

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
});
