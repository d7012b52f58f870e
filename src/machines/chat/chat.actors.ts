import { fromPromise } from 'xstate';
import type { HelpTopic } from '@/lib/help-topics';
import { chatMachine } from '@/machines/chat/chat.machine';
import { defineScreen } from '@/machines/shared/screen';

/** The help chat of the home shell; its help topics come in their own chunk on first open. */
export const chatScreen = defineScreen('chat', () =>
  chatMachine.provide({
    actors: {
      loadTopics: fromPromise<readonly HelpTopic[], void>(async () => (await import('@/lib/help-topics')).HELP_TOPICS),
    },
  }),
);
