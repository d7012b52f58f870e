import { fromPromise } from 'xstate';
import type { HelpTopic } from '@/lib/help-topics';
import { chatMachine } from '@/machines/chat/chat.machine';

// The chat's real effects: the help topics come in their own chunk on first open.
export const appChatMachine = chatMachine.provide({
  actors: {
    loadTopics: fromPromise<readonly HelpTopic[], void>(async () => (await import('@/lib/help-topics')).HELP_TOPICS),
  },
});
