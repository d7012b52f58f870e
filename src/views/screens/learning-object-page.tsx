import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '@/views/components/link';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { learningObjectScreen } from '@/machines/learning-object/learning-object.actors';
import { learningObjectIntents } from '@/machines/learning-object/learning-object.intents';
import { frameworkPath, playlistPlace, progressSteps, type ProgressStep } from '@/machines/learning-object/learning-object.logic';
import {
  selectIsBookmarked,
  selectLearningObject,
  selectRelated,
  selectLearningObjectBusy,
  selectLearningObjectFailed,
  selectLearningObjectLoading,
  selectLearningObjectNotFound,
  selectUserRating,
  selectVideoRef,
} from '@/machines/learning-object/learning-object.selectors';
import type { CatalogItem } from '@/machines/catalog/catalog.types';
import { isVideoComplete } from '@/lib/video-complete';
import { selectProgressByItemId } from '@/machines/progress/progress.selectors';
import type { VideoProgressMachine } from '@/machines/video-progress/video-progress.machine';
import { videoIntents } from '@/machines/video-progress/video-progress.intents';
import { selectResumePosition, selectShouldPlay, selectVideoFailed, selectVideoSource } from '@/machines/video-progress/video-progress.selectors';
import { useRoot } from '@/views/root-context';
import { useIntents } from '@/views/hooks/use-intents';
import { useReferenceData } from '@/views/hooks/use-reference-data';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { useOnline } from '@/views/hooks/use-online';
import { SaveForOfflineCard } from '@/views/learning/saved-for-offline';
import { selectIsDemoUser } from '@/machines/identity/identity.selectors';
import { LoadError } from '@/views/components/load-error';
import { NotFoundNotice } from '@/views/catalog/detail-page-parts';
import { ProgressRing } from '@/views/components/progress-ring';
import { Skeleton, SkeletonLine, SkeletonMedia } from '@/views/catalog/detail-page-parts';
import { StarRating } from '@/views/components/star-rating';
import { PageLayout } from '@/views/layout/page-layout';
import { Button, ButtonLink } from '@/views/layout/button';
import { TYPE_LABELS, formatDuration, itemPath } from '@/views/catalog/item-card';
import { PLAYLIST_PARAM, entryPath } from '@/views/catalog/detail-page-parts';
import * as styles from '@/views/screens/learning-object-page.css';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { useMediaQuery } from '@/views/hooks/use-media-query';
import { mediaUp } from '@/views/theme/tokens';
import { muted } from '@/views/components/text.css';
import { MediaPlayer } from '@/views/media/media-player';

// One strategy: its video, framework place, reflection rubric, guide and resources, and the
// learner's actions on it. Logic and effects live in the learning-object machine.

type LearningObjectRef = ActorRefFrom<ReturnType<typeof learningObjectScreen.logic>>;
type VideoRef = ActorRefFrom<VideoProgressMachine>;

// The tabs load as the page renders (resource-tabs.tsx says why); their outline holds the place.
const ResourceTabs = lazy(() => import('@/views/screens/resource-tabs').then((m) => ({ default: m.ResourceTabs })));

export function LearningObjectPage() {
  const { publicId = '' } = useParams();
  const [search] = useSearchParams();
  const playlistId = search.get(PLAYLIST_PARAM);
  // ?t=83 (a search hit in what the video says): the video plays from there, not where the learner left it.
  const t = search.get('t');
  const startAt = t !== null && /^\d{1,6}(\.\d+)?$/.test(t) ? Number(t) : null;
  return (
    <LearningObjectDetail
      key={`${publicId}?${playlistId ?? ''}&${startAt ?? ''}`}
      publicId={publicId}
      playlistId={playlistId}
      playVideo={search.get('playVideo') === 'true' || startAt !== null}
      startAt={startAt}
    />
  );
}

/** The one figure for "watched" on this page: the learner's progress, which the player keeps current. */
function useWatchedPercent(itemId: string | undefined): number {
  const root = useRoot();
  return useSelector(root.progress, (s) => (itemId ? (selectProgressByItemId(s, itemId)?.videoProgress ?? 0) : 0));
}

function LearningObjectDetail({ publicId, playlistId, playVideo, startAt }: { publicId: string; playlistId: string | null; playVideo: boolean; startAt: number | null }) {
  const actor = useScreenActor(learningObjectScreen, { input: { publicId, playVideo, playlistId, startAt } });
  const { retry } = useIntents(actor, learningObjectIntents);
  const loaded = useSelector(actor, selectLearningObject);
  const loading = useSelector(actor, selectLearningObjectLoading);
  const failed = useSelector(actor, selectLearningObjectFailed);
  const notFound = useSelector(actor, selectLearningObjectNotFound);
  const videoRef = useSelector(actor, selectVideoRef);
  const twoColumns = useMediaQuery(mediaUp('lg'));
  // The stars chosen and not yet sent: kept here, above the two places the actions render in, so a
  // window crossing the two-column width (a tablet turned) does not drop them.
  const [ratingDraft, setRatingDraft] = useState<number | null>(null);

  useDocumentTitle(loaded?.item.title);
  if (notFound) return <NotFoundNotice what="strategy" browseTo="/catalog" browseLabel="Browse strategies" />;
  const item = loaded?.item;
  const place = loaded && item ? playlistPlace(loaded.playlist, item.id) : null;
  // Each strategy is a page of its own (a related strategy opens a new one): the loaded page
  // replaces the skeleton instead of growing it. The skeleton already has the header's lines, so
  // the video and the tabs appear about where its shapes were.
  return (
    <PageLayout
      key={item?.id ?? 'loading'}
      title={item?.title ?? 'Strategy'}
      header={item ? <ItemHeader item={item} /> : loading && <ItemHeaderSkeleton />}
    >
      {loading && <LearningObjectSkeleton />}
      {failed && <LoadError onRetry={retry} />}
      {item && (
        <>
          {place && <PlaylistBanner place={place} />}
          <div className={styles.layout}>
            <div>
              {videoRef && <VideoPlayer video={videoRef} itemId={item.id} />}
              {/* One column (a phone, a tablet): the learner's progress and actions right under the
                  video, where the thumb is, not after the whole rubric. */}
              {!twoColumns && (
                <section className={styles.actionsUnderVideo} aria-label="Your progress and actions">
                  <LearnerActions actor={actor} item={item} ratingDraft={ratingDraft} onRatingDraft={setRatingDraft} />
                </section>
              )}
              <Suspense fallback={<ResourceTabsPlaceholder />}>
                <ResourceTabs actor={actor} item={item} />
              </Suspense>
            </div>
            <aside className={styles.aside} aria-label={twoColumns ? 'Your progress and actions' : 'More about this strategy'}>
              {twoColumns && <LearnerActions actor={actor} item={item} ratingDraft={ratingDraft} onRatingDraft={setRatingDraft} />}
              <Community item={item} />
              <RelatedStrategies actor={actor} />
            </aside>
          </div>
        </>
      )}
    </PageLayout>
  );
}

/** The framework path, the audiences and a description of four lines, as shapes. */
function ItemHeaderSkeleton() {
  return (
    <Skeleton label="Loading strategy…">
      <SkeletonLine width="60%" />
      <SkeletonLine width="35%" />
      <SkeletonLine />
      <SkeletonLine />
      <SkeletonLine />
      <SkeletonLine width="55%" />
    </Skeleton>
  );
}

function LearningObjectSkeleton() {
  return (
    <Skeleton label="Loading strategy…">
      <div className={styles.layout}>
        <div className={styles.section}>
          <SkeletonMedia />
          <SkeletonLine width="40%" />
          <SkeletonLine />
          <SkeletonLine width="80%" />
        </div>
        <div className={styles.section}>
          <SkeletonLine width="50%" />
          <SkeletonLine />
          <SkeletonLine />
          <SkeletonLine width="70%" />
        </div>
      </div>
    </Skeleton>
  );
}

function PlaylistBanner({ place }: { place: NonNullable<ReturnType<typeof playlistPlace>> }) {
  return (
    <nav className={styles.playlistBanner} aria-label="Playlist">
      <p className={styles.playlistWhere}>
        <span>
          Playlist:{' '}
          <Link className={styles.playlistLink} to={`/playlists/${encodeURIComponent(place.publicId)}`}>
            {place.title}
          </Link>
        </span>
        <span className={styles.playlistPosition}>
          {place.position} of {place.total}
        </span>
      </p>
      <div className={styles.row}>
        {place.previous && (
          <ButtonLink size="sm" tone="ghost" to={entryPath(place.previous, place.publicId)} aria-label={`Previous: ${place.previous.title}`}>
            ← Previous
          </ButtonLink>
        )}
        {place.next ? (
          <ButtonLink size="sm" tone="primary" to={entryPath(place.next, place.publicId)} aria-label={`Next: ${place.next.title}`}>
            Next →
          </ButtonLink>
        ) : (
          <span className={styles.playlistPosition}>Last in this playlist</span>
        )}
      </div>
    </nav>
  );
}

/** A short list, as on a course page: the first few are what the learner looks at. */
const RELATED_SHOWN = 6;

function RelatedStrategies({ actor }: { actor: LearningObjectRef }) {
  const related = useSelector(actor, selectRelated);
  return (
    <section className={styles.card} aria-labelledby="related-heading">
      <h2 id="related-heading" className={styles.h2}>
        Related strategies
      </h2>
      {related === null ? (
        <Skeleton label="Loading related strategies…">
          {[0, 1, 2].map((i) => (
            <span key={i} className={styles.relatedCard}>
              <span className={styles.thumb} />
              <span>
                <SkeletonLine width="85%" />
                <SkeletonLine width="45%" />
              </span>
            </span>
          ))}
        </Skeleton>
      ) : related.length === 0 ? (
        <p className={muted}>
          No related strategies yet. <Link className={styles.link} to="/catalog">Browse the catalogue</Link>
        </p>
      ) : (
        <ul className={styles.related} aria-label="Related strategies">
          {related.slice(0, RELATED_SHOWN).map((other) => {
            const duration = formatDuration(other.durationSeconds);
            return (
              <li key={other.id} className={styles.relatedCard}>
                {other.thumbnailUrl ? <img className={styles.thumb} src={other.thumbnailUrl} alt="" /> : <span className={styles.thumb} />}
                <div>
                  <h3 className={styles.relatedTitle}>
                    <Link className={styles.relatedLink} to={itemPath(other)}>
                      {other.title}
                    </Link>
                  </h3>
                  <p className={styles.relatedMeta}>
                    {TYPE_LABELS[other.resourceType]}
                    {duration && ` · ${duration}`}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function ItemHeader({ item }: { item: CatalogItem }) {
  const { nasotItems, audiences } = useReferenceData();
  const path = frameworkPath(item.nasotItemIds, nasotItems);
  const names = audiences.filter((a) => item.audienceIds.includes(a.id)).map((a) => a.name);
  return (
    <>
      {path.length > 0 && (
        <nav aria-label="Framework">
          <ol className={styles.path}>
            {path.map((node, i) => (
              <li key={node.id}>
                {i > 0 && <span aria-hidden="true">› </span>}
                {node.title}
              </li>
            ))}
          </ol>
        </nav>
      )}
      {names.length > 0 && <p className={muted}>For: {names.join(', ')}</p>}
      <p>{item.description}</p>
    </>
  );
}

function VideoPlayer({ video, itemId }: { video: VideoRef; itemId: string }) {
  const source = useSelector(video, selectVideoSource);
  const shouldPlay = useSelector(video, selectShouldPlay);
  const failed = useSelector(video, selectVideoFailed);
  const watched = useWatchedPercent(itemId);
  const report = useIntents(video, videoIntents);
  const element = useRef<HTMLVideoElement>(null);
  const online = useOnline();

  // The machine decides when to play (autoplay with ?playVideo=true); the element obeys.
  useEffect(() => {
    const media = element.current;
    if (media && shouldPlay && media.paused && !media.ended) void media.play().catch(() => report.paused());
  }, [shouldPlay, report]);

  if (failed) {
    return (
      <div className={styles.section}>
        <LoadError
          message={online ? 'The video could not be loaded.' : 'This video needs a connection. A strategy saved for offline plays without one.'}
          onRetry={report.retry}
        />
      </div>
    );
  }
  if (!source) {
    return (
      <div className={styles.section}>
        <Skeleton label="Loading video…">
          <SkeletonMedia />
        </Skeleton>
        {/* The "Watched" line's place, so the tabs below do not move when the video arrives. */}
        <p className={styles.watchedLine} aria-hidden="true">
          &nbsp;
        </p>
      </div>
    );
  }
  return (
    <MediaPlayer
      source={source}
      element={element}
      status={
        <p role="status" className={styles.watchedLine}>
          {isVideoComplete({ videoProgress: watched }) ? 'Video completed' : `Watched ${Math.floor(watched)}%`}
        </p>
      }
      onLoadedMetadata={(media) => {
        report.loaded(media.duration);
        const resume = selectResumePosition(video.getSnapshot());
        if (resume > 0) media.currentTime = resume;
      }}
      onPlay={report.played}
      onPause={(media) => {
        if (!media.ended) report.paused();
      }}
      onTimeUpdate={(media) => report.timeUpdated(media.currentTime, performance.now(), media.playbackRate)}
      onSeeked={(media) => report.seeked(media.currentTime)}
      onEnded={report.ended}
    />
  );
}

/** The tabs' row and a panel's first lines, inert, while the tabs load. */
function ResourceTabsPlaceholder() {
  return (
    <div className={styles.section}>
      <Skeleton label="Loading the strategy's resources…">
        <SkeletonLine width="70%" />
        <SkeletonLine />
        <SkeletonLine width="80%" />
      </Skeleton>
    </div>
  );
}

function StepIcon({ done }: { done: boolean }) {
  return (
    <svg className={styles.stepIcon} viewBox="0 0 24 24" aria-hidden="true">
      {done ? (
        <>
          <circle cx="12" cy="12" r="11" fill="currentColor" />
          <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </>
      ) : (
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      )}
    </svg>
  );
}

function stepState(step: ProgressStep, watched: number): string {
  if (step.done) return 'Done';
  if (step.key === 'watched' && watched > 0) return `${Math.floor(watched)}%`;
  return 'Not yet';
}

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg className={styles.saveIcon} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M6 3.5h12v17l-6-4-6 4z" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

type LearnerActionsProps = { actor: LearningObjectRef; item: CatalogItem; ratingDraft: number | null; onRatingDraft: (value: number) => void };

function LearnerActions({ actor, item, ratingDraft, onRatingDraft }: LearnerActionsProps) {
  const root = useRoot();
  const { setApplied, setBookmarked, rate } = useIntents(actor, learningObjectIntents);
  const progress = useSelector(root.progress, (s) => selectProgressByItemId(s, item.id));
  const watched = useWatchedPercent(item.id);
  const bookmarked = useSelector(actor, selectIsBookmarked);
  const busy = useSelector(actor, selectLearningObjectBusy);
  const userRating = useSelector(actor, selectUserRating);
  const rating = ratingDraft ?? userRating;
  const applied = progress?.isStrategyApplied ?? false;
  // A demo account cannot download reproducibles, so it cannot keep a strategy offline either.
  const demo = useSelector(root.identity, selectIsDemoUser);
  const steps = progressSteps(progress, watched);
  const done = steps.filter((s) => s.done).length;
  return (
    <>
      <section className={styles.card} aria-labelledby="my-progress-heading">
        <div className={styles.cardHead}>
          <h2 id="my-progress-heading" className={styles.h2}>
            My Progress
          </h2>
          <ProgressRing value={done} max={steps.length} label="steps done" />
        </div>
        <ul className={styles.checklist} aria-label="Steps">
          {steps.map((step) => (
            <li key={step.key} className={styles.step} data-done={step.done}>
              <StepIcon done={step.done} />
              <span className={styles.stepLabel}>{step.label}</span>
              <span className={styles.stepState}>{stepState(step, watched)}</span>
            </li>
          ))}
        </ul>
        <div className={styles.row}>
          <Button tone={applied ? 'secondary' : 'primary'} disabled={busy} onClick={() => setApplied(!applied)}>
            {applied ? 'Remove from applied' : 'Apply in my classroom'}
          </Button>
          {/* A native toggle: react-aria's ToggleButton brought 16 KB of focus handling to this page. */}
          <button type="button" className={styles.saveButton} aria-pressed={bookmarked} disabled={busy} onClick={() => setBookmarked(!bookmarked)}>
            <BookmarkIcon filled={bookmarked} />
            {bookmarked ? 'Saved' : 'Save'}
          </button>
        </div>
      </section>
      <section className={styles.card} aria-labelledby="rate-heading">
        <h2 id="rate-heading" className={styles.h2}>
          Rate this strategy
        </h2>
        <form
          className={styles.section}
          onSubmit={(e) => {
            e.preventDefault();
            if (rating !== null) rate(rating);
          }}
        >
          <StarRating label="Your rating" value={rating} onChange={onRatingDraft} />
          <p>
            <Button type="submit" tone="primary" disabled={rating === null || busy}>
              Rate
            </Button>
          </p>
        </form>
      </section>
      {!demo && (
        <SaveForOfflineCard
          className={styles.card}
          headingClassName={styles.h2}
          item={{ id: item.id, publicId: item.publicId, title: item.title, hasReproducibles: item.reproducibles.length > 0 }}
        />
      )}
    </>
  );
}

function Community({ item }: { item: CatalogItem }) {
  const { nasotItems } = useReferenceData();
  const communityUrl = [...frameworkPath(item.nasotItemIds, nasotItems)].reverse().find((n) => n.communityUrl)?.communityUrl ?? null;
  return (
    <section className={styles.card} aria-labelledby="community-heading">
      <h2 id="community-heading" className={styles.h2}>
        Community
      </h2>
      {communityUrl ? (
        <a className={styles.link} href={communityUrl} target="_blank" rel="noreferrer">
          Discuss this strategy with the community
        </a>
      ) : (
        <Link className={styles.link} to="/community">
          Discuss this strategy with the community
        </Link>
      )}
    </section>
  );
}
