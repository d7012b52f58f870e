import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import type { AdminCatalogItemActorRef } from '@/machines/admin/admin-catalog-item.machine';
import { adminCatalogItemIntents } from '@/machines/admin/admin-catalog-item.intents';
import { selectDraft, selectFieldError } from '@/machines/admin/admin-catalog-item.selectors';
import type { VideoType } from '@/machines/admin/admin-catalog-item.types';
import { useIntents } from '@/views/hooks/use-intents';
import { UploadField, type UploadKind, type UploadValue } from '@/views/admin/upload-field';
import { TextInput } from '@/views/admin/catalog/text-input';
import * as styles from '@/views/admin/catalog/catalog.css';
import { field } from '@/views/components/form/form.css';

const TYPES: { id: VideoType; name: string }[] = [
  { id: 'video/webm', name: 'WebM' },
  { id: 'video/mp4', name: 'MP4' },
];

/** Where the server serves an uploaded file: `/media/uploads/{id}/{file name}`. */
const UPLOADED = /^\/media\/uploads\/([0-9a-f-]{36})\/([^/?#]+)$/;

/**
 * The upload field's file for an address, when the address is an uploaded file's (its name is in
 * the address; its size is not, so none is shown), else none: the address field below says where
 * the file is.
 */
function uploadedFile(address: string, kind: UploadKind): UploadValue | null {
  const match = UPLOADED.exec(address.trim());
  if (!match) return null;
  return { id: match[1]!, kind, url: address.trim(), fileName: decodeURIComponent(match[2]!), mimeType: '', size: 0 };
}

/**
 * A learning object's video (or a livestream's recording): the video file, its captions and its
 * poster, each uploaded here (the upload fills in the address, and a video's type and length)
 * or given by address.
 */
export function VideoFields({ actor, label = 'Video' }: { actor: AdminCatalogItemActorRef; label?: string }) {
  const draft = useSelector(actor, selectDraft);
  const { change } = useIntents(actor, adminCatalogItemIntents);
  const urlError = useSelector(actor, selectFieldError('videoUrl'));
  const durationError = useSelector(actor, selectFieldError('videoDuration'));
  const posterError = useSelector(actor, selectFieldError('posterUrl'));
  const captionsError = useSelector(actor, selectFieldError('captionsUrl'));

  const videoUploaded = useCallback(
    (file: UploadValue | null) =>
      change(
        file
          ? {
              videoUrl: file.url,
              ...(file.mimeType === 'video/mp4' || file.mimeType === 'video/webm' ? { videoType: file.mimeType } : {}),
              ...(file.durationSeconds ? { videoDuration: String(Math.round(file.durationSeconds * 10) / 10) } : {}),
            }
          : { videoUrl: '', videoDuration: '' },
      ),
    [change],
  );
  const captionsUploaded = useCallback((file: UploadValue | null) => change({ captionsUrl: file?.url ?? '' }), [change]);
  const posterUploaded = useCallback((file: UploadValue | null) => change({ posterUrl: file?.url ?? '' }), [change]);

  return (
    <div className={styles.fields}>
      <UploadField
        label={`${label} file`}
        kind="video"
        value={uploadedFile(draft.videoUrl, 'video')}
        onChange={videoUploaded}
        description="WebM or MP4. Uploading fills in the address, type and duration below."
      />
      <div className={styles.threeColumns}>
        <TextInput
          name="videoUrl"
          label={`${label} URL`}
          value={draft.videoUrl}
          error={urlError}
          onChange={(videoUrl) => change({ videoUrl })}
          placeholder="/media/videos/strategy-01.webm"
          hint="A path on this site or an https address."
          inputMode="url"
        />
        <div className={field}>
          <label htmlFor="video-type">Type</label>
          <select id="video-type" name="videoType" value={draft.videoType} onChange={(e) => change({ videoType: e.target.value as VideoType })}>
            {TYPES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <TextInput
          name="videoDuration"
          label="Duration (seconds)"
          value={draft.videoDuration}
          error={durationError}
          onChange={(videoDuration) => change({ videoDuration })}
          type="number"
          inputMode="decimal"
          step="any"
        />
      </div>
      <div className={styles.twoColumns}>
        <UploadField
          label="Captions file"
          kind="captions"
          value={uploadedFile(draft.captionsUrl, 'captions')}
          onChange={captionsUploaded}
          description="WebVTT (.vtt), shown as the player's English captions."
        />
        <UploadField label="Poster image" kind="poster" value={uploadedFile(draft.posterUrl, 'poster')} onChange={posterUploaded} description="PNG, JPEG or WebP." />
      </div>
      <div className={styles.twoColumns}>
        <TextInput
          name="captionsUrl"
          label="Captions URL"
          value={draft.captionsUrl}
          error={captionsError}
          onChange={(captionsUrl) => change({ captionsUrl })}
          hint="Viewers who cannot hear the video need its captions."
          inputMode="url"
        />
        <TextInput name="posterUrl" label="Poster URL" value={draft.posterUrl} error={posterError} onChange={(posterUrl) => change({ posterUrl })} hint="The still shown before the video plays (optional)." inputMode="url" />
      </div>
    </div>
  );
}
