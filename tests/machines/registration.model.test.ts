import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_CODE, NO_RESPONSE_STATUS } from '@/api/errors';
import { registrationRetryDelayMs } from '@/lib/registration';
import { registrationMachine } from '@/machines/billing/registration.machine';
import type { Registration, RegistrationEvent, RegistrationRequest } from '@/machines/billing/registration.types';
import { controllableActors, effectFreeModel, expectFullCoverage, settle, simulatedClock, walkModel } from '../support/model';

// The registration statechart walked path by path on the real machine and a simulated clock:
// every retry delay is run one millisecond short first (no retry may come early), and the driver
// counts what the server was sent — one key per purchase attempt, the same on every retry.

type ModelEvent =
  | RegistrationEvent
  | { type: 'model.done.register' }
  | { type: 'model.error.register'; error: unknown }
  | { type: 'model.after.retryDelay' }
  | { type: 'model.done.refresh' }
  | { type: 'model.error.refresh' };

const REQUEST: RegistrationRequest = { paymentMethodToken: 'tok_visa', billingName: 'Ada Lovelace', postalCode: '97201' };
const EVENTS: ModelEvent[] = [
  { type: 'registration.pay', request: REQUEST },
  { type: 'model.done.register' },
  { type: 'model.error.register', error: new ApiError(422, 'UNPROCESSABLE', 'Try again') },
  { type: 'model.error.register', error: new ApiError(NO_RESPONSE_STATUS, NETWORK_ERROR_CODE, GENERIC_ERROR_MESSAGE) },
  { type: 'model.error.register', error: new ApiError(402, 'CARD_DECLINED', 'Your card was declined') },
  { type: 'model.after.retryDelay' },
  { type: 'model.done.refresh' },
  { type: 'model.error.refresh' },
];

const model = effectFreeModel(registrationMachine);

describe('registration, model-based', () => {
  it('walks every transition of the statechart on the real machine', async (context) => {
    const coverage = await walkModel<ModelEvent>(model, {
      events: EVENTS,
      input: { makeKey: () => 'model-key' },
      serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.retries]),
      createDriver: () => {
        const { clock, advance } = simulatedClock();
        const effects = controllableActors();
        const sent: string[] = [];
        let proceeded = 0;
        let attempts = 0;
        let expectedKeys: string[] = [];
        const actor = createActor(
          registrationMachine.provide({
            actors: {
              register: fromPromise<Registration, { key: string; request: RegistrationRequest }>(({ input }) => {
                sent.push(input.key);
                return effects.promise<Registration>('register')();
              }),
              refresh: fromPromise<void, void>(() => effects.promise<void>('refresh')()),
            },
            actions: { proceed: () => void (proceeded += 1) },
          }),
          { clock, input: { makeKey: () => `key-${++attempts}` } },
        ).start();
        return {
          actor,
          step: async (event) => {
            if (event.type === 'model.done.register') effects.resolve('register', { subscription: {}, transaction: null });
            else if (event.type === 'model.error.register') effects.reject('register', event.error);
            else if (event.type === 'model.done.refresh') effects.resolve('refresh', undefined);
            else if (event.type === 'model.error.refresh') effects.reject('refresh', new Error('offline'));
            else if (event.type === 'model.after.retryDelay') {
              const delay = registrationRetryDelayMs(actor.getSnapshot().context.retries);
              const before = sent.length;
              advance(delay - 1);
              await settle();
              expect(sent.length, `no retry before ${delay} ms`).toBe(before);
              advance(1);
              expectedKeys.push(`key-${attempts}`);
            } else {
              const idle = !actor.getSnapshot().hasTag('busy') && !actor.getSnapshot().matches('paid');
              actor.send(event);
              if (idle && actor.getSnapshot().hasTag('busy')) expectedKeys = [...expectedKeys, `key-${attempts}`];
            }
            await settle();
          },
          check: (real) => {
            expect(sent).toEqual(expectedKeys);
            expect(proceeded).toBe(real.matches('paid') ? 1 : 0);
            expect(real.context.retries).toBeLessThanOrEqual(4);
          },
        };
      },
    });
    expectFullCoverage(context, coverage);
  });
});
