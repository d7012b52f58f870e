import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { CSV_SIZE_LIMIT_KB, type BulkInviteMachine } from '@/machines/usage/bulk-invite.machine';
import { bulkInviteIntents } from '@/machines/usage/usage.intents';
import { selectBulkFileName, selectBulkPreview, selectBulkProblem, selectBulkResult, selectBulkStep } from '@/machines/usage/usage.selectors';
import { useIntents } from '@/views/hooks/use-intents';
import { Button } from '@/views/layout/button';
import { DialogActions, ModalDialog } from '@/views/layout/modal-dialog';
import * as styles from '@/views/usage/usage.css';

// Inviting from a CSV file: choose the file; a dry run on the server lists who will
// be invited and every row that cannot be, with its message, before anything is sent; "Send"
// invites the valid rows. The educators join the page's school (else the admin's own); the page
// owns the import and hears what it invited.

type Props = { bulk: ActorRefFrom<BulkInviteMachine>; where: string; onClose: () => void };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function BulkInviteDialog({ bulk, where, onClose }: Props) {
  const { choose, send, reset } = useIntents(bulk, bulkInviteIntents);
  const step = useSelector(bulk, selectBulkStep);
  const preview = useSelector(bulk, selectBulkPreview);
  const result = useSelector(bulk, selectBulkResult);
  const problem = useSelector(bulk, selectBulkProblem);
  const fileName = useSelector(bulk, selectBulkFileName);
  const inputId = useId();
  const busy = step === 'checking' || step === 'sending';

  return (
    <ModalDialog
      title="Invite educators from a CSV file"
      onClose={onClose}
      dismissable={!busy}
      intro={
        <>
          The first row names the columns <code className={styles.code}>email</code>, <code className={styles.code}>firstName</code> and{' '}
          <code className={styles.code}>lastName</code>. Everyone in the file joins <strong>{where}</strong>. You will see who will be invited,
          and every row that cannot be, before anything is sent.
        </>
      }
    >
      {step !== 'done' && (
        <div className={styles.fileDrop}>
          <label htmlFor={inputId} className={styles.label}>
            CSV file (up to {CSV_SIZE_LIMIT_KB} kB)
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) choose(file);
            }}
          />
          {fileName && step === 'checking' && (
            <span className={styles.muted} role="status">
              Checking {fileName}…
            </span>
          )}
        </div>
      )}

      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}

      {(step === 'preview' || step === 'sending') && preview && (
        <div aria-live="polite">
          <h3 className={styles.previewHeading}>{plural(preview.valid.length, 'educator will be invited', 'educators will be invited')}</h3>
          {preview.valid.length > 0 && (
            <ul className={styles.previewList} aria-label="Educators to invite">
              {preview.valid.map((row) => (
                <li key={row.line}>
                  {row.firstName} {row.lastName} · {row.email}
                </li>
              ))}
            </ul>
          )}
          {preview.invalid.length > 0 && (
            <>
              <h3 className={styles.previewHeading}>{plural(preview.invalid.length, 'row cannot be invited', 'rows cannot be invited')}</h3>
              <ul className={styles.previewList} aria-label="Rows that cannot be invited">
                {preview.invalid.map((row) => (
                  <li key={row.line}>
                    Line {row.line}
                    {row.email ? ` (${row.email})` : ''}: {row.errors.join('; ')}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}

      {step === 'done' && result && (
        <p role="status" className={styles.previewHeading}>
          {plural(result.invited, 'educator was invited', 'educators were invited')}
          {result.invalid.length > 0 ? `; ${plural(result.invalid.length, 'row was', 'rows were')} skipped.` : '.'} Each gets an e-mail with a
          link to create their account.
        </p>
      )}

      <DialogActions>
        {step === 'done' ? (
          <>
            <Button tone="secondary" onClick={reset}>
              Invite another file
            </Button>
            <Button onClick={onClose}>Done</Button>
          </>
        ) : (
          <>
            <Button tone="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={send} disabled={step !== 'preview' || !preview?.valid.length}>
              {step === 'sending'
                ? 'Sending invitations…'
                : preview?.valid.length
                  ? `Invite ${plural(preview.valid.length, 'educator', 'educators')}`
                  : 'Invite'}
            </Button>
          </>
        )}
      </DialogActions>
    </ModalDialog>
  );
}
