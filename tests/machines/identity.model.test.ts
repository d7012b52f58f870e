import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { identityMachine } from '@/machines/identity/identity.machine';
import { selectIsAuthenticated, selectIsDemoUser, selectIsInitialized, selectUser } from '@/machines/identity/identity.selectors';
import type { IdentityEvent } from '@/machines/identity/identity.types';
import type { User } from '@/machines/shared/domain';
import { effectFreeModel, expectFullCoverage, walkModel } from '../support/model';
import { makeUser } from './fixtures';

// The identity chart walked to every state and along every transition. Identity has no effects,
// so the model and the real machine are the same logic: what makes a path able to fail is the
// driver's own record of what spec §4 "Identity state" says the context must be after each
// event (written out here, not read from the chart), checked through the app's selectors.

type ModelEvent = IdentityEvent | { type: 'xstate.init' };

const model = effectFreeModel(identityMachine);

// Not yet verified nor onboarded, so both updates show; a demo user so a second sign-in replaces the first.
const learner = makeUser('USER', { verified: false, completedOnboarding: false });
const demo = makeUser('DEMO');

const EVENTS: ModelEvent[] = [
  { type: 'identity.loaded', user: learner },
  { type: 'identity.loaded', user: demo },
  { type: 'identity.cleared' },
  { type: 'identity.emailVerified' },
  { type: 'identity.onboardingCompleted' },
  { type: 'identity.appLoading', isAppLoading: true },
  { type: 'identity.appLoading', isAppLoading: false },
];

type Expected = { user: User | null; isInitialized: boolean; isAppLoading: boolean };

describe('identity, model-based', () => {
  it('walks every transition of the statechart on the real machine', async (context) => {
    const coverage = await walkModel<ModelEvent>(model, {
      events: EVENTS,
      serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
      createDriver: () => {
        const actor = createActor(identityMachine).start();
        let expected: Expected = { user: null, isInitialized: false, isAppLoading: true };
        return {
          actor,
          step: (event) => {
            if (event.type === 'xstate.init') return;
            actor.send(event);
            const { user } = expected;
            if (event.type === 'identity.loaded') expected = { user: event.user, isInitialized: true, isAppLoading: false };
            else if (event.type === 'identity.cleared') expected = { user: null, isInitialized: true, isAppLoading: false };
            else if (event.type === 'identity.emailVerified') expected = { ...expected, user: user && { ...user, verified: true } };
            else if (event.type === 'identity.onboardingCompleted') expected = { ...expected, user: user && { ...user, completedOnboarding: true } };
            else expected = { ...expected, isAppLoading: event.isAppLoading };
          },
          check: (real) => {
            expect(real.context).toEqual(expected);
            expect(selectUser(real)).toEqual(expected.user);
            expect(selectIsAuthenticated(real)).toBe(expected.user !== null);
            expect(selectIsInitialized(real)).toBe(expected.isInitialized);
            expect(selectIsDemoUser(real)).toBe(expected.user?.role === 'DEMO');
            // Who is signed in decides the state: nobody yet, someone, or nobody for sure.
            expect(real.value).toBe(expected.user ? 'signedIn' : expected.isInitialized ? 'anonymous' : 'unknown');
          },
        };
      },
    });
    expectFullCoverage(context, coverage);
  });
});
