import type { MachineEntry } from '@/machines/registry';
import { tableMachine } from '@/machines/table/table.machine';
import { adminUserMachine } from './admin-user.machine';
import { adminCatalogItemMachine } from './admin-catalog-item.machine';
import { adminItemSearchMachine } from './admin-item-search.machine';

// The admin site's machines. They run only in the admin site (a build of its own), so they are
// listed here rather than in src/machines/registry.ts: the educator app's statechart viewer
// imports that list, and the educator app's chunks must not change because the admin site
// exists. `npm run statecharts` exports both lists; the registry test checks both.
export const ADMIN_MACHINES: readonly MachineEntry[] = [
  // One account and its changes.
  { name: 'admin-user', folder: 'admin', machine: adminUserMachine, live: { screen: 'adminUser' } },
  // Every account, and the audit log: the table machine paged on the server.
  { name: 'admin-users-table', folder: 'admin', machine: tableMachine, live: { screen: 'adminUsers' } },
  { name: 'admin-audit-table', folder: 'admin', machine: tableMachine, live: { screen: 'adminAudit' } },
  // The catalogue: every item on the table machine, one item's editor, and the playlist's item search.
  { name: 'admin-catalog-table', folder: 'admin', machine: tableMachine, live: { screen: 'adminCatalog' } },
  { name: 'admin-catalog-item', folder: 'admin', machine: adminCatalogItemMachine, live: { screen: 'adminCatalogItem' } },
  { name: 'admin-item-search', folder: 'admin', machine: adminItemSearchMachine, live: { screen: 'adminItemSearch' } },
];
