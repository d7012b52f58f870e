import { assign, setup } from 'xstate';
import { placeholderActor, placeholderAction } from '@/machines/shared/placeholders';

// /email-verification: consumes the token from the link once and reports the result.

export type EmailVerificationContext = { token: string; email: string | null; error: unknown };

export type EmailVerificationEvent = { type: 'emailVerification.retry' };

export const emailVerificationMachine = setup({
  types: {
    context: {} as EmailVerificationContext,
    input: {} as { token: string },
    events: {} as EmailVerificationEvent,
    tags: {} as 'verifying',
  },
  actors: {
    verifyEmail: placeholderActor<{ email: string }, { token: string }>('verifyEmail'),
  },
  actions: {
    /** Tells the identity actor, so a signed-in user's `verified` flag turns true (when the address is theirs). */
    announceVerified: placeholderAction<{ email: string }>('announceVerified'),
  },
}).createMachine({
  id: 'emailVerification',
  context: ({ input }) => ({ token: input.token, email: null, error: null }),
  initial: 'verifying',
  states: {
    verifying: {
      tags: 'verifying',
      invoke: {
        src: 'verifyEmail',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'verified',
          actions: [assign({ email: ({ event }) => event.output.email }), { type: 'announceVerified', params: ({ event }) => ({ email: event.output.email }) }],
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    verified: { type: 'final' },
    failed: { on: { 'emailVerification.retry': 'verifying' } },
  },
});

export type EmailVerificationMachine = typeof emailVerificationMachine;
