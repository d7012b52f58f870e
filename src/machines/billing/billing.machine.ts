import { sendTo, setup } from 'xstate';
import { placeholderCallback } from '@/machines/shared/placeholders';
import { tableMachine } from '@/machines/table/table.machine';
import { transactionsTableInput } from './billing.types';

// /billing's own actor: it owns the payments table, and shows every payment a change made. A
// cancellation, a reactivation or a new card reloads the app's subscriptions (the plan shown
// everywhere, the trial banner too); each new load of them is what refreshes the table here, so
// the forms that make the change need not know the table exists.

export type BillingEvent =
  /** The app's subscriptions loaded again: a change may have added a payment. */
  | { type: 'billing.subscriptionsChanged' }
  | { type: 'screen.leave' };

export const billingMachine = setup({
  types: {
    events: {} as BillingEvent,
  },
  actors: {
    transactions: tableMachine,
    watchSubscriptions: placeholderCallback<BillingEvent>('watchSubscriptions'),
  },
  actions: {
    refreshTransactions: sendTo('transactions', { type: 'table.refresh' as const }),
  },
}).createMachine({
  id: 'billing',
  invoke: [
    { id: 'transactions', src: 'transactions', input: transactionsTableInput() },
    { src: 'watchSubscriptions' },
  ],
  on: {
    'billing.subscriptionsChanged': { actions: 'refreshTransactions' },
  },
});

export type BillingMachine = typeof billingMachine;
