import type { SnackbarRequest } from '@/machines/snackbar/snackbar.types';

/** A strategy saved on this device for offline use (src/lib/offline-store.ts keeps it). */
export type SavedItem = {
  catalogItemId: string;
  publicId: string;
  title: string;
  savedAt: string;
  /** Until when it plays offline: the server's word at saving, renewed whenever the video is asked for online. */
  offlineUntil: string;
  bytes: number;
};

/** What the strategy page hands over to save. */
export type ItemToSave = { id: string; publicId: string; title: string; hasReproducibles: boolean };

export type OfflineListing = {
  items: SavedItem[];
  /** Free space the browser reports for this site, in bytes; null when it does not say. */
  available: number | null;
};

/**
 * A change made while offline (rating, rubric score, applied, downloaded), kept on the device
 * and sent once the browser is back online (by the connectivity actor).
 */
export type OfflineChange =
  | { kind: 'rate'; catalogItemId: string; title: string; value: number }
  | { kind: 'rubric'; catalogItemId: string; title: string; value: number }
  | { kind: 'apply'; catalogItemId: string; title: string; applied: boolean }
  | { kind: 'download'; catalogItemId: string; title: string; publicId: string };

/** What sending the queued changes did: how many the server took, and each it refused, said. */
export type SentChanges = { sent: number; refused: string[] };

/** The device's offline storage: saved strategies and the queue of changes made offline. */
export type OfflineStore = {
  list: () => Promise<OfflineListing>;
  save: (item: ItemToSave, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<SavedItem>;
  remove: (catalogItemId: string) => Promise<void>;
  queueChange: (change: OfflineChange) => Promise<void>;
  /** A change of this kind reached the server online: an older one still queued must not overwrite it. */
  forgetChange: (kind: OfflineChange['kind'], catalogItemId: string) => Promise<void>;
  sendQueuedChanges: () => Promise<SentChanges>;
};

export type OfflineLibraryContext = {
  items: SavedItem[];
  available: number | null;
  /** The strategy being saved and how much of it has arrived (0–1). */
  saving: { item: ItemToSave; fraction: number } | null;
  removing: string | null;
};

export type OfflineLibraryEvent =
  | { type: 'offline.save'; item: ItemToSave }
  | { type: 'offline.cancel' }
  | { type: 'offline.remove'; catalogItemId: string }
  | { type: 'offline.progress'; fraction: number }
  | { type: 'offline.saved'; item: SavedItem }
  | { type: 'offline.failed'; error: unknown };

export type NotifyParams = SnackbarRequest;
