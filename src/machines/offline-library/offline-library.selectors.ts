import type { SnapshotFrom } from 'xstate';
import type { OfflineLibraryMachine } from './offline-library.machine';
import type { SavedItem } from './offline-library.types';

type Snapshot = SnapshotFrom<OfflineLibraryMachine>;

export const selectSavedItems = (s: Snapshot): SavedItem[] => s.context.items;
export const selectSavedItem = (catalogItemId: string) => (s: Snapshot): SavedItem | null =>
  s.context.items.find((saved) => saved.catalogItemId === catalogItemId) ?? null;
/** The bytes all saved strategies take on this device. */
export const selectBytesUsed = (s: Snapshot): number => s.context.items.reduce((sum, saved) => sum + saved.bytes, 0);
export const selectAvailable = (s: Snapshot): number | null => s.context.available;
/** How far the save of this strategy has come (0–1), or null when it is not being saved. */
export const selectSaving = (catalogItemId: string) => (s: Snapshot): number | null =>
  s.context.saving?.item.id === catalogItemId ? s.context.saving.fraction : null;
export const selectBusy = (s: Snapshot): boolean => !s.matches({ ready: 'idle' });
export const selectRemoving = (s: Snapshot): string | null => s.context.removing;
export const selectLoading = (s: Snapshot): boolean => s.hasTag('loading');
/** This browser cannot keep strategies offline. */
export const selectUnavailable = (s: Snapshot): boolean => s.hasTag('unavailable');
