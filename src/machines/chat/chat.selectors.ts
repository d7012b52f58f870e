import type { SnapshotFrom } from 'xstate';
import type { HelpTopic } from '@/lib/help-topics';
import type { ChatMachine } from '@/machines/chat/chat.machine';

type ChatSnapshot = SnapshotFrom<ChatMachine>;

export const selectIsOpen = (snapshot: ChatSnapshot): boolean => snapshot.matches('open');
export const selectIsLoading = (snapshot: ChatSnapshot): boolean => snapshot.hasTag('loading');
export const selectHasFailed = (snapshot: ChatSnapshot): boolean => snapshot.matches({ open: 'failed' });
export const selectMessages = (snapshot: ChatSnapshot) => snapshot.context.messages;

const suggestionCache = new WeakMap<readonly string[], HelpTopic[]>();
/** The suggested topics, stable between snapshots while the suggestions do not change. */
export const selectSuggestedTopics = (snapshot: ChatSnapshot): HelpTopic[] => {
  const ids = snapshot.context.suggestions;
  const cached = suggestionCache.get(ids);
  if (cached && cached.length === ids.length) return cached;
  const topics = ids.map((id) => snapshot.context.topics.find((topic) => topic.id === id)).filter((topic): topic is HelpTopic => topic !== undefined);
  if (topics.length === ids.length) suggestionCache.set(ids, topics);
  return topics;
};
