import type { ExperienceLevel } from '@/machines/shared/domain';
import type { StrandChoice } from '@/machines/shared/interests';
import type { PreferencesEvent } from './preferences.types';

/** What the user does in a preferences wizard. */
export const preferencesIntents = (send: (event: PreferencesEvent) => void) => ({
  toggleInterest: (id: string) => send({ type: 'preferences.toggleInterest', id }),
  toggleStrand: (strand: StrandChoice) => send({ type: 'preferences.toggleStrand', strand }),
  toggleElement: (strand: StrandChoice, id: string) => send({ type: 'preferences.toggleElement', strand, id }),
  selectAudience: (audienceId: string) => send({ type: 'preferences.selectAudience', audienceId }),
  selectExperience: (experienceLevel: ExperienceLevel) => send({ type: 'preferences.selectExperience', experienceLevel }),
  /** The next question, or the save on the last one. */
  continue: (last: boolean) => send({ type: last ? 'preferences.save' : 'preferences.next' }),
  back: () => send({ type: 'preferences.back' }),
  retry: () => send({ type: 'preferences.retry' }),
});
