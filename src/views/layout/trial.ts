import type { SnapshotFrom } from 'xstate';
import type { SubscriptionsMachine } from '@/machines/subscriptions/subscriptions.machine';
import { selectActiveSubscription } from '@/machines/subscriptions/subscriptions.selectors';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The active subscription's trial, or null when the user is not in a trial: when it ends and, if
 * it turns into a paid year by itself (a card on file, not cancelled), the card and the price.
 */
export type TrialState = { endsAt: string | null; renewal: { amount: number; card: string } | null } | null;

export const selectTrial = (snapshot: SnapshotFrom<SubscriptionsMachine>): TrialState => {
  const active = selectActiveSubscription(snapshot);
  if (!active?.isTrialActive) return null;
  const card = active.paymentMethod;
  const renews = !active.cancelAtPeriodEnd && card;
  return { endsAt: active.trialEndsAt, renewal: renews ? { amount: active.amount, card: `${card.brand} •••• ${card.last4}` } : null };
};

export const sameTrial = (a: TrialState, b: TrialState) =>
  a?.endsAt === b?.endsAt && a?.renewal?.amount === b?.renewal?.amount && a?.renewal?.card === b?.renewal?.card;

/** Whole days left, counting a started day as a day; null when the end is unknown. */
export function daysLeft(endsAt: string | null, now = Date.now()): number | null {
  if (!endsAt) return null;
  const end = Date.parse(endsAt);
  return Number.isNaN(end) ? null : Math.max(0, Math.ceil((end - now) / DAY));
}

const shortDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

/**
 * What the banner says to a user in a trial: when it ends and what happens then. A trial with a
 * card on file becomes a paid year by itself, so it says so (and the way to change it is Billing);
 * otherwise it invites the user to subscribe.
 */
export function trialNotice(trial: NonNullable<TrialState>, subscribeAmount: number, now = Date.now()) {
  const days = daysLeft(trial.endsAt, now);
  const on = trial.endsAt && days !== null && days > 0 ? `, on ${shortDate(trial.endsAt)}` : '';
  const title = `${trialSummary(trial.endsAt, now).replace(/\.$/, '')}${on}.`;
  if (trial.renewal) return { title, detail: `Then $${trial.renewal.amount} a year on ${trial.renewal.card}, until you cancel.`, renews: true };
  return { title, detail: `Subscribe for $${subscribeAmount} a year to keep full access when your trial ends.`, renews: false };
}

export function trialSummary(endsAt: string | null, now = Date.now()): string {
  const days = daysLeft(endsAt, now);
  if (days === null) return 'You are on a free trial.';
  if (days === 0) return 'Your free trial ends today.';
  return `Your free trial ends in ${days} ${days === 1 ? 'day' : 'days'}.`;
}
