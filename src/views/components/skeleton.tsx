import type { CSSProperties, ReactNode } from 'react';
import * as styles from '@/views/components/skeleton.css';
import { visuallyHidden } from '@/views/components/text.css';

// Grey placeholders in the shape of what is loading, so the page keeps its layout while data
// arrives; one status region names what is loading for screen readers.

type BlockProps = { width?: CSSProperties['width']; height?: CSSProperties['height']; radius?: CSSProperties['borderRadius'] };

export function SkeletonBlock({ width = '100%', height = '1rem', radius }: BlockProps) {
  return <span className={styles.block} style={{ width, height, borderRadius: radius }} />;
}

/** A card's outline: a picture, a title and two lines. */
export function SkeletonCard({ media = true }: { media?: boolean }) {
  return (
    <div className={styles.card}>
      {media && <SkeletonBlock height="7.5rem" />}
      <SkeletonBlock width="80%" height="1.25rem" />
      <SkeletonBlock width="55%" />
      <SkeletonBlock width="35%" />
    </div>
  );
}

/** Wraps placeholders: hidden from assistive technology, announced once by `label`. */
export function Skeleton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.stack} role="status" aria-busy="true" data-testid="skeleton">
      <span className={visuallyHidden}>{label}</span>
      <div className={styles.stack} aria-hidden="true">
        {children}
      </div>
    </div>
  );
}
