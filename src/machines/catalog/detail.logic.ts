import { isVideoComplete } from '@/lib/video-complete';
import { STRATEGY_STEPS, livestreamStatus, progressById, strategyStepsDone } from '@/machines/catalog/catalog.selectors';
import type { CatalogItem, CatalogItemSummary, ItemProgress } from '@/machines/catalog/catalog.types';

// Pure facts the playlist and livestream pages show: a playlist as a syllabus (what is done,
// what comes next, how long it all takes) and livestreams as live now, upcoming and past.

export type EntryStatus = { state: 'done' | 'started' | 'notStarted'; stepsDone: number; stepsTotal: number };

/**
 * Done is the server's word (LearnerProgress.completed: a strategy with all five steps done,
 * anything else with its video watched); short of it a strategy counts its steps.
 */
export function entryStatus(entry: Pick<CatalogItemSummary, 'resourceType'>, progress: ItemProgress | undefined): EntryStatus {
  const strategy = entry.resourceType === 'LEARNING_OBJECT';
  const stepsTotal = strategy ? STRATEGY_STEPS : 1;
  if (!progress) return { state: 'notStarted', stepsDone: 0, stepsTotal };
  if (progress.completed) return { state: 'done', stepsDone: stepsTotal, stepsTotal };
  return { state: 'started', stepsDone: strategy ? strategyStepsDone(progress) : isVideoComplete(progress) ? 1 : 0, stepsTotal };
}

export type SyllabusEntry = { position: number; item: CatalogItemSummary; status: EntryStatus };

export type Syllabus = {
  entries: SyllabusEntry[];
  done: number;
  total: number;
  /** Sum of the entries' known durations, in seconds. */
  totalSeconds: number;
  /** "Up next": the first entry, in order, that is not done; null when all are. */
  next: SyllabusEntry | null;
};

/** A playlist in order (1-based positions), with the learner's progress on each entry. */
export function playlistSyllabus(item: Pick<CatalogItem, 'catalogItems'>, progress: readonly ItemProgress[]): Syllabus {
  const byId = progressById(progress);
  const entries = [...item.catalogItems]
    .sort((a, b) => a.position - b.position)
    .map((e, index) => ({ position: index + 1, item: e.item, status: entryStatus(e.item, byId.get(e.item.id)) }));
  return {
    entries,
    done: entries.filter((e) => e.status.state === 'done').length,
    total: entries.length,
    totalSeconds: entries.reduce((sum, e) => sum + (e.item.durationSeconds ?? 0), 0),
    next: entries.find((e) => e.status.state !== 'done') ?? null,
  };
}

/**
 * A video's length as a clock shows it: "0:45", "4:05", "1:02:03". A playlist's entries and its
 * total use the same form, so the total is the sum a reader can check.
 */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The same length for a `<time datetime>`: "PT4M5S". */
export function isoDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${whole % 60 || !whole ? `${whole % 60}S` : ''}`;
}

/** Live now (earliest start first), upcoming (soonest first) and past (latest first). */
export function livestreamSections(items: readonly CatalogItemSummary[], now: Date) {
  const start = (i: CatalogItemSummary) => Date.parse(i.startDate ?? '') || 0;
  const byStart = [...items].sort((a, b) => start(a) - start(b));
  return {
    live: byStart.filter((i) => livestreamStatus(i, now) === 'live'),
    upcoming: byStart.filter((i) => livestreamStatus(i, now) === 'upcoming'),
    past: byStart.filter((i) => livestreamStatus(i, now) === 'past').reverse(),
  };
}
