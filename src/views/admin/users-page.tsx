import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router';
import type { AdminUser } from '@/machines/admin/admin-user.types';
import { accountsTableInput, accountsTableScreen, ACCOUNT_STATUSES, organizationChoicesScreen, type Choice } from '@/machines/admin/admin-tables.actors';
import { adminTableIntents } from '@/machines/admin/admin-tables.intents';
import { selectTableScope } from '@/machines/admin/admin-tables.selectors';
import { ROLE_LABELS } from '@/machines/admin/admin-user.machine';
import type { Role } from '@/machines/admin/admin-user.types';
import { loadAtStart } from '@/machines/shared/resource';
import { selectResourceData } from '@/machines/shared/resource.selectors';
import { DataTable, type DataTableColumn } from '@/views/components/data-table/data-table';
import { Link } from '@/views/components/link';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { AdminPage } from '@/views/admin/admin-shell';
import { FilterSelect } from '@/views/components/filter-select';
import * as styles from '@/views/admin/admin.css';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as Role[]).map((role) => ({ id: role, name: ROLE_LABELS[role] }));
const STATUS_LABELS = { ACTIVE: 'Active', DEACTIVATED: 'Deactivated' } as const;
const STATUS_OPTIONS = ACCOUNT_STATUSES.map((status) => ({ id: status, name: STATUS_LABELS[status] }));

export function AccountStatus({ user }: { user: Pick<AdminUser, 'deactivatedAt' | 'invitation'> }) {
  if (user.deactivatedAt) return <span className={styles.status.deactivated}>Deactivated</span>;
  if (user.invitation && user.invitation.status !== 'ACCEPTED') {
    return <span className={styles.status.neutral}>{user.invitation.status === 'PENDING' ? 'Invited' : 'Invitation expired'}</span>;
  }
  return <span className={styles.status.active}>Active</span>;
}

const COLUMNS: DataTableColumn<AdminUser>[] = [
  {
    key: 'lastName',
    label: 'Name',
    sortable: true,
    isRowHeader: true,
    render: (u) => (
      <span className={styles.nameCell}>
        <Link to={`/admin/users/${u.id}`} className={styles.nameLink}>
          {u.fullName || u.email}
        </Link>
        <span className={styles.small}>{u.email}</span>
      </span>
    ),
  },
  { key: 'role', label: 'Role', sortable: true, render: (u) => ROLE_LABELS[u.role] },
  { key: 'organization', label: 'Organization', render: (u) => u.organizationName ?? <span className={styles.muted}>—</span> },
  { key: 'status', label: 'Status', render: (u) => <AccountStatus user={u} /> },
  { key: 'access', label: 'Free access', render: (u) => (u.hasFreeAccess ? 'Yes' : 'No') },
  { key: 'createdAt', label: 'Joined', sortable: true, align: 'end', render: (u) => dateFormat.format(new Date(u.createdAt)) },
];

/** Every account of the platform: search, filters, paging on the server; a name opens the account. */
export function AdminUsersPage() {
  useDocumentTitle('Users · Platform admin');
  const { search } = useLocation();
  // The actor starts once, from the address bar as it is then.
  const table = useScreenActor(accountsTableScreen, { input: accountsTableInput(search) });
  const { setScope } = useIntents(table, adminTableIntents);
  const scope = useSelector(table, selectTableScope);
  const organizations = useScreenActor(organizationChoicesScreen, { input: loadAtStart() });
  const organizationOptions = (useSelector(organizations, selectResourceData) ?? []) as Choice[];

  return (
    <AdminPage title="Users" lead="Every account of the platform. Open one to change its role, grant free access, deactivate or reactivate it, or send its invitation again.">
      <div className={styles.filters}>
        <FilterSelect label="Role" anyLabel="All roles" options={ROLE_OPTIONS} value={scope.role ?? null} onChange={(role) => setScope({ ...scope, role })} />
        <FilterSelect
          label="Organization"
          anyLabel="All organizations"
          options={organizationOptions}
          value={scope.organizationId ?? null}
          onChange={(organizationId) => setScope({ ...scope, organizationId })}
        />
        <FilterSelect label="Status" anyLabel="Any status" options={STATUS_OPTIONS} value={scope.status ?? null} onChange={(status) => setScope({ ...scope, status })} />
      </div>
      <DataTable actor={table} columns={COLUMNS} label="Accounts" searchLabel="Search by name or e-mail" emptyState="No account matches. Clear the search or a filter." />
    </AdminPage>
  );
}
