import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { COMMUNITY_CHANNEL_URL } from '@/lib/settings';
import { chatScreen } from '@/machines/chat/chat.actors';
import { chatIntents } from '@/machines/chat/chat.intents';
import { selectIsOpen } from '@/machines/chat/chat.selectors';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { ChatContext } from '@/views/chat/chat-actor';
import * as styles from '@/views/chat/chat.css';

// The "Help" button of the home shell. The panel, its dialog widgets and the help topics load
// on first open, so the first chunk only carries this button and the small chat machine.

const ChatPanel = lazy(() => import('@/views/chat/chat-panel'));

export function ChatLauncher() {
  const chat = useScreenActor(chatScreen, { input: { communityUrl: COMMUNITY_CHANNEL_URL } });
  const { open } = useIntents(chat, chatIntents);
  const isOpen = useSelector(chat, selectIsOpen);
  return (
    <ChatContext.Provider value={chat}>
      <button type="button" className={styles.launcher} aria-haspopup="dialog" aria-expanded={isOpen} onClick={open}>
        <svg className={styles.launcherIcon} viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M9.5 9.3a2.6 2.6 0 0 1 5 .9c0 1.8-2.5 2.2-2.5 3.8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <circle cx="12" cy="17" r="1.2" fill="currentColor" />
        </svg>
        <span className={styles.launcherText}>Help</span>
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <ChatPanel />
        </Suspense>
      )}
    </ChatContext.Provider>
  );
}
