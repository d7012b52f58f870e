import { fromPromise } from 'xstate';
import { tokenizeCard, type TokenizedCard } from '@/api/gateway';
import type { CardValues } from '@/lib/validation/card';
import { formMachine } from '@/machines/form/form.machine';
import type { FormValues } from '@/machines/form/form.types';
import type { AppServices } from '@/machines/root/app-services';

// The card fields as a form machine whose submit is the gateway's tokenize: the card goes to the
// gateway, and what comes back is a payment-method token for our API. `then` is what happens with
// the token (a registration, a card replaced on a subscription).

export type CardFormEffects = {
  /** Runs after the gateway answered, inside the same submit: its failure is the form's. */
  then?: (services: AppServices, token: TokenizedCard, values: FormValues, signal: AbortSignal) => Promise<unknown>;
  submitted?: (services: AppServices, outcome: { result: unknown; values: FormValues }) => void;
};

export function cardFormLogic(services: AppServices, effects: CardFormEffects = {}) {
  return formMachine.provide({
    actors: {
      submit: fromPromise<unknown, FormValues>(async ({ input, signal }) => {
        const token = await tokenizeCard(services.api, input as CardValues, signal);
        return effects.then ? effects.then(services, token, input, signal) : token;
      }),
    },
    actions: {
      // Card forms show their failures beside the Pay button (formErrors: 'inline').
      notifyError: () => undefined,
      submitted: (_, outcome) => effects.submitted?.(services, outcome),
    },
  });
}
