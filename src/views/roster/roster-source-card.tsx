import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { errorMessage } from '@/lib/messages';
import type { FormActorRef } from '@/machines/form/form.machine';
import { formIntents } from '@/machines/form/form.intents';
import { selectFormError, selectIsSubmitting, selectValue } from '@/machines/form/form.selectors';
import { rosterSourceIntents } from '@/machines/roster/roster.intents';
import {
  selectSource,
  selectSourceForm,
  selectSourceProblem,
  selectSourceStep,
  type RosterSourceActorRef,
} from '@/machines/roster/roster.selectors';
import type { RosterSource } from '@/machines/roster/roster.types';
import { TextField } from '@/views/components/form/text-field';
import { useForm } from '@/views/components/form/use-form';
import { LoadError } from '@/views/components/load-error';
import { SkeletonBlock } from '@/views/components/skeleton';
import { useIntents } from '@/views/hooks/use-intents';
import { BaseCard } from '@/views/layout/base-card';
import { Button } from '@/views/layout/button';
import { DialogActions, ModalDialog } from '@/views/layout/modal-dialog';
import * as styles from '@/views/roster/roster.css';

// The district's OneRoster REST endpoint (Clever, ClassLink, the SIS's own): where it is, its
// client credentials (the secret is write-only: saved once, never shown), whether a pull applies
// itself; how the last pull went, "Pull now" (its dry run opens in the review above), "Remove".

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function RosterSourceCard({ source: actor }: { source: RosterSourceActorRef }) {
  const step = useSelector(actor, selectSourceStep);
  const source = useSelector(actor, selectSource);
  const problem = useSelector(actor, selectSourceProblem);
  const form = useSelector(actor, selectSourceForm);
  const intents = useIntents(actor, rosterSourceIntents);
  return (
    <BaseCard title="Nightly pull from a OneRoster REST endpoint">
      <div className={styles.stack}>
        <p className={styles.intro}>
          Instead of uploading files, let the platform read the roster from your rostering service every night with its client credentials. A pull
          leaves a dry run to review here, or applies itself if you choose so.
        </p>
        {step === 'loading' && !form ? (
          <SkeletonBlock height="12rem" />
        ) : step === 'failed' ? (
          <LoadError message={problem?.message} onRetry={intents.retry} />
        ) : (
          <>
            {source && <LastRun source={source} />}
            {problem && (
              <div className={styles.problemBox} role="alert">
                <p className={styles.problem}>{step === 'ready' && source?.lastResult && !source.lastResult.ok ? 'The pull failed' : 'That did not work'}</p>
                <p className={styles.meta}>{problem.message}</p>
              </div>
            )}
            {form && <SourceForm form={form} source={source} busy={step === 'pulling' || step === 'removing'} />}
            {source && (
              <div className={styles.actions}>
                <Button tone="secondary" onClick={intents.pull} disabled={step !== 'ready'}>
                  {step === 'pulling' ? 'Pulling the roster…' : 'Pull now'}
                </Button>
                <Button tone="ghost" onClick={intents.remove} disabled={step !== 'ready'}>
                  {step === 'removing' ? 'Removing…' : 'Remove endpoint'}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
      {step === 'confirmRemove' && (
        <ModalDialog title="Remove the roster endpoint?" role="alertdialog" onClose={intents.cancel}>
          <p>The nightly pull stops and the client secret is deleted. Imports already made and the accounts they created stay as they are.</p>
          <DialogActions>
            <Button tone="secondary" onClick={intents.cancel}>
              Keep it
            </Button>
            <Button onClick={intents.confirmRemove} autoFocus>
              Remove endpoint
            </Button>
          </DialogActions>
        </ModalDialog>
      )}
    </BaseCard>
  );
}

function LastRun({ source }: { source: RosterSource }) {
  const last = source.lastResult;
  return (
    <div className={styles.lastRun} aria-label="Last pull">
      <strong>Last pull</strong>
      {last ? (
        <>
          <span>
            {dateTime.format(new Date(last.at))}: {last.ok ? (last.applied ? 'applied' : 'read, waiting to be applied') : 'failed'}
          </span>
          <span className={styles.hint}>{last.message}</span>
        </>
      ) : (
        <span>Not pulled yet: the first pull comes tonight, or use “Pull now”.</span>
      )}
    </div>
  );
}

function SourceForm({ form, source, busy }: { form: FormActorRef; source: RosterSource | null; busy: boolean }) {
  const { onSubmit } = useForm(form);
  const { change } = useIntents(form, formIntents);
  const autoApply = useSelector(form, selectValue('autoApply')) === true;
  const submitting = useSelector(form, selectIsSubmitting);
  const formError = useSelector(form, selectFormError);
  const checkId = useId();
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Roster endpoint">
      <div className={styles.sourceGrid}>
        <TextField form={form} name="baseUrl" type="url" autoComplete="off" hint="The rostering service, e.g. https://sis.example.org/ims/oneroster/rostering/v1p2" />
        <TextField form={form} name="tokenUrl" type="url" autoComplete="off" hint="Where client credentials get an access token (OAuth 2)" />
        <TextField form={form} name="clientId" autoComplete="off" />
        <TextField
          form={form}
          name="clientSecret"
          type="password"
          autoComplete="new-password"
          hint={source ? 'Saved. Leave empty to keep it; type a new one to replace it.' : 'Given by your rostering service; it is stored encrypted and never shown again.'}
        />
        <div className={`${styles.checkRow} ${styles.wide}`}>
          <input id={checkId} className={styles.checkbox} type="checkbox" name="autoApply" checked={autoApply} onChange={(event) => change('autoApply', event.target.checked)} />
          <label htmlFor={checkId}>
            Apply each pull automatically
            <span className={styles.hint}> (otherwise a pull leaves a dry run here for you to review and apply)</span>
          </label>
        </div>
      </div>
      {formError !== null && formError !== undefined && (
        <p className={styles.problem} role="alert">
          {errorMessage(formError)}
        </p>
      )}
      <div className={styles.formActions}>
        <Button type="submit" disabled={submitting || busy}>
          {submitting ? 'Saving…' : source ? 'Save changes' : 'Save endpoint'}
        </Button>
      </div>
    </form>
  );
}
