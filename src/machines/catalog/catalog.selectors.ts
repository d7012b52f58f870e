import type { SnapshotFrom } from 'xstate';
import { isVideoComplete } from '@/lib/video-complete';
import { pageCount } from '@/machines/catalog/catalog.query';
import type { CatalogMachine } from '@/machines/catalog/catalog.machine';
import { isNotFoundError, type dashboardMachine, type itemDetailMachine, type livestreamsMachine } from '@/machines/catalog/catalog-screens.machine';
import type { CatalogItem, CatalogItemSummary, DashboardLists, DashboardView, ItemProgress } from '@/machines/catalog/catalog.types';
import type { NasotItem } from '@/machines/reference-data/reference-data.machine';
import { buildNasotTree, type NasotNode } from '@/machines/reference-data/reference-data.selectors';

type CatalogSnapshot = SnapshotFrom<CatalogMachine>;
type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;
type LivestreamsSnapshot = SnapshotFrom<typeof livestreamsMachine>;
type ItemDetailSnapshot = SnapshotFrom<typeof itemDetailMachine>;

export type ProgressState = 'notStarted' | 'inProgress' | 'completed';

/** Completion follows the server's rule (LearnerProgress.completed): for a strategy, all five steps. */
export function progressState(progress: ItemProgress | undefined): ProgressState {
  if (!progress) return 'notStarted';
  return progress.completed ? 'completed' : 'inProgress';
}

/** The strategy's five steps done (spec §2 "My Progress"): its video watched and four actions. */
export function strategyStepsDone(progress: ItemProgress): number {
  const steps = [isVideoComplete(progress), progress.areReproduciblesDownloaded, progress.isRubricScoreSaved, progress.isCatalogItemRated, progress.isStrategyApplied];
  return steps.filter(Boolean).length;
}

/** How far an item is, 0..100: a strategy by its five steps, anything else by its video. */
export function progressPercent(item: Pick<CatalogItemSummary, 'resourceType'>, progress: ItemProgress | undefined): number {
  if (!progress) return 0;
  if (progress.completed) return 100;
  if (item.resourceType !== 'LEARNING_OBJECT') return Math.min(100, Math.round(progress.videoProgress));
  return (strategyStepsDone(progress) / STRATEGY_STEPS) * 100;
}

export const PROGRESS_LABELS: Record<ProgressState, string> = {
  notStarted: 'Not started',
  inProgress: 'In progress',
  completed: 'Completed',
};

/** The strategy's five steps (spec §2 "My Progress"): the video and four actions. */
export const STRATEGY_STEPS = 5;

export type CardProgress =
  | { state: 'notStarted' }
  | { state: 'inProgress'; fraction: number; label: string }
  | { state: 'completed'; fraction: 1; label: string };

/**
 * What an item card shows of the learner's progress. Completion is the server's
 * (LearnerProgress.completed), the same rule its progress filters use; short of it a strategy
 * counts its steps, anything else the percent watched.
 */
export function cardProgress(item: Pick<CatalogItemSummary, 'resourceType'>, progress: ItemProgress | undefined): CardProgress {
  if (!progress) return { state: 'notStarted' };
  if (progress.completed) return { state: 'completed', fraction: 1, label: PROGRESS_LABELS.completed };
  if (item.resourceType === 'LEARNING_OBJECT') {
    const done = strategyStepsDone(progress);
    return { state: 'inProgress', fraction: done / STRATEGY_STEPS, label: `${done} of ${STRATEGY_STEPS} steps` };
  }
  const percent = Math.min(100, Math.max(0, Math.round(progress.videoProgress)));
  return { state: 'inProgress', fraction: percent / 100, label: percent > 0 ? `${percent}% watched` : PROGRESS_LABELS.inProgress };
}

export const progressById = (progress: readonly ItemProgress[]) => new Map(progress.map((p) => [p.catalogItemId, p]));

// ── catalogue ──
export const selectCatalogQuery = (s: CatalogSnapshot) => s.context.query;
export const selectCatalogItems = (s: CatalogSnapshot) => s.context.page.items;

/** "1 result", "44 results", or "1,000+ results" when the server stopped counting (a capped total). */
export function resultCount(page: { total: number; totalIsCapped?: boolean }): string {
  const figure = page.total.toLocaleString('en-US');
  if (page.totalIsCapped) return `${figure}+ results`;
  return `${figure} ${page.total === 1 ? 'result' : 'results'}`;
}
export const selectCatalogResultCount = (s: CatalogSnapshot) => resultCount(s.context.page);
export const selectCatalogPageCount = (s: CatalogSnapshot) => pageCount(s.context.page.total);
export const selectCatalogLoading = (s: CatalogSnapshot) => s.hasTag('loading');
export const selectCatalogFailed = (s: CatalogSnapshot) => s.matches('failed');
export const selectCatalogProgress = (s: CatalogSnapshot) => s.context.progress;

// ── dashboard ──
export const selectDashboard = (s: DashboardSnapshot) => s.context.data;
export const selectDashboardLoading = (s: DashboardSnapshot) => s.hasTag('loading');
export const selectDashboardFailed = (s: DashboardSnapshot) => s.matches('failed');

/** At most two rows of three cards per list: the catalogue has the rest. */
export const DASHBOARD_ROW = 6;

/**
 * The dashboard as the learner sees it, from the lists the server gave: progress decides. The
 * item to continue is the unfinished one touched last; "In progress" holds the other unfinished
 * ones; nothing completed is suggested again, and nothing in progress is suggested twice.
 */
export function arrangeDashboard(lists: DashboardLists): DashboardView {
  const byId = progressById(lists.progress);
  const finished = (item: CatalogItemSummary) => byId.get(item.id)?.completed === true;
  const unfinished = lists.inProgress.filter((item) => !finished(item));
  const resume = continueItem(unfinished, lists.progress);
  const shown = new Set(unfinished.map((item) => item.id));
  // Recommendations are for what the learner has not started; the editors' lists only leave out
  // what is done or already shown above.
  const recommend = (items: readonly CatalogItemSummary[]) => items.filter((item) => !byId.has(item.id) && !shown.has(item.id)).slice(0, DASHBOARD_ROW);
  const suggest = (items: readonly CatalogItemSummary[]) => items.filter((item) => !finished(item) && !shown.has(item.id)).slice(0, DASHBOARD_ROW);
  return {
    resume: resume ? { item: resume, progress: byId.get(resume.id) ?? null } : null,
    inProgress: unfinished.filter((item) => item !== resume),
    recommended: recommend(lists.recommended),
    recommendedPlaylists: recommend(lists.recommendedPlaylists),
    featured: suggest(lists.featured),
    newItems: suggest(lists.newItems),
    progress: lists.progress,
  };
}

/** The unfinished item the learner touched last; the list's first when no dates are at hand. */
export function continueItem(inProgress: readonly CatalogItemSummary[], progress: readonly ItemProgress[]): CatalogItemSummary | null {
  const byId = progressById(progress);
  let best: CatalogItemSummary | null = null;
  let bestAt = Number.NEGATIVE_INFINITY;
  for (const item of inProgress) {
    if (byId.get(item.id)?.completed) continue;
    const at = Date.parse(byId.get(item.id)?.lastInteractionAt ?? '');
    if (best === null || (Number.isFinite(at) && at > bestAt)) {
      best = item;
      bestAt = Number.isFinite(at) ? at : bestAt;
    }
  }
  return best;
}

/**
 * "Welcome" on the learner's first day, "Welcome back" once the server knows an earlier visit
 * (a sign-in or some learning on a day before today).
 */
export function dashboardGreeting(user: { firstName: string; previousVisitOn?: string | null } | null): string {
  const welcome = user?.previousVisitOn ? 'Welcome back' : 'Welcome';
  const name = user?.firstName.trim();
  return name ? `${welcome}, ${name}` : welcome;
}

// ── livestreams ──
const NO_ITEMS: CatalogItemSummary[] = [];
export const selectLivestreams = (s: LivestreamsSnapshot) => s.context.data ?? NO_ITEMS;
export const selectLivestreamsLoading = (s: LivestreamsSnapshot) => s.hasTag('loading');
export const selectLivestreamsFailed = (s: LivestreamsSnapshot) => s.matches('failed');

export type LivestreamStatus = 'upcoming' | 'live' | 'past';

export function livestreamStatus(item: Pick<CatalogItemSummary, 'startDate' | 'endDate'>, now: Date): LivestreamStatus {
  const start = item.startDate ? Date.parse(item.startDate) : Number.NaN;
  const end = item.endDate ? Date.parse(item.endDate) : start;
  if (Number.isFinite(end) && end <= now.getTime()) return 'past';
  if (Number.isFinite(start) && start <= now.getTime()) return 'live';
  return 'upcoming';
}

/** Upcoming (live ones first, then by start) and past (most recent first). */
export function splitLivestreams(items: readonly CatalogItemSummary[], now: Date) {
  const upcoming = items.filter((i) => livestreamStatus(i, now) !== 'past');
  const past = items.filter((i) => livestreamStatus(i, now) === 'past').reverse();
  return { upcoming, past };
}

// ── playlist / livestream detail ──
export const selectItemDetail = (s: ItemDetailSnapshot) => s.context.data;
export const selectItemLoading = (s: ItemDetailSnapshot) => s.hasTag('loading');
/** A failure worth retrying (a server error, no network); an unknown id is `selectItemNotFound`. */
export const selectItemFailed = (s: ItemDetailSnapshot) => s.matches('failed') && !isNotFoundError(s.context.error);
export const selectItemNotFound = (s: ItemDetailSnapshot) => s.matches('failed') && isNotFoundError(s.context.error);

export function playlistEntries(item: CatalogItem) {
  return [...item.catalogItems].sort((a, b) => a.position - b.position);
}

/** "Play next": the first entry, by position, whose video is not watched yet. */
export function playNext(item: CatalogItem, progress: readonly ItemProgress[]): CatalogItemSummary | null {
  const byId = progressById(progress);
  return playlistEntries(item).find((e) => !isVideoComplete(byId.get(e.item.id)))?.item ?? null;
}

// ── framework (nasot) helpers ──

/**
 * The title of the framework element an item is tagged with (directly or through a strategy).
 * An item under several elements (a playlist) shows the first in the framework's own order, so
 * the same item reads the same everywhere and on every database (ids are random).
 */
export function elementTitle(nasotItemIds: readonly string[], nasotItems: readonly NasotItem[]): string | null {
  const byId = new Map(nasotItems.map((n) => [n.id, n]));
  const elements = new Map<string, string>();
  for (const id of nasotItemIds) {
    let node = byId.get(id);
    while (node && node.type !== 'ELEMENT') node = node.parentId ? byId.get(node.parentId) : undefined;
    if (node) elements.set(node.id, node.title);
  }
  if (elements.size <= 1) return elements.values().next().value ?? null;
  const first = frameworkOptions(nasotItems).find((option) => elements.has(option.id));
  return first ? first.title : null;
}

export type FrameworkOption = { id: string; title: string; type: NasotItem['type']; depth: number };

/** The framework tree flattened depth-first (category → strand → element → strategy) for one picker. */
export function frameworkOptions(nasotItems: readonly NasotItem[]): FrameworkOption[] {
  const out: FrameworkOption[] = [];
  const walk = (nodes: NasotNode[], depth: number) => {
    for (const node of nodes) {
      out.push({ id: node.id, title: node.title, type: node.type, depth });
      walk(node.children, depth + 1);
    }
  };
  walk(buildNasotTree(nasotItems), 0);
  return out;
}
