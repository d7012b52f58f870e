import { Button } from '@/views/layout/button';
import { DialogActions, ModalDialog } from '@/views/layout/modal-dialog';
import * as styles from '@/views/media/media-player.css';
import { visuallyHidden } from '@/views/components/text.css';

// The player's keys, listed; loaded on first use (react-aria's overlay code with it).

const KEYS: { keys: string[]; what: string }[] = [
  { keys: ['Space', 'K'], what: 'Play or pause' },
  { keys: ['←'], what: 'Back 5 seconds' },
  { keys: ['→'], what: 'Forward 5 seconds' },
  { keys: ['J'], what: 'Back 10 seconds' },
  { keys: ['L'], what: 'Forward 10 seconds' },
  { keys: ['C'], what: 'Captions on or off' },
  { keys: ['?'], what: 'Show these shortcuts' },
];

const SPOKEN: Record<string, string> = { '←': 'Left arrow', '→': 'Right arrow', '?': 'Question mark' };

export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog title="Keyboard shortcuts" intro="While the video has the focus, or nothing else does." onClose={onClose}>
      <dl className={styles.keys}>
        {KEYS.map(({ keys, what }) => (
          <div key={what} style={{ display: 'contents' }}>
            <dt className={styles.keyName}>
              {keys.map((k) => (
                <kbd key={k} className={styles.key}>
                  {SPOKEN[k] ? (
                    <>
                      <span aria-hidden="true">{k}</span>
                      <span className={visuallyHidden}>{SPOKEN[k]}</span>
                    </>
                  ) : (
                    k
                  )}
                </kbd>
              ))}
            </dt>
            <dd className={styles.keyWhat}>{what}</dd>
          </div>
        ))}
      </dl>
      <DialogActions>
        <Button tone="primary" onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
