import { longDate } from '@/lib/offer';
import type { Subscription } from '@/machines/shared/domain';

// A subscription's state in words: in trial until <date>, renews on <date>,
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
