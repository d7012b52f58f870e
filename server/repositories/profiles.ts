import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { QueryOf } from '../contract.ts';
import { iso, rows, type Db } from '../db/client.ts';
import { defineRepository } from './define.ts';
import { bookmarks, profiles, users } from '../db/schema.ts';
import type { UserRow } from '../auth/principal.ts';
import { VIDEO_COMPLETE_PERCENT } from '../../src/lib/video-complete.ts';
import { completedSql, stepsDoneSql } from '../services/progress.ts';
import { clock } from '../clock.ts';

type ProfileRow = typeof profiles.$inferSelect;
export type ProfilePatch = Partial<Pick<ProfileRow, 'interestIds' | 'audienceId' | 'experienceLevel'>>;
export type AccountPatch = Partial<Pick<UserRow, 'completedOnboarding' | 'firstName' | 'lastName'>>;

export type AchievementCounts = Record<
  'strategiesApplied' | 'strategiesWatched' | 'strategiesSaved' | 'resourcesDownloaded' | 'rubricsScored' | 'strategiesRated' | 'strategiesInProgress',
  number
>;

/** One row of the progress table: a learning object the learner worked on or saved. */
export type InteractionRow = {
  catalogItemId: string;
  publicId: string;
  strategyTitle: string;
  categoryTitle: string | null;
  elementTitle: string | null;
  steps: number;
  videoProgress: number | null;
  downloaded: boolean | null;
  rubricScored: boolean | null;
  rated: boolean | null;
  applied: boolean | null;
  saved: boolean;
  lastInteractionAt: string | null;
};

type InteractionQuery = QueryOf<'listInteractions'>;

const INTERACTION_SORT: Record<NonNullable<InteractionQuery['sortBy']>, SQL> = {
  strategyTitle: sql`lower(ci.title)`,
  progress: sql`coalesce(${stepsDoneSql()}, 0)`,
  categoryTitle: sql`lower(category_title)`,
  elementTitle: sql`lower(element_title)`,
  watched: sql`coalesce(p.video_progress, 0)`,
  rated: sql`coalesce(p.is_catalog_item_rated, false)`,
};

const INTERACTION_FILTERS: Record<NonNullable<InteractionQuery['filter']>, SQL> = {
  ALL: sql`true`,
  COMPLETED: sql`p.user_id is not null and ${completedSql()}`,
  IN_PROGRESS: sql`p.user_id is not null and not ${completedSql()}`,
  SAVED: sql`b.user_id is not null`,
};

/** The learning objects the learner started or saved (both primary keys lead with the user). */
const itemsOf = (userId: string) =>
  sql`select catalog_item_id from learner_progress where user_id = ${userId} union select catalog_item_id from bookmarks where user_id = ${userId}`;

/**
 * The framework category and element of each row (the table's Category and Element columns), by
 * one of two plans that give the same titles: per row, which PostgreSQL evaluates only for the
 * rows of the page when the sort does not need them; or for all the learner's items in one
 * grouped pass, about three times cheaper when every row needs them (sorting by them, the export).
 */
const TITLES_PER_ROW = sql`
  cross join lateral (
    select
      (select n.title from catalog_item_nasot_items x join nasot_items n on n.id = x.nasot_item_id
        where x.catalog_item_id = ci.id and n.type = 'CATEGORY' order by n.position limit 1) as category_title,
      (select n.title from catalog_item_nasot_items x join nasot_items n on n.id = x.nasot_item_id
        where x.catalog_item_id = ci.id and n.type = 'ELEMENT' order by n.position limit 1) as element_title
  ) titles`;
const titlesOfAll = (userId: string) => sql`
  left join (
    select x.catalog_item_id,
      (array_agg(n.title order by n.position) filter (where n.type = 'CATEGORY'))[1] as category_title,
      (array_agg(n.title order by n.position) filter (where n.type = 'ELEMENT'))[1] as element_title
    from catalog_item_nasot_items x join nasot_items n on n.id = x.nasot_item_id and n.type in ('CATEGORY', 'ELEMENT')
    where x.catalog_item_id = any(array(${itemsOf(userId)}))
    group by x.catalog_item_id
  ) titles on titles.catalog_item_id = ci.id`;

/**
 * The rows of the progress table: learning objects the learner started or saved, in the filter.
 * It starts from the learner's own rows, so its cost follows their history, not the catalogue's size.
 */
const interactionsOf = (userId: string, filter: InteractionQuery['filter'], joins = sql``) => sql`
  from (${itemsOf(userId)}) mine
  join catalog_items ci on ci.id = mine.catalog_item_id
  left join learner_progress p on p.catalog_item_id = ci.id and p.user_id = ${userId}
  left join bookmarks b on b.catalog_item_id = ci.id and b.user_id = ${userId}
  ${joins}
  where ci.resource_type = 'LEARNING_OBJECT' and ${INTERACTION_FILTERS[filter ?? 'ALL']}`;

type InteractionOrder = Pick<InteractionQuery, 'filter' | 'sortBy' | 'sortOrder'>;

/**
 * The progress table's columns, sorted (ties by title, then id, so that pages never overlap),
 * with the number of rows in the filter (one query: the sort reads them all anyway). Without a
 * page, every row.
 */
function interactionRows(userId: string, q: InteractionOrder, page?: { limit: number | null; offset: number }) {
  const sortBy = q.sortBy ?? 'strategyTitle';
  const everyRow = !page || sortBy === 'categoryTitle' || sortBy === 'elementTitle';
  const direction = q.sortOrder === 'DESC' ? sql`desc` : sql`asc`;
  return sql`select ci.id::text as "catalogItemId", ci.public_id as "publicId", ci.title as "strategyTitle",
        category_title as "categoryTitle", element_title as "elementTitle",
        coalesce(${stepsDoneSql()}, 0) as "steps", p.video_progress as "videoProgress",
        p.are_reproducibles_downloaded as "downloaded", p.is_rubric_score_saved as "rubricScored",
        p.is_catalog_item_rated as "rated", p.is_strategy_applied as "applied",
        (b.user_id is not null) as "saved", ${iso(sql`p.last_interaction_at`)} as "lastInteractionAt"
        ${page ? sql`, count(*) over ()::int as "total"` : sql``}
      ${interactionsOf(userId, q.filter, everyRow ? titlesOfAll(userId) : TITLES_PER_ROW)}
      order by ${INTERACTION_SORT[sortBy]} ${direction} nulls last, lower(ci.title), ci.id
      ${page && page.limit !== null ? sql`limit ${page.limit}` : sql``} ${page?.offset ? sql`offset ${page.offset}` : sql``}`;
}

/** A learner's profile, their bookmarks, and the views of their own learning built on them. */
export function createProfilesRepository(db: Db) {
  return {
    /** The profile (created on first read) and the bookmarks, oldest first. */
    async get(userId: string) {
      await db.insert(profiles).values({ userId }).onConflictDoNothing();
      const [[profile], saved] = await Promise.all([
        db.select().from(profiles).where(eq(profiles.userId, userId)),
        db.select({ catalogItemId: bookmarks.catalogItemId, createdAt: bookmarks.createdAt }).from(bookmarks).where(eq(bookmarks.userId, userId)).orderBy(asc(bookmarks.createdAt)),
      ]);
      return { profile: profile!, bookmarks: saved };
    },

    /** The profile without creating it: undefined for a learner who never had one. */
    async find(userId: string) {
      const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      return profile;
    },

    /** Changes the profile and the account's own fields together; returns the account as it is now. */
    update(user: UserRow, profile: ProfilePatch, account: AccountPatch): Promise<UserRow> {
      return db.transaction(async (tx) => {
        await tx.insert(profiles).values({ userId: user.id }).onConflictDoNothing();
        if (Object.keys(profile).length) await tx.update(profiles).set({ ...profile, updatedAt: clock.now() }).where(eq(profiles.userId, user.id));
        if (!Object.keys(account).length) return user;
        const [row] = await tx.update(users).set(account).where(eq(users.id, user.id)).returning();
        return row!;
      });
    },

    /** Saves an item (once). */
    async addBookmark(userId: string, catalogItemId: string) {
      await db.insert(bookmarks).values({ userId, catalogItemId }).onConflictDoNothing();
    },

    async removeBookmark(userId: string, catalogItemId: string) {
      await db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.catalogItemId, catalogItemId)));
    },

    async achievementCounts(userId: string): Promise<AchievementCounts | undefined> {
      const [counts] = await rows<AchievementCounts>(
        db,
        sql`select
          count(*) filter (where p.is_strategy_applied)::int as "strategiesApplied",
          count(*) filter (where p.video_progress >= ${VIDEO_COMPLETE_PERCENT})::int as "strategiesWatched",
          (select count(*)::int from bookmarks b where b.user_id = ${userId}) as "strategiesSaved",
          count(*) filter (where p.are_reproducibles_downloaded)::int as "resourcesDownloaded",
          count(*) filter (where p.is_rubric_score_saved)::int as "rubricsScored",
          count(*) filter (where p.is_catalog_item_rated)::int as "strategiesRated",
          count(*) filter (where not ${completedSql()})::int as "strategiesInProgress"
        from learner_progress p join catalog_items ci on ci.id = p.catalog_item_id
        where p.user_id = ${userId}`,
      );
      return counts;
    },

    /**
     * The days (YYYY-MM-DD in the time zone) on which the learner did something; signing in alone
     * does not count. An event counts on the day it is credited for (learner_events.credited_at):
     * a day on which the server heard from the learner.
     */
    async activeDays(userId: string, timeZone: string): Promise<string[]> {
      const days = await rows<{ day: string }>(
        db,
        sql`select distinct to_char(d, 'YYYY-MM-DD') as day from (
              select (credited_at at time zone ${timeZone})::date as d from learner_events where user_id = ${userId} and type <> 'LEARNER_LOGIN'
              union all select (created_at at time zone ${timeZone})::date from ratings where user_id = ${userId}
              union all select (updated_at at time zone ${timeZone})::date from rubric_scores where user_id = ${userId}
              union all select (applied_at at time zone ${timeZone})::date from strategy_applications where user_id = ${userId}
              union all select (created_at at time zone ${timeZone})::date from bookmarks where user_id = ${userId}
            ) activity order by day`,
      );
      return days.map((d) => d.day);
    },

    /** The progress table: learning objects the learner started or saved, filtered, sorted and paged. */
    async interactions(userId: string, q: InteractionQuery): Promise<{ rows: InteractionRow[]; total: number }> {
      const offset = q.offset ?? 0;
      const limit = q.limit === -1 ? null : (q.limit ?? 10);
      const list = await rows<InteractionRow & { total: number }>(db, interactionRows(userId, q, { limit, offset }));
      // An empty page past the end (or of size 0) has no row to carry the count.
      const counted = async () => (await rows<{ total: number }>(db, sql`select count(*)::int as total ${interactionsOf(userId, q.filter)}`))[0]?.total ?? 0;
      const total = list[0]?.total ?? (offset > 0 || limit === 0 ? await counted() : 0);
      return { rows: list.map(({ total: _, ...row }) => row), total };
    },

    /** Every row of the progress table, filtered and sorted as the listing does (the CSV export). */
    allInteractions(userId: string, q: InteractionOrder): Promise<InteractionRow[]> {
      return rows<InteractionRow>(db, interactionRows(userId, q));
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;

declare module './repositories.ts' {
  interface Repositories {
    profiles: ProfilesRepository;
  }
}

export default defineRepository('profiles', createProfilesRepository);
