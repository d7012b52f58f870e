import { useEffect } from 'react';
import type { AdminListEditorActorRef } from '@/machines/admin/admin-list-editor.machine';
import { adminListIntents } from '@/machines/admin/admin-list-editor.intents';
import { siblingsOf } from '@/machines/admin/admin-list-editor.selectors';
import type { EditableItem } from '@/machines/admin/admin-list-editor.types';
import { useIntents } from '@/views/hooks/use-intents';
import { Button } from '@/views/layout/button';
import * as styles from '@/views/admin/framework.css';
import { visuallyHidden } from '@/views/components/text.css';

/** Move up and down among siblings: keyboard reachable, named after the entry. */
export function MoveButtons({ actor, id, name, first, last }: { actor: AdminListEditorActorRef; id: string; name: string; first: boolean; last: boolean }) {
  const { moveUp, moveDown } = useIntents(actor, adminListIntents);
  return (
    <>
      <Button tone="secondary" size="sm" className={styles.iconButton} aria-label={`Move ${name} up`} data-move={`${id}:up`} disabled={first} onClick={() => moveUp(id)}>
        <span aria-hidden="true">↑</span>
      </Button>
      <Button tone="secondary" size="sm" className={styles.iconButton} aria-label={`Move ${name} down`} data-move={`${id}:down`} disabled={last} onClick={() => moveDown(id)}>
        <span aria-hidden="true">↓</span>
      </Button>
    </>
  );
}

type Moved = { id: string; direction: 'up' | 'down' } | null;

/**
 * Once a move has been read back, focus stays on the button that made it (the row has moved in
 * the page); at either end that button is disabled, so the other direction's takes it.
 */
export function useFocusAfterMove(moved: Moved, busy: boolean, items: readonly EditableItem[]) {
  useEffect(() => {
    if (!moved || busy) return;
    const button = (direction: string) => document.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(`${moved.id}:${direction}`)}"]`);
    const same = button(moved.direction);
    const target = same && !same.disabled ? same : button(moved.direction === 'up' ? 'down' : 'up');
    if (target && document.activeElement !== target) target.focus();
  }, [moved, busy, items]);
}

/** Says where a moved entry now is, for screen readers (the snackbar is for saves). */
export function MoveAnnouncement({ moved, busy, items, name }: { moved: Moved; busy: boolean; items: readonly EditableItem[]; name: (item: EditableItem) => string }) {
  const item = moved && !busy ? items.find((i) => i.id === moved.id) : undefined;
  const siblings = item ? siblingsOf(items, item) : [];
  return (
    <p className={visuallyHidden} aria-live="polite">
      {item ? `${name(item)} moved to position ${siblings.findIndex((s) => s.id === item.id) + 1} of ${siblings.length}` : ''}
    </p>
  );
}
