import { adminListUsers, listAuditEntries } from '@/api/operations/admin';
import { listOrganizations } from '@/api/operations';
import { toPageParams, toSortAscParams } from '@/lib/paging';
import { createResourceMachine, withFetch } from '@/machines/shared/resource';
import { defineScreen } from '@/machines/shared/screen';
import { defineTableScreen } from '@/machines/table/table.actors';
import type { TableInput, TableScope } from '@/machines/table/table.types';
import type { Role } from './admin-user.types';

// The admin site's lists: every account, and the audit log. Both are the table machine paged on
// the server with its page, size, sort and search text in the address bar; the filters beside
// the search box are the table's scope.

export const ACCOUNT_SORT_KEYS = ['email', 'firstName', 'lastName', 'role', 'createdAt'] as const;
export const ACCOUNT_STATUSES = ['ACTIVE', 'DEACTIVATED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The accounts table: newest accounts first until a column is chosen. */
export const accountsTableInput = (search: string): TableInput => ({
  sortKeys: ACCOUNT_SORT_KEYS,
  defaults: { itemsPerPage: 25, sortBy: [{ key: 'createdAt', order: 'desc' }] },
  pageOptions: [10, 25, 50, 100],
  scope: { role: null, organizationId: null, status: null },
  url: { search },
});

const valueOf = (scope: TableScope, key: string) => scope[key] ?? undefined;

export const accountsTableScreen = defineTableScreen('adminUsers', ({ api }, { options, filter, scope }, signal) =>
  adminListUsers(
    api,
    {
      ...toPageParams(options),
      ...toSortAscParams(options.sortBy, ACCOUNT_SORT_KEYS),
      ...(filter && { filter }),
      ...(valueOf(scope, 'role') && { role: valueOf(scope, 'role') as Role }),
      ...(valueOf(scope, 'organizationId') && { organizationId: valueOf(scope, 'organizationId') }),
      ...(valueOf(scope, 'status') && { status: valueOf(scope, 'status') as AccountStatus }),
    },
    { signal },
  ),
);

export const AUDIT_SCOPE_KEYS = ['actorId', 'entityType', 'entityId', 'from', 'to'] as const;
type AuditScopeKey = (typeof AUDIT_SCOPE_KEYS)[number];

/** The audit log's filters as a link sets them (`?entityType=USER&entityId=…`), the rest empty. */
export function auditScopeFrom(search: string): TableScope {
  const params = new URLSearchParams(search);
  return Object.fromEntries(AUDIT_SCOPE_KEYS.map((key) => [key, params.get(key) || null]));
}

/** The audit log: newest first, always (no column sorts it otherwise). */
export const auditTableInput = (search: string): TableInput => ({
  sortKeys: [],
  defaults: { itemsPerPage: 25 },
  pageOptions: [10, 25, 50, 100],
  scope: auditScopeFrom(search),
  url: { search },
});

export const auditTableScreen = defineTableScreen('adminAudit', ({ api }, { options, scope }, signal) => {
  const filters = Object.fromEntries(AUDIT_SCOPE_KEYS.flatMap((key: AuditScopeKey) => (scope[key] ? [[key, scope[key]]] : [])));
  return listAuditEntries(api, { ...toPageParams(options), ...filters }, { signal });
});

export type Choice = { id: string; name: string };

/** Every school and district, for the accounts' organization filter. */
export const organizationChoicesMachine = createResourceMachine<Choice[]>({ id: 'organizationChoices' });
export const organizationChoicesScreen = defineScreen('organizationChoices', ({ api }) =>
  withFetch(organizationChoicesMachine, async (_, signal) => {
    const { items } = await listOrganizations(api, { itemsPerPage: -1 }, { signal });
    return items.map((o) => ({ id: o.id, name: o.type === 'DISTRICT' ? `${o.name} (district)` : o.name }));
  }),
);

/** The platform admins, for the audit log's "who" filter. */
export const adminChoicesMachine = createResourceMachine<Choice[]>({ id: 'adminChoices' });
export const adminChoicesScreen = defineScreen('adminChoices', ({ api }) =>
  withFetch(adminChoicesMachine, async (_, signal) => {
    const { items } = await adminListUsers(api, { role: 'ADMIN', itemsPerPage: 100, sortBy: 'email' }, { signal });
    return items.map((u) => ({ id: u.id, name: u.fullName || u.email }));
  }),
);
