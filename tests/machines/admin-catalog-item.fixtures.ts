import type { AdminCatalogItem, AdminCatalogItemSummary } from '@/machines/admin/admin-catalog-item.types';

// A catalogue item as the admin API answers it, for the admin site's machine tests.

const NOW = '2026-11-20T10:00:00.000Z';

export function summary(overrides: Partial<AdminCatalogItemSummary> = {}): AdminCatalogItemSummary {
  return {
    id: crypto.randomUUID(),
    publicId: 'think-pair-share',
    resourceType: 'LEARNING_OBJECT',
    status: 'PUBLISHED',
    title: 'Think, pair, share',
    featured: false,
    createdAt: NOW,
    updatedAt: NOW,
    startDate: null,
    endDate: null,
    ...overrides,
  };
}

export function item(overrides: Partial<AdminCatalogItem> = {}): AdminCatalogItem {
  return {
    ...summary({ status: 'DRAFT' }),
    description: 'Students think alone, then in pairs.',
    thumbnailUrl: null,
    nasotItemIds: [],
    audienceIds: [],
    implementationGuide: null,
    resources: [],
    rubric: [],
    joinUrl: null,
    video: null,
    entries: [],
    reproducibles: [],
    ...overrides,
  };
}
