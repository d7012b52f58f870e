import { badRequest, unprocessable } from '../errors.ts';
import type { UserRow } from '../auth/principal.ts';
import type { InteractionRow } from '../repositories/profiles.ts';
import { VIDEO_COMPLETE_AT } from '../services/progress.ts';
import { principalOf, type Context, type Handlers } from './types.ts';

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

const yesNo = (v: boolean | null) => (v ? ('YES' as const) : ('NO' as const));
const stepState = (done: number, all: number) => (done >= all ? ('YES' as const) : done > 0 ? ('PARTIAL' as const) : ('NO' as const));

/** A row of the progress table as the contract shows it: five steps, each 20 %. */
function toInteraction(r: InteractionRow) {
  return {
    catalogItemId: r.catalogItemId,
    publicId: r.publicId,
    strategyTitle: r.strategyTitle,
    categoryTitle: r.categoryTitle,
    elementTitle: r.elementTitle,
    progress: stepState(r.steps, 5),
    progressPercent: r.steps * 20,
    watched: stepState(r.videoProgress ?? 0, VIDEO_COMPLETE_AT),
    downloaded: yesNo(r.downloaded),
    rubricScored: yesNo(r.rubricScored),
    rated: yesNo(r.rated),
    applied: yesNo(r.applied),
    saved: r.saved,
    lastInteractionAt: r.lastInteractionAt,
  };
}

export function profileHandlers({ repos }: Context): Handlers<ProfileOps> {
  const { catalog, profiles, progress } = repos;

  async function loadProfile(user: UserRow) {
    const { profile, bookmarks } = await profiles.get(user.id);
    return {
      interestIds: profile.interestIds,
      audienceId: profile.audienceId,
      isOrganizationMember: user.organizationId !== null,
      experienceLevel: profile.experienceLevel,
      completedOnboarding: user.completedOnboarding,
      firstName: user.firstName,
      lastName: user.lastName,
      bookmarks,
    };
  }

  return {
    async getProfile(request) {
      return loadProfile(principalOf(request).user);
    },

    async updateProfile(request) {
      const { user } = principalOf(request);
      const body = request.body;
      if (body.interestIds?.length && !(await catalog.nasotItemsExist(body.interestIds))) throw unprocessable('Some interests are not framework items', 'UNKNOWN_INTEREST');
      if (body.audienceId && !(await catalog.audienceExists(body.audienceId))) throw unprocessable('Unknown audience', 'UNKNOWN_AUDIENCE');
      const updated = await profiles.update(
        user,
        {
          ...(body.interestIds !== undefined && { interestIds: body.interestIds }),
          ...(body.audienceId !== undefined && { audienceId: body.audienceId }),
          ...(body.experienceLevel !== undefined && { experienceLevel: body.experienceLevel }),
        },
        {
          ...(body.completedOnboarding !== undefined && { completedOnboarding: body.completedOnboarding }),
          ...(body.firstName !== undefined && { firstName: body.firstName.trim() }),
          ...(body.lastName !== undefined && { lastName: body.lastName.trim() }),
        },
      );
      return loadProfile(updated);
    },

    async getAchievements(request) {
      const counts = await profiles.achievementCounts(principalOf(request).user.id);
      return { data: ACHIEVEMENTS.map((a, i) => ({ ...a, position: i + 1, value: counts?.[a.name] ?? 0 })) };
    },

    async getProfileInProgress(request) {
      const list = await progress.inProgress(principalOf(request).user.id);
      const items = new Map((await catalog.summariesByIds(list.map((p) => p.catalogItemId))).map((i) => [i.id, i]));
      return {
        catalogItemsInProgress: list.flatMap((p) => {
          const catalogItem = items.get(p.catalogItemId);
          return catalogItem ? [{ catalogItem, progress: p }] : [];
        }),
      };
    },

    async getSystemStreaks(request) {
      const timeZone = request.query.timeZone ?? 'UTC';
      try {
        new Intl.DateTimeFormat('en-US', { timeZone });
      } catch {
        throw badRequest(`Unknown time zone "${timeZone}"`);
      }
      const days = await profiles.activeDays(principalOf(request).user.id, timeZone);
      return computeStreaks(days, localDate(new Date(), timeZone), timeZone);
    },

    async listInteractions(request) {
      const { rows, total } = await profiles.interactions(principalOf(request).user.id, request.query);
      return { items: rows.map(toInteraction), total };
    },

    async addBookmark(request, reply) {
      const item = await catalog.findItem(request.body.catalogItemId);
      const saved = await profiles.addBookmark(principalOf(request).user.id, item.id);
      reply.code(201);
      return { catalogItemId: saved.catalogItemId, createdAt: saved.createdAt };
    },

    async removeBookmark(request, reply) {
      await profiles.removeBookmark(principalOf(request).user.id, request.query.catalogItemId);
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
