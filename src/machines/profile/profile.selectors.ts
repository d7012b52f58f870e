import type { SnapshotFrom } from 'xstate';
import type { ProfileMachine } from '@/machines/profile/profile.machine';

type ProfileSnapshot = SnapshotFrom<ProfileMachine>;

export const selectProfile = (snapshot: ProfileSnapshot) => snapshot.context.data;
export const selectIsProfileLoading = (snapshot: ProfileSnapshot): boolean => snapshot.hasTag('loading');
