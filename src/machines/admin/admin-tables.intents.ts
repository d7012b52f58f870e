import { tableIntents } from '@/machines/table/table.intents';
import type { TableEvent, TableScope } from '@/machines/table/table.types';

/** The table's intents, and the filters beside its search box (its scope). */
export const adminTableIntents = (send: (event: TableEvent) => void) => ({
  ...tableIntents(send),
  setScope: (scope: TableScope) => send({ type: 'table.setScope', scope }),
});
