import type { Profile } from '@/machines/shared/domain';
import { createResourceMachine } from '@/machines/shared/resource';

// The signed-in user's profile, app-wide: loaded once (the navigation guard asks for it),
// replaced after a save elsewhere (onboarding, personalization, a bookmark), forgotten at logout.
export const profileMachine = createResourceMachine<Profile>({ id: 'profile' });

export type ProfileMachine = typeof profileMachine;
