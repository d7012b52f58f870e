import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { localPage, localTableScreen } from '@/machines/table/local-table';
import type { AppServices } from '@/machines/root/app-services';
import { selectRows, selectTotal } from '@/machines/table/table.selectors';

// A table over rows in memory answers like a server would: searched, sorted, paged.

type Row = { id: string; name: string; size: number };
const ROWS: Row[] = [
  { id: 'a', name: 'Delta', size: 3 },
  { id: 'b', name: 'alpha', size: 10 },
  { id: 'c', name: 'Charlie', size: 2 },
  { id: 'd', name: 'bravo', size: 10 },
];
const source = {
  rows: ROWS,
  sortValue: (row: Row, key: string) => (key === 'size' ? row.size : row.name),
  text: (row: Row) => row.name,
};
const ids = (page: { items: readonly unknown[] }) => page.items.map((row) => (row as Row).id);

describe('local table', () => {
  it('sorts by one key or several, both ways, without case mattering', () => {
    const options = (sortBy: { key: string; order: 'asc' | 'desc' }[]) => ({ options: { page: 1, itemsPerPage: -1, sortBy }, filter: '' });
    expect(ids(localPage(source, options([{ key: 'name', order: 'asc' }])))).toEqual(['b', 'd', 'c', 'a']);
    expect(ids(localPage(source, options([{ key: 'name', order: 'desc' }])))).toEqual(['a', 'c', 'd', 'b']);
    expect(ids(localPage(source, options([{ key: 'size', order: 'desc' }, { key: 'name', order: 'asc' }])))).toEqual(['b', 'd', 'a', 'c']);
    expect(ids(localPage(source, options([])))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('searches before it pages, and counts what it found', () => {
    const page = localPage(source, { options: { page: 2, itemsPerPage: 1, sortBy: [{ key: 'name', order: 'asc' }] }, filter: '  A ' });
    expect(page.total).toBe(4);
    expect(ids(page)).toEqual(['d']);
    expect(localPage(source, { options: { page: 1, itemsPerPage: 10, sortBy: [] }, filter: 'rav' })).toEqual({ items: [ROWS[3]], total: 1 });
  });

  it('runs on the table machine', async () => {
    const screen = localTableScreen('rows', source);
    const actor = createActor(screen.logic({} as AppServices), { input: { sortKeys: ['name', 'size'], defaults: { itemsPerPage: 2 } } }).start();
    await waitFor(actor, (s) => selectRows(s).length > 0);
    expect(selectTotal(actor.getSnapshot())).toBe(4);
    actor.send({ type: 'table.sort', key: 'size' });
    await waitFor(actor, (s) => !s.hasTag('loading'));
    expect(selectRows(actor.getSnapshot()).map((row) => (row as Row).id)).toEqual(['c', 'a']);
  });
});
