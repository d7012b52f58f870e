import type { ResponseBody } from '@/api/operations';
import { createResourceMachine } from '@/machines/shared/resource';

/** What the profile shows of a learner's progress: the seven achievements and the streak. */
export type ProgressOverview = {
  achievements: ResponseBody<'getAchievements'>['data'];
  streaks: ResponseBody<'getSystemStreaks'>;
};

// Loaded when the profile opens, fresh each time (achievements move with every action).
export const progressOverviewMachine = createResourceMachine<ProgressOverview>({ id: 'progressOverview' });
