import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { QueryOf } from '../contract.ts';
import { iso, rows, type Db } from '../db/client.ts';
import { bookmarks, profiles, users } from '../db/schema.ts';
import type { UserRow } from '../auth/principal.ts';
import { completedSql, stepsDoneSql, VIDEO_COMPLETE_AT } from '../services/progress.ts';

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
        if (Object.keys(profile).length) await tx.update(profiles).set({ ...profile, updatedAt: new Date() }).where(eq(profiles.userId, user.id));
        if (!Object.keys(account).length) return user;
        const [row] = await tx.update(users).set(account).where(eq(users.id, user.id)).returning();
        return row!;
      });
    },

    /** Saves an item (once); returns the bookmark. */
    async addBookmark(userId: string, catalogItemId: string) {
      await db.insert(bookmarks).values({ userId, catalogItemId }).onConflictDoNothing();
      const [saved] = await db.select().from(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.catalogItemId, catalogItemId)));
      return saved!;
    },

    async removeBookmark(userId: string, catalogItemId: string) {
      await db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.catalogItemId, catalogItemId)));
    },

    async achievementCounts(userId: string): Promise<AchievementCounts | undefined> {
      const [counts] = await rows<AchievementCounts>(
        db,
        sql`select
          count(*) filter (where p.is_strategy_applied)::int as "strategiesApplied",
          count(*) filter (where p.video_progress >= ${VIDEO_COMPLETE_AT})::int as "strategiesWatched",
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

    /** The days (YYYY-MM-DD in the time zone) on which the learner did something; signing in alone does not count. */
    async activeDays(userId: string, timeZone: string): Promise<string[]> {
      const days = await rows<{ day: string }>(
        db,
        sql`select distinct to_char(d, 'YYYY-MM-DD') as day from (
              select (occurred_at at time zone ${timeZone})::date as d from learner_events where user_id = ${userId} and type <> 'LEARNER_LOGIN'
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
      const filters: Record<NonNullable<InteractionQuery['filter']>, SQL> = {
        ALL: sql`true`,
        COMPLETED: sql`p.user_id is not null and ${completedSql()}`,
        IN_PROGRESS: sql`p.user_id is not null and not ${completedSql()}`,
        SAVED: sql`b.user_id is not null`,
      };
      const base = sql`
        from catalog_items ci
        left join learner_progress p on p.catalog_item_id = ci.id and p.user_id = ${userId}
        left join bookmarks b on b.catalog_item_id = ci.id and b.user_id = ${userId}
        cross join lateral (
          select
            (select n.title from catalog_item_nasot_items x join nasot_items n on n.id = x.nasot_item_id
              where x.catalog_item_id = ci.id and n.type = 'CATEGORY' order by n.position limit 1) as category_title,
            (select n.title from catalog_item_nasot_items x join nasot_items n on n.id = x.nasot_item_id
              where x.catalog_item_id = ci.id and n.type = 'ELEMENT' order by n.position limit 1) as element_title
        ) titles
        where ci.resource_type = 'LEARNING_OBJECT' and (p.user_id is not null or b.user_id is not null)
          and ${filters[q.filter ?? 'ALL']}`;
      const direction = q.sortOrder === 'DESC' ? sql`desc` : sql`asc`;
      const limit = q.limit === -1 ? sql`` : sql`limit ${q.limit ?? 10}`;
      const [list, [count]] = await Promise.all([
        rows<InteractionRow>(
          db,
          sql`select ci.id::text as "catalogItemId", ci.public_id as "publicId", ci.title as "strategyTitle",
                category_title as "categoryTitle", element_title as "elementTitle",
                coalesce(${stepsDoneSql()}, 0) as "steps", p.video_progress as "videoProgress",
                p.are_reproducibles_downloaded as "downloaded", p.is_rubric_score_saved as "rubricScored",
                p.is_catalog_item_rated as "rated", p.is_strategy_applied as "applied",
                (b.user_id is not null) as "saved", ${iso(sql`p.last_interaction_at`)} as "lastInteractionAt"
              ${base}
              order by ${INTERACTION_SORT[q.sortBy ?? 'strategyTitle']} ${direction} nulls last, lower(ci.title), ci.id
              ${limit} offset ${q.offset ?? 0}`,
        ),
        rows<{ total: number }>(db, sql`select count(*)::int as total ${base}`),
      ]);
      return { rows: list, total: count?.total ?? 0 };
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
