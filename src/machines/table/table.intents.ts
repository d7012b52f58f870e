import type { RowId, TableEvent } from '@/machines/table/table.types';

/**
 * What a view may ask of a table. Views call these (through a hook) and never assemble
 * events, so an event's shape can change in one place.
 */
export function tableIntents(send: (event: TableEvent) => void) {
  return {
    /** A header click: ascending → descending → off (or ascending again when a sort is mandatory). */
    sort: (key: string) => send({ type: 'table.sort', key }),
    setPage: (page: number) => send({ type: 'table.setPage', page }),
    setItemsPerPage: (itemsPerPage: number) => send({ type: 'table.setItemsPerPage', itemsPerPage }),
    /** Every keystroke; the table waits for a pause before it loads. */
    filter: (text: string) => send({ type: 'table.filter', text }),
    toggleRow: (id: RowId) => send({ type: 'table.toggleRow', id }),
    toggleAll: () => send({ type: 'table.toggleAll' }),
    clearSelection: () => send({ type: 'table.clearSelection' }),
    retry: () => send({ type: 'table.retry' }),
    refresh: () => send({ type: 'table.refresh' }),
    /** The location's query, on every change (first render, back/forward, own replaces). */
    urlChanged: (search: string) => send({ type: 'table.urlChanged', search }),
  };
}
