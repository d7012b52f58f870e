import { longDate } from '@/lib/offer';
import type { Subscription } from '@/machines/shared/domain';

// A subscription's state in words (issue 12): in trial until <date>, renews on <date>,
// cancelled — access until <date>, lapsed.

export type StatusTone = 'ok' | 'trial' | 'warn' | 'ended';
export type SubscriptionStatusText = { badge: string; tone: StatusTone; sentence: string };

export function subscriptionStatus(subscription: Subscription): SubscriptionStatusText {
  const end = longDate(subscription.currentPeriodEnd);
  switch (subscription.status) {
    case 'TRIALING':
      return { badge: 'Free trial', tone: 'trial', sentence: `In trial until ${longDate(subscription.trialEndsAt ?? subscription.currentPeriodEnd)}` };
    case 'ACTIVE':
      return { badge: 'Active', tone: 'ok', sentence: `Renews on ${end}` };
    case 'CANCELED':
      return subscription.isActive
        ? { badge: 'Cancelled', tone: 'warn', sentence: `Cancelled — access until ${end}` }
        : { badge: 'Lapsed', tone: 'ended', sentence: `Lapsed on ${end}` };
    case 'PAST_DUE':
      return { badge: 'Payment failed', tone: 'ended', sentence: `Lapsed on ${end}: the renewal payment was declined` };
    default:
      return { badge: 'Lapsed', tone: 'ended', sentence: `Lapsed on ${end}` };
  }
}

/** The subscription billing shows (spec §4): the active one, else the latest. */
export function shownSubscription(subscriptions: readonly Subscription[]): Subscription | null {
  const active = subscriptions.find((s) => s.isActive);
  if (active) return active;
  return subscriptions.reduce<Subscription | null>((latest, s) => (latest === null || Date.parse(s.createdAt) > Date.parse(latest.createdAt) ? s : latest), null);
}
