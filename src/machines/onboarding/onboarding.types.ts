import type { ExperienceLevel, Profile, ProfilePatch } from '@/machines/shared/domain';

export type OnboardingInput = {
  /** Prefills the answers when the user comes back to the onboarding. */
  profile?: Pick<Profile, 'interestIds' | 'audienceId' | 'experienceLevel'> | null;
};

export type OnboardingContext = {
  /** Nasot strand and element ids. */
  interestIds: string[];
  audienceId: string | null;
  experienceLevel: ExperienceLevel | null;
  error: unknown;
  saved: Profile | null;
};

export type OnboardingEvent =
  | { type: 'onboarding.toggleInterest'; id: string }
  | { type: 'onboarding.selectAudience'; audienceId: string }
  | { type: 'onboarding.selectExperience'; experienceLevel: ExperienceLevel }
  | { type: 'onboarding.next' }
  | { type: 'onboarding.back' }
  | { type: 'onboarding.save' }
  | { type: 'onboarding.retry' };

export type OnboardingPatch = Required<Pick<ProfilePatch, 'interestIds' | 'audienceId' | 'experienceLevel' | 'completedOnboarding'>>;
