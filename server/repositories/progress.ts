import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { LearnerEventType, Schemas } from '../contract.ts';
import { iso, keptPlan, rows, type Db } from '../db/client.ts';
import { defineRepository } from './define.ts';
import { learnerLogins, learnerProgress, playSessions, ratings, rubricScores, strategyApplications } from '../db/schema.ts';
import { uuids } from './fragments.ts';
import { VIDEO_COMPLETE_PERCENT } from '../../src/lib/video-complete.ts';
import { completedSql, startedSql, type ProgressPatch } from '../services/progress.ts';
import { clock } from '../clock.ts';
import { PLAY_SESSION_DAYS, type Range, type Session } from '../services/watched.ts';

/** A learner's video progress on an item, as stored. */
export type VideoState = { videoProgress: number; watchedRanges: Range[] };

/** What a batch of events watched: the ranges each play session and each item has covered now. */
export type WatchedNow = { sessions: ReadonlyMap<string, Range[]>; items: ReadonlyMap<string, Range[]> };

/** A learner event ready to store: its item is null when the id names no catalogue item. */
export type StoredEvent = {
  id: string;
  type: LearnerEventType;
  occurredAt: Date;
  /** The moment it counts for in streaks (learner_events.credited_at). */
  creditedAt: Date;
  catalogItemId: string | null;
  data: Record<string, unknown>;
  progress: ProgressPatch;
};

/**
 * Records an interaction with an item in the caller's transaction: the last interaction moves
 * forward (never back, so late-arriving beacon events cannot rewind it), video progress only
 * grows, the video position follows the newest event, and the given flags are set.
 */
async function touch(tx: Db, userId: string, catalogItemId: string, patch: ProgressPatch, at: Date = clock.now()) {
  const set: Record<string, SQL | boolean | number | null> = {
    lastInteractionAt: sql`greatest(${learnerProgress.lastInteractionAt}, excluded.last_interaction_at)`,
  };
  const firstDone: Partial<Record<(typeof FIRST_DONE)[keyof typeof FIRST_DONE] | 'watchedAt', Date | null>> = {};
  if (patch.videoProgress !== undefined) {
    set.videoProgress = sql`greatest(${learnerProgress.videoProgress}, excluded.video_progress)`;
    // Watched when the first event that reached 90 % happened (events may arrive out of order;
    // least() passes over nulls). Progress never goes back, so neither does this.
    if (patch.videoProgress >= VIDEO_COMPLETE_PERCENT) {
      firstDone.watchedAt = at;
      set.watchedAt = sql`least(${learnerProgress.watchedAt}, excluded.watched_at)`;
    }
  }
  // The resume position is the latest event's: a late-arriving older one leaves it alone.
  if (patch.videoPosition !== undefined) {
    set.videoPosition = sql`case when excluded.last_interaction_at >= ${learnerProgress.lastInteractionAt} then excluded.video_position else ${learnerProgress.videoPosition} end`;
  }
  for (const flag of ['areReproduciblesDownloaded', 'isCatalogItemRated', 'isRubricScoreSaved', 'isStrategyApplied'] as const) {
    if (patch[flag] !== undefined) set[flag] = patch[flag];
  }
  // A step done keeps the time it was first done (doing it again changes nothing); undone, it has none.
  for (const [flag, column] of Object.entries(FIRST_DONE) as [keyof typeof FIRST_DONE, (typeof FIRST_DONE)[keyof typeof FIRST_DONE]][]) {
    if (patch[flag] === undefined) continue;
    firstDone[column] = patch[flag] ? at : null;
    set[column] = patch[flag] ? sql`coalesce(${learnerProgress[column]}, excluded.${sql.identifier(learnerProgress[column].name)})` : null;
  }
  await tx
    .insert(learnerProgress)
    .values({ userId, catalogItemId, lastInteractionAt: at, ...patch, ...firstDone })
    .onConflictDoUpdate({ target: [learnerProgress.userId, learnerProgress.catalogItemId], set });
  if (mayComplete(patch)) await stampCompletion(tx, userId, catalogItemId);
  // A step undone that leaves nothing done (no video watched either): the item is not started.
  else await tx.execute(sql`delete from learner_progress p where p.user_id = ${userId} and p.catalog_item_id = ${catalogItemId} and not ${startedSql()}`);
}

/** The steps whose first-done time the usage report reads, by the flag that says they are done. */
const FIRST_DONE = { isCatalogItemRated: 'ratedAt', isStrategyApplied: 'appliedAt', isRubricScoreSaved: 'rubricScoredAt' } as const;

/** Only more video or a step done can complete an item; a visit or an undone step cannot. */
const mayComplete = (patch: ProgressPatch) =>
  patch.videoProgress !== undefined || patch.areReproduciblesDownloaded || patch.isCatalogItemRated || patch.isRubricScoreSaved || patch.isStrategyApplied;

/**
 * The first time an item meets the completion rule, its completion time is the last interaction
 * of the transaction that completed it (a late beacon event cannot date it back before the steps
 * that came first). It stays when a step is undone later: the learner did complete it then.
 */
async function stampCompletion(tx: Db, userId: string, catalogItemId: string) {
  await tx.execute(keptPlan(sql`
    update learner_progress p set completed_at = p.last_interaction_at
    from catalog_items ci
    where p.user_id = ${userId} and p.catalog_item_id = ${catalogItemId} and ci.id = p.catalog_item_id
      and p.completed_at is null and ${completedSql()}`));
}

/**
 * Dates the completions of progress written in bulk, without the actions (seeds): an item that
 * meets the rule and has no completion time counts as completed at its last interaction.
 */
export async function stampBulkCompletions(db: Db) {
  await db.execute(sql`
    update learner_progress p set completed_at = p.last_interaction_at
    from catalog_items ci
    where ci.id = p.catalog_item_id and p.completed_at is null and ${completedSql()}`);
}

/**
 * Dates when the steps of progress written in bulk (seeds) were first done, for rows that have
 * the step but not its time: the earliest learner event that shows it (or the step's own row:
 * the rating, application or rubric score), else the row's last interaction. Migration 0004
 * backfilled existing rows with the same rule.
 */
export async function stampBulkFirstDone(db: Db) {
  await db.execute(sql`
    with ev as (
      select user_id, catalog_item_id,
        min(occurred_at) filter (where type in ('VIDEO_TIMEUPDATED', 'VIDEO_PAUSED') and jsonb_typeof(data->'progress') = 'number'
          and (data->>'progress')::real >= ${VIDEO_COMPLETE_PERCENT}) as watched,
        min(occurred_at) filter (where type = 'CATALOG_ITEM_RATED') as rated,
        min(occurred_at) filter (where type = 'STRATEGY_APPLICATION_UPDATED') as applied,
        min(occurred_at) filter (where type = 'RUBRIC_SCORE_SAVED') as scored
      from learner_events
      where catalog_item_id is not null and type in ('VIDEO_TIMEUPDATED', 'VIDEO_PAUSED', 'CATALOG_ITEM_RATED', 'STRATEGY_APPLICATION_UPDATED', 'RUBRIC_SCORE_SAVED')
      group by user_id, catalog_item_id
    )
    update learner_progress p set
      watched_at = case when p.video_progress >= ${VIDEO_COMPLETE_PERCENT} then coalesce(p.watched_at, ev.watched, p.last_interaction_at) end,
      rated_at = case when p.is_catalog_item_rated then coalesce(p.rated_at, least(ev.rated, r.created_at), p.last_interaction_at) end,
      applied_at = case when p.is_strategy_applied then coalesce(p.applied_at, sa.applied_at, ev.applied, p.last_interaction_at) end,
      rubric_scored_at = case when p.is_rubric_score_saved then coalesce(p.rubric_scored_at, least(ev.scored, rs.updated_at), p.last_interaction_at) end
    from learner_progress p0
    left join ev on ev.user_id = p0.user_id and ev.catalog_item_id = p0.catalog_item_id
    left join ratings r on r.user_id = p0.user_id and r.catalog_item_id = p0.catalog_item_id
    left join strategy_applications sa on sa.user_id = p0.user_id and sa.catalog_item_id = p0.catalog_item_id
    left join rubric_scores rs on rs.user_id = p0.user_id and rs.catalog_item_id = p0.catalog_item_id
    where p0.user_id = p.user_id and p0.catalog_item_id = p.catalog_item_id
      and ((p.video_progress >= ${VIDEO_COMPLETE_PERCENT} and p.watched_at is null) or (p.is_catalog_item_rated and p.rated_at is null)
        or (p.is_strategy_applied and p.applied_at is null) or (p.is_rubric_score_saved and p.rubric_scored_at is null))`);
}

/** The contract's LearnerProgress, from learner_progress `p` joined to its item `ci`. */
const PROGRESS_COLUMNS = sql`select p.catalog_item_id::text as "catalogItemId", ${iso(sql`p.last_interaction_at`)} as "lastInteractionAt",
    p.are_reproducibles_downloaded as "areReproduciblesDownloaded", p.is_catalog_item_rated as "isCatalogItemRated",
    p.is_rubric_score_saved as "isRubricScoreSaved", p.is_strategy_applied as "isStrategyApplied", p.video_progress as "videoProgress",
    p.video_position as "videoPosition", ${completedSql()} as "completed"
  from learner_progress p join catalog_items ci on ci.id = p.catalog_item_id`;

/**
 * A learner's progress per item, the events it is derived from, and the actions that set its
 * flags (ratings, rubric scores, strategy applications): each action changes its flag in the
 * same transaction.
 */
export function createProgressRepository(db: Db) {
  return {
    /** Every item the learner touched, with whether it is completed now. */
    of(userId: string) {
      return rows<Schemas['LearnerProgress']>(db, keptPlan(sql`${PROGRESS_COLUMNS} where p.user_id = ${userId}`));
    },

    /** Items started and not completed, the most recent first. */
    inProgress(userId: string, limit?: number) {
      return rows<Schemas['LearnerProgress']>(
        db,
        keptPlan(sql`${PROGRESS_COLUMNS} where p.user_id = ${userId} and not ${completedSql()}
            order by p.last_interaction_at desc ${limit === undefined ? sql`` : sql.raw(`limit ${Math.trunc(limit)}`)}`),
      );
    },

    /**
     * The latest day (UTC) before `today` on which the learner signed in or touched an item;
     * null on their first day.
     */
    async previousVisitOn(userId: string, today: string): Promise<string | null> {
      const [row] = await rows<{ day: string | null }>(
        db,
        sql`select greatest(
              (select max(day)::text from learner_logins where user_id = ${userId} and day < ${today}::date),
              (select max((last_interaction_at at time zone 'UTC')::date)::text from learner_progress
                where user_id = ${userId} and (last_interaction_at at time zone 'UTC')::date < ${today}::date)
            ) as day`,
      );
      return row?.day ?? null;
    },

    /** Rates an item (again); returns the rating. */
    rate(userId: string, catalogItemId: string, value: number) {
      return db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(ratings)
          .values({ userId, catalogItemId, value })
          .onConflictDoUpdate({ target: [ratings.userId, ratings.catalogItemId], set: { value, createdAt: clock.now() } })
          .returning();
        await touch(tx, userId, catalogItemId, { isCatalogItemRated: true });
        return saved!;
      });
    },

    /** Withdraws the learner's own rating; false when they have none with this id. */
    deleteRating(userId: string, catalogItemId: string, ratingId: string) {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(ratings)
          .where(and(eq(ratings.id, ratingId), eq(ratings.userId, userId), eq(ratings.catalogItemId, catalogItemId)))
          .returning({ id: ratings.id });
        if (removed.length) await touch(tx, userId, catalogItemId, { isCatalogItemRated: false });
        return removed.length > 0;
      });
    },

    saveRubricScore(userId: string, catalogItemId: string, value: number) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(rubricScores)
          .values({ userId, catalogItemId, value })
          .onConflictDoUpdate({ target: [rubricScores.userId, rubricScores.catalogItemId], set: { value, updatedAt: clock.now() } })
          .returning();
        await touch(tx, userId, catalogItemId, { isRubricScoreSaved: true });
        return row!;
      });
    },

    /** Applies a strategy (once: applying again keeps the first date); returns the application. */
    applyStrategy(userId: string, catalogItemId: string) {
      return db.transaction(async (tx) => {
        await tx.insert(strategyApplications).values({ userId, catalogItemId }).onConflictDoNothing();
        await touch(tx, userId, catalogItemId, { isStrategyApplied: true });
        const [row] = await tx
          .select()
          .from(strategyApplications)
          .where(and(eq(strategyApplications.userId, userId), eq(strategyApplications.catalogItemId, catalogItemId)));
        return row!;
      });
    },

    removeStrategyApplication(userId: string, catalogItemId: string) {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(strategyApplications)
          .where(and(eq(strategyApplications.userId, userId), eq(strategyApplications.catalogItemId, catalogItemId)))
          .returning();
        if (removed.length) await touch(tx, userId, catalogItemId, { isStrategyApplied: false });
      });
    },

    /**
     * The learner asked for the item's video: a play session starts now (the item is started
     * only once some of the video is watched, recordEvents). Their sessions too old to be
     * reported on any more go. Returns the session's id and the seconds of the video they have
     * watched so far.
     */
    startPlaySession(userId: string, catalogItemId: string): Promise<{ id: string; watched: Range[] }> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await tx.execute(sql`delete from play_sessions where user_id = ${userId}::uuid
          and started_at < ${new Date(now.getTime() - PLAY_SESSION_DAYS * 24 * 3600 * 1000).toISOString()}::timestamptz`);
        const [session] = await tx.insert(playSessions).values({ userId, catalogItemId, startedAt: now }).returning({ id: playSessions.id });
        const [progress] = await tx
          .select({ watched: learnerProgress.watchedRanges })
          .from(learnerProgress)
          .where(and(eq(learnerProgress.userId, userId), eq(learnerProgress.catalogItemId, catalogItemId)));
        return { id: session!.id, watched: progress?.watched ?? [] };
      });
    },

    /** The learner's play sessions whose events are still taken, oldest first. */
    async playSessions(userId: string): Promise<Session[]> {
      const found = await rows<{ id: string; catalogItemId: string; startedAt: string; watched: Range[] }>(
        db,
        keptPlan(sql`select id::text as id, catalog_item_id::text as "catalogItemId", ${iso(sql`started_at`)} as "startedAt", watched
            from play_sessions where user_id = ${userId}::uuid
              and started_at >= ${new Date(clock.ms() - PLAY_SESSION_DAYS * 24 * 3600 * 1000).toISOString()}::timestamptz
            order by started_at`),
      );
      return found.map((row) => ({ ...row, startedAt: new Date(row.startedAt) }));
    },

    /** Where the learner's video progress on these items stands, for judging new claims. */
    async videoStates(userId: string, catalogItemIds: string[]): Promise<Map<string, VideoState>> {
      if (!catalogItemIds.length) return new Map();
      // Asked with every batch of learner events: its plan is kept (server/db/client.ts).
      const found = await rows<{ catalogItemId: string; videoProgress: number; watchedRanges: Range[] }>(
        db,
        keptPlan(sql`select catalog_item_id::text as "catalogItemId", video_progress as "videoProgress", watched_ranges as "watchedRanges"
            from learner_progress where user_id = ${userId}::uuid and catalog_item_id in (${uuids(catalogItemIds)})`),
      );
      return new Map(found.map(({ catalogItemId, videoProgress, watchedRanges }) => [catalogItemId, { videoProgress: Number(videoProgress), watchedRanges }]));
    },

    /** Counts a sign-in once per user and (UTC) day; false when today's was counted already. */
    async countLogin(userId: string, day: string): Promise<boolean> {
      const inserted = await db.insert(learnerLogins).values({ userId, day }).onConflictDoNothing().returning({ day: learnerLogins.day });
      return inserted.length > 0;
    },

    markReproduciblesDownloaded(userId: string, catalogItemId: string) {
      return db.transaction((tx) => touch(tx, userId, catalogItemId, { areReproduciblesDownloaded: true }));
    },

    /**
     * Stores a batch of events once each (by id) and derives progress from the events stored
     * now only, so a retried batch changes nothing. Returns the ids stored now. Events on an item
     * not started (services/progress.ts) start it only when they watched some of its video.
     *
     * One statement does both: it records the interactions as `touch` would one event after
     * another, merged per item — the last interaction is the newest event's, video progress the
     * largest, watched the first event that reached 90 %, and the position the newest event's
     * that has one, kept only if it is not older than the interaction already stored (a
     * late-arriving older event leaves it alone). Events carry only video progress and position
     * (services/progress.ts progressPatchOf), so only a batch that takes a video to 90 % can
     * complete an item: then a second statement, in the same transaction, dates the completion
     * by the batch's last interaction with it (the last interaction of the transaction that
     * completed it).
     */
    async recordEvents(userId: string, events: StoredEvent[], watched?: WatchedNow): Promise<Set<string>> {
      if (!events.length) return new Set();
      // The batch as one JSON parameter: one statement text whatever the batch's size, so each
      // connection prepares it once.
      const batch = JSON.stringify(
        events.map((e, ord) => ({
          ord,
          id: e.id,
          type: e.type,
          occurred_at: e.occurredAt.toISOString(),
          credited_at: e.creditedAt.toISOString(),
          catalog_item_id: e.catalogItemId,
          data: e.data,
          video_progress: e.progress.videoProgress ?? null,
          video_position: e.progress.videoPosition ?? null,
        })),
      );
      const write = (q: Db) =>
        rows<{ id: string }>(
          q,
          keptPlan(sql`with e as (
            select * from jsonb_to_recordset(${batch}::jsonb) as x(ord int, id uuid, type text, occurred_at timestamptz, credited_at timestamptz,
              catalog_item_id uuid, data jsonb, video_progress real, video_position real)
          ),
          ins as (
            insert into learner_events (id, user_id, type, occurred_at, credited_at, catalog_item_id, data)
            select id, ${userId}::uuid, type, occurred_at, credited_at, catalog_item_id, data from e order by ord
            on conflict (id) do nothing
            returning id
          ),
          items as (
            select e.catalog_item_id, max(e.occurred_at) as at, max(e.video_progress) as video_progress,
              min(e.occurred_at) filter (where e.video_progress >= ${VIDEO_COMPLETE_PERCENT}) as watched_at,
              (array_agg(e.video_position order by e.occurred_at desc, e.ord desc) filter (where e.video_position is not null))[1] as video_position,
              max(e.occurred_at) filter (where e.video_position is not null) as position_at
            from e join ins on ins.id = e.id
            where e.catalog_item_id is not null
            group by e.catalog_item_id
          ),
          -- Runs although nothing reads it (PostgreSQL runs every data-modifying WITH once). An
          -- item gets its row once some of its video is watched (services/progress.ts, the
          -- started rule); a visit or a play without watching moves a row that is there already.
          touched as (
            insert into learner_progress as p (user_id, catalog_item_id, last_interaction_at, video_progress, video_position, watched_at)
            select ${userId}::uuid, i.catalog_item_id, i.at, coalesce(i.video_progress, 0), coalesce(i.video_position, 0), i.watched_at
            from items i
            where i.video_progress > 0
              or exists (select 1 from learner_progress x where x.user_id = ${userId}::uuid and x.catalog_item_id = i.catalog_item_id)
            order by i.catalog_item_id
            on conflict (user_id, catalog_item_id) do update set
              last_interaction_at = greatest(p.last_interaction_at, excluded.last_interaction_at),
              video_progress = greatest(p.video_progress, excluded.video_progress),
              watched_at = least(p.watched_at, excluded.watched_at),
              video_position = coalesce(
                (select case when i.position_at >= p.last_interaction_at then i.video_position end from items i where i.catalog_item_id = excluded.catalog_item_id),
                p.video_position)
          )
          select ins.id::text as id from ins`),
        );
      // What the sessions covered is a union, the same whether the events are new or sent again.
      // One statement per table, whatever the number of sessions and items ({ id: ranges }).
      const keepWatched = async (q: Db) => {
        if (watched?.sessions.size) {
          await q.execute(keptPlan(sql`update play_sessions s set watched = w.value
            from jsonb_each(${JSON.stringify(Object.fromEntries(watched.sessions))}::jsonb) w
            where s.id = w.key::uuid and s.user_id = ${userId}::uuid`));
        }
        if (watched?.items.size) {
          await q.execute(keptPlan(sql`update learner_progress p set watched_ranges = w.value
            from jsonb_each(${JSON.stringify(Object.fromEntries(watched.items))}::jsonb) w
            where p.user_id = ${userId}::uuid and p.catalog_item_id = w.key::uuid`));
        }
      };
      const reaching = [...new Set(events.filter((e) => e.catalogItemId && (e.progress.videoProgress ?? 0) >= VIDEO_COMPLETE_PERCENT).map((e) => e.catalogItemId!))];
      if (!reaching.length && !watched?.sessions.size) return new Set((await write(db)).map((r) => r.id));
      return db.transaction(async (tx) => {
        const fresh = new Set((await write(tx)).map((r) => r.id));
        await keepWatched(tx);
        const completable = reaching.filter((id) => events.some((e) => e.catalogItemId === id && fresh.has(e.id) && (e.progress.videoProgress ?? 0) >= VIDEO_COMPLETE_PERCENT));
        if (completable.length) {
          await tx.execute(keptPlan(sql`
            update learner_progress p set completed_at = p.last_interaction_at
            from catalog_items ci
            where p.user_id = ${userId} and p.catalog_item_id in (${sql.join(completable.map((id) => sql`${id}::uuid`), sql`, `)})
              and ci.id = p.catalog_item_id and p.completed_at is null and ${completedSql()}`));
        }
        return fresh;
      });
    },
  };
}

export type ProgressRepository = ReturnType<typeof createProgressRepository>;

declare module './repositories.ts' {
  interface Repositories {
    progress: ProgressRepository;
  }
}

export default defineRepository('progress', createProgressRepository);
