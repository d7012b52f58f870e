import { assertEvent, assign, setup } from 'xstate';
import { toggleInterest } from '@/machines/shared/interests';
import type {
  OnboardingContext,
  OnboardingEvent,
  OnboardingInput,
  OnboardingPatch,
} from '@/machines/onboarding/onboarding.types';
import type { Profile } from '@/machines/shared/domain';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';

// The onboarding of a regular user: interests (at least one), audience, experience level, then
// one PATCH /profile that also marks the onboarding complete. A failed save keeps every answer
// and offers a retry.

export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput | undefined,
    output: {} as Profile,
    tags: {} as 'saving' | 'error',
  },
  actors: {
    saveProfile: placeholderActor<Profile, OnboardingPatch>('saveProfile'),
  },
  actions: {
    /** Lets the app-wide profile and identity know, so the guard stops redirecting here. */
    announceSaved: placeholderAction<{ profile: Profile }>('announceSaved'),
    toggleInterest: assign({
      interestIds: ({ context, event }) => {
        assertEvent(event, 'onboarding.toggleInterest');
        return toggleInterest(context.interestIds, event.id);
      },
    }),
    selectAudience: assign({
      audienceId: ({ event }) => {
        assertEvent(event, 'onboarding.selectAudience');
        return event.audienceId;
      },
    }),
    selectExperience: assign({
      experienceLevel: ({ event }) => {
        assertEvent(event, 'onboarding.selectExperience');
        return event.experienceLevel;
      },
    }),
    assignSaved: assign({ saved: (_, params: { profile: Profile }) => params.profile, error: null }),
    assignError: assign({ error: (_, params: { error: unknown }) => params.error }),
  },
  guards: {
    hasInterests: ({ context }) => context.interestIds.length > 0,
    hasAudience: ({ context }) => context.audienceId !== null,
    hasExperience: ({ context }) => context.experienceLevel !== null,
  },
}).createMachine({
  id: 'onboarding',
  context: ({ input }) => ({
    interestIds: [...(input?.profile?.interestIds ?? [])],
    audienceId: input?.profile?.audienceId ?? null,
    experienceLevel: input?.profile?.experienceLevel ?? null,
    error: null,
    saved: null,
  }),
  initial: 'interests',
  output: ({ context }) => {
    if (!context.saved) throw new Error('onboarding finished without a saved profile');
    return context.saved;
  },
  states: {
    interests: {
      on: {
        'onboarding.toggleInterest': { actions: 'toggleInterest' },
        'onboarding.next': { guard: 'hasInterests', target: 'audience' },
      },
    },
    audience: {
      on: {
        'onboarding.selectAudience': { actions: 'selectAudience' },
        'onboarding.back': 'interests',
        'onboarding.next': { guard: 'hasAudience', target: 'experience' },
      },
    },
    experience: {
      on: {
        'onboarding.selectExperience': { actions: 'selectExperience' },
        'onboarding.back': 'audience',
        'onboarding.save': { guard: 'hasExperience', target: 'saving' },
      },
    },
    saving: {
      tags: 'saving',
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => ({
          interestIds: context.interestIds,
          audienceId: context.audienceId,
          experienceLevel: context.experienceLevel,
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
        'onboarding.retry': 'saving',
        'onboarding.back': 'experience',
      },
    },
    done: { type: 'final' },
  },
});

export type OnboardingMachine = typeof onboardingMachine;
