import { assertEvent, assign, setup } from 'xstate';
import type { Profile } from '@/machines/shared/domain';
import { toggleElement, toggleInterest, toggleStrand } from '@/machines/shared/interests';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import type { PreferenceStep, PreferencesConfig, PreferencesContext, PreferencesEvent, PreferencesInput, PreferencesPatch } from './preferences.types';

// One wizard for a user's learning preferences, asked one question at a time (interests — at
// least one —, audience, experience level), then saved with one PATCH /profile that also marks
// the onboarding complete. A failed save keeps every answer and offers a retry. Onboarding
// (spec §2, regular users) and personalization (demo users, §4 step 4) are two configurations
// of it: they differ in the questions they ask, and each is drawn as its own statechart.

const wizard = setup({
  types: {
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
    input: {} as PreferencesInput | undefined,
    output: {} as Profile,
    tags: {} as 'saving' | 'error',
  },
  actors: {
    saveProfile: placeholderActor<Profile, PreferencesPatch>('saveProfile'),
  },
  actions: {
    /** Lets the app-wide profile (and identity) know, so the guard stops sending the user here. */
    announceSaved: placeholderAction<{ profile: Profile }>('announceSaved'),
    toggleInterest: assign({
      interestIds: ({ context, event }) => {
        assertEvent(event, 'preferences.toggleInterest');
        return toggleInterest(context.interestIds, event.id);
      },
    }),
    toggleStrand: assign({
      interestIds: ({ context, event }) => {
        assertEvent(event, 'preferences.toggleStrand');
        return toggleStrand(context.interestIds, event.strand);
      },
    }),
    toggleElement: assign({
      interestIds: ({ context, event }) => {
        assertEvent(event, 'preferences.toggleElement');
        return toggleElement(context.interestIds, event.strand, event.id);
      },
    }),
    selectAudience: assign({
      audienceId: ({ event }) => {
        assertEvent(event, 'preferences.selectAudience');
        return event.audienceId;
      },
    }),
    selectExperience: assign({
      experienceLevel: ({ event }) => {
        assertEvent(event, 'preferences.selectExperience');
        return event.experienceLevel;
      },
    }),
    assignSaved: assign({ saved: (_, params: { profile: Profile }) => params.profile, error: null }),
    assignError: assign({ error: (_, params: { error: unknown }) => params.error }),
  },
  guards: {
    /** The question of this step has an answer. */
    answered: ({ context }, params: { step: PreferenceStep }) => {
      switch (params.step) {
        case 'interests':
          return context.interestIds.length > 0;
        case 'audience':
          return context.audienceId !== null;
        case 'experience':
          return context.experienceLevel !== null;
      }
    },
  },
});

/** The answer event each question takes. */
const ANSWERS = {
  interests: {
    'preferences.toggleInterest': { actions: 'toggleInterest' },
    'preferences.toggleStrand': { actions: 'toggleStrand' },
    'preferences.toggleElement': { actions: 'toggleElement' },
  },
  audience: { 'preferences.selectAudience': { actions: 'selectAudience' } },
  experience: { 'preferences.selectExperience': { actions: 'selectExperience' } },
} as const;

/** The PATCH /profile body: only the answers this wizard asked for. */
export function preferencesPatch(context: PreferencesContext): PreferencesPatch {
  return {
    interestIds: context.interestIds,
    audienceId: context.audienceId,
    ...(context.steps.includes('experience') ? { experienceLevel: context.experienceLevel } : {}),
    completedOnboarding: true,
  };
}

export function createPreferencesMachine({ id, steps }: PreferencesConfig) {
  const first = steps[0];
  const last = steps.at(-1);
  if (!first || !last) throw new Error(`The preferences wizard ${id} needs at least one step`);
  const questions = Object.fromEntries(
    steps.map((step, index) => {
      const previous = steps[index - 1];
      const next = steps[index + 1];
      const answered = { type: 'answered', params: { step } } as const;
      return [
        step,
        wizard.createStateConfig({
          on: {
            ...ANSWERS[step],
            ...(previous ? { 'preferences.back': previous } : {}),
            ...(next ? { 'preferences.next': { guard: answered, target: next } } : { 'preferences.save': { guard: answered, target: 'saving' } }),
          },
        }),
      ];
    }),
  );
  return wizard.createMachine({
    id,
    context: ({ input }) => ({
      steps,
      interestIds: [...(input?.profile?.interestIds ?? [])],
      audienceId: input?.profile?.audienceId ?? null,
      experienceLevel: input?.profile?.experienceLevel ?? null,
      error: null,
      saved: null,
    }),
    initial: first,
    output: ({ context }) => {
      if (!context.saved) throw new Error(`${id} finished without a saved profile`);
      return context.saved;
    },
    states: {
      ...questions,
      saving: {
        tags: 'saving',
        invoke: {
          src: 'saveProfile',
          input: ({ context }) => preferencesPatch(context),
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
          'preferences.retry': 'saving',
          'preferences.back': last,
        },
      },
      done: { type: 'final' },
    },
  });
}

/** A regular user's onboarding (spec §2 /onboarding). */
export const onboardingMachine = createPreferencesMachine({ id: 'onboarding', steps: ['interests', 'audience', 'experience'] });

/** A demo user's personalization (spec §2 /personalize, §4 step 4). */
export const personalizeMachine = createPreferencesMachine({ id: 'personalize', steps: ['interests', 'audience'] });

export type PreferencesMachine = ReturnType<typeof createPreferencesMachine>;
