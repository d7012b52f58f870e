import { assertEvent, assign, setup } from 'xstate';
import type { HelpTopic } from '@/lib/help-topics';
import { matchTopics } from '@/machines/chat/chat.matching';
import type { ChatContext, ChatEvent, ChatInput, ChatMessage } from '@/machines/chat/chat.types';
import { placeholderActor } from '@/machines/shared/placeholders';

// The help chat: answers from the product's own help topics and never makes anything up. A
// question no topic matches gets the community channel. The topics are loaded when the chat
// first opens (`loadTopics`, supplied at the edge), so they stay out of the first chunk.

/** Topics offered before the user has asked anything. */
export const STARTER_TOPIC_IDS = ['catalogue', 'reproducibles', 'my-learning', 'subscription'];

export const FALLBACK_ANSWER =
  'I could not find that in the help topics. The community channel is the best place to ask: educators and our team answer there.';

function answerFor(context: ChatContext, question: string): { answer: Omit<ChatMessage, 'id'>; suggestions: string[] } {
  const { topic, related } = matchTopics(question, context.topics);
  const suggestions = related.map((entry) => entry.id);
  if (!topic) {
    return {
      answer: { from: 'assistant', text: FALLBACK_ANSWER, communityUrl: context.communityUrl },
      suggestions: suggestions.length ? suggestions : STARTER_TOPIC_IDS,
    };
  }
  return { answer: topicAnswer(topic), suggestions };
}

function topicAnswer(topic: HelpTopic): Omit<ChatMessage, 'id'> {
  return { from: 'assistant', text: topic.answer, topicId: topic.id, ...(topic.link ? { link: topic.link } : {}) };
}

function append(context: ChatContext, ...messages: Omit<ChatMessage, 'id'>[]): Pick<ChatContext, 'messages' | 'nextId'> {
  const added = messages.map((message, index) => ({ ...message, id: context.nextId + index }));
  return { messages: [...context.messages, ...added], nextId: context.nextId + added.length };
}

export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    input: {} as ChatInput,
    tags: {} as 'loading',
  },
  actors: {
    loadTopics: placeholderActor<readonly HelpTopic[]>('loadTopics'),
  },
  guards: {
    hasTopics: ({ context }) => context.topics.length > 0,
    hasQuestion: ({ event }) => event.type === 'chat.ask' && event.question.trim() !== '',
    isKnownTopic: ({ context, event }) => event.type === 'chat.pickTopic' && context.topics.some((topic) => topic.id === event.topicId),
  },
  actions: {
    storeTopics: assign((_, params: { topics: readonly HelpTopic[] }) => ({ topics: params.topics })),
    answerQuestion: assign(({ context, event }) => {
      assertEvent(event, 'chat.ask');
      const question = event.question.trim();
      const { answer, suggestions } = answerFor(context, question);
      return { ...append(context, { from: 'user', text: question }, answer), suggestions };
    }),
    answerTopic: assign(({ context, event }) => {
      assertEvent(event, 'chat.pickTopic');
      const topic = context.topics.find((entry) => entry.id === event.topicId);
      if (!topic) return {};
      return {
        ...append(context, { from: 'user', text: topic.title }, topicAnswer(topic)),
        suggestions: context.suggestions.filter((id) => id !== topic.id),
      };
    }),
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({
    communityUrl: input.communityUrl,
    topics: [],
    messages: [],
    suggestions: STARTER_TOPIC_IDS,
    nextId: 1,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'chat.open': 'open' },
    },
    open: {
      initial: 'checkingTopics',
      on: { 'chat.close': 'closed' },
      states: {
        checkingTopics: {
          always: [{ guard: 'hasTopics', target: 'ready' }, { target: 'loadingTopics' }],
        },
        loadingTopics: {
          tags: 'loading',
          invoke: {
            src: 'loadTopics',
            onDone: { target: 'ready', actions: { type: 'storeTopics', params: ({ event }) => ({ topics: event.output }) } },
            onError: 'failed',
          },
        },
        failed: {
          on: { 'chat.retry': 'loadingTopics' },
        },
        ready: {
          on: {
            'chat.ask': { guard: 'hasQuestion', actions: 'answerQuestion' },
            'chat.pickTopic': { guard: 'isKnownTopic', actions: 'answerTopic' },
          },
        },
      },
    },
  },
});

export type ChatMachine = typeof chatMachine;
