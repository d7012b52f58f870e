// @vitest-environment jsdom
import '../support/vanilla-extract-scope';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { USERS } from '../machines/table.fixtures';
import { renderUsersTable } from './data-table.harness';

// The data table over a real table actor whose fetch the test answers: roles and names only,
// as a screen reader (and spec §2's 'Active Users' table) would know it.

afterEach(cleanup);

// jsdom has no CSS.escape; react-aria uses it to find the cell to focus.
globalThis.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`);

async function loadedTable(input: Parameters<typeof renderUsersTable>[0] = {}) {
  const rendered = renderUsersTable(input);
  await act(() => rendered.table.fetch.answerAll());
  return rendered;
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
const range = () => within(screen.getByRole('group', { name: 'Active Users pages' })).getByText(/ of /);
const dataRows = () => screen.getAllByRole('row').slice(1);
const click = (element: Element) => act(() => void fireEvent.click(element));

describe('DataTable', () => {
  it('is a grid named by its caption, loading first, then the page', async () => {
    const { table } = renderUsersTable();
    const grid = screen.getByRole('grid', { name: 'Active Users' });
    expect(screen.getByRole('heading', { name: 'Active Users' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Loading Active Users' })).toBeTruthy();
    // Skeleton rows, named for screen readers, instead of a "Loading…" line.
    expect(within(grid).getByTestId('skeleton')).toBeTruthy();
    expect(within(grid).getByText('Loading Active Users…')).toBeTruthy();

    await act(() => table.fetch.answerAll());
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(dataRows()).toHaveLength(10);
    expect(within(dataRows()[0]!).getByRole('rowheader').textContent).toBe(USERS[0]!.email);
    expect(range().textContent).toBe('1–10 of 57');
  });

  it('a sortable header cycles aria-sort ascending → descending → none and returns to page 1', async () => {
    const { table } = await loadedTable({ url: { search: '?page=3' } });
    expect(range().textContent).toBe('21–30 of 57');

    expect(header('Email').getAttribute('aria-sort')).toBe('none');
    await click(header('Email'));
    expect(header('Email').getAttribute('aria-sort')).toBe('ascending');
    expect(table.fetch.latest().input.options).toMatchObject({ page: 1, sortBy: [{ key: 'email', order: 'asc' }] });
    await act(() => table.fetch.answerAll());
    expect(range().textContent).toBe('1–10 of 57');
    const byEmail = [...USERS].sort((a, b) => a.email.localeCompare(b.email));
    expect(within(dataRows()[0]!).getByRole('rowheader').textContent).toBe(byEmail[0]!.email);

    await click(screen.getByRole('button', { name: 'Next page' }));
    await click(header('Email'));
    expect(header('Email').getAttribute('aria-sort')).toBe('descending');
    expect(table.context().options.page).toBe(1);

    await click(header('Email'));
    expect(header('Email').getAttribute('aria-sort')).toBe('none');
    expect(table.context().options.sortBy).toEqual([]);
  });

  it('an unsortable header does nothing', async () => {
    const { table } = await loadedTable();
    const note = header('Note');
    expect(note.hasAttribute('aria-sort')).toBe(false);
    await click(note);
    expect(table.fetch.calls).toHaveLength(1);
  });

  it('selects rows one by one and the whole page', async () => {
    const { table } = await loadedTable();
    const first = USERS[0]!;
    await click(screen.getByRole('checkbox', { name: new RegExp(`Select ${first.email}`) }));
    expect(table.context().selection).toEqual([first.id]);
    expect(dataRows()[0]!.getAttribute('aria-selected')).toBe('true');
    expect(dataRows()[1]!.getAttribute('aria-selected')).toBe('false');

    await click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(table.context().selection).toHaveLength(10);
    expect(dataRows().every((row) => row.getAttribute('aria-selected') === 'true')).toBe(true);

    await click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(table.context().selection).toEqual([]);

    await click(screen.getByRole('checkbox', { name: new RegExp(`Select ${USERS[2]!.email}`) }));
    await click(screen.getByRole('button', { name: 'Next page' }));
    expect(table.context().selection).toEqual([]);
  });

  it("the footer offers the generic table's page sizes (spec §2: 5, 10, 15, All) and shows the range", async () => {
    const { table } = await loadedTable();
    const size = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect([...size.options].map((option) => option.textContent)).toEqual(['5', '10', '15', 'All']);
    expect(size.value).toBe('10');
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    await act(() => void fireEvent.change(size, { target: { value: '15' } }));
    await act(() => table.fetch.answerAll());
    expect(range().textContent).toBe('1–15 of 57');
    for (let i = 0; i < 3; i++) await click(screen.getByRole('button', { name: 'Next page' }));
    await act(() => table.fetch.answerAll());
    expect(range().textContent).toBe('46–57 of 57');
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    await act(() => void fireEvent.change(size, { target: { value: '-1' } }));
    await act(() => table.fetch.answerAll());
    expect(range().textContent).toBe('1–57 of 57');
    expect(dataRows()).toHaveLength(57);
  });

  it('keyboard focus reaches the headers, and Enter on one sorts', async () => {
    const { table } = await loadedTable();
    const grid = screen.getByRole('grid');
    await act(() => grid.focus());
    expect(dataRows()[0]!.contains(document.activeElement)).toBe(true);
    await act(() => void fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' }));
    // The first header is the selection column: focus lands on its "Select All" box.
    expect(document.activeElement?.closest('[role="columnheader"]')).toBeTruthy();
    // Across to the e-mail column, past the selection column.
    for (let i = 0; i < 5 && !header('Email').contains(document.activeElement); i++) {
      await act(() => void fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' }));
    }
    expect(document.activeElement).toBe(header('Email'));
    await act(() => {
      fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
      fireEvent.keyUp(document.activeElement!, { key: 'Enter' });
    });
    expect(header('Email').getAttribute('aria-sort')).toBe('ascending');
    expect(table.context().options.sortBy).toEqual([{ key: 'email', order: 'asc' }]);
  });

  it('shows the error with "Try again", which loads again', async () => {
    const { table } = renderUsersTable();
    await act(() => table.fetch.failLatest(new Error('The server is busy')));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The server is busy');
    expect(within(screen.getByRole('grid')).getByText('The rows could not be loaded.')).toBeTruthy();

    await click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => table.fetch.answerAll());
    expect(dataRows()).toHaveLength(10);
  });

  it('a search with no match shows the empty state, and clearing it loads at once', async () => {
    const { table } = await loadedTable();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await act(() => void fireEvent.change(search, { target: { value: 'nobody' } }));
    expect(table.context().filter).toBe('nobody');
    await act(() => void table.clock.increment(300));
    await act(() => table.fetch.answerAll());
    expect(within(screen.getByRole('grid')).getByText('No educators match your search.')).toBeTruthy();
    expect(range().textContent).toBe('0 of 0');

    await click(screen.getByRole('button', { name: /clear/i }));
    expect(table.context().filter).toBe('');
    expect(table.fetch.latest().input.filter).toBe('');
  });
});
