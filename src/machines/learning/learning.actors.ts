import { listInteractions } from '@/api/operations';
import { toOffsetParams, toSortOrderParams } from '@/lib/paging';
import { defineTableScreen } from '@/machines/table/table.actors';
import { PROGRESS_FILTERS, PROGRESS_SORT_KEYS, type ProgressFilter } from './learning.types';

const isFilter = (value: string): value is ProgressFilter => (PROGRESS_FILTERS as readonly string[]).includes(value);

/** My learning's progress table: paged, sorted and filtered on the server in one request. */
export const progressTableScreen = defineTableScreen('progressTable', async ({ api }, { options, filter }, signal) =>
  listInteractions(
    api,
    { ...toOffsetParams(options), ...toSortOrderParams(options.sortBy, PROGRESS_SORT_KEYS), filter: isFilter(filter) ? filter : 'ALL' },
    { signal },
  ),
);
