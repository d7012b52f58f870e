import type { SnapshotFrom } from 'xstate';
import type { TableActorRef } from '@/machines/table/table.machine';
import type { BillingMachine } from './billing.machine';

/** The payments table: a child of /billing's actor. */
export const selectTransactionsTable = (s: SnapshotFrom<BillingMachine>) => s.children.transactions as TableActorRef;
