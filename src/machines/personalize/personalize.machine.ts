import { assertEvent, assign, setup } from 'xstate';
import { toggleInterest } from '@/machines/shared/interests';
import type {
  PersonalizeContext,
  PersonalizeEvent,
  PersonalizeInput,
  PersonalizePatch,
} from '@/machines/personalize/personalize.types';
import type { Profile } from '@/machines/shared/domain';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';

// A demo user's personalization: interests (at least one) and audience, saved with
// completedOnboarding on the profile, which is what the guard checks for demo users (§4 step 4).

export const personalizeMachine = setup({
  types: {
    context: {} as PersonalizeContext,
    events: {} as PersonalizeEvent,
    input: {} as PersonalizeInput | undefined,
    output: {} as Profile,
    tags: {} as 'saving' | 'error',
  },
  actors: {
    saveProfile: placeholderActor<Profile, PersonalizePatch>('saveProfile'),
  },
  actions: {
    /** Lets the app-wide profile know, so the guard lets the demo user browse. */
    announceSaved: placeholderAction<{ profile: Profile }>('announceSaved'),
    toggleInterest: assign({
      interestIds: ({ context, event }) => {
        assertEvent(event, 'personalize.toggleInterest');
        return toggleInterest(context.interestIds, event.id);
      },
    }),
    selectAudience: assign({
      audienceId: ({ event }) => {
        assertEvent(event, 'personalize.selectAudience');
        return event.audienceId;
      },
    }),
    assignSaved: assign({ saved: (_, params: { profile: Profile }) => params.profile, error: null }),
    assignError: assign({ error: (_, params: { error: unknown }) => params.error }),
  },
  guards: {
    hasInterests: ({ context }) => context.interestIds.length > 0,
    hasAudience: ({ context }) => context.audienceId !== null,
  },
}).createMachine({
  id: 'personalize',
  context: ({ input }) => ({
    interestIds: [...(input?.profile?.interestIds ?? [])],
    audienceId: input?.profile?.audienceId ?? null,
    error: null,
    saved: null,
  }),
  initial: 'interests',
  output: ({ context }) => {
    if (!context.saved) throw new Error('personalization finished without a saved profile');
    return context.saved;
  },
  states: {
    interests: {
      on: {
        'personalize.toggleInterest': { actions: 'toggleInterest' },
        'personalize.next': { guard: 'hasInterests', target: 'audience' },
      },
    },
    audience: {
      on: {
        'personalize.selectAudience': { actions: 'selectAudience' },
        'personalize.back': 'interests',
        'personalize.save': { guard: 'hasAudience', target: 'saving' },
      },
    },
    saving: {
      tags: 'saving',
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => ({
          interestIds: context.interestIds,
          audienceId: context.audienceId,
          completedOnboarding: true,
        }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'assignSaved', params: ({ event }) => ({ profile: event.output }) },
            { type: 'announceSaved', params: ({ event }) => ({ profile: event.output }) },
          ],
        },
        onError: { target: 'error', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    error: {
      tags: 'error',
      on: {
        'personalize.retry': 'saving',
        'personalize.back': 'audience',
      },
    },
    done: { type: 'final' },
  },
});

export type PersonalizeMachine = typeof personalizeMachine;
