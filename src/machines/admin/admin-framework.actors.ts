import { fromPromise } from 'xstate';
import {
  adminCreateAudience,
  adminCreateFrameworkItem,
  adminDeleteAudience,
  adminDeleteFrameworkItem,
  adminListAudiences,
  adminListFrameworkItems,
  adminMoveAudience,
  adminMoveFrameworkItem,
  adminUpdateAudience,
  adminUpdateFrameworkItem,
} from '@/api/operations/admin-framework';
import { errorMessage } from '@/lib/messages';
import { AUDIENCE_NAME_RULES, COMMUNITY_URL_RULES, FRAMEWORK_DESCRIPTION_RULES, FRAMEWORK_TITLE_RULES, LEVEL_LABELS, type FrameworkLevel } from '@/lib/validation/framework';
import type { FormValues } from '@/machines/form/form.types';
import type { AppServices } from '@/machines/root/app-services';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import { adminListEditorMachine, listEditorForm } from './admin-list-editor.machine';
import type { ChangeNotice, EditableItem, ListEditorInput } from './admin-list-editor.types';

// The framework and audience pages: the list editor with the API's framework or audience
// operations, its changes told in the snackbar (a move is said by the page itself, beside the
// button that made it).

/** The framework item dialog's fields (spec §5 messages, the same rules as the server's). */
export const FRAMEWORK_EDITOR: ListEditorInput = {
  fields: {
    title: { rules: FRAMEWORK_TITLE_RULES },
    description: { rules: FRAMEWORK_DESCRIPTION_RULES },
    communityUrl: { label: 'Community Link', rules: COMMUNITY_URL_RULES },
  },
  // A title a sibling already has is told under the title; any other refusal in the snackbar.
  serverFieldErrors: { TITLE_TAKEN: 'title' },
};
export const AUDIENCE_EDITOR: ListEditorInput = { fields: { name: { rules: AUDIENCE_NAME_RULES } }, serverFieldErrors: { NAME_TAKEN: 'name' } };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function snackbar(services: AppServices) {
  return bindIntents(services.actors.snackbar, snackbarIntents);
}

const SAID: Record<Exclude<ChangeNotice['change'], 'moved'>, string> = { created: 'added', updated: 'saved', deleted: 'deleted' };

function notify(services: AppServices, notice: ChangeNotice, name: (item: EditableItem) => string) {
  if (notice.change === 'moved') return;
  snackbar(services).show({ message: `${name(notice.item)} ${SAID[notice.change]}`, variant: 'success' });
}

export const adminFrameworkScreen = defineScreen('adminFramework', (services) =>
  adminListEditorMachine.provide({
    actors: {
      loadItems: fromPromise<EditableItem[], void>(({ signal }) => adminListFrameworkItems(services.api, { signal })),
      moveItem: fromPromise<EditableItem, { id: string; position: number }>(({ input, signal }) => adminMoveFrameworkItem(services.api, input.id, input.position, { signal })),
      deleteItem: fromPromise<void, { id: string }>(({ input, signal }) => adminDeleteFrameworkItem(services.api, input.id, { signal })),
      itemForm: listEditorForm.provide({
        actors: {
          submit: fromPromise<unknown, FormValues>(({ input, signal }) => {
            const fields = { title: text(input.title), description: text(input.description), communityUrl: text(input.communityUrl).trim() || null };
            return input.id
              ? adminUpdateFrameworkItem(services.api, text(input.id), fields, { signal })
              : adminCreateFrameworkItem(services.api, { parentId: text(input.parentId) || null, ...fields }, { signal });
          }),
        },
        actions: { notifyError: (_, { error }) => snackbar(services).show({ message: errorMessage(error), variant: 'error' }) },
      }),
    },
    actions: {
      notifySaved: (_, notice) => notify(services, notice, (item) => `${LEVEL_LABELS[item.type as FrameworkLevel] ?? 'Item'} “${text(item.title)}”`),
      notifyFailed: (_, { error }) => snackbar(services).show({ message: errorMessage(error), variant: 'error' }),
    },
  }),
);

export const adminAudiencesScreen = defineScreen('adminAudiences', (services) =>
  adminListEditorMachine.provide({
    actors: {
      loadItems: fromPromise<EditableItem[], void>(({ signal }) => adminListAudiences(services.api, { signal })),
      moveItem: fromPromise<EditableItem, { id: string; position: number }>(({ input, signal }) => adminMoveAudience(services.api, input.id, input.position, { signal })),
      deleteItem: fromPromise<void, { id: string }>(({ input, signal }) => adminDeleteAudience(services.api, input.id, { signal })),
      itemForm: listEditorForm.provide({
        actors: {
          submit: fromPromise<unknown, FormValues>(({ input, signal }) =>
            input.id ? adminUpdateAudience(services.api, text(input.id), text(input.name), { signal }) : adminCreateAudience(services.api, text(input.name), { signal }),
          ),
        },
        actions: { notifyError: (_, { error }) => snackbar(services).show({ message: errorMessage(error), variant: 'error' }) },
      }),
    },
    actions: {
      notifySaved: (_, notice) => notify(services, notice, (item) => `Audience “${text(item.name)}”`),
      notifyFailed: (_, { error }) => snackbar(services).show({ message: errorMessage(error), variant: 'error' }),
    },
  }),
);
