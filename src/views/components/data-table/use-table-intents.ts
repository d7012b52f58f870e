import type { TableActorRef } from '@/machines/table/table.machine';
import { tableIntents } from '@/machines/table/table.intents';
import { useIntents } from '@/views/hooks/use-intents';

/** The table's intent functions, stable for as long as the actor is. */
export function useTableIntents(ref: TableActorRef) {
  return useIntents(ref, tableIntents);
}
