import type { CatalogItemSummary } from '@/machines/catalog/catalog.types';

/** A catalogue card as the list operations return it, for machine and selector tests. */
export function catalogItemSummary(id: string, extra: Partial<CatalogItemSummary> = {}): CatalogItemSummary {
  return {
    id,
    publicId: `p-${id}`,
    resourceType: 'LEARNING_OBJECT',
    title: `Item ${id}`,
    description: '',
    thumbnailUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    featured: false,
    nasotItemIds: [],
    audienceIds: [],
    durationSeconds: 60,
    startDate: null,
    endDate: null,
    ratingAverage: null,
    ratingCount: 0,
    ...extra,
  };
}
