import { GENERIC_ERROR_MESSAGE } from '@/lib/messages';
import * as styles from '@/views/components/load-error.css';
import { Button } from '@/views/layout/button';

/** What a screen shows when its data could not be loaded (spec §8), with a way to try again. */
export function LoadError({ onRetry, message = GENERIC_ERROR_MESSAGE }: { onRetry: () => void; message?: string }) {
  return (
    <div role="alert" className={styles.panel}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        <circle cx="12" cy="16.5" r="1.25" fill="currentColor" />
      </svg>
      <p className={styles.message}>{message}</p>
      <div className={styles.action}>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </div>
  );
}
