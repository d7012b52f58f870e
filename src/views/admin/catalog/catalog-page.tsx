import { useSelector } from '@xstate/react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, Text } from 'react-aria-components';
import { useLocation, useNavigate } from 'react-router';
import { RESOURCE_TYPES, TYPE_LABELS } from '@/machines/admin/admin-catalog-item.logic';
import type { AdminCatalogItemSummary, CatalogItemStatus, ResourceType } from '@/machines/admin/admin-catalog-item.types';
import { catalogTableInput, catalogTableScreen } from '@/machines/admin/admin-tables.actors';
import { adminTableIntents } from '@/machines/admin/admin-tables.intents';
import { selectTableScope } from '@/machines/admin/admin-tables.selectors';
import { DataTable, type DataTableColumn } from '@/views/components/data-table/data-table';
import { Link } from '@/views/components/link';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { button } from '@/views/layout/button.css';
import { AdminPage } from '@/views/admin/admin-shell';
import { FilterSelect } from '@/views/components/filter-select';
import { STATUS_LABELS, StatusPill, TypeMark } from '@/views/admin/catalog/catalog-labels';
import * as adminStyles from '@/views/admin/admin.css';
import * as styles from '@/views/admin/catalog/catalog.css';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const TYPE_OPTIONS = RESOURCE_TYPES.map((type) => ({ id: type, name: TYPE_LABELS[type] }));
const STATUS_OPTIONS = (Object.keys(STATUS_LABELS) as CatalogItemStatus[]).map((status) => ({ id: status, name: STATUS_LABELS[status] }));

const TYPE_HINTS: Record<ResourceType, string> = {
  LEARNING_OBJECT: 'A strategy video with its rubric and guide',
  LIVESTREAM: 'A live event, then its recording',
  PLAYLIST: 'Items in an order of your choosing',
};

const COLUMNS: DataTableColumn<AdminCatalogItemSummary>[] = [
  {
    key: 'title',
    label: 'Title',
    sortable: true,
    isRowHeader: true,
    render: (item) => (
      <span className={adminStyles.nameCell}>
        <Link to={`/admin/catalog/${item.id}`} className={adminStyles.nameLink}>
          {item.title}
        </Link>
        <span className={adminStyles.small}>
          {item.publicId}
          {item.featured && ' · Featured'}
        </span>
      </span>
    ),
  },
  { key: 'resourceType', label: 'Type', render: (item) => <TypeMark type={item.resourceType} /> },
  { key: 'status', label: 'Status', sortable: true, render: (item) => <StatusPill status={item.status} /> },
  { key: 'updatedAt', label: 'Updated', sortable: true, align: 'end', render: (item) => dateTime.format(new Date(item.updatedAt)) },
];

/** Creates an item of the type chosen: the editor of a new draft. */
function NewItemMenu() {
  const navigate = useNavigate();
  return (
    <MenuTrigger>
      <AriaButton className={button({ size: 'sm' })}>New item</AriaButton>
      <Popover className={styles.menuPopover} placement="bottom end">
        <Menu className={styles.menu} aria-label="Type of the new item" onAction={(key) => navigate(`/admin/catalog/new?type=${String(key)}`)}>
          {RESOURCE_TYPES.map((type) => (
            <MenuItem key={type} id={type} textValue={TYPE_LABELS[type]} className={styles.menuItem}>
              <Text slot="label">{TYPE_LABELS[type]}</Text>
              <Text slot="description" className={styles.menuItemHint}>
                {TYPE_HINTS[type]}
              </Text>
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** Every catalogue item, drafts and archived ones too: search, type and status, paging on the server. */
export function AdminCatalogPage() {
  useDocumentTitle('Catalogue · Platform admin');
  const { search } = useLocation();
  // The actor starts once, from the address bar as it is then.
  const table = useScreenActor(catalogTableScreen, { input: catalogTableInput(search) });
  const { setScope } = useIntents(table, adminTableIntents);
  const scope = useSelector(table, selectTableScope);

  return (
    <AdminPage
      title="Catalogue"
      lead="Every learning object, livestream and playlist, drafts and archived ones too. Educators see only what is published."
      actions={<NewItemMenu />}
    >
      <div className={adminStyles.filters}>
        <FilterSelect label="Type" anyLabel="All types" options={TYPE_OPTIONS} value={scope.resourceType ?? null} onChange={(resourceType) => setScope({ ...scope, resourceType })} />
        <FilterSelect label="Status" anyLabel="Any status" options={STATUS_OPTIONS} value={scope.status ?? null} onChange={(status) => setScope({ ...scope, status })} />
      </div>
      <DataTable actor={table} columns={COLUMNS} label="Catalogue items" searchLabel="Search by title or public id" emptyState="No item matches. Clear the search or a filter." />
    </AdminPage>
  );
}
