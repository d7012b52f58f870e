import { assign, enqueueActions } from 'xstate';
import { adminListCatalogItems, adminListUsers, listAuditEntries, type CatalogItemStatus } from '@/api/operations/admin';
import { adminListOrganizations } from '@/api/operations/admin-organizations';
import { listOrganizations } from '@/api/operations';
import { parseTableQuery, sameSearch, sameTableQuery, toPageParams, toSortAscParams, toSortOrderParams, writeTableQuery } from '@/lib/paging';
import type { AppServices } from '@/machines/root/app-services';
import { createResourceMachine, withFetch } from '@/machines/shared/resource';
import { defineScreen } from '@/machines/shared/screen';
import { tableLogic } from '@/machines/table/table.actors';
import { currentQuery } from '@/machines/table/table.logic';
import type { FetchPageInput, TableContext, TableEvent, TablePage, TableInput, TableScope } from '@/machines/table/table.types';
import type { Role } from './admin-user.types';
import type { ResourceType } from './admin-catalog-item.types';

// The admin site's lists: every account, and the audit log. Both are the table machine paged on
// the server with its page, size, sort and search text in the address bar; the filters beside
// the search box are the table's scope, kept in the address bar too (a filtered list can be
// linked to, reloaded, and gone back to).

/** The filters of a table as its address bar names them; empty ones are left out. */
export function scopeFrom(search: string, keys: readonly string[]): TableScope {
  const params = new URLSearchParams(search);
  return Object.fromEntries(keys.map((key) => [key, params.get(key) || null]));
}

/** `search` with the filters written in (and the empty ones taken out). */
export function withScope(search: string, scope: TableScope, keys: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const key of keys) {
    const value = scope[key];
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const sameScope = (a: TableScope, b: TableScope, keys: readonly string[]) => keys.every((key) => (a[key] ?? null) === (b[key] ?? null));

type ReplaceQuery = { type: 'replaceQuery'; params: { search: string } };
type FetchPage = (services: AppServices, input: FetchPageInput, signal: AbortSignal) => Promise<TablePage>;

/**
 * A table screen whose scope lives in the address bar beside its options: the table machine
 * with the URL's writing, reading and comparing extended to the scope's keys.
 */
function defineScopedTableScreen(name: string, keys: readonly string[], fetchPage: FetchPage) {
  return defineScreen(name, (services) =>
    tableLogic(services, fetchPage).provide({
      actions: {
        writeUrl: enqueueActions<TableContext, TableEvent, undefined, TableEvent, never, ReplaceQuery, never>(({ context, enqueue }) => {
          if (!context.config.syncUrl) return;
          const next = withScope(writeTableQuery(currentQuery(context), context.config, context.search), context.scope, keys);
          if (sameSearch(next, context.search)) return;
          enqueue.assign({ search: next });
          enqueue({ type: 'replaceQuery', params: { search: next } });
        }),
        readUrl: assign<TableContext, TableEvent, { search: string }, TableEvent, never>(({ context }, params) => {
          const query = parseTableQuery(params.search, context.config);
          return { options: query.options, filter: query.filter, search: params.search, scope: scopeFrom(params.search, keys) };
        }),
      },
      guards: {
        urlChangesQuery: ({ context }: { context: TableContext }, params: { search: string }) =>
          !sameTableQuery(parseTableQuery(params.search, context.config), currentQuery(context)) || !sameScope(scopeFrom(params.search, keys), context.scope, keys),
      },
    } as never),
  );
}

export const ACCOUNT_SORT_KEYS = ['email', 'firstName', 'lastName', 'role', 'createdAt'] as const;
export const ACCOUNT_STATUSES = ['ACTIVE', 'DEACTIVATED'] as const;
export const ACCOUNT_SCOPE_KEYS = ['role', 'organizationId', 'status'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The accounts table: newest accounts first until a column is chosen. */
export const accountsTableInput = (search: string): TableInput => ({
  sortKeys: ACCOUNT_SORT_KEYS,
  defaults: { itemsPerPage: 25, sortBy: [{ key: 'createdAt', order: 'desc' }] },
  pageOptions: [10, 25, 50, 100],
  scope: scopeFrom(search, ACCOUNT_SCOPE_KEYS),
  url: { search },
});

const valueOf = (scope: TableScope, key: string) => scope[key] ?? undefined;

export const accountsTableScreen = defineScopedTableScreen('adminUsers', ACCOUNT_SCOPE_KEYS, ({ api }, { options, filter, scope }, signal) =>
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

/** The audit log's filters as the address bar (or a link, `?entityType=USER&entityId=…`) sets them. */
export const auditScopeFrom = (search: string): TableScope => scopeFrom(search, AUDIT_SCOPE_KEYS);

/** The audit log: newest first, always (no column sorts it otherwise). */
export const auditTableInput = (search: string): TableInput => ({
  sortKeys: [],
  defaults: { itemsPerPage: 25 },
  pageOptions: [10, 25, 50, 100],
  scope: auditScopeFrom(search),
  url: { search },
});

export const auditTableScreen = defineScopedTableScreen('adminAudit', AUDIT_SCOPE_KEYS, ({ api }, { options, scope }, signal) => {
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

export const ORGANIZATION_KINDS = ['SCHOOL', 'DISTRICT'] as const;
export type OrganizationKind = (typeof ORGANIZATION_KINDS)[number];
export const ORGANIZATION_SCOPE_KEYS = ['type', 'parentId'] as const;

/** Every district and school, by name; filtered by kind and district in the address bar. */
export const organizationsTableInput = (search: string): TableInput => ({
  sortKeys: [],
  defaults: { itemsPerPage: 25 },
  pageOptions: [10, 25, 50, 100],
  scope: scopeFrom(search, ORGANIZATION_SCOPE_KEYS),
  url: { search },
});

export const organizationsTableScreen = defineScopedTableScreen('adminOrganizations', ORGANIZATION_SCOPE_KEYS, ({ api }, { options, filter, scope }, signal) =>
  adminListOrganizations(
    api,
    {
      ...toPageParams(options),
      ...(filter && { q: filter }),
      ...(valueOf(scope, 'type') && { type: valueOf(scope, 'type') as OrganizationKind }),
      ...(valueOf(scope, 'parentId') && { parentId: valueOf(scope, 'parentId') }),
    },
    { signal },
  ),
);

/** The districts, for the organizations' district filter and a school's district. */
export const districtChoicesMachine = createResourceMachine<Choice[]>({ id: 'districtChoices' });
export const districtChoicesScreen = defineScreen('districtChoices', ({ api }) =>
  withFetch(districtChoicesMachine, async (_, signal) => {
    const { items } = await adminListOrganizations(api, { type: 'DISTRICT', itemsPerPage: 100 }, { signal });
    return items.map((o) => ({ id: o.id, name: o.name }));
  }),
);

export const CATALOG_SORT_KEYS = ['updatedAt', 'createdAt', 'title', 'status'] as const;
export const CATALOG_SCOPE_KEYS = ['resourceType', 'status'] as const;

/** The catalogue: last changed first until a column is chosen; type and status beside the search box. */
export const catalogTableInput = (search: string): TableInput => ({
  sortKeys: CATALOG_SORT_KEYS,
  defaults: { itemsPerPage: 25, sortBy: [{ key: 'updatedAt', order: 'desc' }] },
  pageOptions: [10, 25, 50, 100],
  scope: scopeFrom(search, CATALOG_SCOPE_KEYS),
  url: { search },
});

export const catalogTableScreen = defineScopedTableScreen('adminCatalog', CATALOG_SCOPE_KEYS, ({ api }, { options, filter, scope }, signal) => {
  const resourceType = valueOf(scope, 'resourceType') as ResourceType | undefined;
  const status = valueOf(scope, 'status') as CatalogItemStatus | undefined;
  return adminListCatalogItems(
    api,
    {
      ...toPageParams(options),
      ...toSortOrderParams(options.sortBy, CATALOG_SORT_KEYS),
      ...(filter && { q: filter }),
      ...(resourceType && { resourceType: [resourceType] }),
      ...(status && { status: [status] }),
    },
    { signal },
  );
});
