import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_CODE, NO_RESPONSE_STATUS } from '@/api/errors';
import { formMachine } from '@/machines/form/form.machine';
import type { FormValues } from '@/machines/form/form.types';
import { payWithToken, registrationMachine } from '@/machines/billing/registration.machine';
import { selectCardForm, selectIsPaying, selectPaymentError, selectRetry } from '@/machines/billing/registration.selectors';
import type { Registration, RegistrationRequest } from '@/machines/billing/registration.types';
import { settle, simulatedClock } from '../support/model';

// Paying (spec §7, §8, §9): one Idempotency-Key per purchase attempt, reused on every
// retry; up to 4 retries 2, 4, 8, 16 s apart on a network error or a 422, on a simulated clock;
// no retry on a decline; a double click buys once; once paid the app reloads and moves on.

const REQUEST: RegistrationRequest = { paymentMethodToken: 'tok_visa_exp0829', billingName: 'Ada Lovelace', postalCode: '97201' };
const PAID = { subscription: { id: 's1' }, transaction: null } as unknown as Registration;
const UNPROCESSABLE = () => new ApiError(422, 'UNPROCESSABLE', 'Try again');
const OFFLINE = () => new ApiError(NO_RESPONSE_STATUS, NETWORK_ERROR_CODE, GENERIC_ERROR_MESSAGE);
const DECLINED = () => new ApiError(402, 'CARD_DECLINED', 'Your card was declined');

type Call = { key: string; request: RegistrationRequest };

function start(answers: (() => Promise<Registration>)[], tokenize = vi.fn(async (_values: FormValues) => ({ token: 'tok_visa_exp0829' }))) {
  const { clock, advance } = simulatedClock();
  const calls: Call[] = [];
  const proceed = vi.fn();
  const refresh = vi.fn(async () => undefined);
  let keys = 0;
  const actor = createActor(
    registrationMachine.provide({
      actors: {
        cardForm: formMachine.provide({
          actors: { submit: fromPromise<unknown, FormValues>(({ input }) => tokenize(input)) },
          actions: { notifyError: () => undefined, submitted: payWithToken },
        }),
        register: fromPromise<Registration, Call>(({ input }) => {
          calls.push(input);
          const answer = answers[calls.length - 1] ?? answers[answers.length - 1]!;
          return answer();
        }),
        refresh: fromPromise<void, void>(refresh),
      },
      actions: { proceed },
    }),
    { clock, input: { makeKey: () => `purchase-${++keys}` } },
  ).start();
  return { actor, calls, proceed, refresh, tokenize, advance };
}

const fail = (error: () => Error) => () => Promise.reject(error());
const succeed = () => Promise.resolve(PAID);

describe('registration machine', () => {
  it('pays with the card form: the gateway token goes to the registration, then the app moves on', async () => {
    const { actor, calls, proceed, refresh, tokenize } = start([succeed]);
    const card = selectCardForm(actor.getSnapshot())!;
    const values = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '08/29', cvc: '123', postalCode: '97201' };
    for (const [field, value] of Object.entries(values)) card.send({ type: 'form.change', field, value });
    card.send({ type: 'form.submit' });
    card.send({ type: 'form.submit' });
    await settle();
    await settle();
    expect(tokenize).toHaveBeenCalledTimes(1);
    expect(tokenize.mock.calls[0]![0]).toMatchObject(values);
    expect(calls).toEqual([{ key: 'purchase-1', request: REQUEST }]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(proceed).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches('paid')).toBe(true);
  });

  it('checks the card before the gateway sees it: a bad number never leaves the form', async () => {
    const { actor, calls, tokenize } = start([succeed]);
    const card = selectCardForm(actor.getSnapshot())!;
    const values = { name: 'Ada Lovelace', number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12', postalCode: '97201' };
    for (const [field, value] of Object.entries(values)) card.send({ type: 'form.change', field, value });
    card.send({ type: 'form.submit' });
    await settle();
    expect(tokenize).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
    expect(card.getSnapshot().context.errors).toEqual({
      number: ['The Card Number is not a valid card number'],
      expiry: ['The Expiry Date is in the past'],
      cvc: ['The CVC must have at least 3 characters'],
    });
  });

  it('retries a 422 four times, 2, 4, 8 and 16 s apart, with the same key, then gives up', async () => {
    const { actor, calls, advance, proceed } = start([fail(UNPROCESSABLE)]);
    actor.send({ type: 'registration.pay', request: REQUEST });
    await settle();
    expect(calls).toHaveLength(1);
    for (const [retry, delay] of [2000, 4000, 8000, 16000].entries()) {
      expect(actor.getSnapshot().matches('waitingToRetry')).toBe(true);
      expect(selectRetry(actor.getSnapshot())).toEqual({ retry: retry + 1, of: 4 });
      advance(delay - 1);
      await settle();
      expect(calls, `retry ${retry + 1} not before ${delay} ms`).toHaveLength(retry + 1);
      advance(1);
      await settle();
      expect(calls, `retry ${retry + 1} at ${delay} ms`).toHaveLength(retry + 2);
    }
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    advance(60_000);
    await settle();
    expect(calls).toHaveLength(5);
    expect(new Set(calls.map((call) => call.key))).toEqual(new Set(['purchase-1']));
    expect(calls.every((call) => call.request === calls[0]!.request)).toBe(true);
    expect(selectPaymentError(actor.getSnapshot())).toBe('Try again');
    expect(proceed).not.toHaveBeenCalled();
  });

  it('retries a network error and stops at the first success', async () => {
    const { actor, calls, advance, proceed } = start([fail(OFFLINE), fail(OFFLINE), succeed]);
    actor.send({ type: 'registration.pay', request: REQUEST });
    await settle();
    advance(2000);
    await settle();
    advance(4000);
    await settle();
    await settle();
    expect(calls.map((call) => call.key)).toEqual(['purchase-1', 'purchase-1', 'purchase-1']);
    expect(proceed).toHaveBeenCalledTimes(1);
    advance(60_000);
    await settle();
    expect(calls).toHaveLength(3);
  });

  it('does not retry a decline, and shows the gateway message', async () => {
    const { actor, calls, advance } = start([fail(DECLINED)]);
    actor.send({ type: 'registration.pay', request: REQUEST });
    await settle();
    advance(60_000);
    await settle();
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(selectIsPaying(actor.getSnapshot())).toBe(false);
    expect(selectPaymentError(actor.getSnapshot())).toBe('Your card was declined');
  });

  it('buys once on a double click, and a new attempt after a decline gets a new key', async () => {
    const { actor, calls } = start([fail(DECLINED), succeed]);
    actor.send({ type: 'registration.pay', request: REQUEST });
    actor.send({ type: 'registration.pay', request: REQUEST });
    expect(selectIsPaying(actor.getSnapshot())).toBe(true);
    await settle();
    expect(calls).toHaveLength(1);
    actor.send({ type: 'registration.pay', request: { ...REQUEST, paymentMethodToken: 'tok_mastercard' } });
    await settle();
    await settle();
    expect(calls.map((call) => call.key)).toEqual(['purchase-1', 'purchase-2']);
    expect(actor.getSnapshot().matches('paid')).toBe(true);
  });
});
