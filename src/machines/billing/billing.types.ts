import type { ResponseBody } from '@/api/operations';
import type { TableInput } from '@/machines/table/table.types';

/** A payment of the user's (spec §7 GET customers/current/transactions). */
export type Transaction = ResponseBody<'listTransactions'>['data'][number];

export const TRANSACTION_SORT_KEYS = ['createdAt', 'description', 'amount', 'status'] as const;

/** Billing's payments: newest first, 10 a page, sortable by every column. */
export const transactionsTableInput = (): TableInput => ({
  sortKeys: TRANSACTION_SORT_KEYS,
  mustSort: true,
  defaults: { sortBy: [{ key: 'createdAt', order: 'desc' }] },
  filterDebounceMs: 0,
});
