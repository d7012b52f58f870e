import { fromPromise } from 'xstate';
import { updateProfile } from '@/api/operations';
import { identityIntents } from '@/machines/identity/identity.intents';
import { profileIntents } from '@/machines/profile/profile.intents';
import type { AppServices } from '@/machines/root/app-services';
import { bindIntents } from '@/machines/shared/intents';
import type { Profile } from '@/machines/shared/domain';
import { defineScreen } from '@/machines/shared/screen';
import { onboardingMachine, personalizeMachine } from './preferences.machine';
import type { PreferencesPatch } from './preferences.types';

// The wizards' real effects: one PATCH /profile, and the app-wide actors told about it.

const saveProfile = ({ api }: AppServices) =>
  fromPromise<Profile, PreferencesPatch>(({ input, signal }) => updateProfile(api, input, { signal }));

/** A saved onboarding updates the shared profile and the user's completedOnboarding flag. */
export const onboardingScreen = defineScreen('onboarding', (services) =>
  onboardingMachine.provide({
    actors: { saveProfile: saveProfile(services) },
    actions: {
      announceSaved: (_, params) => {
        bindIntents(services.actors.profile, profileIntents).set(params.profile);
        bindIntents(services.actors.identity, identityIntents).onboardingCompleted();
        // Saved: the guard lets the user into the app now.
        services.router.navigate('/', { replace: true });
      },
    },
  }),
);

/** A saved personalization updates the shared profile (demo users are gated on it). */
export const personalizeScreen = defineScreen('personalize', (services) =>
  personalizeMachine.provide({
    actors: { saveProfile: saveProfile(services) },
    actions: {
      announceSaved: (_, params) => {
        bindIntents(services.actors.profile, profileIntents).set(params.profile);
        services.router.navigate('/', { replace: true });
      },
    },
  }),
);
