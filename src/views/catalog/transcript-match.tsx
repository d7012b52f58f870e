import { Link } from '@/views/components/link';
import type { CatalogItemSummary } from '@/machines/catalog/catalog.types';
import { cueTime, markedCue } from '@/lib/transcript';
import { itemPath } from '@/views/catalog/item-card';
import * as styles from '@/views/catalog/transcript-match.css';

/**
 * A search hit in what is said in the item's video: the cue, the search words marked, and a link
 * that opens the strategy, or the livestream's recording, with its video at that time (`?t=`).
 */
export function TranscriptMatch({ item, search }: { item: CatalogItemSummary; search: string }) {
  const match = item.transcriptMatch;
  // Generated captions open with the title: quoting it under the title says nothing new.
  if (!match || match.text === item.title) return null;
  const time = cueTime(match.startSeconds);
  return (
    <div className={styles.spoken}>
      <p className={styles.quote}>
        <span>Said in the video: </span>“
        {markedCue(match.text, search).map((part, i) =>
          part.marked ? (
            <mark key={i} className={styles.mark}>
              {part.text}
            </mark>
          ) : (
            part.text
          ),
        )}
        ”
      </p>
      {item.resourceType === 'LEARNING_OBJECT' || item.resourceType === 'LIVESTREAM' ? (
        <Link className={styles.play} to={`${itemPath(item)}?t=${Math.floor(match.startSeconds)}`} aria-label={`Play from ${time}: ${item.title}`}>
          <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true">
            <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
          </svg>
          Play from {time}
        </Link>
      ) : (
        <span>At {time}</span>
      )}
    </div>
  );
}
