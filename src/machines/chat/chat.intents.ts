import type { ChatEvent } from './chat.types';

/** What the help chat's views do. */
export const chatIntents = (send: (event: ChatEvent) => void) => ({
  open: () => send({ type: 'chat.open' }),
  close: () => send({ type: 'chat.close' }),
  ask: (question: string) => send({ type: 'chat.ask', question }),
  pickTopic: (topicId: string) => send({ type: 'chat.pickTopic', topicId }),
  retry: () => send({ type: 'chat.retry' }),
});
