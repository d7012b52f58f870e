import { fromCallback, fromPromise } from 'xstate';
import { cancelSubscription, getReceiptPdf, listTransactions, reactivateSubscription, updatePaymentMethod } from '@/api/operations';
import { longDate } from '@/lib/offer';
import { CARD_FIELD_ERRORS, CARD_FIELDS } from '@/lib/validation/card';
import { defineForm } from '@/machines/form/form.actors';
import type { FormInput } from '@/machines/form/form.types';
import type { AppServices } from '@/machines/root/app-services';
import { bindIntents } from '@/machines/shared/intents';
import { reloadResource } from '@/machines/shared/resource.actors';
import { defineScreen } from '@/machines/shared/screen';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import { localPage } from '@/machines/table/local-table';
import { tableMachine } from '@/machines/table/table.machine';
import type { FetchPageInput, TablePage } from '@/machines/table/table.types';
import { billingMachine, type BillingEvent } from './billing.machine';
import { cardFormLogic } from './card-form';
import type { Transaction } from './billing.types';

// Billing: the subscription shown is the app's own subscriptions actor (loaded by the
// guard, with the card on file); cancelling, reactivating and replacing the card are forms whose
// answers reload it, so every screen (the trial banner too) shows the new state at once, and
// /billing's own actor refreshes its payments table (a charge adds a row).

const reloadBilling = ({ actors }: AppServices) => reloadResource(actors.subscriptions);

const notify = ({ actors }: AppServices, message: string) => bindIntents(actors.snackbar, snackbarIntents).show({ message, variant: 'success' });

/** A form that acts on one subscription: its id is the form's one value. */
export const subscriptionAction = (subscriptionId: string): FormInput => ({ fields: { subscriptionId: {} }, values: { subscriptionId } });

/** Cancels at the end of the period: access continues until then (DELETE …/subscriptions/{id}). */
export const cancelForm = defineForm('cancelSubscriptionForm', {
  submit: async (services, values, signal) => {
    const subscription = await cancelSubscription(services.api, String(values.subscriptionId), { signal });
    await reloadBilling(services);
    return subscription;
  },
  submitted: (services, { result }) =>
    notify(services, `Your subscription is cancelled. You keep full access until ${longDate((result as { currentPeriodEnd: string }).currentPeriodEnd)}.`),
});

/** Undoes a cancellation, or starts a new year on the card on file (PUT …/subscriptions/{id}). */
export const reactivateForm = defineForm('reactivateSubscriptionForm', {
  submit: async (services, values, signal) => {
    const subscription = await reactivateSubscription(services.api, String(values.subscriptionId), { signal });
    await reloadBilling(services);
    return subscription;
  },
  submitted: (services, { result }) =>
    notify(services, `Your subscription is active again. It renews on ${longDate((result as { currentPeriodEnd: string }).currentPeriodEnd)}.`),
});

/** A new card for a subscription: the gateway's fields, then PUT …/payment-method with the token. */
export const updateCardInput = (subscriptionId: string): FormInput => ({
  fields: { ...CARD_FIELDS, subscriptionId: {} },
  values: { subscriptionId },
  serverFieldErrors: CARD_FIELD_ERRORS,
  formErrors: 'inline',
});

export const updateCardForm = defineScreen('updateCardForm', (services) =>
  cardFormLogic(services, {
    then: async (_, { token }, values, signal) => {
      const card = await updatePaymentMethod(services.api, String(values.subscriptionId), { paymentMethodToken: token }, { signal });
      await reloadBilling(services);
      return card;
    },
    submitted: (_, { result }) => {
      const card = result as { brand: string; last4: string };
      notify(services, `Your ${card.brand} ending in ${card.last4} will be used from now on.`);
    },
  }),
);

/** One payment's receipt (PDF). */
export const receiptInput = (transactionId: string): FormInput => ({ fields: { transactionId: {} }, values: { transactionId } });

export const receiptForm = defineForm('receiptForm', {
  submit: ({ api }, values, signal) => getReceiptPdf(api, String(values.transactionId), { signal }),
  submitted: ({ browser }, { result }) => browser.saveFile(result as { blob: Blob; fileName: string }),
});

const sortValue = (row: Transaction, key: string): string | number =>
  key === 'amount' ? row.amount : key === 'createdAt' ? Date.parse(row.createdAt) : String(row[key as keyof Transaction] ?? '');

/** /billing: the user's payments on the table machine, sorted and paged here (the list is short), again after every load of the subscriptions. */
export const billingScreen = defineScreen('billing', ({ api, actors }) =>
  billingMachine.provide({
    actors: {
      transactions: tableMachine.provide({
        actors: {
          fetchPage: fromPromise<TablePage, FetchPageInput>(async ({ input, signal }) =>
            localPage({ rows: await listTransactions(api, { signal }), sortValue, text: (row) => row.description }, input),
          ),
        },
      }),
      watchSubscriptions: fromCallback<BillingEvent>(({ sendBack }) => {
        const subscription = actors.subscriptions.on('resource.loaded', () => sendBack({ type: 'billing.subscriptionsChanged' }));
        return () => subscription.unsubscribe();
      }),
    },
  }),
);
