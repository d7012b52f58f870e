import type { EventFrom } from 'xstate';
import type { Profile } from '@/machines/shared/domain';
import type { ProfileMachine } from './profile.machine';

/** What other actors' effects tell the app-wide profile. */
export const profileIntents = (send: (event: EventFrom<ProfileMachine>) => void) => ({
  /** A write answered the profile as it is now: it replaces the one held. */
  set: (profile: Profile) => send({ type: 'resource.set', data: profile }),
});
