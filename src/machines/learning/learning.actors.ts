import { listInteractions } from '@/api/operations';
import { toOffsetParams } from '@/lib/paging';
import { defineTableScreen } from '@/machines/table/table.actors';
import { progressQuery } from './learning.types';

/** My learning's progress table: paged, sorted and filtered on the server in one request. */
export const progressTableScreen = defineTableScreen('progressTable', async ({ api }, { options, filter }, signal) =>
  listInteractions(api, { ...toOffsetParams(options), ...progressQuery(options, filter) }, { signal }),
);
