import type { HelpTopic } from '@/lib/help-topics';

export type ChatLink = { label: string; to: string };

export type ChatMessage = {
  id: number;
  from: 'user' | 'assistant';
  text: string;
  /** The help topic the answer came from; absent on the fallback answer. */
  topicId?: string;
  /** An in-app page that goes with the answer. */
  link?: ChatLink;
  /** The community channel, offered when no topic matched. */
  communityUrl?: string;
};

export type ChatInput = { communityUrl: string };

export type ChatContext = {
  communityUrl: string;
  topics: readonly HelpTopic[];
  messages: readonly ChatMessage[];
  /** Topic ids offered as quick buttons under the conversation. */
  suggestions: readonly string[];
  nextId: number;
};

export type ChatEvent =
  | { type: 'chat.open' }
  | { type: 'chat.close' }
  | { type: 'chat.ask'; question: string }
  | { type: 'chat.pickTopic'; topicId: string }
  | { type: 'chat.retry' };
