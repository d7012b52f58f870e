import { createActorContext } from '@xstate/react';
import { COMMUNITY_CHANNEL } from '@/lib/settings';
import { appChatMachine } from '@/machines/chat/chat.actors';

/** The community channel of spec §3 ('general' unless configured). */
export const COMMUNITY_CHANNEL_URL = `https://community.example.org/c/${COMMUNITY_CHANNEL}`;

/** The help chat's actor, one per launcher (the home shell renders one). */
export const ChatActor = createActorContext(appChatMachine);

/** Intent functions for the chat views, so components never assemble events. */
export function useChatEvents() {
  const chat = ChatActor.useActorRef();
  return {
    open: () => chat.send({ type: 'chat.open' }),
    close: () => chat.send({ type: 'chat.close' }),
    ask: (question: string) => chat.send({ type: 'chat.ask', question }),
    pickTopic: (topicId: string) => chat.send({ type: 'chat.pickTopic', topicId }),
    retry: () => chat.send({ type: 'chat.retry' }),
  };
}
