import { authIntents } from '@/machines/auth/auth.intents';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { inviteMachine } from './invite.machine';

export const inviteScreen = defineScreen('invite', ({ actors }) =>
  inviteMachine.provide({
    actions: { signUp: (_, params) => bindIntents(actors.auth, authIntents).signUp(params.email, params.ticket) },
  }),
);
