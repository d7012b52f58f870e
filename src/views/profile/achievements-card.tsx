import { useSelector } from '@xstate/react';
import { milestoneProgress } from '@/lib/milestones';
import { progressOverviewScreen } from '@/machines/account/account.actors';
import { resourceIntents } from '@/machines/shared/resource.intents';
import { selectHasResourceFailed, selectResourceData } from '@/machines/shared/resource.selectors';
import { loadAtStart } from '@/machines/shared/resource';
import { LoadError } from '@/views/components/load-error';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { Skeleton, SkeletonBlock } from '@/views/components/skeleton';
import { BaseCard } from '@/views/layout/base-card';
import * as styles from '@/views/profile/profile.css';
import { muted } from '@/views/components/text.css';

// The seven achievements of spec §3 with their labels and icons; the three milestones show how
// far the next one is. Below them the streak, as the server counts it.

const ICONS: Record<string, string> = {
  'check-circle': 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-4-9 3 3 5-6',
  'play-circle': 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2-12.5v7l6-3.5-6-3.5Z',
  bookmark: 'M7 3h10v18l-5-4-5 4V3Z',
  download: 'M12 4v11m0 0-4-4m4 4 4-4M5 20h14',
  'clipboard-check': 'M9 4h6v3H9V4ZM7 5H5v16h14V5h-2M9 14l2 2 4-5',
  star: 'm12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3Z',
  'progress-clock': 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4l3 2',
};

function Icon({ name }: { name: string }) {
  return (
    <svg className={styles.tileIcon} width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <path d={ICONS[name] ?? ICONS['check-circle']} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'narrow', timeZone: 'UTC' });
const fullDay = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function AchievementsCard() {
  const overview = useScreenActor(progressOverviewScreen, { input: loadAtStart() });
  const { retry } = useIntents(overview, resourceIntents);
  const data = useSelector(overview, selectResourceData);
  const failed = useSelector(overview, selectHasResourceFailed);

  return (
    <BaseCard title="Achievements">
      {failed ? (
        <LoadError onRetry={retry} />
      ) : !data ? (
        <Skeleton label="Loading your achievements…">
          <ul className={styles.tiles}>
            {Array.from({ length: 7 }, (_, i) => (
              <li key={i} className={styles.tile}>
                <SkeletonBlock width="1.5rem" height="1.5rem" radius="999px" />
                <SkeletonBlock width="2.5rem" height="1.5rem" />
                <SkeletonBlock width="70%" />
              </li>
            ))}
          </ul>
        </Skeleton>
      ) : (
        <>
          <ul className={styles.tiles}>
            {[...data.achievements]
              .sort((a, b) => a.position - b.position)
              .map((achievement) => {
                const milestone = achievement.isMilestone ? milestoneProgress(achievement.value) : null;
                return (
                  <li key={achievement.name} className={styles.tile}>
                    <Icon name={achievement.icon} />
                    <span className={styles.tileValue}>{achievement.value}</span>
                    <span className={styles.tileLabel}>{achievement.label}</span>
                    {milestone && (
                      <>
                        <span className={styles.meter} role="img" aria-label={milestone.next ? `${milestone.percent}% of the way to ${milestone.next}` : 'Every milestone reached'}>
                          <span className={styles.meterFill} style={{ width: `${milestone.percent}%` }} />
                        </span>
                        <span className={styles.tileHint}>{milestone.next ? `Next milestone: ${milestone.next}` : 'Every milestone reached'}</span>
                      </>
                    )}
                  </li>
                );
              })}
          </ul>
          <div className={styles.streak}>
            <div className={styles.streakFigure}>
              <span className={styles.streakValue}>{plural(data.streaks.currentStreak, 'week')}</span>
              <span className={muted}>Current streak</span>
            </div>
            <div className={styles.streakFigure}>
              <span className={styles.streakValue}>{plural(data.streaks.longestStreak, 'week')}</span>
              <span className={muted}>Longest streak</span>
            </div>
            <ol className={styles.days} aria-label="The last 7 days">
              {data.streaks.days.map((day) => {
                const date = new Date(`${day.date}T00:00:00Z`);
                return (
                  <li key={day.date} className={styles.day}>
                    <span className={day.active ? styles.dotActive : styles.dot} role="img" aria-label={`${fullDay.format(date)}: ${day.active ? 'learned' : 'no learning'}`} />
                    <span aria-hidden="true">{weekday.format(date)}</span>
                  </li>
                );
              })}
            </ol>
          </div>
        </>
      )}
    </BaseCard>
  );
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
