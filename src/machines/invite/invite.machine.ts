import { setup } from 'xstate';
import { placeholderAction } from '@/machines/shared/placeholders';

// /invite (spec §2): straight on to the provider's sign-up, with the invited address as the
// login hint and a forced login prompt; the invitation's signed ticket goes along.

export type InviteInput = { email?: string; ticket?: string };

export const inviteMachine = setup({
  types: { input: {} as InviteInput, context: {} as InviteInput },
  actions: {
    signUp: placeholderAction<InviteInput>('signUp'),
  },
}).createMachine({
  id: 'invite',
  context: ({ input }) => input,
  entry: { type: 'signUp', params: ({ context }) => context },
});
