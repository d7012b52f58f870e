import { lazy, Suspense } from 'react';
import { selectIsOpen } from '@/machines/chat/chat.selectors';
import { ChatActor, COMMUNITY_CHANNEL_URL, useChatEvents } from '@/views/chat/chat-actor';
import * as styles from '@/views/chat/chat.css';

// The "Help" button of the home shell. The panel, its dialog widgets and the help topics load
// on first open, so the first chunk only carries this button and the small chat machine.

const ChatPanel = lazy(() => import('@/views/chat/chat-panel'));

function Launcher() {
  const isOpen = ChatActor.useSelector(selectIsOpen);
  const { open } = useChatEvents();
  return (
    <>
      <button type="button" className={styles.launcher} aria-haspopup="dialog" aria-expanded={isOpen} onClick={open}>
        Help
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <ChatPanel />
        </Suspense>
      )}
    </>
  );
}

export function ChatLauncher() {
  return (
    <ChatActor.Provider options={{ input: { communityUrl: COMMUNITY_CHANNEL_URL } }}>
      <Launcher />
    </ChatActor.Provider>
  );
}
