import type { SnapshotFrom } from 'xstate';
import { hasUnsavedWork, type AdminCatalogItemMachine } from './admin-catalog-item.machine';
import type { AdminCatalogItem, AdminCatalogItemSummary, CatalogItemStatus, Draft, ResourceType } from './admin-catalog-item.types';

type Snapshot = SnapshotFrom<AdminCatalogItemMachine>;

export const selectItem = (s: Snapshot): AdminCatalogItem | null => s.context.item;
export const selectItemType = (s: Snapshot): ResourceType => s.context.type;
export const selectIsNew = (s: Snapshot): boolean => s.context.id === null;
export const selectDraft = (s: Snapshot): Draft => s.context.draft;
export const selectDraftValue =
  <K extends keyof Draft>(key: K) =>
  (s: Snapshot): Draft[K] =>
    s.context.draft[key];
/** The message under a field ("title", "resources.0.url" …), or null. */
export const selectFieldError =
  (field: string) =>
  (s: Snapshot): string | null =>
    s.context.errors[field] ?? null;
export const selectFirstErrorField = (s: Snapshot): string | null => Object.keys(s.context.errors)[0] ?? null;
export const selectErrorCount = (s: Snapshot): number => Object.keys(s.context.errors).length;
export const selectAlert = (s: Snapshot): string | null => s.context.alert;
export const selectIsLoadingItem = (s: Snapshot): boolean => s.hasTag('loading');
export const selectLoadFailed = (s: Snapshot): boolean => s.matches('failed');
export const selectLoadError = (s: Snapshot): unknown => s.context.error;
export const selectIsBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectIsSaving = (s: Snapshot): boolean => s.matches({ ready: 'creating' }) || s.matches({ ready: 'updating' });
/** The status on its way to the server, for the buttons' labels. */
export const selectPendingStatus = (s: Snapshot): CatalogItemStatus | null => s.context.pendingStatus;
/** Something typed (or a new item not yet created) that the server does not have. */
export const selectIsDirty = (s: Snapshot): boolean => s.matches('ready') && hasUnsavedWork(s.context);
export const selectEntries = (s: Snapshot): AdminCatalogItemSummary[] => s.context.entries;
