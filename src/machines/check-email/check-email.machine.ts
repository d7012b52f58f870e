import { assign, setup } from 'xstate';
import type { User } from '@/machines/shared/domain';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';

// /check-email: an account whose address is not proven yet waits here until the link e-mailed
// at sign-up is followed, in this tab, another tab or another device. The screen looks again
// every few seconds, and at once when asked ("I've confirmed it"); once the address is proven,
// the app goes on.

/** How often the screen asks whether the address was confirmed meanwhile. */
export const CHECK_EMAIL_POLL_MS = 5_000;

export type CheckEmailContext = {
  /** The last look the visitor asked for found the address still unconfirmed. */
  notYet: boolean;
  /** A look the visitor asked for is under way (the answer is then reported). */
  asked: boolean;
};

export type CheckEmailEvent = { type: 'checkEmail.check' };

export const checkEmailMachine = setup({
  types: {
    context: {} as CheckEmailContext,
    events: {} as CheckEmailEvent,
    tags: {} as 'checking',
  },
  actors: {
    fetchUser: placeholderActor<User>('fetchUser'),
  },
  actions: {
    /** The address is proven: identity learns it, and the app goes on. */
    continue: placeholderAction('continue'),
    markAsked: assign({ asked: true, notYet: false }),
    reportAnswer: assign(({ context }) => ({ notYet: context.asked, asked: false })),
  },
  guards: {
    isVerified: (_, params: { user: User }) => params.user.verified,
  },
  delays: {
    poll: CHECK_EMAIL_POLL_MS,
  },
}).createMachine({
  id: 'checkEmail',
  context: { notYet: false, asked: false },
  initial: 'waiting',
  states: {
    waiting: {
      after: { poll: 'checking' },
      on: { 'checkEmail.check': { target: 'checking', actions: 'markAsked' } },
    },
    checking: {
      tags: 'checking',
      // Asked during a look already under way: its answer is the one reported.
      on: { 'checkEmail.check': { actions: 'markAsked' } },
      invoke: {
        src: 'fetchUser',
        onDone: [
          { guard: { type: 'isVerified', params: ({ event }) => ({ user: event.output }) }, target: 'confirmed', actions: 'continue' },
          { target: 'waiting', actions: 'reportAnswer' },
        ],
        // A failed look is the same as "not yet": the next one comes anyway.
        onError: { target: 'waiting', actions: 'reportAnswer' },
      },
    },
    confirmed: { type: 'final' },
  },
});

export type CheckEmailMachine = typeof checkEmailMachine;
