import { useSelector } from '@xstate/react';
import { selectSnackbar } from '@/machines/snackbar/snackbar.selectors';
import type { SnackbarMessage } from '@/machines/snackbar/snackbar.types';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import { useRoot } from '@/views/root-context';
import { useIntents } from '@/views/hooks/use-intents';
import * as styles from '@/views/components/snackbar-host.css';

// The app-wide snackbar (spec §2): shows what the snackbar actor has up. Success goes into a
// polite status region that always exists (a live region must be there before its content to be
// announced); an error is an alert, which screen readers announce when it is inserted, so it
// exists only while shown (an empty alert would also be one more "alert" on every page).


function SuccessIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m7.5 12.5 3 3 6-6.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function ErrorIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7v6m0 3.5v.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function Snackbar({ snackbar, onClose }: { snackbar: SnackbarMessage; onClose: () => void }) {
  return (
    <div className={styles.variant[snackbar.variant]} data-variant={snackbar.variant}>
      {snackbar.variant === 'error' ? <ErrorIcon /> : <SuccessIcon />}
      <span className={styles.message}>{snackbar.message}</span>
      {snackbar.closable ? (
        <button type="button" className={styles.close} aria-label="Close notification" onClick={onClose}>
          <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="m6 6 12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}

export function SnackbarHost() {
  const { snackbar: ref } = useRoot();
  const snackbar = useSelector(ref, selectSnackbar);
  const { close } = useIntents(ref, snackbarIntents);
  const shown = (variant: SnackbarMessage['variant']) =>
    snackbar?.variant === variant ? <Snackbar key={snackbar.id} snackbar={snackbar} onClose={close} /> : null;
  // Above the page, as its name says: an open dialog or list makes the rest of the page inert, and a
  // message that arrives meanwhile must still be read out and closable (react-aria keeps this layer live).
  return (
    <div className={styles.regions} data-react-aria-top-layer="">
      <div role="status" aria-live="polite" aria-atomic="true">
        {shown('success')}
      </div>
      {snackbar?.variant === 'error' ? (
        <div role="alert" aria-atomic="true">
          {shown('error')}
        </div>
      ) : null}
    </div>
  );
}
