import type { SnapshotFrom } from 'xstate';
import type { SubscriptionsMachine } from '@/machines/subscriptions/subscriptions.machine';
import type { Subscription } from '@/machines/shared/domain';

type SubscriptionsSnapshot = SnapshotFrom<SubscriptionsMachine>;

const NONE: readonly Subscription[] = [];

export const selectSubscriptions = (snapshot: SubscriptionsSnapshot): readonly Subscription[] =>
  snapshot.context.data ?? NONE;
export const selectAreSubscriptionsLoading = (snapshot: SubscriptionsSnapshot): boolean => snapshot.hasTag('loading');
/** Spec §4 "Progress": the active subscription is the one flagged active. */
export const selectActiveSubscription = (snapshot: SubscriptionsSnapshot): Subscription | null =>
  selectSubscriptions(snapshot).find((subscription) => subscription.isActive) ?? null;
/** Spec §4: the latest is the one with the newest createdAt. */
export const selectLatestSubscription = (snapshot: SubscriptionsSnapshot): Subscription | null =>
  selectSubscriptions(snapshot).reduce<Subscription | null>(
    (latest, subscription) =>
      latest === null || Date.parse(subscription.createdAt) > Date.parse(latest.createdAt) ? subscription : latest,
    null,
  );
/** What billing shows (spec §4): the active subscription, else the latest. */
export const selectShownSubscription = (snapshot: SubscriptionsSnapshot): Subscription | null =>
  selectActiveSubscription(snapshot) ?? selectLatestSubscription(snapshot);
