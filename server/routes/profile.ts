import { unprocessable } from '../errors.ts';
import type { UserRow } from '../auth/principal.ts';
import type { Schemas } from '../contract.ts';
import type { InteractionRow } from '../repositories/profiles.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { toCsv } from '../services/csv.ts';
import { addDays, localDate, timeZoneOf } from '../services/dates.ts';
import { VIDEO_COMPLETE_PERCENT } from '../../src/lib/video-complete.ts';
import { defineRoutes, principalOf } from './types.ts';
import { clock } from '../clock.ts';

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
/** Empty weeks a streak survives in a row (a school break). */
export const STREAK_BREAK_WEEKS = 1;

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
    watched: stepState(r.videoProgress ?? 0, VIDEO_COMPLETE_PERCENT),
    downloaded: yesNo(r.downloaded),
    rubricScored: yesNo(r.rubricScored),
    rated: yesNo(r.rated),
    applied: yesNo(r.applied),
    saved: r.saved,
    lastInteractionAt: r.lastInteractionAt,
  };
}

type Interaction = Schemas['Interaction'];
const STEP_LABEL = { YES: 'Yes', NO: 'No', PARTIAL: 'Partial' } as const;

/** The columns of the progress table's CSV, with the cells as the screen shows them. */
const CSV_COLUMNS: readonly (readonly [string, (row: Interaction, timeZone: string) => string])[] = [
  ['Learning Strategy', (r) => r.strategyTitle],
  ['Progress', (r) => STEP_LABEL[r.progress]],
  ['Category', (r) => r.categoryTitle ?? ''],
  ['Element', (r) => r.elementTitle ?? ''],
  ['Watched', (r) => STEP_LABEL[r.watched]],
  ['Downloaded', (r) => STEP_LABEL[r.downloaded]],
  ['Rubric Score', (r) => STEP_LABEL[r.rubricScored]],
  ['Rated', (r) => STEP_LABEL[r.rated]],
  ['Applied', (r) => STEP_LABEL[r.applied]],
  ['Last Interaction', (r, timeZone) => (r.lastInteractionAt ? localDate(new Date(r.lastInteractionAt), timeZone) : '')],
];

/** The learner's profile with bookmarks, as `GET /profile` answers it (and `GET /identity/start`'s part). */
export async function profileOf(profiles: Repositories['profiles'], user: UserRow) {
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

export default defineRoutes('profile', ({ repos }) => {
  const { catalog, profiles, progress } = repos;
  const loadProfile = (user: UserRow) => profileOf(profiles, user);

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
      const timeZone = timeZoneOf(request.query.timeZone);
      const days = await profiles.activeDays(principalOf(request).user.id, timeZone);
      return computeStreaks(days, localDate(clock.now(), timeZone), timeZone);
    },

    async listInteractions(request) {
      const { rows, total } = await profiles.interactions(principalOf(request).user.id, request.query);
      return { items: rows.map(toInteraction), total };
    },

    async exportInteractions(request, reply) {
      const timeZone = timeZoneOf(request.query.timeZone);
      const rows = await profiles.allInteractions(principalOf(request).user.id, request.query);
      const csv = toCsv([CSV_COLUMNS.map(([title]) => title), ...rows.map(toInteraction).map((row) => CSV_COLUMNS.map(([, cell]) => cell(row, timeZone)))]);
      return reply
        .code(200)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-learning-${localDate(clock.now(), timeZone)}.csv"`)
        .send(csv);
    },

    // Both answer the profile as it is now: the client sets it instead of rebuilding its bookmarks.
    async addBookmark(request, reply) {
      const { user } = principalOf(request);
      const item = await catalog.findItem(request.body.catalogItemId);
      await profiles.addBookmark(user.id, item.id);
      reply.code(201);
      return loadProfile(user);
    },

    async removeBookmark(request) {
      const { user } = principalOf(request);
      await profiles.removeBookmark(user.id, request.query.catalogItemId);
      return loadProfile(user);
    },
  };
});

export { localDate };

/**
 * Streak rule: a day counts when the learner did something (watched, downloaded, rated, scored,
 * applied, saved or visited an item; signing in alone does not count). The current streak is
 * the run of consecutive active days ending today, or ending yesterday while today is still
 * open; the longest streak is the longest run ever.
 */
/** Monday of the (ISO) week a local date falls in. */
export function weekOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/**
 * Teachers learn in weeks, not days (docs/decisions.md, "Streaks in weeks"): a streak is a run of
 * weeks (Monday to Sunday, in the learner's time zone) with at least one day of learning. One
 * empty week inside a run — a school break, a week of report cards — keeps the run going without
 * counting; two empty weeks in a row end it. The week under way never ends a streak before it is
 * over, and neither does last week while this one may still bridge it.
 */
export function computeStreaks(activeDays: string[], today: string, timeZone: string) {
  const set = new Set(activeDays);
  const weeks = [...new Set([...set].map(weekOf))].sort();
  const gapWeeks = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (7 * 86_400_000)) - 1;
  let longest = 0;
  let run = 0;
  for (let i = 0; i < weeks.length; i++) {
    run = i > 0 && gapWeeks(weeks[i - 1]!, weeks[i]!) <= STREAK_BREAK_WEEKS ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  const thisWeek = weekOf(today);
  const last = weeks.at(-1);
  // The run that ends with the latest active week is still alive if no more than the allowed
  // break has passed since (the week under way is not over yet).
  const current = last !== undefined && gapWeeks(last, thisWeek) <= STREAK_BREAK_WEEKS ? run : 0;
  const days = Array.from({ length: STREAK_WINDOW_DAYS }, (_, i) => {
    const date = addDays(today, i - STREAK_WINDOW_DAYS + 1);
    return { date, active: set.has(date) };
  });
  const lastActiveDate = [...set].sort().at(-1) ?? null;
  return { currentStreak: current, longestStreak: longest, activeToday: set.has(today), activeThisWeek: last === thisWeek, lastActiveDate, timeZone, days };
}
