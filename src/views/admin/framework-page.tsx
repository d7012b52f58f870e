import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { childLevel, LEVEL_LABELS, type FrameworkLevel } from '@/lib/validation/framework';
import { plural } from '@/lib/validation/rules';
import { adminFrameworkScreen, FRAMEWORK_EDITOR } from '@/machines/admin/admin-framework.actors';
import type { AdminListEditorActorRef } from '@/machines/admin/admin-list-editor.machine';
import { adminListIntents } from '@/machines/admin/admin-list-editor.intents';
import { selectExpanded } from '@/machines/admin/admin-list-editor.selectors';
import type { EditableItem } from '@/machines/admin/admin-list-editor.types';
import { errorMessage } from '@/lib/messages';
import { TextField } from '@/views/components/form/text-field';
import { LoadError } from '@/views/components/load-error';
import { LoadingScreen } from '@/views/components/loading-screen';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { useIntents } from '@/views/hooks/use-intents';
import { Button } from '@/views/layout/button';
import { AdminPage } from '@/views/admin/admin-shell';
import { DeleteDialog, EditorDialog } from '@/views/admin/list-editor-dialogs';
import { MoveAnnouncement, MoveButtons } from '@/views/admin/move-buttons';
import { useListEditor } from '@/views/admin/use-list-editor';
import * as styles from '@/views/admin/framework.css';

type Node = EditableItem & { type: FrameworkLevel; title: string; catalogItemCount: number; learnerCount: number };

const levelOf = (item: EditableItem) => item.type as FrameworkLevel;
const label = (item: EditableItem) => `${LEVEL_LABELS[levelOf(item)]} “${String(item.title)}”`;
const lowerLevel = (level: FrameworkLevel) => LEVEL_LABELS[level].toLowerCase();

/** How much an item is used, in words: what keeps it from being deleted. */
function usageOf(item: Node, childCount: number): string {
  const parts: string[] = [];
  const below = childLevel(item.type);
  if (below) parts.push(`${childCount} ${plural(lowerLevel(below), childCount)}`);
  if (item.catalogItemCount) parts.push(`tagged on ${item.catalogItemCount} ${plural('item', item.catalogItemCount)}`);
  if (item.learnerCount) parts.push(`${item.learnerCount} ${plural('interest', item.learnerCount)}`);
  return parts.join(' · ');
}

function FrameworkNode({ item, tree, actor }: { item: Node; tree: Map<string | null, Node[]>; actor: AdminListEditorActorRef }) {
  const intents = useIntents(actor, adminListIntents);
  const expanded = useSelector(actor, selectExpanded);
  const kids = tree.get(item.id) ?? [];
  const below = childLevel(item.type);
  const open = below !== null && expanded.includes(item.id);
  const siblings = tree.get(item.parentId ?? null) ?? [];
  const index = siblings.findIndex((s) => s.id === item.id);
  const childrenId = `framework-children-${item.id}`;
  return (
    <li>
      <div className={styles.row}>
        <div className={styles.heading}>
          {below ? (
            <button
              type="button"
              className={styles.disclosure}
              aria-expanded={open}
              aria-controls={open ? childrenId : undefined}
              onClick={() => intents.toggle(item.id)}
            >
              <span className={`${styles.chevron} ${open ? styles.chevronOpen : ''}`} aria-hidden="true">
                ▸
              </span>
              <span className={styles.titleText}>{item.title}</span>
            </button>
          ) : (
            <span className={styles.leafTitle}>{item.title}</span>
          )}
          <span className={styles.level[item.type]}>{LEVEL_LABELS[item.type]}</span>
          <span className={styles.usage}>{usageOf(item, kids.length)}</span>
        </div>
        <div className={styles.actions}>
          {below && (
            <Button tone="secondary" size="sm" aria-label={`Add ${lowerLevel(below)} to ${item.title}`} onClick={() => intents.create(item.id)}>
              Add {lowerLevel(below)}
            </Button>
          )}
          <Button tone="secondary" size="sm" aria-label={`Edit ${item.title}`} onClick={() => intents.edit(item.id)}>
            Edit
          </Button>
          <MoveButtons actor={actor} id={item.id} name={item.title} first={index === 0} last={index === siblings.length - 1} />
          <Button tone="secondary" size="sm" aria-label={`Delete ${item.title}`} onClick={() => intents.remove(item.id)}>
            Delete
          </Button>
        </div>
      </div>
      {open && (
        <ul id={childrenId} className={styles.children} aria-label={`${plural(LEVEL_LABELS[below], 2)} of ${item.title}`}>
          {kids.length ? (
            kids.map((kid) => <FrameworkNode key={kid.id} item={kid} tree={tree} actor={actor} />)
          ) : (
            <li className={styles.empty}>No {plural(lowerLevel(below), 2)} yet.</li>
          )}
        </ul>
      )}
    </li>
  );
}

/** The framework: category › strand › element › strategy, each level's children in their order. */
export function AdminFrameworkPage() {
  useDocumentTitle('Framework · Platform admin');
  const { actor, intents, items, loading, failed, error, editor, busy, moved } = useListEditor<Node>(adminFrameworkScreen, FRAMEWORK_EDITOR);

  const tree = useMemo(() => {
    const byParent = new Map<string | null, Node[]>();
    for (const item of items) byParent.set(item.parentId ?? null, [...(byParent.get(item.parentId ?? null) ?? []), item]);
    for (const list of byParent.values()) list.sort((a, b) => a.position - b.position);
    return byParent;
  }, [items]);

  if (loading) return <LoadingScreen label="Loading the framework" />;
  if (failed) {
    return (
      <AdminPage title="Framework">
        <LoadError onRetry={intents.retry} message={errorMessage(error)} />
      </AdminPage>
    );
  }

  const parent = editor?.mode === 'create' && editor.parentId ? items.find((i) => i.id === editor.parentId) : undefined;
  const editing = editor?.mode === 'edit' ? items.find((i) => i.id === editor.id) : undefined;
  const newLevel = childLevel(parent ? parent.type : null) ?? 'STRATEGY';
  const dialogTitle = editing ? `Edit ${lowerLevel(editing.type)}` : parent ? `Add ${lowerLevel(newLevel)} to ${parent.title}` : 'Add category';

  return (
    <>
      <AdminPage
        title="Framework"
        lead="Categories, strands, elements and strategies: what catalogue items are tagged with and educators filter by. A change shows to educators on their next request; an item in use cannot be deleted."
        actions={<Button onClick={() => intents.create(null)}>Add category</Button>}
      >
        <div className={styles.panel}>
          <ul className={styles.list} aria-label="Categories">
            {(tree.get(null) ?? []).map((item) => (
              <FrameworkNode key={item.id} item={item} tree={tree} actor={actor} />
            ))}
          </ul>
        </div>
        <MoveAnnouncement moved={moved} busy={busy} items={items} name={(item) => String(item.title)} />
      </AdminPage>
      <EditorDialog actor={actor} title={dialogTitle} submitLabel={editing ? 'Save' : `Add ${lowerLevel(newLevel)}`}>
        {(form) => (
          <>
            <TextField form={form} name="title" autoFocus />
            <TextField form={form} name="description" rows={4} hint="Shown with the item where educators choose and filter." />
            <TextField form={form} name="communityUrl" type="url" inputMode="url" hint="Where educators discuss it: https://… or a path on this site." />
          </>
        )}
      </EditorDialog>
      <DeleteDialog actor={actor} name={(item) => label(item as EditableItem)} />
    </>
  );
}
