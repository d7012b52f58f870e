import type { SnapshotFrom } from 'xstate';
import type { SubscriptionsMachine } from '@/machines/subscriptions/subscriptions.machine';
import { selectActiveSubscription } from '@/machines/subscriptions/subscriptions.selectors';

const DAY = 24 * 60 * 60 * 1000;

export type TrialState = { endsAt: string | null } | null;

/** The active subscription's trial, or null when the user is not in a trial. */
export const selectTrial = (snapshot: SnapshotFrom<SubscriptionsMachine>): TrialState => {
  const active = selectActiveSubscription(snapshot);
  return active?.isTrialActive ? { endsAt: active.trialEndsAt } : null;
};

/** Whole days left, counting a started day as a day; null when the end is unknown. */
export function daysLeft(endsAt: string | null, now = Date.now()): number | null {
  if (!endsAt) return null;
  const end = Date.parse(endsAt);
  return Number.isNaN(end) ? null : Math.max(0, Math.ceil((end - now) / DAY));
}

export function trialSummary(endsAt: string | null): string {
  const days = daysLeft(endsAt);
  if (days === null) return 'You are on a free trial.';
  if (days === 0) return 'Your free trial ends today.';
  return `Your free trial ends in ${days} ${days === 1 ? 'day' : 'days'}.`;
}
