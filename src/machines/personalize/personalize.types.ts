import type { Profile, ProfilePatch } from '@/machines/shared/domain';

export type PersonalizeInput = {
  profile?: Pick<Profile, 'interestIds' | 'audienceId'> | null;
};

export type PersonalizeContext = {
  interestIds: string[];
  audienceId: string | null;
  error: unknown;
  saved: Profile | null;
};

export type PersonalizeEvent =
  | { type: 'personalize.toggleInterest'; id: string }
  | { type: 'personalize.selectAudience'; audienceId: string }
  | { type: 'personalize.next' }
  | { type: 'personalize.back' }
  | { type: 'personalize.save' }
  | { type: 'personalize.retry' };

export type PersonalizePatch = Required<Pick<ProfilePatch, 'interestIds' | 'audienceId' | 'completedOnboarding'>>;
