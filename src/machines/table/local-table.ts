import { fromPromise } from 'xstate';
import type { TableOptions } from '@/lib/paging';
import { defineScreen, type Screen } from '@/machines/shared/screen';
import { tableMachine, type TableMachine } from './table.machine';
import type { FetchPageInput, TablePage, TableRow } from './table.types';

// A table over rows already in memory (the statechart viewer's transitions): searched, sorted and
// paged here the way a server would, so it runs on the same table machine as the server-paged ones.

export type LocalRows<Row extends TableRow> = {
  rows: readonly Row[];
  /** What a column sorts by. */
  sortValue: (row: Row, key: string) => string | number;
  /** The text the search box looks in. */
  text: (row: Row) => string;
};

export function localPage<Row extends TableRow>({ rows, sortValue, text }: LocalRows<Row>, { options, filter }: { options: TableOptions; filter: string }): TablePage {
  const needle = filter.trim().toLowerCase();
  const found = needle ? rows.filter((row) => text(row).toLowerCase().includes(needle)) : [...rows];
  const compare = (a: Row, b: Row) => {
    for (const { key, order } of options.sortBy) {
      const [x, y] = [sortValue(a, key), sortValue(b, key)];
      const diff = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      if (diff !== 0) return order === 'asc' ? diff : -diff;
    }
    return 0;
  };
  const sorted = found.sort(compare);
  const items = options.itemsPerPage === -1 ? sorted : sorted.slice((options.page - 1) * options.itemsPerPage, options.page * options.itemsPerPage);
  return { items, total: found.length };
}

/** A screen whose table pages through `rows`; build it once per set of rows. */
export function localTableScreen<Row extends TableRow>(name: string, source: LocalRows<Row>): Screen<TableMachine> {
  return defineScreen(name, () =>
    tableMachine.provide({
      actors: { fetchPage: fromPromise<TablePage, FetchPageInput>(async ({ input }) => localPage(source, input)) },
    }),
  );
}
