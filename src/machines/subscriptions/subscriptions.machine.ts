import type { Subscription } from '@/machines/shared/domain';
import { createResourceMachine } from '@/machines/shared/resource';

// The signed-in user's subscriptions, app-wide: loaded once (the navigation guard asks for
// them), reloaded after a payment or a cancellation, forgotten at logout. A 404 already arrives
// as [] from src/api (spec §8).
export const subscriptionsMachine = createResourceMachine<readonly Subscription[]>({ id: 'subscriptions' });

export type SubscriptionsMachine = typeof subscriptionsMachine;
