import type { ExperienceLevel, Profile, ProfilePatch } from '@/machines/shared/domain';
import type { StrandChoice } from '@/machines/shared/interests';

/** The questions a preferences wizard can ask, in the order a wizard asks them. */
export type PreferenceStep = 'interests' | 'audience' | 'experience';

export type PreferencesConfig = {
  /** The machine's id: its statechart's name. */
  id: string;
  steps: readonly PreferenceStep[];
};

export type PreferencesInput = {
  /** Prefills the answers when the user comes back to the wizard. */
  profile?: Pick<Profile, 'interestIds' | 'audienceId' | 'experienceLevel'> | null;
};

export type PreferencesContext = {
  steps: readonly PreferenceStep[];
  /** Nasot strand and element ids. */
  interestIds: string[];
  audienceId: string | null;
  experienceLevel: ExperienceLevel | null;
  error: unknown;
  saved: Profile | null;
};

export type PreferencesEvent =
  | { type: 'preferences.toggleInterest'; id: string }
  /** A strand as a whole, on or off (off takes its elements with it). */
  | { type: 'preferences.toggleStrand'; strand: StrandChoice }
  /** One element of a chosen strand: narrows the strand to the elements picked. */
  | { type: 'preferences.toggleElement'; strand: StrandChoice; id: string }
  | { type: 'preferences.selectAudience'; audienceId: string }
  | { type: 'preferences.selectExperience'; experienceLevel: ExperienceLevel }
  /** To the next question; on the last one, `preferences.save`. */
  | { type: 'preferences.next' }
  | { type: 'preferences.back' }
  | { type: 'preferences.save' }
  | { type: 'preferences.retry' };

/** What a wizard saves: the answers it asked for, and that the user is done with it. */
export type PreferencesPatch = Pick<ProfilePatch, 'interestIds' | 'audienceId' | 'experienceLevel'> & { completedOnboarding: true };
