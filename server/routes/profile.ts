import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { iso, rows } from '../db/client.ts';
import { audiences, bookmarks, nasotItems, profiles, users } from '../db/schema.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { ROLES, requireRole } from '../auth/policy.ts';
import type { UserRow } from '../auth/principal.ts';
import { findItem, summariesByIds } from '../services/catalog.ts';
import { completedSql, stepsDoneSql, VIDEO_COMPLETE_AT } from '../services/progress.ts';
import { principalOf, type Context, type Handlers } from './types.ts';
import type { components } from '../../src/api/schema.d.ts';

type ProfileOps =
  | 'getProfile'
  | 'updateProfile'
  | 'getAchievements'
  | 'getProfileInProgress'
  | 'getSystemStreaks'
  | 'listInteractions'
  | 'addBookmark'
  | 'removeBookmark';

/** Achievements in display order (spec §3); three are milestones. */
const ACHIEVEMENTS = [
  { name: 'strategiesApplied', label: 'Applied', icon: 'check-circle', isMilestone: true },
  { name: 'strategiesWatched', label: 'Watched', icon: 'play-circle', isMilestone: true },
  { name: 'strategiesSaved', label: 'Saved', icon: 'bookmark', isMilestone: false },
  { name: 'resourcesDownloaded', label: 'Downloaded', icon: 'download', isMilestone: false },
  { name: 'rubricsScored', label: 'Scored', icon: 'clipboard-check', isMilestone: false },
  { name: 'strategiesRated', label: 'Rated', icon: 'star', isMilestone: false },
  { name: 'strategiesInProgress', label: 'In-Progress', icon: 'progress-clock', isMilestone: true },
] as const;

/** Days shown in the streak calendar. */
const STREAK_WINDOW_DAYS = 7;

const INTERACTION_SORT: Record<string, SQL> = {
  strategyTitle: sql`lower(ci.title)`,
  progress: sql`coalesce(${stepsDoneSql()}, 0)`,
  categoryTitle: sql`lower(category_title)`,
  elementTitle: sql`lower(element_title)`,
  watched: sql`coalesce(p.video_progress, 0)`,
  rated: sql`coalesce(p.is_catalog_item_rated, false)`,
};

export function profileHandlers({ db }: Context): Handlers<ProfileOps> {
  async function loadProfile(user: UserRow) {
    await db.insert(profiles).values({ userId: user.id }).onConflictDoNothing();
    const [[profile], saved] = await Promise.all([
      db.select().from(profiles).where(eq(profiles.userId, user.id)),
      db.select({ catalogItemId: bookmarks.catalogItemId, createdAt: bookmarks.createdAt }).from(bookmarks).where(eq(bookmarks.userId, user.id)).orderBy(asc(bookmarks.createdAt)),
    ]);
    return {
      interestIds: profile!.interestIds,
      audienceId: profile!.audienceId,
      isOrganizationMember: user.organizationId !== null,
      experienceLevel: profile!.experienceLevel,
      completedOnboarding: user.completedOnboarding,
      firstName: user.firstName,
      lastName: user.lastName,
      bookmarks: saved,
    };
  }

  return {
    async getProfile(request) {
      return loadProfile(principalOf(request).user);
    },

    async updateProfile(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.learners);
      const body = request.body;
      if (body.interestIds?.length) {
        const found = await db.select({ id: nasotItems.id }).from(nasotItems).where(inArray(nasotItems.id, body.interestIds));
        if (found.length !== body.interestIds.length) throw unprocessable('Some interests are not framework items', 'UNKNOWN_INTEREST');
      }
      if (body.audienceId) {
        const [audience] = await db.select({ id: audiences.id }).from(audiences).where(eq(audiences.id, body.audienceId));
        if (!audience) throw unprocessable('Unknown audience', 'UNKNOWN_AUDIENCE');
      }
      const updated = await db.transaction(async (tx) => {
        await tx.insert(profiles).values({ userId: user.id }).onConflictDoNothing();
        const profilePatch = {
          ...(body.interestIds !== undefined && { interestIds: body.interestIds }),
          ...(body.audienceId !== undefined && { audienceId: body.audienceId }),
          ...(body.experienceLevel !== undefined && { experienceLevel: body.experienceLevel }),
        };
        if (Object.keys(profilePatch).length) await tx.update(profiles).set({ ...profilePatch, updatedAt: new Date() }).where(eq(profiles.userId, user.id));
        const userPatch = {
          ...(body.completedOnboarding !== undefined && { completedOnboarding: body.completedOnboarding }),
          ...(body.firstName !== undefined && { firstName: body.firstName.trim() }),
          ...(body.lastName !== undefined && { lastName: body.lastName.trim() }),
        };
        if (!Object.keys(userPatch).length) return user;
        const [row] = await tx.update(users).set(userPatch).where(eq(users.id, user.id)).returning();
        return row!;
      });
      return loadProfile(updated);
    },

    async getAchievements(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.learners);
      const [counts] = await rows<Record<(typeof ACHIEVEMENTS)[number]['name'], number>>(
        db,
        sql`select
          count(*) filter (where p.is_strategy_applied)::int as "strategiesApplied",
          count(*) filter (where p.video_progress >= ${VIDEO_COMPLETE_AT})::int as "strategiesWatched",
          (select count(*)::int from bookmarks b where b.user_id = ${user.id}) as "strategiesSaved",
          count(*) filter (where p.are_reproducibles_downloaded)::int as "resourcesDownloaded",
          count(*) filter (where p.is_rubric_score_saved)::int as "rubricsScored",
          count(*) filter (where p.is_catalog_item_rated)::int as "strategiesRated",
          count(*) filter (where not ${completedSql()})::int as "strategiesInProgress"
        from learner_progress p join catalog_items ci on ci.id = p.catalog_item_id
        where p.user_id = ${user.id}`,
      );
      return { data: ACHIEVEMENTS.map((a, i) => ({ ...a, position: i + 1, value: counts?.[a.name] ?? 0 })) };
    },

    async getProfileInProgress(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.learners);
      const list = await rows<components['schemas']['LearnerProgress']>(
        db,
        sql`select p.catalog_item_id::text as "catalogItemId", ${iso(sql`p.last_interaction_at`)} as "lastInteractionAt",
              p.are_reproducibles_downloaded as "areReproduciblesDownloaded", p.is_catalog_item_rated as "isCatalogItemRated",
              p.is_rubric_score_saved as "isRubricScoreSaved", p.is_strategy_applied as "isStrategyApplied", p.video_progress as "videoProgress",
              p.video_position as "videoPosition"
            from learner_progress p join catalog_items ci on ci.id = p.catalog_item_id
            where p.user_id = ${user.id} and not ${completedSql()}
            order by p.last_interaction_at desc`,
      );
      const items = new Map((await summariesByIds(db, list.map((p) => p.catalogItemId))).map((i) => [i.id, i]));
      return {
        catalogItemsInProgress: list.flatMap((progress) => {
          const catalogItem = items.get(progress.catalogItemId);
          return catalogItem ? [{ catalogItem, progress }] : [];
        }),
      };
    },

    async getSystemStreaks(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.learners);
      const timeZone = request.query.timeZone ?? 'UTC';
      try {
        new Intl.DateTimeFormat('en-US', { timeZone });
      } catch {
        throw badRequest(`Unknown time zone "${timeZone}"`);
      }
      const days = await rows<{ day: string }>(
        db,
        sql`select distinct to_char(d, 'YYYY-MM-DD') as day from (
              select (occurred_at at time zone ${timeZone})::date as d from learner_events where user_id = ${user.id} and type <> 'LEARNER_LOGIN'
              union all select (created_at at time zone ${timeZone})::date from ratings where user_id = ${user.id}
              union all select (updated_at at time zone ${timeZone})::date from rubric_scores where user_id = ${user.id}
              union all select (applied_at at time zone ${timeZone})::date from strategy_applications where user_id = ${user.id}
              union all select (created_at at time zone ${timeZone})::date from bookmarks where user_id = ${user.id}
            ) activity order by day`,
      );
      return computeStreaks(
        days.map((d) => d.day),
        localDate(new Date(), timeZone),
        timeZone,
      );
    },

    async listInteractions(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.learners);
      const q = request.query;
      const filters: Record<string, SQL> = {
        ALL: sql`true`,
        COMPLETED: sql`p.user_id is not null and ${completedSql()}`,
        IN_PROGRESS: sql`p.user_id is not null and not ${completedSql()}`,
        SAVED: sql`b.user_id is not null`,
      };
      const base = sql`
        from catalog_items ci
        left join learner_progress p on p.catalog_item_id = ci.id and p.user_id = ${user.id}
        left join bookmarks b on b.catalog_item_id = ci.id and b.user_id = ${user.id}
        cross join lateral (
          select
            (select n.title from catalog_item_nasot_items x join nasot_items n on n.id = x.nasot_item_id
              where x.catalog_item_id = ci.id and n.type = 'CATEGORY' order by n.position limit 1) as category_title,
            (select n.title from catalog_item_nasot_items x join nasot_items n on n.id = x.nasot_item_id
              where x.catalog_item_id = ci.id and n.type = 'ELEMENT' order by n.position limit 1) as element_title
        ) titles
        where ci.resource_type = 'LEARNING_OBJECT' and (p.user_id is not null or b.user_id is not null)
          and ${filters[q.filter ?? 'ALL']!}`;
      const direction = q.sortOrder === 'DESC' ? sql`desc` : sql`asc`;
      const limit = q.limit === -1 ? sql`` : sql`limit ${q.limit ?? 10}`;
      const [list, [count]] = await Promise.all([
        rows<{
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
        }>(
          db,
          sql`select ci.id::text as "catalogItemId", ci.public_id as "publicId", ci.title as "strategyTitle",
                category_title as "categoryTitle", element_title as "elementTitle",
                coalesce(${stepsDoneSql()}, 0) as "steps", p.video_progress as "videoProgress",
                p.are_reproducibles_downloaded as "downloaded", p.is_rubric_score_saved as "rubricScored",
                p.is_catalog_item_rated as "rated", p.is_strategy_applied as "applied",
                (b.user_id is not null) as "saved", ${iso(sql`p.last_interaction_at`)} as "lastInteractionAt"
              ${base}
              order by ${INTERACTION_SORT[q.sortBy ?? 'strategyTitle']!} ${direction} nulls last, lower(ci.title), ci.id
              ${limit} offset ${q.offset ?? 0}`,
        ),
        rows<{ total: number }>(db, sql`select count(*)::int as total ${base}`),
      ]);
      const yesNo = (v: boolean | null) => (v ? ('YES' as const) : ('NO' as const));
      return {
        items: list.map((r) => ({
          catalogItemId: r.catalogItemId,
          publicId: r.publicId,
          strategyTitle: r.strategyTitle,
          categoryTitle: r.categoryTitle,
          elementTitle: r.elementTitle,
          progress: r.steps >= 5 ? ('YES' as const) : r.steps > 0 ? ('PARTIAL' as const) : ('NO' as const),
          progressPercent: r.steps * 20,
          watched: (r.videoProgress ?? 0) >= VIDEO_COMPLETE_AT ? ('YES' as const) : (r.videoProgress ?? 0) > 0 ? ('PARTIAL' as const) : ('NO' as const),
          downloaded: yesNo(r.downloaded),
          rubricScored: yesNo(r.rubricScored),
          rated: yesNo(r.rated),
          applied: yesNo(r.applied),
          saved: r.saved,
          lastInteractionAt: r.lastInteractionAt,
        })),
        total: count?.total ?? 0,
      };
    },

    async addBookmark(request, reply) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.fullAccount);
      const item = await findItem(db, request.body.catalogItemId);
      await db.insert(bookmarks).values({ userId: user.id, catalogItemId: item.id }).onConflictDoNothing();
      const [saved] = await db.select().from(bookmarks).where(and(eq(bookmarks.userId, user.id), eq(bookmarks.catalogItemId, item.id)));
      reply.code(201);
      return { catalogItemId: saved!.catalogItemId, createdAt: saved!.createdAt };
    },

    async removeBookmark(request, reply) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.fullAccount);
      await db.delete(bookmarks).where(and(eq(bookmarks.userId, user.id), eq(bookmarks.catalogItemId, request.query.catalogItemId)));
      reply.code(204);
    },
  };
}

/** YYYY-MM-DD of an instant in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Streak rule: a day counts when the learner did something (watched, downloaded, rated, scored,
 * applied, saved or visited an item; signing in alone does not count). The current streak is
 * the run of consecutive active days ending today, or ending yesterday while today is still
 * open; the longest streak is the longest run ever.
 */
export function computeStreaks(activeDays: string[], today: string, timeZone: string) {
  const set = new Set(activeDays);
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of [...set].sort()) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const activeToday = set.has(today);
  let current = 0;
  for (let day = activeToday ? today : addDays(today, -1); set.has(day); day = addDays(day, -1)) current++;
  const days = Array.from({ length: STREAK_WINDOW_DAYS }, (_, i) => {
    const date = addDays(today, i - STREAK_WINDOW_DAYS + 1);
    return { date, active: set.has(date) };
  });
  return { currentStreak: current, longestStreak: longest, activeToday, lastActiveDate: previous, timeZone, days };
}
