import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { onboardingMachine, personalizeMachine, type PreferencesMachine } from '@/machines/preferences/preferences.machine';
import type { PreferencesContext, PreferencesEvent, PreferencesPatch } from '@/machines/preferences/preferences.types';
import type { Profile } from '@/machines/shared/domain';
import { effectFreeModel, expectFullCoverage, settle, walkModel } from '../support/model';
import { deferred, makeProfile, type Deferred } from './fixtures';

// Both configurations of the preferences wizard (onboarding asks three questions, personalize
// two) walked path by path against the real machine: every question answered or not, every
// refused `next`/`save`, back and forth, and a save that fails, is retried or is abandoned for an
// earlier answer. The driver holds each PATCH /profile open until the path settles it, so the
// body sent and what the app is told on success are checked against the answers the model gave,
// spelled out here rather than with the machine's own preferencesPatch.

type ModelEvent = PreferencesEvent | { type: 'model.done.saveProfile'; output: Profile } | { type: 'model.error.saveProfile'; error: unknown };

const STRAND = 'a1b2c3d4-0000-4000-8000-000000000001';
const OTHER_STRAND = { id: 'a1b2c3d4-0000-4000-8000-000000000011', elementIds: ['a1b2c3d4-0000-4000-8000-000000000012'] };
const AUDIENCE = 'a1b2c3d4-0000-4000-8000-0000000000aa';
const SAVED = makeProfile({ interestIds: [STRAND], audienceId: AUDIENCE, experienceLevel: 'NEW', completedOnboarding: true });
const FAILURE = new Error('Something went wrong, please try again later');

const EVENTS: ModelEvent[] = [
  // Toggled twice, the one interest comes off again: the wizard then refuses to go on.
  { type: 'preferences.toggleInterest', id: STRAND },
  // A second strand on and off, and narrowed to its element (which replaces the strand's own id).
  { type: 'preferences.toggleStrand', strand: OTHER_STRAND },
  { type: 'preferences.toggleElement', strand: OTHER_STRAND, id: OTHER_STRAND.elementIds[0]! },
  { type: 'preferences.selectAudience', audienceId: AUDIENCE },
  { type: 'preferences.selectExperience', experienceLevel: 'NEW' },
  { type: 'preferences.next' },
  { type: 'preferences.back' },
  { type: 'preferences.save' },
  { type: 'preferences.retry' },
  { type: 'model.done.saveProfile', output: SAVED },
  { type: 'model.error.saveProfile', error: FAILURE },
];

const answers = (context: PreferencesContext) => ({
  interestIds: context.interestIds,
  audienceId: context.audienceId,
  experienceLevel: context.experienceLevel,
});

function walk(machine: PreferencesMachine, asksExperience: boolean) {
  const model = effectFreeModel(machine);
  return walkModel<ModelEvent>(model, {
    events: EVENTS,
    // Keyed by the answers and by whether a save failed or succeeded (the error itself does not serialize).
    serializeState: (snapshot) => {
      const context = snapshot.context as PreferencesContext;
      return JSON.stringify([snapshot.value, answers(context), context.error !== null, context.saved !== null]);
    },
    createDriver: () => {
      const saves: { patch: PreferencesPatch; reply: Deferred<Profile> }[] = [];
      const announced: Profile[] = [];
      const actor = createActor(
        machine.provide({
          actors: {
            saveProfile: fromPromise<Profile, PreferencesPatch>(({ input }) => {
              const reply = deferred<Profile>();
              saves.push({ patch: input, reply });
              return reply.promise;
            }),
          },
          actions: { announceSaved: (_, params) => void announced.push(params.profile) },
        }),
        { input: {} },
      ).start();
      let before: AnyMachineSnapshot = actor.getSnapshot();
      let expectedSaves = 0;
      return {
        actor,
        step: async (next) => {
          if (next.type === 'model.done.saveProfile') saves.at(-1)!.reply.resolve(next.output);
          else if (next.type === 'model.error.saveProfile') saves.at(-1)!.reply.reject(next.error);
          else return void actor.send(next);
          await settle();
        },
        check: (real, expected) => {
          const context = expected.context as PreferencesContext;
          expect(answers(real.context as PreferencesContext)).toEqual(answers(context));

          // One PATCH per entry into saving, with only the questions this wizard asks.
          if (expected.matches('saving') && !before.matches('saving')) expectedSaves += 1;
          expect(saves).toHaveLength(expectedSaves);
          if (expected.matches('saving')) {
            expect(saves.at(-1)!.patch).toEqual({
              interestIds: context.interestIds,
              audienceId: context.audienceId,
              ...(asksExperience ? { experienceLevel: context.experienceLevel } : {}),
              completedOnboarding: true,
            });
          }
          // The app hears of the saved profile once, and only when the wizard is done.
          if (expected.matches('done')) {
            expect(announced).toEqual([SAVED]);
            expect(real.status).toBe('done');
            expect(real.output).toEqual(SAVED);
          } else {
            expect(announced).toEqual([]);
          }
          // A failed save shows why; a save that went through leaves no error behind.
          if (expected.matches('error')) expect(real.context.error).toBe(FAILURE);
          if (expected.matches('done')) expect(real.context.error).toBeNull();
          before = expected;
        },
      };
    },
  });
}

describe('preferences wizards, model-based', () => {
  it('onboarding: walks every transition of the statechart on the real machine', async (context) => {
    expectFullCoverage(context, await walk(onboardingMachine, true));
  });

  it('personalize: walks every transition of the statechart on the real machine', async (context) => {
    expectFullCoverage(context, await walk(personalizeMachine, false));
  });
});
