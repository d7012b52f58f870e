import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router';
import type { AuditEntry } from '@/machines/admin/admin-user.types';
import { adminChoicesScreen, auditTableInput, auditTableScreen, type Choice } from '@/machines/admin/admin-tables.actors';
import { adminTableIntents } from '@/machines/admin/admin-tables.intents';
import { selectTableScope } from '@/machines/admin/admin-tables.selectors';
import { loadAtStart } from '@/machines/shared/resource';
import { selectResourceData } from '@/machines/shared/resource.selectors';
import { DataTable, type DataTableColumn } from '@/views/components/data-table/data-table';
import { Link } from '@/views/components/link';
import { Button } from '@/views/layout/button';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { AdminPage } from '@/views/admin/admin-shell';
import { FilterSelect } from '@/views/components/filter-select';
import * as styles from '@/views/admin/admin.css';
import { visuallyHidden } from '@/views/components/text.css';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const ENTITY_LABELS: Record<AuditEntry['entityType'], string> = {
  USER: 'User',
  ORGANIZATION: 'Organization',
  SUBSCRIPTION: 'Subscription',
  CATALOG_ITEM: 'Catalogue item',
  NASOT_ITEM: 'Framework item',
  AUDIENCE: 'Audience',
  UPLOAD: 'Upload',
  ROSTER_IMPORT: 'Roster import',
  ROSTER_SOURCE: 'Roster endpoint',
};
const ENTITY_OPTIONS = Object.entries(ENTITY_LABELS).map(([id, name]) => ({ id, name }));

const ACTION_LABELS: Record<string, string> = {
  'user.roleChanged': 'Role changed',
  'user.freeAccessGranted': 'Free access granted',
  'user.freeAccessRevoked': 'Free access revoked',
  'user.deactivated': 'Deactivated',
  'user.reactivated': 'Reactivated',
  'user.invitationResent': 'Invitation sent again',
  'organization.created': 'Organization created',
  'organization.renamed': 'Renamed',
  'organization.moved': 'Moved',
  'organization.memberAdded': 'Member added',
  'organization.memberRoleChanged': 'Member’s role changed',
  'organization.memberRemoved': 'Member removed',
  'subscription.created': 'Subscription given',
  'subscription.changed': 'Subscription changed',
  'subscription.lapsed': 'Subscription lapsed',
  'nasotItem.created': 'Framework item added',
  'nasotItem.updated': 'Framework item edited',
  'nasotItem.moved': 'Framework item moved',
  'nasotItem.deleted': 'Framework item deleted',
  'audience.created': 'Audience added',
  'audience.renamed': 'Audience renamed',
  'audience.moved': 'Audience moved',
  'audience.deleted': 'Audience deleted',
  'upload.created': 'Uploaded',
  'rosterImport.applied': 'Roster applied',
  'rosterSource.set': 'Roster endpoint set',
  'rosterSource.removed': 'Roster endpoint removed',
};

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) return dateTime.format(new Date(value));
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Each changed field: what it was, struck through, and what it became. */
function Changes({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (!fields.length) return <span className={styles.muted}>—</span>;
  return (
    <span className={styles.change}>
      {fields.map((field) => (
        <span key={field}>
          <span className={styles.small}>{field}: </span>
          <span className={`${styles.changeValue} ${styles.before}`}>
            <span className={visuallyHidden}>from </span>
            {show(entry.before?.[field])}
          </span>{' '}
          <span aria-hidden="true">→</span>{' '}
          <span className={styles.changeValue}>
            <span className={visuallyHidden}>to </span>
            {show(entry.after?.[field])}
          </span>
        </span>
      ))}
    </span>
  );
}

const COLUMNS: DataTableColumn<AuditEntry>[] = [
  { key: 'at', label: 'When', isRowHeader: true, render: (e) => dateTime.format(new Date(e.at)) },
  {
    key: 'actor',
    label: 'Who',
    render: (e) => (
      <span className={styles.nameCell}>
        <span>{e.actor.fullName || e.actor.email}</span>
        <span className={styles.small}>{e.actor.email}</span>
      </span>
    ),
  },
  { key: 'action', label: 'What', render: (e) => ACTION_LABELS[e.action] ?? e.action },
  {
    key: 'entity',
    label: 'Changed',
    render: (e) => (
      <span className={styles.nameCell}>
        {e.entityType === 'USER' ? (
          <Link to={`/admin/users/${e.entityId}`} className={styles.nameLink}>
            {e.entityLabel}
          </Link>
        ) : (
          <span>{e.entityLabel}</span>
        )}
        <span className={styles.small}>{ENTITY_LABELS[e.entityType]}</span>
      </span>
    ),
  },
  { key: 'change', label: 'Before → after', render: (e) => <Changes entry={e} /> },
];

/** Every change made in the admin site, newest first, filtered by who, what and when. */
export function AdminAuditPage() {
  useDocumentTitle('Audit log · Platform admin');
  const { search } = useLocation();
  // The actor starts once, from the address bar as it is then (a link may name an entity).
  const table = useScreenActor(auditTableScreen, { input: auditTableInput(search) });
  const { setScope } = useIntents(table, adminTableIntents);
  const scope = useSelector(table, selectTableScope);
  const admins = useScreenActor(adminChoicesScreen, { input: loadAtStart() });
  const adminOptions = (useSelector(admins, selectResourceData) ?? []) as Choice[];
  const setDay = (key: 'from' | 'to', value: string) => setScope({ ...scope, [key]: value || null });

  return (
    <AdminPage title="Audit log" lead="Every change made in the admin site: who made it, when, and what it was before and after.">
      <div className={styles.filters}>
        <FilterSelect label="Who" anyLabel="Every admin" options={adminOptions} value={scope.actorId ?? null} onChange={(actorId) => setScope({ ...scope, actorId })} />
        <FilterSelect
          label="Kind"
          anyLabel="Everything"
          options={ENTITY_OPTIONS}
          value={scope.entityType ?? null}
          onChange={(entityType) => setScope({ ...scope, entityType })}
        />
        <div>
          <label className={styles.fieldLabel} htmlFor="audit-from">
            From
          </label>
          <input id="audit-from" className={styles.textInput} type="date" value={scope.from ?? ''} max={scope.to ?? undefined} onChange={(e) => setDay('from', e.target.value)} />
        </div>
        <div>
          <label className={styles.fieldLabel} htmlFor="audit-to">
            To
          </label>
          <input id="audit-to" className={styles.textInput} type="date" value={scope.to ?? ''} min={scope.from ?? undefined} onChange={(e) => setDay('to', e.target.value)} />
        </div>
      </div>
      {scope.entityId && (
        <p className={styles.muted}>
          Showing the changes of one {ENTITY_LABELS[(scope.entityType as AuditEntry['entityType']) ?? 'USER'].toLowerCase()}.{' '}
          <Button tone="ghost" size="sm" onClick={() => setScope({ ...scope, entityId: null })}>
            Show every change
          </Button>
        </p>
      )}
      <DataTable actor={table} columns={COLUMNS} label="Changes" emptyState="No change matches these filters." />
    </AdminPage>
  );
}
