import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { chatScreen } from '@/machines/chat/chat.actors';
import { chatIntents } from '@/machines/chat/chat.intents';
import { useIntents } from '@/views/hooks/use-intents';

type ChatRef = ActorRefFrom<ReturnType<typeof chatScreen.logic>>;

/** The launcher's chat actor, for the panel it opens (a lazy chunk). */
export const ChatContext = createContext<ChatRef | null>(null);

export function useChat(): ChatRef {
  const chat = useContext(ChatContext);
  if (!chat) throw new Error('useChat must be used inside the chat launcher');
  return chat;
}

/** Intent functions for the chat views, so components never assemble events. */
export function useChatEvents() {
  return useIntents(useChat(), chatIntents);
}
