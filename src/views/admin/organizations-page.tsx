import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router';
import type { AdminOrganization } from '@/machines/admin/admin-organization.types';
import { districtChoicesScreen, organizationsTableInput, organizationsTableScreen, type Choice } from '@/machines/admin/admin-tables.actors';
import { adminTableIntents } from '@/machines/admin/admin-tables.intents';
import { selectTableScope } from '@/machines/admin/admin-tables.selectors';
import { loadAtStart } from '@/machines/shared/resource';
import { selectResourceData } from '@/machines/shared/resource.selectors';
import { DataTable, type DataTableColumn } from '@/views/components/data-table/data-table';
import { Link } from '@/views/components/link';
import { ButtonLink } from '@/views/layout/button';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { AdminPage } from '@/views/admin/admin-shell';
import { FilterSelect } from '@/views/components/filter-select';
import * as styles from '@/views/admin/admin.css';

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
/** A YYYY-MM-DD day as the reader writes dates. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

export const KIND_LABELS = { SCHOOL: 'School', DISTRICT: 'District' } as const;
const KIND_OPTIONS = Object.entries(KIND_LABELS).map(([id, name]) => ({ id, name }));

/** The subscription's state as a status pill, with its last day or first day. */
export function SubscriptionStatus({ subscription }: { subscription: AdminOrganization['subscription'] }) {
  if (!subscription) return <span className={styles.status.neutral}>None</span>;
  if (subscription.state === 'ACTIVE') return <span className={styles.status.active}>Active until {formatDay(subscription.endsOn)}</span>;
  if (subscription.state === 'SCHEDULED') return <span className={styles.status.neutral}>Starts {formatDay(subscription.startsOn)}</span>;
  return <span className={styles.status.deactivated}>Lapsed {formatDay(subscription.endsOn)}</span>;
}

const COLUMNS: DataTableColumn<AdminOrganization>[] = [
  {
    key: 'name',
    label: 'Name',
    isRowHeader: true,
    render: (o) => (
      <span className={styles.nameCell}>
        <Link to={`/admin/organizations/${o.id}`} className={styles.nameLink}>
          {o.name}
        </Link>
        <span className={styles.small}>{o.type === 'DISTRICT' ? `District · ${o.schoolCount} ${o.schoolCount === 1 ? 'school' : 'schools'}` : 'School'}</span>
      </span>
    ),
  },
  { key: 'district', label: 'District', render: (o) => o.parentName ?? <span className={styles.muted}>—</span> },
  { key: 'members', label: 'Members', align: 'end', render: (o) => o.memberCount },
  {
    key: 'seats',
    label: 'Seats',
    align: 'end',
    render: (o) => (o.subscription ? o.subscription.seats === null ? `${o.subscription.seatsUsed} used · no limit` : `${o.subscription.seatsUsed} of ${o.subscription.seats} used` : <span className={styles.muted}>—</span>),
  },
  { key: 'subscription', label: 'Subscription', render: (o) => <SubscriptionStatus subscription={o.subscription} /> },
];

/** Every district and school: search, kind and district filters, paging on the server; a name opens it. */
export function AdminOrganizationsPage() {
  useDocumentTitle('Organizations · Platform admin');
  const { search } = useLocation();
  // The actor starts once, from the address bar as it is then.
  const table = useScreenActor(organizationsTableScreen, { input: organizationsTableInput(search) });
  const { setScope } = useIntents(table, adminTableIntents);
  const scope = useSelector(table, selectTableScope);
  const districts = useScreenActor(districtChoicesScreen, { input: loadAtStart() });
  const districtOptions = (useSelector(districts, selectResourceData) ?? []) as Choice[];

  return (
    <AdminPage
      title="Organizations"
      lead="Every district and school. Open one to rename it, move a school into a district, set its subscription or manage its members."
      actions={
        <ButtonLink size="sm" to="/admin/organizations/new">
          New organization
        </ButtonLink>
      }
    >
      <div className={styles.filters}>
        <FilterSelect label="Kind" anyLabel="Districts and schools" options={KIND_OPTIONS} value={scope.type ?? null} onChange={(type) => setScope({ ...scope, type })} />
        <FilterSelect
          label="District"
          anyLabel="Any district"
          options={districtOptions}
          value={scope.parentId ?? null}
          onChange={(parentId) => setScope({ ...scope, parentId })}
        />
      </div>
      <DataTable actor={table} columns={COLUMNS} label="Organizations" searchLabel="Search by name" emptyState="No organization matches. Clear the search or a filter." />
    </AdminPage>
  );
}
