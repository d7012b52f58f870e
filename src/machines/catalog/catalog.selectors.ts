import type { SnapshotFrom } from 'xstate';
import { pageCount } from '@/machines/catalog/catalog.query';
import type { CatalogMachine } from '@/machines/catalog/catalog.machine';
import type { dashboardMachine, itemDetailMachine, livestreamsMachine } from '@/machines/catalog/catalog-screens.machine';
import type { CatalogItem, CatalogItemSummary, ItemProgress } from '@/machines/catalog/catalog.types';
import type { NasotItem } from '@/machines/reference-data/reference-data.machine';
import { buildNasotTree, type NasotNode } from '@/machines/reference-data/reference-data.selectors';

type CatalogSnapshot = SnapshotFrom<CatalogMachine>;
type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;
type LivestreamsSnapshot = SnapshotFrom<typeof livestreamsMachine>;
type ItemDetailSnapshot = SnapshotFrom<typeof itemDetailMachine>;

/** Spec §9: a video counts as complete at 90 percent. */
export const VIDEO_COMPLETE_PERCENT = 90;

export type ProgressState = 'notStarted' | 'inProgress' | 'completed';

export function progressState(progress: ItemProgress | undefined): ProgressState {
  if (!progress) return 'notStarted';
  return progress.videoProgress >= VIDEO_COMPLETE_PERCENT ? 'completed' : 'inProgress';
}

export const PROGRESS_LABELS: Record<ProgressState, string> = {
  notStarted: 'Not started',
  inProgress: 'In progress',
  completed: 'Completed',
};

export const progressById = (progress: readonly ItemProgress[]) => new Map(progress.map((p) => [p.catalogItemId, p]));

// ── catalogue ──
export const selectCatalogQuery = (s: CatalogSnapshot) => s.context.query;
export const selectCatalogItems = (s: CatalogSnapshot) => s.context.page.items;
export const selectCatalogTotal = (s: CatalogSnapshot) => s.context.page.total;
export const selectCatalogPageCount = (s: CatalogSnapshot) => pageCount(s.context.page.total);
export const selectCatalogLoading = (s: CatalogSnapshot) => s.hasTag('loading');
export const selectCatalogFailed = (s: CatalogSnapshot) => s.matches('failed');
export const selectCatalogProgress = (s: CatalogSnapshot) => s.context.progress;

// ── dashboard ──
export const selectDashboardLists = (s: DashboardSnapshot) => s.context.data;
export const selectDashboardLoading = (s: DashboardSnapshot) => s.hasTag('loading');
export const selectDashboardFailed = (s: DashboardSnapshot) => s.matches('failed');

/** The in-progress item the learner touched last; the list's first when no dates are at hand. */
export function continueItem(inProgress: readonly CatalogItemSummary[], progress: readonly ItemProgress[]): CatalogItemSummary | null {
  const byId = progressById(progress);
  let best: CatalogItemSummary | null = null;
  let bestAt = Number.NEGATIVE_INFINITY;
  for (const item of inProgress) {
    const at = Date.parse(byId.get(item.id)?.lastInteractionAt ?? '');
    if (best === null || (Number.isFinite(at) && at > bestAt)) {
      best = item;
      bestAt = Number.isFinite(at) ? at : bestAt;
    }
  }
  return best;
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
export const selectItemFailed = (s: ItemDetailSnapshot) => s.matches('failed');

export function playlistEntries(item: CatalogItem) {
  return [...item.catalogItems].sort((a, b) => a.position - b.position);
}

/** "Play next": the first entry, by position, that is not completed. */
export function playNext(item: CatalogItem, progress: readonly ItemProgress[]): CatalogItemSummary | null {
  const byId = progressById(progress);
  return playlistEntries(item).find((e) => progressState(byId.get(e.item.id)) !== 'completed')?.item ?? null;
}

// ── framework (nasot) helpers ──

/** The title of the framework element an item is tagged with (directly or through a strategy). */
export function elementTitle(nasotItemIds: readonly string[], nasotItems: readonly NasotItem[]): string | null {
  const byId = new Map(nasotItems.map((n) => [n.id, n]));
  for (const id of nasotItemIds) {
    let node = byId.get(id);
    while (node && node.type !== 'ELEMENT') node = node.parentId ? byId.get(node.parentId) : undefined;
    if (node) return node.title;
  }
  return null;
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
