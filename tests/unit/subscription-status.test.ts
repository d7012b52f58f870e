import { describe, expect, it } from 'vitest';
import type { Subscription } from '@/machines/shared/domain';
import { selectShownSubscription } from '@/machines/subscriptions/subscriptions.selectors';
import { subscriptionStatus } from '@/views/billing/subscription-status';

const shownSubscription = (data: Subscription[]) =>
  selectShownSubscription({ context: { data } } as unknown as Parameters<typeof selectShownSubscription>[0]);

// Billing's plan in words and which subscription it shows (spec §4).

const base: Subscription = {
  id: 's1',
  source: 'PERSONAL',
  organizationId: null,
  organizationName: null,
  status: 'ACTIVE',
  isActive: true,
  isTrialActive: false,
  trialEndsAt: null,
  currentPeriodEnd: '2027-03-01T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  amount: 149,
  currency: 'USD',
  createdAt: '2026-03-01T12:00:00.000Z',
};
const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

describe('subscription status in words', () => {
  it('says what happens next for each state', () => {
    expect(subscriptionStatus(base).sentence).toBe(`Renews on ${date(base.currentPeriodEnd)}`);
    expect(subscriptionStatus({ ...base, status: 'TRIALING', isTrialActive: true, trialEndsAt: '2026-12-01T12:00:00.000Z' })).toMatchObject({
      badge: 'Free trial',
      sentence: `In trial until ${date('2026-12-01T12:00:00.000Z')}`,
    });
    expect(subscriptionStatus({ ...base, status: 'CANCELED', cancelAtPeriodEnd: true })).toMatchObject({
      badge: 'Cancelled',
      sentence: `Cancelled — access until ${date(base.currentPeriodEnd)}`,
    });
    expect(subscriptionStatus({ ...base, status: 'CANCELED', cancelAtPeriodEnd: true, isActive: false }).badge).toBe('Lapsed');
    expect(subscriptionStatus({ ...base, status: 'EXPIRED', isActive: false }).sentence).toBe(`Lapsed on ${date(base.currentPeriodEnd)}`);
    expect(subscriptionStatus({ ...base, status: 'PAST_DUE', isActive: false }).badge).toBe('Payment failed');
  });

  it('shows the active subscription, else the newest', () => {
    const old = { ...base, id: 'old', isActive: false, status: 'EXPIRED' as const, createdAt: '2024-01-01T00:00:00.000Z' };
    const newer = { ...base, id: 'newer', isActive: false, status: 'EXPIRED' as const, createdAt: '2025-01-01T00:00:00.000Z' };
    const active = { ...base, id: 'active', createdAt: '2023-01-01T00:00:00.000Z' };
    expect(shownSubscription([old, active, newer])?.id).toBe('active');
    expect(shownSubscription([old, newer])?.id).toBe('newer');
    expect(shownSubscription([])).toBeNull();
  });
});
