import { useSelector } from '@xstate/react';
import type { AdminCatalogItemActorRef } from '@/machines/admin/admin-catalog-item.machine';
import { adminCatalogItemIntents } from '@/machines/admin/admin-catalog-item.intents';
import { selectDraft, selectFieldError } from '@/machines/admin/admin-catalog-item.selectors';
import type { VideoType } from '@/machines/admin/admin-catalog-item.types';
import { useIntents } from '@/views/hooks/use-intents';
import { TextInput } from '@/views/admin/catalog/text-input';
import * as styles from '@/views/admin/catalog/catalog.css';

const TYPES: { id: VideoType; name: string }[] = [
  { id: 'video/webm', name: 'WebM' },
  { id: 'video/mp4', name: 'MP4' },
];

/**
 * A learning object's video (or a livestream's recording) given by address: the file's URL, its
 * type and length, and a poster image. Kept on its own so an upload field can take its place.
 */
export function VideoFields({ actor, label = 'Video' }: { actor: AdminCatalogItemActorRef; label?: string }) {
  const draft = useSelector(actor, selectDraft);
  const { change } = useIntents(actor, adminCatalogItemIntents);
  const urlError = useSelector(actor, selectFieldError('videoUrl'));
  const durationError = useSelector(actor, selectFieldError('videoDuration'));
  const posterError = useSelector(actor, selectFieldError('posterUrl'));
  return (
    <div className={styles.fields}>
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
        <div className="field">
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
      <TextInput name="posterUrl" label="Poster URL" value={draft.posterUrl} error={posterError} onChange={(posterUrl) => change({ posterUrl })} hint="The still shown before the video plays (optional)." inputMode="url" />
    </div>
  );
}
