import type { components } from '@/api/schema';

export type CatalogItemSummary = components['schemas']['CatalogItemSummary'];
export type CatalogItem = components['schemas']['CatalogItem'];
export type ResourceType = components['schemas']['ResourceType'];
export type ProgressFilter = components['parameters']['ProgressFilter'];
export type CatalogVideo = components['schemas']['Video'];
export type ItemProgress = components['schemas']['LearnerProgress'];

/** The catalogue query as it lives in the URL (spec §2: shareable, back/forward restore it). */
export type CatalogQuery = {
  /** Search words (`search` in the URL; older links said `q`). */
  search: string;
  nasotItemIds: string[];
  audience: string | null;
  resourceType: ResourceType | null;
  progress: ProgressFilter | null;
  /** 1-based. */
  page: number;
};

export type CatalogPage = components['schemas']['CatalogItemList'];

export type DashboardLists = {
  featured: CatalogItemSummary[];
  recommended: CatalogItemSummary[];
  recommendedPlaylists: CatalogItemSummary[];
  newItems: CatalogItemSummary[];
  inProgress: CatalogItemSummary[];
  /** The learner's progress, when at hand: picks the item to continue. */
  progress: ItemProgress[];
};

/** The dashboard as shown: what to continue, the rest in progress, and suggestions. */
export type DashboardView = {
  resume: { item: CatalogItemSummary; progress: ItemProgress | null } | null;
  inProgress: CatalogItemSummary[];
  recommended: CatalogItemSummary[];
  recommendedPlaylists: CatalogItemSummary[];
  featured: CatalogItemSummary[];
  newItems: CatalogItemSummary[];
  progress: ItemProgress[];
};
