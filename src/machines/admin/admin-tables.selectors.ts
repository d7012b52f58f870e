import type { SnapshotFrom } from 'xstate';
import type { TableMachine } from '@/machines/table/table.machine';
import type { TableScope } from '@/machines/table/table.types';

/** The filters beside a table's search box. */
export const selectTableScope = (s: SnapshotFrom<TableMachine>): TableScope => s.context.scope;
