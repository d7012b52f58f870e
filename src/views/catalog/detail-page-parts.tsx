import type { ReactNode } from 'react';
import type { CatalogItemSummary } from '@/machines/catalog/catalog.types';
import { PageLayout } from '@/views/layout/page-layout';
import { ButtonLink } from '@/views/layout/button';
import { itemPath } from '@/views/catalog/item-card';
import * as styles from '@/views/catalog/detail-pages.css';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { visuallyHidden } from '@/views/components/text.css';
import { PLAY_VIDEO_PARAM } from '@/lib/explorer';

// What the detail pages (strategy, playlist, livestreams) share: skeletons while they load, the
// not-found page for an address that names nothing, and links that keep a playlist's context.
// One module, so the routes share one small chunk (the detail pages' pure logic rides along).
export { formatClock, isoDuration, livestreamSections, playlistSyllabus, type SyllabusEntry } from '@/machines/catalog/detail.logic';

/**
 * Grey shapes where content will appear, so the page keeps its layout while it loads. Screen
 * readers hear the label once (a status region); the shapes themselves are hidden from them.
 */
export function Skeleton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" className={styles.skeletonRegion}>
      <span className={visuallyHidden}>{label}</span>
      <div aria-hidden="true" className={styles.skeletonRegion}>
        {children}
      </div>
    </div>
  );
}

export function SkeletonLine({ width = '100%' }: { width?: string }) {
  return <span className={styles.skeletonLine} style={{ width }} />;
}

export function SkeletonMedia() {
  return <span className={styles.skeletonMedia} />;
}

export function SkeletonCard() {
  return <span className={styles.skeletonCard} />;
}

/**
 * A detail page whose address names nothing (an unknown or mistyped id): the not-found page,
 * inside the shell so the navigation bar stays, with the way back to browsing.
 */
export function NotFoundNotice({ what, browseTo, browseLabel }: { what: string; browseTo: string; browseLabel: string }) {
  useDocumentTitle('Page not found');
  return (
    <PageLayout title="Page not found">
      <p>
        We couldn&apos;t find this {what}. The link may be mistyped, or the {what} may have been removed.
      </p>
      <p>
        <ButtonLink to={browseTo} tone="primary">
          {browseLabel}
        </ButtonLink>{' '}
        <ButtonLink to="/" tone="secondary">
          Go to your dashboard
        </ButtonLink>
      </p>
    </PageLayout>
  );
}

/** The query parameter that keeps a playlist's context on a strategy's page. */
export const PLAYLIST_PARAM = 'playlist';

/** An entry's address from a playlist: a strategy keeps the playlist (banner, "3 of 6", Next). */
export function entryPath(entry: Pick<CatalogItemSummary, 'resourceType' | 'publicId'>, playlistPublicId: string, options: { play?: boolean } = {}): string {
  const path = itemPath(entry);
  if (entry.resourceType !== 'LEARNING_OBJECT') return path;
  const query = new URLSearchParams({ [PLAYLIST_PARAM]: playlistPublicId });
  if (options.play) query.set(PLAY_VIDEO_PARAM, 'true');
  return `${path}?${query}`;
}
