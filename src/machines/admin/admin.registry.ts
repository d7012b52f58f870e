import type { MachineEntry } from '@/machines/registry';
import { tableMachine } from '@/machines/table/table.machine';
import { adminOrganizationMachine } from './admin-organization.machine';
import { adminListEditorMachine } from './admin-list-editor.machine';
import { adminUserMachine } from './admin-user.machine';
import { uploadMachine } from './upload.machine';
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
  // Districts and schools: the table, and one organization with its subscription and members.
  { name: 'admin-organizations-table', folder: 'admin', machine: tableMachine, live: { screen: 'adminOrganizations' } },
  { name: 'admin-organization', folder: 'admin', machine: adminOrganizationMachine, live: { screen: 'adminOrganization' } },
  // The framework's tree and the audiences: an ordered list edited in place.
  { name: 'admin-framework', folder: 'admin', machine: adminListEditorMachine, live: { screen: 'adminFramework' } },
  { name: 'admin-audiences', folder: 'admin', machine: adminListEditorMachine, live: { screen: 'adminAudiences' } },
  // One file field: a file sent with its progress, cancelled, refused and tried again.
  { name: 'admin-upload', folder: 'admin', machine: uploadMachine, live: { screen: 'upload' } },
  // The catalogue: every item on the table machine, one item's editor, and the playlist's item search.
  { name: 'admin-catalog-table', folder: 'admin', machine: tableMachine, live: { screen: 'adminCatalog' } },
  { name: 'admin-catalog-item', folder: 'admin', machine: adminCatalogItemMachine, live: { screen: 'adminCatalogItem' } },
  { name: 'admin-item-search', folder: 'admin', machine: adminItemSearchMachine, live: { screen: 'adminItemSearch' } },
];
