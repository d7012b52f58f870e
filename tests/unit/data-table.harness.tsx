import { render } from '@testing-library/react';
import { DataTable, type DataTableColumn } from '@/views/components/data-table/data-table';
import type { FakeUser } from '../machines/table.fixtures';
import { startTable } from '../machines/table.fixtures';

// The users table of the Educator Usage page (spec §2 'Active Users'), over a table actor whose
// fetch the test answers.

export const USER_COLUMNS: DataTableColumn<FakeUser>[] = [
  { key: 'email', label: 'Email', sortable: true, render: (user) => user.email },
  { key: 'firstName', label: 'First Name', sortable: true, render: (user) => user.firstName },
  { key: 'lastName', label: 'Last Name', sortable: true, render: (user) => user.lastName },
  { key: 'createdAt', label: 'Created At', sortable: true, align: 'end', render: (user) => user.createdAt.slice(0, 10) },
  { key: 'note', label: 'Note', render: () => '—' },
];

export function renderUsersTable(input: Parameters<typeof startTable>[0] = {}) {
  const table = startTable(input);
  const view = render(
    <DataTable
      actor={table.actor}
      columns={USER_COLUMNS}
      label="Active Users"
      selectable
      searchLabel="Search"
      emptyState="No educators match your search."
    />,
  );
  return { table, view };
}
