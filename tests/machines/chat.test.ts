import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { HELP_TOPICS, type HelpTopic } from '@/lib/help-topics';
import { FALLBACK_ANSWER, chatMachine } from '@/machines/chat/chat.machine';
import { matchTopics } from '@/machines/chat/chat.matching';

const COMMUNITY = 'https://community.example.org/c/general';

function start(loadTopics = fromPromise<readonly HelpTopic[], void>(async () => HELP_TOPICS)) {
  const actor = createActor(chatMachine.provide({ actors: { loadTopics } }), { input: { communityUrl: COMMUNITY } });
  actor.start();
  return actor;
}

async function open(actor: ReturnType<typeof start>) {
  actor.send({ type: 'chat.open' });
  await waitFor(actor, (snapshot) => snapshot.matches({ open: 'ready' }) || snapshot.matches({ open: 'failed' }));
}

describe('help topics', () => {
  it('has 12 to 20 topics with unique ids and keywords', () => {
    expect(HELP_TOPICS.length).toBeGreaterThanOrEqual(12);
    expect(HELP_TOPICS.length).toBeLessThanOrEqual(20);
    expect(new Set(HELP_TOPICS.map((topic) => topic.id)).size).toBe(HELP_TOPICS.length);
    for (const topic of HELP_TOPICS) expect(topic.keywords.length, topic.id).toBeGreaterThan(0);
  });

  it.each([
    ['How do I download reproducibles?', 'reproducibles'],
    ['How do I score the reflection rubric?', 'rubric'],
    ['When does my trial end and what does the subscription cost?', 'subscription'],
    ['How can I invite a colleague?', 'invitations'],
    ['I forgot my password', 'sign-in'],
    ['Where are my bookmarks?', 'bookmarks'],
  ])('%s → %s', (question, topicId) => {
    expect(matchTopics(question, HELP_TOPICS).topic?.id).toBe(topicId);
  });
});

describe('chat machine', () => {
  it('starts closed, loads the topics on open and answers a known question from its topic', async () => {
    const actor = start();
    expect(actor.getSnapshot().value).toBe('closed');
    await open(actor);
    actor.send({ type: 'chat.ask', question: 'How do I download reproducibles?' });
    const messages = actor.getSnapshot().context.messages;
    expect(messages.map((message) => message.from)).toEqual(['user', 'assistant']);
    const reproducibles = HELP_TOPICS.find((topic) => topic.id === 'reproducibles');
    expect(messages[1]).toMatchObject({ topicId: 'reproducibles', text: reproducibles?.answer });
    expect(messages[1]?.communityUrl).toBeUndefined();
  });

  it('falls back to the community channel for a question no topic matches', async () => {
    const actor = start();
    await open(actor);
    actor.send({ type: 'chat.ask', question: 'What is the weather like on Mars?' });
    const answer = actor.getSnapshot().context.messages[1];
    expect(answer).toMatchObject({ from: 'assistant', text: FALLBACK_ANSWER, communityUrl: COMMUNITY });
    expect(answer?.topicId).toBeUndefined();
    expect(actor.getSnapshot().context.suggestions.length).toBeGreaterThan(0);
  });

  it('answers a picked topic, ignores empty questions, and keeps the topics across close and open', async () => {
    let loads = 0;
    const actor = start(
      fromPromise<readonly HelpTopic[], void>(async () => {
        loads += 1;
        return HELP_TOPICS;
      }),
    );
    await open(actor);
    actor.send({ type: 'chat.ask', question: '   ' });
    expect(actor.getSnapshot().context.messages).toHaveLength(0);
    actor.send({ type: 'chat.pickTopic', topicId: 'rubric' });
    expect(actor.getSnapshot().context.messages[1]?.topicId).toBe('rubric');
    actor.send({ type: 'chat.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    await open(actor);
    expect(loads).toBe(1);
    expect(actor.getSnapshot().context.messages).toHaveLength(2);
  });

  it('offers a retry when the topics fail to load', async () => {
    let fail = true;
    const actor = start(
      fromPromise<readonly HelpTopic[], void>(async () => {
        if (fail) throw new Error('offline');
        return HELP_TOPICS;
      }),
    );
    await open(actor);
    expect(actor.getSnapshot().matches({ open: 'failed' })).toBe(true);
    fail = false;
    actor.send({ type: 'chat.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'ready' }));
  });
});
