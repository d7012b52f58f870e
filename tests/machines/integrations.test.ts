import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { identityMachine } from '@/machines/identity/identity.machine';
import { type AnalyticsAdapter, type SurveyAdapter, type SurveyPerson } from '@/machines/integrations/adapters';
import { integrationsMachine } from '@/machines/integrations/integrations.machine';
import { profileMachine } from '@/machines/profile/profile.machine';
import { makeProfile, makeUser } from './fixtures';

// Spec §1: the survey learns id, name and e-mail once the profile has completed onboarding (once
// per user); analytics is identified by user id while a user is present and reset when absent.
// The integrations actor watches the real identity and profile actors of a small system; the
// adapters record what they are told (the vendors' SDKs behind them: tests/unit/vendor-sdks.test.ts).

function system(survey: SurveyAdapter, analytics: AnalyticsAdapter) {
  const integrations = integrationsMachine.provide({
    actions: {
      identifyAnalytics: (_, params: { userId: string }) => analytics.identify(params.userId),
      resetAnalytics: () => analytics.reset(),
      identifySurvey: (_, person: SurveyPerson) => survey.identify(person),
    },
  });
  const parent = setup({ actors: { identity: identityMachine, profile: profileMachine, integrations } }).createMachine({
    context: ({ spawn }) => ({
      identity: spawn('identity', { systemId: 'identity' }),
      profile: spawn('profile', { systemId: 'profile', input: {} }),
      integrations: spawn('integrations', { systemId: 'integrations' }),
    }),
  });
  const actor = createActor(parent).start();
  const { identity, profile } = actor.getSnapshot().context;
  return { actor, identity, profile };
}

function configured() {
  const survey = { commands: [] as unknown[][], identify: (person: SurveyPerson) => void survey.commands.push(['identify', person]) };
  const analytics = {
    commands: [] as unknown[][],
    identify: (userId: string) => void analytics.commands.push(['identify', userId]),
    reset: () => void analytics.commands.push(['reset']),
  };
  return { survey, analytics, ...system(survey, analytics) };
}

describe('integrations', () => {
  it('identifies analytics by user id when a user is present and resets it when absent', () => {
    const { analytics, identity } = configured();
    expect(analytics.commands).toEqual([]);
    const ada = makeUser('USER');
    identity.send({ type: 'identity.loaded', user: ada });
    expect(analytics.commands).toEqual([['identify', ada.id]]);
    // Another change of the same user (e-mail verified) does not identify again.
    identity.send({ type: 'identity.emailVerified' });
    expect(analytics.commands).toHaveLength(1);
    identity.send({ type: 'identity.cleared' });
    expect(analytics.commands).toEqual([['identify', ada.id], ['reset']]);
    const grace = makeUser('SCHOOL_ADMIN');
    identity.send({ type: 'identity.loaded', user: grace });
    expect(analytics.commands.at(-1)).toEqual(['identify', grace.id]);
  });

  it('resets analytics for a visitor who turns out to be anonymous, not while unknown', () => {
    const { analytics, identity } = configured();
    expect(analytics.commands).toEqual([]);
    identity.send({ type: 'identity.cleared' });
    expect(analytics.commands).toEqual([['reset']]);
  });

  it('tells the survey who the user is only once the profile has completed onboarding, once per user', () => {
    const { survey, identity, profile } = configured();
    const ada = makeUser('USER', { fullName: 'Ada Lovelace', email: 'ada@example.org' });
    identity.send({ type: 'identity.loaded', user: ada });
    profile.send({ type: 'resource.set', data: makeProfile({ completedOnboarding: false }) });
    expect(survey.commands).toEqual([]);
    profile.send({ type: 'resource.set', data: makeProfile({ completedOnboarding: true }) });
    const told = ['identify', { id: ada.id, name: 'Ada Lovelace', email: 'ada@example.org' }];
    expect(survey.commands).toEqual([told]);
    // Later profile changes and a sign-out and back in do not tell it again.
    profile.send({ type: 'resource.set', data: makeProfile({ completedOnboarding: true, audienceId: null }) });
    identity.send({ type: 'identity.cleared' });
    profile.send({ type: 'resource.clear' });
    identity.send({ type: 'identity.loaded', user: ada });
    profile.send({ type: 'resource.set', data: makeProfile({ completedOnboarding: true }) });
    expect(survey.commands).toEqual([told]);
  });

  it('the survey hears about each user that completes onboarding', () => {
    const { survey, identity, profile } = configured();
    for (const user of [makeUser('USER'), makeUser('DISTRICT_ADMIN')]) {
      identity.send({ type: 'identity.loaded', user });
      profile.send({ type: 'resource.set', data: makeProfile({ completedOnboarding: true }) });
      identity.send({ type: 'identity.cleared' });
      profile.send({ type: 'resource.clear' });
    }
    expect(survey.commands).toHaveLength(2);
  });
});
