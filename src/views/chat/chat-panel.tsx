import { useId, type FormEvent } from 'react';
import { Link } from '@/views/components/link';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { selectHasFailed, selectIsLoading, selectMessages, selectSuggestedTopics } from '@/machines/chat/chat.selectors';
import type { ChatMessage } from '@/machines/chat/chat.types';
import { useSelector } from '@xstate/react';
import { useChat, useChatEvents } from '@/views/chat/chat-actor';
import * as styles from '@/views/chat/chat.css';
import { muted, visuallyHidden } from '@/views/components/text.css';

// The help chat panel: a labelled dialog (focus moves in, Escape or a click outside closes it,
// focus returns to the launcher). Answers are announced through the log's polite live region.

function Message({ message, onNavigate }: { message: ChatMessage; onNavigate: () => void }) {
  if (message.from === 'user') {
    return (
      <p className={styles.fromUser}>
        <span className={visuallyHidden}>You: </span>
        {message.text}
      </p>
    );
  }
  return (
    <div className={styles.fromAssistant}>
      <p style={{ margin: 0 }}>{message.text}</p>
      {message.link && (
        <p style={{ margin: '0.25rem 0 0' }}>
          <Link to={message.link.to} onClick={onNavigate}>
            {message.link.label}
          </Link>
        </p>
      )}
      {message.communityUrl && (
        <p style={{ margin: '0.25rem 0 0' }}>
          <a href={message.communityUrl} target="_blank" rel="noopener noreferrer">
            Ask in the community channel (opens in a new tab)
          </a>
        </p>
      )}
    </div>
  );
}

export default function ChatPanel() {
  const chat = useChat();
  const messages = useSelector(chat, selectMessages);
  const suggestions = useSelector(chat, selectSuggestedTopics);
  const isLoading = useSelector(chat, selectIsLoading);
  const hasFailed = useSelector(chat, selectHasFailed);
  const { ask, close, pickTopic, retry } = useChatEvents();
  const inputId = useId();
  const suggestionsId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const question = new FormData(form).get('question');
    if (typeof question === 'string' && question.trim()) {
      ask(question);
      form.reset();
    }
  };

  return (
    <ModalOverlay className={styles.overlay} isOpen isDismissable onOpenChange={(isOpen) => !isOpen && close()}>
      <Modal className={styles.panel}>
        <Dialog className={styles.dialog} aria-labelledby={`${inputId}-title`}>
          <div className={styles.header}>
            <Heading slot="title" id={`${inputId}-title`} className={styles.heading}>
              Help
            </Heading>
            <button type="button" className={styles.chip} onClick={close}>
              Close help
            </button>
          </div>
          <div className={styles.log} role="log" aria-live="polite" aria-label="Conversation">
            <p className={styles.fromAssistant}>Hi! Ask a question about the platform, or pick a topic below.</p>
            {messages.map((message) => (
              <Message key={message.id} message={message} onNavigate={close} />
            ))}
            {isLoading && <p className={muted}>Loading help topics…</p>}
            {hasFailed && (
              <p role="alert">
                The help topics could not be loaded.{' '}
                <button type="button" className={styles.chip} onClick={retry}>
                  Try again
                </button>
              </p>
            )}
          </div>
          {suggestions.length > 0 && (
            <>
              <h3 id={suggestionsId} className={visuallyHidden}>
                Suggested topics
              </h3>
              <ul className={styles.suggestions} aria-labelledby={suggestionsId}>
                {suggestions.map((topic) => (
                  <li key={topic.id}>
                    <button type="button" className={styles.chip} onClick={() => pickTopic(topic.id)}>
                      {topic.title}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
          <form className={styles.form} onSubmit={submit}>
            <div className={styles.field}>
              <label htmlFor={inputId}>Your question</label>
              <input id={inputId} name="question" className={styles.input} autoComplete="off" autoFocus />
            </div>
            <button type="submit" className={styles.send}>
              Ask
            </button>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
