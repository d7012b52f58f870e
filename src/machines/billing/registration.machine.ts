import { assign, sendParent, setup } from 'xstate';
import { isRetryableRegistrationFailure, registrationRetryDelayMs, REGISTRATION_RETRIES } from '@/lib/registration';
import { randomUuid } from '@/lib/uuid';
import { CARD_FIELD_ERRORS, CARD_FIELDS } from '@/lib/validation/card';
import { formMachine } from '@/machines/form/form.machine';
import type { FormContext, FormEvent, FormInput, FormValues } from '@/machines/form/form.types';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import type { Registration, RegistrationContext, RegistrationEvent, RegistrationInput, RegistrationRequest } from './registration.types';

// Paying for a subscription (spec §7, §8). The card form (the gateway's fields, a form
// machine invoked as `card`) turns the card into a token and hands it here; one purchase attempt
// gets one Idempotency-Key, kept through every retry, so the server answers a replay with the
// first outcome instead of charging twice. A network error or a 422 is retried up to 4 times,
// 2^n seconds apart (2, 4, 8, 16 s); a decline (402) or any other refusal is not retried. Paying
// again while an attempt runs does nothing (a double click buys once). Once paid, the app's
// subscriptions are reloaded and the guard sends the user on (dashboard, or onboarding).

/** The card form of a purchase; refusals of one card field are shown under it. */
export const CARD_FORM_INPUT: FormInput = { fields: CARD_FIELDS, serverFieldErrors: CARD_FIELD_ERRORS, formErrors: 'inline' };

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    tags: {} as 'busy',
  },
  actors: {
    /** The card fields: validated by the form machine, tokenized by the gateway. */
    cardForm: formMachine,
    register: placeholderActor<Registration, { key: string; request: RegistrationRequest }>('register'),
    /** Reloads what the guard decides on (the subscriptions). */
    refresh: placeholderActor<void>('refresh'),
  },
  actions: {
    /** Leaves for the app: the guard picks the dashboard or onboarding. */
    proceed: placeholderAction('proceed'),
    startAttempt: assign(({ context }, params: { request: RegistrationRequest }) => ({
      key: context.makeKey(),
      request: params.request,
      retries: 0,
      error: null,
    })),
    countRetry: assign(({ context }) => ({ retries: context.retries + 1 })),
    storeError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    storeResult: assign((_, params: { result: Registration }) => ({ result: params.result })),
  },
  guards: {
    mayRetry: ({ context }, params: { error: unknown }) => context.retries < context.maxRetries && isRetryableRegistrationFailure(params.error),
  },
  delays: {
    /** 2^n seconds before retry n. */
    retryDelay: ({ context }) => registrationRetryDelayMs(context.retries),
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({
    key: null,
    request: null,
    retries: 0,
    maxRetries: input.maxRetries ?? REGISTRATION_RETRIES,
    makeKey: input.makeKey ?? randomUuid,
    error: null,
    result: null,
  }),
  invoke: { id: 'card', src: 'cardForm', input: (): FormInput => CARD_FORM_INPUT },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'registration.pay': { target: 'registering', actions: { type: 'startAttempt', params: ({ event }) => event } },
      },
    },
    registering: {
      tags: 'busy',
      invoke: {
        src: 'register',
        input: ({ context }) => ({ key: context.key!, request: context.request! }),
        onDone: { target: 'refreshing', actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) } },
        onError: [
          { guard: { type: 'mayRetry', params: ({ event }) => ({ error: event.error }) }, target: 'waitingToRetry', actions: 'countRetry' },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    waitingToRetry: {
      tags: 'busy',
      after: { retryDelay: 'registering' },
    },
    refreshing: {
      tags: 'busy',
      // Paid either way: a failed reload only means the guard asks the server again.
      invoke: { src: 'refresh', onDone: 'paid', onError: 'paid' },
    },
    failed: {
      on: {
        'registration.pay': { target: 'registering', actions: { type: 'startAttempt', params: ({ event }) => event } },
      },
    },
    paid: { type: 'final', entry: 'proceed' },
  },
});

/**
 * The card form's `submitted` action in a purchase: the gateway's token (and the name and postal
 * code typed, which the server keeps for the receipt) go to the registration as `registration.pay`.
 */
export const payWithToken = sendParent<FormContext, FormEvent, { result: unknown; values: FormValues }, RegistrationEvent, FormEvent>((_, { result, values }) => {
  const { token } = result as { token: string };
  return {
    type: 'registration.pay',
    request: { paymentMethodToken: token, billingName: String(values.name ?? '').trim(), postalCode: String(values.postalCode ?? '').trim() },
  } satisfies RegistrationEvent;
});

export type RegistrationMachine = typeof registrationMachine;
