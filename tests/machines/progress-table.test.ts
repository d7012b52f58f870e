import { describe, expect, it } from 'vitest';
import { progressTableInput } from '@/machines/learning/learning.types';
import { startTable } from './table.fixtures';

// My learning's progress table (spec §2): the table machine with limit/offset/filter/sortBy/
// sortOrder in the address bar, a sort that is always on, and the filter tabs as choices. The
// fetch is answered with fixed pages; what matters here is what the table asks for and writes.

const DEFAULTS = '?limit=10&offset=0&sortBy=strategyTitle&sortOrder=asc&filter=ALL';
const page = (total = 57) => ({ items: [], total });

function start(search = '') {
  const table = startTable(progressTableInput(search));
  const asked = () => {
    const { options, filter } = table.fetch.latest().input;
    return { page: options.page, itemsPerPage: options.itemsPerPage, sortBy: options.sortBy, filter };
  };
  return { ...table, asked, answer: () => table.fetch.answerAll(() => page()) };
}

describe('progress table', () => {
  it('fills an empty query with the defaults and asks for them', () => {
    const table = start();
    expect(table.address.search).toBe(DEFAULTS);
    expect(table.asked()).toEqual({ page: 1, itemsPerPage: 10, sortBy: [{ key: 'strategyTitle', order: 'asc' }], filter: 'ALL' });
  });

  it('reads limit and offset as numbers: offset 30 of 15 a page is page 3', () => {
    const table = start('?limit=15&offset=30&sortBy=watched&sortOrder=desc&filter=SAVED');
    expect(table.asked()).toEqual({ page: 3, itemsPerPage: 15, sortBy: [{ key: 'watched', order: 'desc' }], filter: 'SAVED' });
    expect(table.address.search).toBe('?limit=15&offset=30&sortBy=watched&sortOrder=desc&filter=SAVED');
  });

  it.each([
    ['?limit=7&offset=-3&sortBy=password&sortOrder=sideways&filter=EVERYTHING'],
    ['?limit=abc&offset=1e3&sortBy=&filter='],
    ['?limit=10&limit=25&offset=0&offset=10&filter=ALL&filter=SAVED'],
  ])('falls back to the defaults for bad values (%s) and writes them back', (search) => {
    const table = start(search);
    expect(table.asked()).toEqual({ page: 1, itemsPerPage: 10, sortBy: [{ key: 'strategyTitle', order: 'asc' }], filter: 'ALL' });
    expect(table.address.search).toBe(DEFAULTS);
  });

  it('cycles a sort ascending ↔ descending (never off) and starts a new key at ascending, each time from page 1', async () => {
    const table = start('?limit=10&offset=20&sortBy=strategyTitle&sortOrder=asc&filter=ALL');
    await table.answer();
    expect(table.asked().page).toBe(3);
    table.intents.sort('strategyTitle');
    expect(table.asked()).toMatchObject({ page: 1, sortBy: [{ key: 'strategyTitle', order: 'desc' }] });
    expect(table.address.search).toBe('?limit=10&offset=0&sortBy=strategyTitle&sortOrder=desc&filter=ALL');
    await table.answer();
    table.intents.sort('strategyTitle');
    expect(table.asked().sortBy).toEqual([{ key: 'strategyTitle', order: 'asc' }]);
    await table.answer();
    table.intents.setPage(2);
    await table.answer();
    for (const key of ['progress', 'categoryTitle', 'elementTitle', 'watched', 'rated']) {
      table.intents.sort(key);
      expect(table.asked()).toMatchObject({ page: 1, sortBy: [{ key, order: 'asc' }] });
      expect(table.address.search).toBe(`?limit=10&offset=0&sortBy=${key}&sortOrder=asc&filter=ALL`);
      await table.answer();
    }
    // A column the server cannot sort by changes nothing.
    const calls = table.fetch.calls.length;
    table.intents.sort('downloaded');
    expect(table.fetch.calls).toHaveLength(calls);
  });

  it('a tab shows its rows from the first page, and only its choices count', async () => {
    const table = start('?limit=10&offset=30&sortBy=rated&sortOrder=desc&filter=ALL');
    await table.answer();
    table.intents.filter('COMPLETED');
    table.clock.increment(0);
    expect(table.asked()).toEqual({ page: 1, itemsPerPage: 10, sortBy: [{ key: 'rated', order: 'desc' }], filter: 'COMPLETED' });
    expect(table.address.search).toBe('?limit=10&offset=0&sortBy=rated&sortOrder=desc&filter=COMPLETED');
    await table.answer();
    table.navigate('?limit=10&offset=0&sortBy=rated&sortOrder=desc&filter=NOT_A_TAB');
    expect(table.asked().filter).toBe('ALL');
    expect(table.address.search).toBe('?limit=10&offset=0&sortBy=rated&sortOrder=desc&filter=ALL');
  });

  it('follows back and forward, and does not reload for the echo of its own write', async () => {
    const table = start();
    await table.answer();
    const calls = table.fetch.calls.length;
    table.navigate(table.address.search);
    expect(table.fetch.calls).toHaveLength(calls);
    table.navigate('?limit=5&offset=0&sortBy=progress&sortOrder=desc&filter=IN_PROGRESS');
    expect(table.asked()).toEqual({ page: 1, itemsPerPage: 5, sortBy: [{ key: 'progress', order: 'desc' }], filter: 'IN_PROGRESS' });
    // Another widget's parameter survives the table's writes.
    table.navigate('?limit=5&offset=0&sortBy=progress&sortOrder=desc&filter=IN_PROGRESS&tour=1');
    await table.answer();
    table.intents.setItemsPerPage(15);
    expect(new URLSearchParams(table.address.search).get('tour')).toBe('1');
  });
});
