import type { CatalogQuery, ProgressFilter, ResourceType } from '@/machines/catalog/catalog.types';

/** Spec §9: default list page size 10, paging starts at page 1. */
export const CATALOG_PAGE_SIZE = 10;

export const RESOURCE_TYPES: readonly ResourceType[] = ['LEARNING_OBJECT', 'PLAYLIST', 'LIVESTREAM'];
export const PROGRESS_FILTERS: readonly ProgressFilter[] = ['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED', 'SAVED'];

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

/** The URL keys the catalogue owns, in the spec's words (§2: "an audience nor a search"). */
const CATALOG_KEYS = ['search', 'nasot', 'audience', 'type', 'progress', 'page'] as const;

/** Keys of older links, each read as its new key and then replaced by it. */
const LEGACY_KEYS: Readonly<Record<string, (typeof CATALOG_KEYS)[number]>> = { q: 'search' };

const paramsOf = (search: string | URLSearchParams) => (typeof search === 'string' ? new URLSearchParams(search) : search);

/** Reads the query from URL search params; anything unknown falls back to its default. */
export function parseCatalogQuery(search: string | URLSearchParams): CatalogQuery {
  const params = paramsOf(search);
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: (params.get('search') ?? params.get('q') ?? '').trim(),
    nasotItemIds: params.getAll('nasot').filter(Boolean),
    audience: params.get('audience') || null,
    resourceType: oneOf(RESOURCE_TYPES, params.get('type')),
    progress: oneOf(PROGRESS_FILTERS, params.get('progress')),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The inverse of parseCatalogQuery: defaults are left out so URLs stay short. */
export function toCatalogSearch(query: CatalogQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  for (const id of query.nasotItemIds) params.append('nasot', id);
  if (query.audience) params.set('audience', query.audience);
  if (query.resourceType) params.set('type', query.resourceType);
  if (query.progress) params.set('progress', query.progress);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Spec §2: the profile's audience is added only when the query has neither audience nor search. */
export function needsDefaultAudience(query: CatalogQuery, profileAudienceId: string | null | undefined): boolean {
  return !query.audience && !query.search && Boolean(profileAudienceId);
}

/** True when the location uses a key of older links (`q`), which the catalogue replaces. */
export function hasLegacyKeys(search: string | URLSearchParams): boolean {
  const params = paramsOf(search);
  return Object.keys(LEGACY_KEYS).some((key) => params.has(key));
}

/**
 * The location for `query`, keeping whatever else the original location carried (parameters
 * the catalogue does not own, such as a campaign tag), so a rewrite never drops them.
 */
export function rewriteSearch(original: string | URLSearchParams, query: CatalogQuery): string {
  const params = new URLSearchParams(toCatalogSearch(query));
  for (const [key, value] of paramsOf(original)) {
    if (!(CATALOG_KEYS as readonly string[]).includes(key) && !(key in LEGACY_KEYS)) params.append(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The query with no filters and no search: "Clear all". */
export const EMPTY_QUERY: CatalogQuery = { search: '', nasotItemIds: [], audience: null, resourceType: null, progress: null, page: 1 };

/** How many filters (the search included) narrow the results: the count on the phone's Filters button. */
export function activeFilterCount(query: CatalogQuery): number {
  return [query.search, query.audience, query.resourceType, query.progress].filter(Boolean).length + query.nasotItemIds.length;
}

/** A filter change starts again at page 1; a page change keeps the filters. */
export function changeQuery(query: CatalogQuery, patch: Partial<Omit<CatalogQuery, 'page'>>): CatalogQuery {
  return { ...query, ...patch, page: 1 };
}

export type CatalogRequest =
  | {
      kind: 'search';
      params: {
        q: string;
        offset: number;
        limit: number;
        resourceType?: ResourceType[];
        nasotItemIds?: string[];
        audienceIds?: string[];
        progress?: ProgressFilter;
      };
    }
  | {
      kind: 'list';
      params: {
        offset: number;
        limit: number;
        resourceType?: ResourceType[];
        nasotItemIds?: string[];
        audienceIds?: string[];
        progress?: ProgressFilter;
      };
    };

/** GET /catalog/search when there are search words, else GET /catalog/items (spec §7). */
export function toCatalogRequest(query: CatalogQuery): CatalogRequest {
  const filters = {
    offset: (query.page - 1) * CATALOG_PAGE_SIZE,
    limit: CATALOG_PAGE_SIZE,
    ...(query.resourceType ? { resourceType: [query.resourceType] } : {}),
    ...(query.nasotItemIds.length ? { nasotItemIds: query.nasotItemIds } : {}),
    ...(query.audience ? { audienceIds: [query.audience] } : {}),
    ...(query.progress ? { progress: query.progress } : {}),
  };
  if (query.search) return { kind: 'search', params: { q: query.search, ...filters } };
  return { kind: 'list', params: filters };
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / CATALOG_PAGE_SIZE));
}
