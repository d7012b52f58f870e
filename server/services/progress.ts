import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { learnerProgress } from '../db/schema.ts';

/** A video counts as watched at this percentage (spec §9). */
export const VIDEO_COMPLETE_AT = 90;

/**
 * The completion rule, in one place: a learning object is completed when its five steps are
 * done (video watched, reproducibles downloaded, rubric scored, rated, applied); a livestream
 * or playlist when its video is watched. `p` is learner_progress, `ci` catalog_items.
 */
export const completedSql = (p = sql.raw('p'), ci = sql.raw('ci')): SQL =>
  sql`(${p}.video_progress >= ${VIDEO_COMPLETE_AT} and (${ci}.resource_type <> 'LEARNING_OBJECT' or (${p}.are_reproducibles_downloaded and ${p}.is_catalog_item_rated and ${p}.is_rubric_score_saved and ${p}.is_strategy_applied)))`;

/** Number of the five steps done, 0..5. */
export const stepsDoneSql = (p = sql.raw('p')): SQL =>
  sql`((${p}.video_progress >= ${VIDEO_COMPLETE_AT})::int + ${p}.are_reproducibles_downloaded::int + ${p}.is_catalog_item_rated::int + ${p}.is_rubric_score_saved::int + ${p}.is_strategy_applied::int)`;

export type ProgressPatch = Partial<{
  videoProgress: number;
  videoPosition: number;
  areReproduciblesDownloaded: boolean;
  isCatalogItemRated: boolean;
  isRubricScoreSaved: boolean;
  isStrategyApplied: boolean;
}>;

/**
 * Records an interaction with an item in the caller's transaction: the last interaction moves
 * forward (never back, so late-arriving beacon events cannot rewind it), video progress only
 * grows, the video position follows the newest event, and the given flags are set.
 */
export async function touchProgress(tx: Db, userId: string, catalogItemId: string, patch: ProgressPatch, at: Date = new Date()) {
  const set: Record<string, SQL | boolean | number> = {
    lastInteractionAt: sql`greatest(${learnerProgress.lastInteractionAt}, excluded.last_interaction_at)`,
  };
  if (patch.videoProgress !== undefined) set.videoProgress = sql`greatest(${learnerProgress.videoProgress}, excluded.video_progress)`;
  // The resume position is the latest event's: a late-arriving older one leaves it alone.
  if (patch.videoPosition !== undefined) {
    set.videoPosition = sql`case when excluded.last_interaction_at >= ${learnerProgress.lastInteractionAt} then excluded.video_position else ${learnerProgress.videoPosition} end`;
  }
  for (const flag of ['areReproduciblesDownloaded', 'isCatalogItemRated', 'isRubricScoreSaved', 'isStrategyApplied'] as const) {
    if (patch[flag] !== undefined) set[flag] = patch[flag];
  }
  await tx
    .insert(learnerProgress)
    .values({ userId, catalogItemId, lastInteractionAt: at, ...patch })
    .onConflictDoUpdate({ target: [learnerProgress.userId, learnerProgress.catalogItemId], set });
}
