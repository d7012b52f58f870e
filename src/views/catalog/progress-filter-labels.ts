import type { ProgressFilter } from '@/machines/catalog/catalog.types';

/** The progress filter's words, shown by the filter bar and its lazily loaded pickers alike. */
export const PROGRESS_FILTER_LABELS: Record<ProgressFilter, string> = {
  NOT_STARTED: 'Not started',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  SAVED: 'Saved',
};
