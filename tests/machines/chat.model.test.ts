import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { HELP_TOPICS, type HelpTopic } from '@/lib/help-topics';
import { FALLBACK_ANSWER, chatMachine } from '@/machines/chat/chat.machine';
import type { ChatContext, ChatEvent } from '@/machines/chat/chat.types';
import { effectFreeModel, expectFullCoverage, settle, walkModel } from '../support/model';
import { deferred, type Deferred } from './fixtures';

// The help chat walked path by path against the real machine: opening and closing it at any
// point (also while its topics load), a failed load and its retry, reopening once the topics
// are there, and questions that match a topic, match none or are blank, topics picked that
// exist or not. The driver holds each topic load open until the path settles it, so a load
// abandoned by closing the chat is left hanging, as in the app. After every step the chat must
// have loaded its topics exactly as often as the path opened it without them, and the last
// answer must be the one spelled out here for the question asked.

type ModelEvent = ChatEvent | { type: 'model.done.loadTopics'; output: readonly HelpTopic[] } | { type: 'model.error.loadTopics' };

const COMMUNITY = 'https://community.example.org/c/general';
const KNOWN_QUESTION = 'How do I download reproducibles?';
const UNKNOWN_QUESTION = 'What is the weather like on Mars?';
const topic = (id: string) => HELP_TOPICS.find((entry) => entry.id === id)!;

const EVENTS: ModelEvent[] = [
  { type: 'chat.open' },
  { type: 'chat.close' },
  { type: 'chat.retry' },
  { type: 'chat.ask', question: KNOWN_QUESTION },
  { type: 'chat.ask', question: UNKNOWN_QUESTION },
  { type: 'chat.ask', question: '   ' },
  { type: 'chat.pickTopic', topicId: 'rubric' },
  { type: 'chat.pickTopic', topicId: 'no-such-topic' },
  { type: 'model.done.loadTopics', output: HELP_TOPICS },
  { type: 'model.error.loadTopics' },
];

/** The answer the last question or pick must have added (null: none). */
function expectedExchange(event: ModelEvent | undefined) {
  if (event?.type === 'chat.ask' && event.question === KNOWN_QUESTION) {
    return [
      { from: 'user', text: KNOWN_QUESTION },
      { from: 'assistant', text: topic('reproducibles').answer, topicId: 'reproducibles', link: topic('reproducibles').link },
    ];
  }
  if (event?.type === 'chat.ask' && event.question === UNKNOWN_QUESTION) {
    return [
      { from: 'user', text: UNKNOWN_QUESTION },
      { from: 'assistant', text: FALLBACK_ANSWER, communityUrl: COMMUNITY },
    ];
  }
  if (event?.type === 'chat.pickTopic' && event.topicId === 'rubric') {
    return [
      { from: 'user', text: topic('rubric').title },
      { from: 'assistant', text: topic('rubric').answer, topicId: 'rubric', ...(topic('rubric').link ? { link: topic('rubric').link } : {}) },
    ];
  }
  return null;
}

describe('help chat, model-based', () => {
  it('walks every transition of the statechart on the real machine', async (context) => {
    const coverage = await walkModel<ModelEvent>(effectFreeModel(chatMachine), {
      input: { communityUrl: COMMUNITY },
      events: EVENTS,
      // The conversation grows forever: whether it has begun and what answered last is what matters.
      serializeState: (snapshot) => {
        const { topics, messages } = snapshot.context as ChatContext;
        const lastAnswer = messages.at(-1);
        return JSON.stringify([snapshot.value, topics.length > 0, Math.min(messages.length, 2), lastAnswer?.topicId ?? lastAnswer?.communityUrl ?? null]);
      },
      createDriver: () => {
        const loads: Deferred<readonly HelpTopic[]>[] = [];
        const actor = createActor(
          chatMachine.provide({
            actors: {
              loadTopics: fromPromise<readonly HelpTopic[], void>(() => {
                const load = deferred<readonly HelpTopic[]>();
                loads.push(load);
                return load.promise;
              }),
            },
          }),
          { input: { communityUrl: COMMUNITY } },
        ).start();
        let last: ModelEvent | undefined;
        let before = actor.getSnapshot() as AnyMachineSnapshot;
        let expectedLoads = 0;
        return {
          actor,
          step: async (event) => {
            last = event;
            if (event.type === 'model.done.loadTopics') loads.at(-1)!.resolve(event.output);
            else if (event.type === 'model.error.loadTopics') loads.at(-1)!.reject(new Error('offline'));
            else return void actor.send(event);
            await settle();
          },
          check: (real, expected) => {
            const r = real.context as ChatContext;
            const m = expected.context as ChatContext;
            expect(r.messages).toEqual(m.messages);
            expect(r.suggestions).toEqual(m.suggestions);
            if (m.topics.length > 0) expect(r.topics).toBe(HELP_TOPICS);
            else expect(r.topics).toEqual([]);

            // Topics are loaded on each entry into loading, never once they are there.
            if (expected.matches({ open: 'loadingTopics' }) && !before.matches({ open: 'loadingTopics' })) expectedLoads += 1;
            expect(loads).toHaveLength(expectedLoads);

            const previous = (before.context as ChatContext).messages;
            const added = r.messages.slice(previous.length);
            const exchange = before.matches({ open: 'ready' }) ? expectedExchange(last) : null;
            if (exchange) {
              expect(added).toEqual(exchange.map((message, index) => ({ ...message, id: previous.length + index + 1 })));
            } else {
              expect(added).toEqual([]);
            }
            before = expected;
          },
        };
      },
    });
    expectFullCoverage(context, coverage);
  });
});
