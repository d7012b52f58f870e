import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import { useSelector } from '@xstate/react';
import { ProgressBar } from 'react-aria-components';
import type { Actor } from 'xstate';
import { uploadScreen } from '@/machines/admin/upload.actors';
import { uploadIntents } from '@/machines/admin/upload.intents';
import type { uploadMachine } from '@/machines/admin/upload.machine';
import { selectChosenName, selectHasFailed, selectIsUploading, selectPercent, selectPreviewUrl, selectUploadError } from '@/machines/admin/upload.selectors';
import type { UploadKind, UploadValue } from '@/machines/admin/upload.types';
import { humanSize } from '@/lib/validation/rules';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { Button } from '@/views/layout/button';
import * as styles from '@/views/admin/upload-field.css';

export type { UploadKind, UploadValue };

export type UploadFieldProps = {
  label: string;
  kind: UploadKind;
  /** The stored file (the upload's answer; a video's also carries `durationSeconds`), or null. */
  value: UploadValue | null;
  /** Called with the stored file once uploaded, or null when removed. */
  onChange: (value: UploadValue | null) => void;
  description?: string;
};

/** What the file picker offers for each kind (the server judges the content anyway). */
const ACCEPT: Record<UploadKind, string> = {
  video: 'video/webm,video/mp4,.webm,.mp4',
  captions: 'text/vtt,.vtt',
  poster: 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp',
  reproducible: '.pdf,.docx,.pptx,.xlsx,.zip,.png,.jpg,.jpeg,application/pdf,application/zip,image/png,image/jpeg',
};

function duration(seconds: number) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * A file field of the admin site: choose a file, watch it upload (with Cancel), then see it
 * stored (with Remove, or choose another to replace it). A refusal shows the server's words in
 * an alert, with Try again. The value belongs to the form that holds the field.
 */
export function UploadField(props: UploadFieldProps) {
  const actor = useScreenActor(uploadScreen, { input: { kind: props.kind } });
  return <UploadFieldView actor={actor} {...props} />;
}

/** The field over a given upload actor (the form's, or a test's). */
export function UploadFieldView({ actor, label, kind, value, onChange, description }: UploadFieldProps & { actor: Actor<typeof uploadMachine> }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const uploading = useSelector(actor, selectIsUploading);
  const failed = useSelector(actor, selectHasFailed);
  const error = useSelector(actor, selectUploadError);
  const chosen = useSelector(actor, selectChosenName);
  const percent = useSelector(actor, selectPercent);
  const previewUrl = useSelector(actor, (snapshot) => selectPreviewUrl(snapshot, value));
  const { choose, cancel, retry, dismiss, remove } = useIntents(actor, uploadIntents);

  // The stored file (or its removal) goes to the form.
  useEffect(() => {
    const subscription = actor.on('upload.changed', (event) => onChange(event.value));
    return () => subscription.unsubscribe();
  }, [actor, onChange]);

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure or a removal.
    event.target.value = '';
    if (file) choose(file);
  };
  const openPicker = () => input.current?.click();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;

  return (
    <div className={styles.field} role="group" aria-labelledby={labelId} aria-describedby={description ? descriptionId : undefined}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      {description && (
        <span id={descriptionId} className={styles.description}>
          {description}
        </span>
      )}
      <input ref={input} className={styles.hiddenInput} type="file" accept={ACCEPT[kind]} tabIndex={-1} aria-hidden="true" onChange={picked} />
      <div className={styles.box}>
        {uploading ? (
          <>
            <ProgressBar value={percent} aria-label={`Uploading ${chosen ?? 'the file'}`} className={styles.progress}>
              {({ percentage, valueText }) => (
                <>
                  <span className={styles.progressLabel}>
                    <span className={styles.progressName}>{chosen}</span>
                    <span aria-hidden="true">{valueText}</span>
                  </span>
                  <span className={styles.track}>
                    <span className={styles.fill} style={{ display: 'block', width: `${percentage ?? 0}%` }} />
                  </span>
                </>
              )}
            </ProgressBar>
            <div className={styles.actions}>
              <Button tone="secondary" size="sm" onClick={cancel} aria-label={`Cancel upload of ${label}`}>
                Cancel
              </Button>
            </div>
          </>
        ) : (
          <>
            {value ? (
              <span className={styles.file}>
                {previewUrl ? (
                  <a className={styles.fileName} href={previewUrl} target="_blank" rel="noreferrer">
                    {value.fileName}
                  </a>
                ) : (
                  <span className={styles.fileName}>{value.fileName}</span>
                )}
                <span className={styles.fileFacts}>
                  {[value.size ? humanSize(value.size) : null, value.durationSeconds ? duration(value.durationSeconds) : null].filter(Boolean).join(' · ')}
                </span>
              </span>
            ) : (
              <span className={styles.empty}>No file chosen</span>
            )}
            <div className={styles.actions}>
              <Button tone="secondary" size="sm" onClick={openPicker} aria-label={`${value ? 'Replace' : 'Choose file'} for ${label}`}>
                {value ? 'Replace' : 'Choose file'}
              </Button>
              {value && (
                <Button tone="ghost" size="sm" onClick={remove} aria-label={`Remove ${label}`}>
                  Remove
                </Button>
              )}
            </div>
          </>
        )}
      </div>
      {failed && error && (
        <div className={styles.error} role="alert">
          <span className={styles.errorText}>
            {chosen ? <strong>{chosen}: </strong> : null}
            {error}
          </span>
          <span className={styles.actions}>
            <Button tone="secondary" size="sm" onClick={retry}>
              Try again
            </Button>
            <Button tone="ghost" size="sm" onClick={dismiss}>
              Dismiss
            </Button>
          </span>
        </div>
      )}
    </div>
  );
}
