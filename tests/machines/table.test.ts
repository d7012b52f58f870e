import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { tableMachine } from '@/machines/table/table.machine';
import {
  selectError,
  selectHasNextPage,
  selectHasPreviousPage,
  selectIsLoading,
  selectIsWholePageSelected,
  selectPageRange,
  selectRowIds,
} from '@/machines/table/table.selectors';
import { controllableFetch, servePage, startTable, USERS, userIds } from './table.fixtures';
import { flush } from './fixtures';

// The table machine with its fetch stubbed by requests the test answers itself. Spec §2 "Table
// behaviour" (sort cycle, page reset), §9 (page sizes, -1 = All).

const sortOf = (table: ReturnType<typeof startTable>) => table.context().options.sortBy;

async function ready(input: Parameters<typeof startTable>[0] = {}) {
  const table = startTable(input);
  await table.fetch.answerAll();
  expect(table.actor.getSnapshot().value).toBe('ready');
  return table;
}

describe('loading', () => {
  it('asks for page 1, 10 rows, unsorted, and shows what arrives', async () => {
    const table = startTable();
    expect(table.actor.getSnapshot().value).toBe('loading');
    expect(selectIsLoading(table.actor.getSnapshot())).toBe(true);
    expect(table.fetch.latest().input).toEqual({ options: { page: 1, itemsPerPage: 10, sortBy: [] }, filter: '', scope: {} });

    await table.fetch.answerAll();
    const snapshot = table.actor.getSnapshot();
    expect(snapshot.value).toBe('ready');
    expect(selectIsLoading(snapshot)).toBe(false);
    expect(selectRowIds(snapshot)).toEqual(USERS.slice(0, 10).map((user) => user.id));
    expect(snapshot.context.total).toBe(57);
    expect(selectPageRange(snapshot)).toEqual({ first: 1, last: 10, total: 57 });
    expect(selectHasPreviousPage(snapshot)).toBe(false);
    expect(selectHasNextPage(snapshot)).toBe(true);
  });

  it('keeps the old rows on screen while the next page loads', async () => {
    const table = await ready();
    table.intents.setPage(2);
    expect(table.actor.getSnapshot().value).toBe('loading');
    expect(userIds(table.context())).toEqual(USERS.slice(0, 10).map((user) => user.id));
    await table.fetch.answerAll();
    expect(userIds(table.context())).toEqual(USERS.slice(10, 20).map((user) => user.id));
  });

  it('fails loudly when nobody supplied fetchPage', async () => {
    const actor = createActor(tableMachine, { input: { sortKeys: ['email'] } }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(String(selectError(actor.getSnapshot()))).toMatch(/fetchPage.*not provided/);
  });
});

describe('sorting', () => {
  it('cycles ascending → descending → off and returns to page 1 each time', async () => {
    const table = await ready();
    const seen: unknown[] = [];
    for (let click = 0; click < 4; click++) {
      table.intents.setPage(3);
      await table.fetch.answerAll();
      table.intents.sort('email');
      expect(table.context().options.page).toBe(1);
      expect(table.fetch.latest().input.options).toMatchObject({ page: 1, sortBy: sortOf(table) });
      seen.push(sortOf(table)[0]?.order ?? 'off');
      await table.fetch.answerAll();
    }
    expect(seen).toEqual(['asc', 'desc', 'off', 'asc']);
    expect(userIds(table.context())[0]).toBe([...USERS].sort((a, b) => a.email.localeCompare(b.email))[0]!.id);
  });

  it('never turns off when a sort is mandatory', async () => {
    const table = await ready({ mustSort: true, defaults: { sortBy: [{ key: 'lastName', order: 'asc' }] } });
    expect(table.fetch.calls[0]!.input.options.sortBy).toEqual([{ key: 'lastName', order: 'asc' }]);
    const seen: string[] = [];
    for (let click = 0; click < 3; click++) {
      table.intents.sort('lastName');
      seen.push(sortOf(table).map((s) => `${s.key}.${s.order}`).join() || 'off');
    }
    expect(seen).toEqual(['lastName.desc', 'lastName.asc', 'lastName.desc']);
  });

  it('a click on another column sorts it ascending', async () => {
    const table = await ready();
    table.intents.sort('email');
    table.intents.sort('email');
    table.intents.sort('lastName');
    expect(sortOf(table)).toEqual([{ key: 'lastName', order: 'asc' }]);
  });

  it('ignores a column the server cannot sort by', async () => {
    const table = await ready();
    table.intents.sort('password');
    expect(table.actor.getSnapshot().value).toBe('ready');
    expect(table.fetch.calls).toHaveLength(1);
    expect(sortOf(table)).toEqual([]);
  });
});

describe('page size', () => {
  it('a new size returns to page 1', async () => {
    const table = await ready();
    table.intents.setPage(4);
    await table.fetch.answerAll();
    table.intents.setItemsPerPage(15);
    expect(table.context().options).toMatchObject({ page: 1, itemsPerPage: 15 });
    await table.fetch.answerAll();
    expect(selectPageRange(table.actor.getSnapshot())).toEqual({ first: 1, last: 15, total: 57 });
  });

  it('All (-1) asks for no limit and shows every row on one page', async () => {
    const table = await ready();
    table.intents.setItemsPerPage(-1);
    expect(table.fetch.latest().input.options.itemsPerPage).toBe(-1);
    await table.fetch.answerAll();
    const snapshot = table.actor.getSnapshot();
    expect(snapshot.context.rows).toHaveLength(57);
    expect(selectPageRange(snapshot)).toEqual({ first: 1, last: 57, total: 57 });
    expect(selectHasNextPage(snapshot)).toBe(false);
  });

  it.each([7, 0, -2, 10])('ignores %i (not offered, or already shown)', async (size) => {
    const table = await ready();
    table.intents.setItemsPerPage(size);
    expect(table.fetch.calls).toHaveLength(1);
    expect(table.context().options.itemsPerPage).toBe(10);
  });

  it('offers the caller’s sizes', async () => {
    // Not the generic table's 5, 10, 15, All: a table that names its own sizes offers only those.
    const table = await ready({ pageOptions: [10, 25, 50, -1] });
    table.intents.setItemsPerPage(15);
    expect(table.fetch.calls).toHaveLength(1);
    table.intents.setItemsPerPage(25);
    expect(table.fetch.latest().input.options.itemsPerPage).toBe(25);
  });
});

describe('paging', () => {
  it.each([0, -1, 1.5, Number.NaN, 1])('ignores page %s', async (page) => {
    const table = await ready();
    table.intents.setPage(page);
    expect(table.fetch.calls).toHaveLength(1);
  });

  it('a page past the end (a shared link, a shrunk list) shows the last page instead', async () => {
    const table = startTable({ url: { search: '?page=9' } });
    expect(table.fetch.latest().input.options.page).toBe(9);
    await table.fetch.answerAll();
    expect(table.actor.getSnapshot().value).toBe('loading');
    expect(table.fetch.latest().input.options.page).toBe(6);
    expect(table.address.search).toBe('?page=6');
    await table.fetch.answerAll();
    expect(selectPageRange(table.actor.getSnapshot())).toEqual({ first: 51, last: 57, total: 57 });
  });

  it('an empty result on page 1 is just empty', async () => {
    const table = startTable({ filter: 'nobody' });
    await table.fetch.answerAll();
    expect(table.actor.getSnapshot().value).toBe('ready');
    expect(table.context()).toMatchObject({ rows: [], total: 0 });
    expect(table.fetch.calls).toHaveLength(1);
  });
});

describe('scope (rows chosen outside the table: the usage page\'s school)', () => {
  it('sends the scope with every fetch; a new scope goes back to page 1, clears the selection and cancels the fetch in flight', async () => {
    const table = await ready({ scope: { organizationId: 'school-a' } });
    expect(table.fetch.latest().input.scope).toEqual({ organizationId: 'school-a' });
    table.intents.setPage(3);
    await table.fetch.answerAll();
    table.intents.toggleAll();
    expect(table.context().selection).toHaveLength(10);
    table.intents.sort('email');
    const stale = table.fetch.latest();
    table.actor.send({ type: 'table.setScope', scope: { organizationId: 'school-b' } });
    expect(stale.signal.aborted).toBe(true);
    expect(table.fetch.latest().input).toMatchObject({ scope: { organizationId: 'school-b' }, options: { page: 1, sortBy: [{ key: 'email', order: 'asc' }] } });
    expect(table.context().selection).toEqual([]);
    await table.fetch.answerAll();
    expect(table.actor.getSnapshot().value).toBe('ready');
  });
});

describe('selection (rows on screen only)', () => {
  it('toggles a row, toggles the whole page, clears', async () => {
    const table = await ready();
    const [first, second] = selectRowIds(table.actor.getSnapshot());
    table.intents.toggleRow(first!);
    table.intents.toggleRow(second!);
    expect(table.context().selection).toEqual([first, second]);
    table.intents.toggleRow(first!);
    expect(table.context().selection).toEqual([second]);

    table.intents.toggleAll();
    expect(table.context().selection).toHaveLength(10);
    expect(selectIsWholePageSelected(table.actor.getSnapshot())).toBe(true);
    table.intents.toggleAll();
    expect(table.context().selection).toEqual([]);

    table.intents.toggleRow(second!);
    table.intents.clearSelection();
    expect(table.context().selection).toEqual([]);
  });

  it('ignores ids that are not on the page', async () => {
    const table = await ready();
    table.intents.toggleRow(USERS[30]!.id);
    expect(table.context().selection).toEqual([]);
  });

  it.each([
    ['the page changes', (t: ReturnType<typeof startTable>) => t.intents.setPage(2)],
    ['the page size changes', (t: ReturnType<typeof startTable>) => t.intents.setItemsPerPage(15)],
    ['the sort changes', (t: ReturnType<typeof startTable>) => t.intents.sort('email')],
    ['the search changes', (t: ReturnType<typeof startTable>) => t.intents.filter('ada')],
  ])('is cleared when %s', async (_what, change) => {
    const table = await ready();
    table.intents.toggleAll();
    change(table);
    expect(table.context().selection).toEqual([]);
  });

  it('survives a refresh, keeping only rows that are still there', async () => {
    const table = await ready();
    const ids = selectRowIds(table.actor.getSnapshot());
    table.intents.toggleRow(ids[0]!);
    table.intents.toggleRow(ids[1]!);
    table.intents.refresh();
    // Someone deleted the first user meanwhile.
    await table.fetch.answerAll((input) => {
      const page = servePage(input);
      return { items: page.items.slice(1), total: page.total - 1 };
    });
    expect(table.context().selection).toEqual([ids[1]]);
  });

  it('is not possible while a page loads or after a failure', async () => {
    const table = await ready();
    const first = selectRowIds(table.actor.getSnapshot())[0]!;
    table.intents.refresh();
    table.intents.toggleRow(first);
    table.intents.toggleAll();
    expect(table.context().selection).toEqual([]);
    await table.fetch.failLatest();
    table.intents.toggleAll();
    expect(table.context().selection).toEqual([]);
  });

  it('uses the configured id field', async () => {
    const table = startTable({ rowKey: 'email' });
    await table.fetch.answerAll();
    table.intents.toggleRow(USERS[0]!.email);
    expect(table.context().selection).toEqual([USERS[0]!.email]);
  });
});

describe('superseded requests', () => {
  it('a newer request cancels the older one, and a late answer to it is ignored', async () => {
    const table = startTable();
    const first = table.fetch.latest();
    table.intents.setPage(2);
    table.intents.sort('email');
    expect(table.fetch.calls).toHaveLength(3);
    expect(table.fetch.calls.slice(0, 2).map((call) => call.signal.aborted)).toEqual([true, true]);
    expect(table.fetch.latest().signal.aborted).toBe(false);

    // The first (page 1, unsorted) answers last of all: it must not land.
    const newest = table.fetch.latest();
    newest.resolve(servePage(newest.input));
    await flush();
    first.resolve(servePage(first.input));
    await flush();
    expect(table.actor.getSnapshot().value).toBe('ready');
    expect(userIds(table.context())).toEqual(userIds(servePage(newest.input)));
    expect(userIds(table.context())).not.toEqual(userIds(servePage(first.input)));
  });

  it('answers arriving oldest first leave the newest on screen', async () => {
    const table = startTable();
    table.intents.sort('lastName');
    table.intents.sort('lastName');
    await table.fetch.answerAll();
    expect(userIds(table.context())).toEqual(userIds(servePage(table.fetch.latest().input)));
    expect(sortOf(table)).toEqual([{ key: 'lastName', order: 'desc' }]);
  });

  it('a failure of a superseded request is ignored too', async () => {
    const table = startTable();
    const first = table.fetch.latest();
    table.intents.setPage(2);
    first.reject(new Error('late failure'));
    await flush();
    expect(table.actor.getSnapshot().value).toBe('loading');
    await table.fetch.answerAll();
    expect(table.actor.getSnapshot().value).toBe('ready');
  });
});

describe('failure and retry', () => {
  it('keeps the error, retries on request, and forgets the error once a page arrives', async () => {
    const table = startTable();
    const error = new Error('Something went wrong, please try again later');
    await table.fetch.failLatest(error);
    expect(table.actor.getSnapshot().value).toBe('failed');
    expect(selectError(table.actor.getSnapshot())).toBe(error);
    expect(selectIsLoading(table.actor.getSnapshot())).toBe(false);

    table.intents.retry();
    expect(table.actor.getSnapshot().value).toBe('loading');
    expect(table.fetch.calls).toHaveLength(2);
    expect(table.fetch.latest().input).toEqual(table.fetch.calls[0]!.input);
    await table.fetch.answerAll();
    expect(table.actor.getSnapshot().value).toBe('ready');
    expect(table.context().error).toBeNull();
    expect(selectError(table.actor.getSnapshot())).toBeNull();
  });

  it('retry does nothing unless the table failed', async () => {
    const table = await ready();
    table.intents.retry();
    expect(table.fetch.calls).toHaveLength(1);
  });

  it('another page or sort after a failure loads again', async () => {
    const table = startTable();
    await table.fetch.failLatest();
    table.intents.sort('email');
    expect(table.actor.getSnapshot().value).toBe('loading');
    await table.fetch.answerAll();
    expect(table.actor.getSnapshot().value).toBe('ready');
  });
});

describe('search text', () => {
  it('waits for a 300 ms pause, then loads page 1 once with the trimmed text', async () => {
    const table = await ready();
    table.intents.setPage(3);
    await table.fetch.answerAll();
    table.intents.filter('a');
    table.clock.increment(200);
    table.intents.filter('ad');
    table.clock.increment(200);
    table.intents.filter('ada ');
    expect(table.actor.getSnapshot().value).toBe('debouncing');
    expect(selectIsLoading(table.actor.getSnapshot())).toBe(true);
    expect(table.context()).toMatchObject({ filter: 'ada ', options: { page: 1 } });
    expect(table.fetch.calls).toHaveLength(2);

    table.clock.increment(299);
    expect(table.fetch.calls).toHaveLength(2);
    table.clock.increment(1);
    expect(table.fetch.calls).toHaveLength(3);
    expect(table.fetch.latest().input).toEqual({ options: { page: 1, itemsPerPage: 10, sortBy: [] }, filter: 'ada', scope: {} });
    await table.fetch.answerAll();
    expect(table.context().total).toBe(4);
  });

  it('typing cancels the page that was loading', async () => {
    const table = startTable();
    table.intents.filter('ada');
    expect(table.fetch.calls[0]!.signal.aborted).toBe(true);
  });

  it('clearing the box loads at once', async () => {
    const table = await ready();
    table.intents.filter('ada');
    table.clock.increment(300);
    await table.fetch.answerAll();
    table.intents.filter('  ');
    expect(table.actor.getSnapshot().value).toBe('loading');
    expect(table.fetch.latest().input.filter).toBe('');
  });

  it('a change that the server would not see (spaces) keeps the rows', async () => {
    const table = await ready();
    table.intents.filter('ada');
    table.clock.increment(300);
    await table.fetch.answerAll();
    table.intents.toggleAll();
    table.intents.filter('ada  ');
    expect(table.actor.getSnapshot().value).toBe('ready');
    expect(table.context().filter).toBe('ada  ');
    expect(table.context().selection).toHaveLength(4);
    expect(table.fetch.calls).toHaveLength(2);
  });

  it('the delay can be configured', async () => {
    const table = await ready({ filterDebounceMs: 50 });
    table.intents.filter('ada');
    table.clock.increment(50);
    expect(table.fetch.calls).toHaveLength(2);
  });
});

describe('URL sync', () => {
  it('starts from the URL', () => {
    const table = startTable({ url: { search: '?page=2&itemsPerPage=15&sort=email&order=desc&q=ada' } });
    expect(table.fetch.latest().input).toEqual({
      options: { page: 2, itemsPerPage: 15, sortBy: [{ key: 'email', order: 'desc' }] },
      filter: 'ada',
      scope: {},
    });
    expect(table.replaced).toEqual([]);
  });

  it('writes every change with replaceQuery, keeping the screen’s own parameters', async () => {
    const table = await ready({ url: { search: '?school=s-1' } });
    table.intents.sort('email');
    expect(table.address.search).toBe('?school=s-1&sort=email&order=asc');
    table.intents.setPage(2);
    expect(table.address.search).toBe('?school=s-1&page=2&sort=email&order=asc');
    table.intents.setItemsPerPage(5);
    expect(table.address.search).toBe('?school=s-1&itemsPerPage=5&sort=email&order=asc');
    table.intents.filter('ada');
    expect(table.address.search).toBe('?school=s-1&itemsPerPage=5&sort=email&order=asc&q=ada');
    table.intents.filter('');
    expect(table.address.search).toBe('?school=s-1&itemsPerPage=5&sort=email&order=asc');
    expect(table.replaced).toHaveLength(5);
  });

  it('the echo of its own write loads nothing', async () => {
    const table = await ready({ url: { search: '' } });
    table.intents.setPage(2);
    await table.fetch.answerAll();
    table.navigate(table.address.search);
    expect(table.actor.getSnapshot().value).toBe('ready');
    expect(table.fetch.calls).toHaveLength(2);
    expect(table.replaced).toEqual(['?page=2']);
  });

  it('back/forward reads the URL again and loads what it shows', async () => {
    const table = await ready({ url: { search: '' } });
    table.intents.sort('email');
    await table.fetch.answerAll();
    table.intents.toggleAll();
    table.navigate('?page=3&sort=lastName&order=desc');
    expect(table.context()).toMatchObject({
      options: { page: 3, itemsPerPage: 10, sortBy: [{ key: 'lastName', order: 'desc' }] },
      selection: [],
    });
    expect(table.actor.getSnapshot().value).toBe('loading');
    await table.fetch.answerAll();
    expect(userIds(table.context())).toEqual(userIds(servePage(table.fetch.latest().input)));
  });

  it('another parameter changing is remembered and kept, without a reload', async () => {
    const table = await ready({ url: { search: '?page=2' } });
    table.navigate('?page=2&school=s-9');
    expect(table.fetch.calls).toHaveLength(1);
    table.intents.sort('email');
    expect(table.address.search).toBe('?school=s-9&sort=email&order=asc');
  });

  it.each([
    '?page=-3',
    '?itemsPerPage=7',
    '?sort=unknownKey',
    '?sort=email&order=sideways',
    '?page=1e9',
    '?page=2&page=3',
    '?page=&itemsPerPage=&sort=',
  ])('a bad start URL %s falls back and is rewritten', (search) => {
    const table = startTable({ url: { search: `${search}&school=s-1` } });
    const { options } = table.fetch.latest().input;
    expect(options.page).toBe(1);
    expect(options.itemsPerPage).toBe(10);
    const expectedSort = search.includes('order=sideways') ? [{ key: 'email', order: 'asc' }] : [];
    expect(options.sortBy).toEqual(expectedSort);
    const expectedUrl = search.includes('order=sideways') ? '?school=s-1&sort=email&order=asc' : '?school=s-1';
    expect(table.replaced).toEqual([expectedUrl]);
  });

  it('a bad URL on back/forward falls back to the defaults', async () => {
    const table = await ready({ url: { search: '?page=2&itemsPerPage=15' } });
    table.navigate('?page=-3&itemsPerPage=7&sort=unknownKey&order=sideways');
    expect(table.context().options).toEqual({ page: 1, itemsPerPage: 10, sortBy: [] });
    expect(table.actor.getSnapshot().value).toBe('loading');
    expect(table.address.search).toBe('');
  });

  it('a prefix keeps two tables apart', async () => {
    const table = await ready({ url: { search: '?page=5', prefix: 'users.' } });
    expect(table.fetch.calls[0]!.input.options.page).toBe(1);
    table.intents.setPage(2);
    expect(table.address.search).toBe('?page=5&users.page=2');
  });

  it('without URL sync the URL is left alone', async () => {
    const actor = createActor(
      tableMachine.provide({ actors: { fetchPage: controllableFetch().logic } }),
      { input: { sortKeys: ['email'] } },
    ).start();
    // replaceQuery is still the throwing placeholder: calling it would stop the actor with an error.
    actor.send({ type: 'table.sort', key: 'email' });
    actor.send({ type: 'table.setPage', page: 2 });
    actor.send({ type: 'table.urlChanged', search: '?page=7' });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.options).toMatchObject({ page: 2, sortBy: [{ key: 'email', order: 'asc' }] });
  });
});
