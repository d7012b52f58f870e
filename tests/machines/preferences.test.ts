import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { onboardingMachine, personalizeMachine } from '@/machines/preferences/preferences.machine';
import {
  selectBlocker,
  selectCanContinue,
  selectIsDone,
  selectIsSaving,
  selectSaveError,
  selectStep,
} from '@/machines/preferences/preferences.selectors';
import type { PreferencesPatch } from '@/machines/preferences/preferences.types';
import { isStrandChosen, MAX_INTERESTS, toggleElement, toggleInterest, toggleStrand } from '@/machines/shared/interests';
import type { Profile } from '@/machines/shared/domain';
import { deferred, makeProfile } from './fixtures';

const STRAND = 'a1b2c3d4-0000-4000-8000-000000000001';
const ELEMENT = 'a1b2c3d4-0000-4000-8000-000000000002';
const AUDIENCE = 'a1b2c3d4-0000-4000-8000-0000000000aa';

function onboarding(save: (patch: PreferencesPatch) => Promise<Profile>, profile?: Profile) {
  const announceSaved = vi.fn();
  const saveProfile = vi.fn(save);
  const actor = createActor(
    onboardingMachine.provide({
      actors: { saveProfile: fromPromise<Profile, PreferencesPatch>(({ input }) => saveProfile(input)) },
      actions: { announceSaved: (_, params) => announceSaved(params.profile) },
    }),
    { input: { profile } },
  ).start();
  return { actor, saveProfile, announceSaved };
}

describe('interests', () => {
  it('toggles an interest and caps them at the contract limit', () => {
    expect(toggleInterest([], STRAND)).toEqual([STRAND]);
    expect(toggleInterest([STRAND, ELEMENT], STRAND)).toEqual([ELEMENT]);
    const full = Array.from({ length: MAX_INTERESTS }, (_, index) => `id-${index}`);
    expect(toggleInterest(full, 'one-more')).toEqual(full);
  });
});

describe('strands and their elements', () => {
  const strand = { id: STRAND, elementIds: [ELEMENT, 'element-2'] };

  it('a strand comes on whole; off, it takes its elements with it', () => {
    expect(toggleStrand([], strand)).toEqual([STRAND]);
    expect(toggleStrand([STRAND, 'other'], strand)).toEqual(['other']);
    expect(toggleStrand([ELEMENT, 'element-2', 'other'], strand)).toEqual(['other']);
    expect(isStrandChosen([ELEMENT], strand)).toBe(true);
    expect(isStrandChosen(['other'], strand)).toBe(false);
  });

  it('an element narrows its strand; the last element off leaves the strand chosen whole', () => {
    expect(toggleElement([STRAND], strand, ELEMENT)).toEqual([ELEMENT]);
    expect(toggleElement([ELEMENT], strand, 'element-2')).toEqual([ELEMENT, 'element-2']);
    expect(toggleElement([ELEMENT, 'element-2'], strand, ELEMENT)).toEqual(['element-2']);
    expect(toggleElement(['element-2'], strand, 'element-2')).toEqual([STRAND]);
  });

  it('respects the contract limit', () => {
    const full = Array.from({ length: MAX_INTERESTS }, (_, index) => `id-${index}`);
    expect(toggleStrand(full, strand)).toEqual(full);
    expect(toggleElement(full, strand, ELEMENT)).toEqual(full);
  });

  it('the wizard applies them, and says why it cannot go on', () => {
    const { actor } = onboarding(async () => makeProfile());
    expect(selectBlocker(actor.getSnapshot())).toBe('Please select at least 1 interest');
    actor.send({ type: 'preferences.toggleStrand', strand });
    expect(actor.getSnapshot().context.interestIds).toEqual([STRAND]);
    expect(selectBlocker(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'preferences.toggleElement', strand, id: ELEMENT });
    expect(actor.getSnapshot().context.interestIds).toEqual([ELEMENT]);
    actor.send({ type: 'preferences.next' });
    expect(selectBlocker(actor.getSnapshot())).toBe('The Audience field is required');
    actor.send({ type: 'preferences.selectAudience', audienceId: AUDIENCE });
    actor.send({ type: 'preferences.next' });
    expect(selectBlocker(actor.getSnapshot())).toBe('The Experience field is required');
    actor.send({ type: 'preferences.selectExperience', experienceLevel: 'NEW' });
    expect(selectBlocker(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'preferences.back' });
    actor.send({ type: 'preferences.back' });
    actor.send({ type: 'preferences.toggleStrand', strand });
    expect(actor.getSnapshot().context.interestIds).toEqual([]);
    expect(selectBlocker(actor.getSnapshot())).toBe('Please select at least 1 interest');
  });
});

describe('onboarding', () => {
  it('walks interests → audience → experience and saves with completedOnboarding', async () => {
    const saved = makeProfile({ interestIds: [STRAND, ELEMENT], audienceId: AUDIENCE, experienceLevel: 'NEW' });
    const { actor, saveProfile, announceSaved } = onboarding(async () => saved);
    expect(selectStep(actor.getSnapshot())).toBe('interests');
    // At least one interest before going on.
    expect(selectCanContinue(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'preferences.next' });
    expect(selectStep(actor.getSnapshot())).toBe('interests');
    actor.send({ type: 'preferences.toggleInterest', id: STRAND });
    actor.send({ type: 'preferences.toggleInterest', id: ELEMENT });
    actor.send({ type: 'preferences.next' });
    expect(selectStep(actor.getSnapshot())).toBe('audience');
    actor.send({ type: 'preferences.next' });
    expect(selectStep(actor.getSnapshot())).toBe('audience');
    actor.send({ type: 'preferences.selectAudience', audienceId: AUDIENCE });
    actor.send({ type: 'preferences.next' });
    expect(selectStep(actor.getSnapshot())).toBe('experience');
    actor.send({ type: 'preferences.save' });
    expect(actor.getSnapshot().value).toBe('experience');
    actor.send({ type: 'preferences.selectExperience', experienceLevel: 'NEW' });
    actor.send({ type: 'preferences.save' });
    expect(selectIsSaving(actor.getSnapshot())).toBe(true);
    const done = await waitFor(actor, selectIsDone);
    expect(saveProfile).toHaveBeenCalledWith({
      interestIds: [STRAND, ELEMENT],
      audienceId: AUDIENCE,
      experienceLevel: 'NEW',
      completedOnboarding: true,
    });
    expect(done.output).toEqual(saved);
    expect(announceSaved).toHaveBeenCalledWith(saved);
  });

  it('goes back without losing answers', () => {
    const { actor } = onboarding(async () => makeProfile());
    actor.send({ type: 'preferences.toggleInterest', id: STRAND });
    actor.send({ type: 'preferences.next' });
    actor.send({ type: 'preferences.selectAudience', audienceId: AUDIENCE });
    actor.send({ type: 'preferences.back' });
    expect(selectStep(actor.getSnapshot())).toBe('interests');
    expect(actor.getSnapshot().context).toMatchObject({ interestIds: [STRAND], audienceId: AUDIENCE });
  });

  it('prefills from the profile', () => {
    const { actor } = onboarding(
      async () => makeProfile(),
      makeProfile({ interestIds: [ELEMENT], audienceId: AUDIENCE, experienceLevel: 'VETERAN' }),
    );
    expect(actor.getSnapshot().context).toMatchObject({ interestIds: [ELEMENT], audienceId: AUDIENCE, experienceLevel: 'VETERAN' });
    expect(selectCanContinue(actor.getSnapshot())).toBe(true);
  });

  it('shows a failed save and retries it with the same answers', async () => {
    const failure = new Error('Something went wrong, please try again later');
    const saved = makeProfile();
    const first = deferred<Profile>();
    let calls = 0;
    const { actor, saveProfile, announceSaved } = onboarding(() => {
      calls += 1;
      return calls === 1 ? first.promise : Promise.resolve(saved);
    }, makeProfile({ interestIds: [STRAND], audienceId: AUDIENCE, experienceLevel: 'ESTABLISHED' }));
    actor.send({ type: 'preferences.next' });
    actor.send({ type: 'preferences.next' });
    actor.send({ type: 'preferences.save' });
    first.reject(failure);
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('error'));
    expect(selectSaveError(failed)).toBe(failure);
    expect(selectStep(failed)).toBe('experience');
    expect(announceSaved).not.toHaveBeenCalled();
    actor.send({ type: 'preferences.retry' });
    await waitFor(actor, selectIsDone);
    expect(saveProfile).toHaveBeenCalledTimes(2);
    expect(saveProfile.mock.calls[1]?.[0]).toEqual(saveProfile.mock.calls[0]?.[0]);
    expect(announceSaved).toHaveBeenCalledWith(saved);
  });

  it('lets the user go back from a failed save to change an answer', async () => {
    const { actor } = onboarding(
      async () => Promise.reject(new Error('nope')),
      makeProfile({ interestIds: [STRAND], audienceId: AUDIENCE, experienceLevel: 'NEW' }),
    );
    actor.send({ type: 'preferences.next' });
    actor.send({ type: 'preferences.next' });
    actor.send({ type: 'preferences.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('error'));
    actor.send({ type: 'preferences.back' });
    expect(actor.getSnapshot().value).toBe('experience');
  });
});

function personalize(save: (patch: PreferencesPatch) => Promise<Profile>) {
  const announceSaved = vi.fn();
  const saveProfile = vi.fn(save);
  const actor = createActor(
    personalizeMachine.provide({
      actors: { saveProfile: fromPromise<Profile, PreferencesPatch>(({ input }) => saveProfile(input)) },
      actions: { announceSaved: (_, params) => announceSaved(params.profile) },
    }),
    { input: {} },
  ).start();
  return { actor, saveProfile, announceSaved };
}

describe('personalize (demo)', () => {
  it('walks interests → audience and saves with completedOnboarding', async () => {
    const saved = makeProfile({ completedOnboarding: true });
    const { actor, saveProfile, announceSaved } = personalize(async () => saved);
    expect(selectCanContinue(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'preferences.toggleInterest', id: STRAND });
    actor.send({ type: 'preferences.next' });
    expect(selectStep(actor.getSnapshot())).toBe('audience');
    actor.send({ type: 'preferences.save' });
    expect(actor.getSnapshot().value).toBe('audience');
    actor.send({ type: 'preferences.selectAudience', audienceId: AUDIENCE });
    actor.send({ type: 'preferences.save' });
    const done = await waitFor(actor, selectIsDone);
    expect(saveProfile).toHaveBeenCalledWith({ interestIds: [STRAND], audienceId: AUDIENCE, completedOnboarding: true });
    expect(done.output).toEqual(saved);
    expect(announceSaved).toHaveBeenCalledWith(saved);
  });

  it('shows a failed save and retries', async () => {
    let calls = 0;
    const { actor } = personalize(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return makeProfile();
    });
    actor.send({ type: 'preferences.toggleInterest', id: STRAND });
    actor.send({ type: 'preferences.next' });
    actor.send({ type: 'preferences.selectAudience', audienceId: AUDIENCE });
    actor.send({ type: 'preferences.save' });
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('error'));
    expect(selectSaveError(failed)).toBeInstanceOf(Error);
    actor.send({ type: 'preferences.retry' });
    await waitFor(actor, selectIsDone);
    expect(calls).toBe(2);
  });
});
