import { sql, type SQL } from 'drizzle-orm';
import type { Schemas } from '../contract.ts';

import { VIDEO_COMPLETE_PERCENT } from '../../src/lib/video-complete.ts';

/**
 * Written into the statement rather than sent as a value: estimated with a value it does not
 * know, PostgreSQL judged a kept (generic) plan of a learner's progress dearer than planning
 * each time, and planned every call (server/db/client.ts, keptPlan).
 */
const WATCHED_AT_LITERAL = sql.raw(String(Number(VIDEO_COMPLETE_PERCENT)));

/**
 * The completion rule, in one place: a learning object is completed when its five steps are
 * done (video watched, reproducibles downloaded, rubric scored, rated, applied); a livestream
 * or playlist when its video is watched. `p` is learner_progress, `ci` catalog_items.
 */
export const completedSql = (p = sql.raw('p'), ci = sql.raw('ci')): SQL =>
  sql`(${p}.video_progress >= ${WATCHED_AT_LITERAL} and (${ci}.resource_type <> 'LEARNING_OBJECT' or (${p}.are_reproducibles_downloaded and ${p}.is_catalog_item_rated and ${p}.is_rubric_score_saved and ${p}.is_strategy_applied)))`;

/**
 * The started rule, in one place: an item is started once some of its video was watched or one
 * of its steps was done. A visit, a video asked for but not played, a bookmark are not progress:
 * they leave no learner_progress row (repositories/progress.ts), so "In progress", "Continue
 * where you left off", My learning and the achievements count started items only.
 */
export const startedSql = (p = sql.raw('p')): SQL =>
  sql`(${p}.video_progress > 0 or ${p}.are_reproducibles_downloaded or ${p}.is_catalog_item_rated or ${p}.is_rubric_score_saved or ${p}.is_strategy_applied)`;

/** Number of the five steps done, 0..5. */
export const stepsDoneSql = (p = sql.raw('p')): SQL =>
  sql`((${p}.video_progress >= ${VIDEO_COMPLETE_PERCENT})::int + ${p}.are_reproducibles_downloaded::int + ${p}.is_catalog_item_rated::int + ${p}.is_rubric_score_saved::int + ${p}.is_strategy_applied::int)`;

export type ProgressPatch = Partial<{
  videoProgress: number;
  videoPosition: number;
  areReproduciblesDownloaded: boolean;
  isCatalogItemRated: boolean;
  isRubricScoreSaved: boolean;
  isStrategyApplied: boolean;
}>;

/**
 * What a learner event says of the progress of its item: the video's position. Every event on an
 * item counts as an interaction (the patch may be empty); video progress is measured by the
 * server from play sessions (services/watched.ts), never taken from a client; downloads,
 * ratings, scores and applications are recorded by their own operations.
 */
export function progressPatchOf(event: Pick<Schemas['LearnerEvent'], 'type' | 'data'>): ProgressPatch {
  const patch: ProgressPatch = {};
  if ((event.type === 'VIDEO_TIMEUPDATED' || event.type === 'VIDEO_PAUSED') && event.data?.position !== undefined) patch.videoPosition = event.data.position;
  return patch;
}
