import { describe, expect, it } from 'vitest';
import type { Subscription } from '@/machines/shared/domain';
import { selectTrial, trialNotice } from '@/views/layout/trial';

// The banner a user in a trial sees: when the trial ends and what happens then (spec §2, §4).

const NOW = Date.parse('2026-12-01T09:00:00.000Z');
const trial: Subscription = {
  id: 's1',
  source: 'PERSONAL',
  organizationId: null,
  organizationName: null,
  status: 'TRIALING',
  isActive: true,
  isTrialActive: true,
  trialEndsAt: '2026-12-11T09:00:00.000Z',
  currentPeriodEnd: '2026-12-11T09:00:00.000Z',
  cancelAtPeriodEnd: false,
  amount: 149,
  currency: 'USD',
  createdAt: '2026-11-27T09:00:00.000Z',
  paymentMethod: { id: 'p1', brand: 'Visa', last4: '4242', expMonth: 8, expYear: 2030 },
};
const trialOf = (subscription: Subscription) => selectTrial({ context: { data: [subscription] } } as unknown as Parameters<typeof selectTrial>[0]);
const day = new Date(trial.trialEndsAt!).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

describe('the trial banner', () => {
  it('says a trial with a card on file becomes a paid year on that card, and offers billing, not an upgrade', () => {
    expect(trialNotice(trialOf(trial)!, 149, NOW)).toEqual({
      title: `Your free trial ends in 10 days, on ${day}.`,
      detail: 'Then $149 a year on Visa •••• 4242, until you cancel.',
      renews: true,
    });
  });

  it('invites a user whose trial will not renew (cancelled, or no card) to subscribe', () => {
    for (const subscription of [{ ...trial, cancelAtPeriodEnd: true }, { ...trial, paymentMethod: null }]) {
      expect(trialNotice(trialOf(subscription)!, 149, NOW)).toEqual({
        title: `Your free trial ends in 10 days, on ${day}.`,
        detail: 'Subscribe for $149 a year to keep full access when your trial ends.',
        renews: false,
      });
    }
  });

  it('counts a started day as a day, and at its end says today, without a date', () => {
    expect(trialNotice(trialOf(trial)!, 149, Date.parse('2026-12-11T08:00:00.000Z')).title).toBe(`Your free trial ends in 1 day, on ${day}.`);
    expect(trialNotice(trialOf(trial)!, 149, Date.parse(trial.trialEndsAt!)).title).toBe('Your free trial ends today.');
  });

  it('is no trial once the subscription is paid', () => {
    expect(trialOf({ ...trial, status: 'ACTIVE', isTrialActive: false })).toBeNull();
  });
});
