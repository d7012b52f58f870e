import { getAchievements, getSystemStreaks } from '@/api/operations';
import { defineScreen } from '@/machines/shared/screen';
import { withFetch } from '@/machines/shared/resource';
import { progressOverviewMachine } from './account.machine';

/** The learner's achievements and streak (in their time zone), fetched together. */
export const progressOverviewScreen = defineScreen('progressOverview', ({ api }) =>
  withFetch(progressOverviewMachine, async (_, signal) => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const [achievements, streaks] = await Promise.all([getAchievements(api, { signal }), getSystemStreaks(api, { timeZone }, { signal })]);
    return { achievements, streaks };
  }),
);
