import type { AdminCatalogItem, AdminCatalogItemSummary, CatalogItemStatus } from '@/api/operations/admin';
import type { components } from '@/api/schema';

export type ResourceType = components['schemas']['ResourceType'];
export type VideoType = components['schemas']['AdminVideo']['mimeType'];

export type { AdminCatalogItem, AdminCatalogItemSummary, CatalogItemStatus };

/** A resource link as the form edits it; `key` keeps a row's identity while rows move. */
export type DraftResource = { key: string; title: string; url: string; description: string };
export type DraftRubricLevel = { value: 1 | 2 | 3 | 4; title: string; description: string };
/**
 * A reproducible file as the form lists it: one the item has (`id`) or one uploaded since it was
 * opened (`uploadId`), with the title educators read; `key` keeps a row's identity while rows move.
 */
export type DraftReproducible = { key: string; id: string | null; uploadId: string | null; title: string; fileName: string; size: number };

/**
 * What the editor's fields hold: text as typed (dates as the browser's local date and time,
 * the video's length as typed), turned into the API's body only when saved.
 */
export type Draft = {
  title: string;
  publicId: string;
  description: string;
  featured: boolean;
  thumbnailUrl: string;
  nasotItemIds: string[];
  audienceIds: string[];
  implementationGuide: string;
  resources: DraftResource[];
  rubric: DraftRubricLevel[];
  reproducibles: DraftReproducible[];
  startDate: string;
  endDate: string;
  joinUrl: string;
  videoUrl: string;
  videoType: VideoType;
  videoDuration: string;
  posterUrl: string;
  /** The video's WebVTT captions (an uploaded file's address, or any address). */
  captionsUrl: string;
};

/** Messages by field ("title", "videoUrl", "resources.1.url", "rubric.3.description" …). */
export type FieldErrors = Record<string, string>;

export type AdminCatalogItemInput = { id: string } | { type: ResourceType };

export type AdminCatalogItemContext = {
  /** Null until a new item is first saved. */
  id: string | null;
  type: ResourceType;
  item: AdminCatalogItem | null;
  draft: Draft;
  /** The draft as the server last answered it: what "unsaved changes" compares with. */
  saved: Draft;
  errors: FieldErrors;
  /** A refusal that belongs to no field (422 NOT_READY, 409 …): shown as an alert. */
  alert: string | null;
  /** Why the item could not be loaded. */
  error: unknown;
  /** A status asked for while changes were unsaved: set once they are saved. */
  pendingStatus: CatalogItemStatus | null;
  /** A playlist's entries as shown: moved at once, put back when the server refuses the order. */
  entries: AdminCatalogItemSummary[];
};

export type AdminCatalogItemEvent =
  | { type: 'catalogItem.change'; patch: Partial<Draft> }
  | { type: 'catalogItem.save' }
  | { type: 'catalogItem.setStatus'; status: CatalogItemStatus }
  | { type: 'catalogItem.moveEntry'; from: number; to: number }
  | { type: 'catalogItem.addEntry'; entry: AdminCatalogItemSummary }
  | { type: 'catalogItem.removeEntry'; itemId: string }
  | { type: 'catalogItem.dismissAlert' }
  | { type: 'catalogItem.retry' };
