import { useSelector } from '@xstate/react';
import type { AdminListEditorMachine } from '@/machines/admin/admin-list-editor.machine';
import { adminListIntents } from '@/machines/admin/admin-list-editor.intents';
import { selectEditor, selectIsBusy, selectIsLoadingList, selectItems, selectListError, selectListFailed, selectMoved } from '@/machines/admin/admin-list-editor.selectors';
import type { EditableItem, ListEditorInput } from '@/machines/admin/admin-list-editor.types';
import type { Screen } from '@/machines/shared/screen';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { useFocusAfterMove } from '@/views/admin/move-buttons';

/**
 * A list editor screen (the framework, the audiences): its actor, intents and what the page
 * draws from it, with the focus kept on the move button that moved a row.
 */
export function useListEditor<Item extends EditableItem>(screen: Screen<AdminListEditorMachine>, input: ListEditorInput) {
  const actor = useScreenActor(screen, { input });
  const intents = useIntents(actor, adminListIntents);
  const items = useSelector(actor, selectItems) as Item[];
  const busy = useSelector(actor, selectIsBusy);
  const moved = useSelector(actor, selectMoved);
  useFocusAfterMove(moved, busy, items);
  return {
    actor,
    intents,
    items,
    busy,
    moved,
    loading: useSelector(actor, selectIsLoadingList),
    failed: useSelector(actor, selectListFailed),
    error: useSelector(actor, selectListError),
    editor: useSelector(actor, selectEditor),
  };
}
