import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { learningObjectScreen } from '@/machines/learning-object/learning-object.actors';
import { learningObjectIntents } from '@/machines/learning-object/learning-object.intents';
import { frameworkPath, guideBlocks } from '@/machines/learning-object/learning-object.logic';
import {
  selectIsBookmarked,
  selectLearningObject,
  selectLearningObjectBusy,
  selectLearningObjectFailed,
  selectLearningObjectLoading,
  selectUserRating,
  selectUserRubricScore,
  selectVideoRef,
} from '@/machines/learning-object/learning-object.selectors';
import type { CatalogItem } from '@/machines/catalog/catalog.types';
import { isVideoComplete, selectProgressByItemId } from '@/machines/progress/progress.selectors';
import type { VideoProgressMachine } from '@/machines/video-progress/video-progress.machine';
import { videoIntents } from '@/machines/video-progress/video-progress.intents';
import {
  selectIsVideoCompleted,
  selectResumePosition,
  selectShouldPlay,
  selectVideoFailed,
  selectVideoSource,
  selectWatchedPercent,
} from '@/machines/video-progress/video-progress.selectors';
import { useRoot } from '@/views/root-context';
import { useIntents } from '@/views/hooks/use-intents';
import { useReferenceData } from '@/views/hooks/use-reference-data';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { LoadError } from '@/views/components/load-error';
import { PageLayout } from '@/views/layout/page-layout';
import { Button } from '@/views/layout/button';
import { Loading } from '@/views/catalog/item-list';
import { itemPath } from '@/views/catalog/item-card';
import * as styles from '@/views/screens/learning-object-page.css';

// One strategy: its video, framework place, reflection rubric, guide and resources, and the
// learner's actions on it. Logic and effects live in the learning-object machine.

type LearningObjectRef = ActorRefFrom<ReturnType<typeof learningObjectScreen.logic>>;
type VideoRef = ActorRefFrom<VideoProgressMachine>;

export function LearningObjectPage() {
  const { publicId = '' } = useParams();
  const [search] = useSearchParams();
  return <LearningObjectDetail key={publicId} publicId={publicId} playVideo={search.get('playVideo') === 'true'} />;
}

function LearningObjectDetail({ publicId, playVideo }: { publicId: string; playVideo: boolean }) {
  const actor = useScreenActor(learningObjectScreen, { input: { publicId, playVideo } });
  const { retry } = useIntents(actor, learningObjectIntents);
  const loaded = useSelector(actor, selectLearningObject);
  const loading = useSelector(actor, selectLearningObjectLoading);
  const failed = useSelector(actor, selectLearningObjectFailed);
  const videoRef = useSelector(actor, selectVideoRef);

  const item = loaded?.item;
  return (
    <PageLayout title={item?.title ?? 'Strategy'} header={item && <ItemHeader item={item} />}>
      {loading && <Loading label="Loading strategy…" />}
      {failed && <LoadError onRetry={retry} />}
      {item && (
        <div className={styles.layout}>
          <div>
            {videoRef && <VideoPlayer video={videoRef} />}
            <ResourceTabs actor={actor} item={item} />
          </div>
          <aside aria-label="Your progress and actions">
            <LearnerActions actor={actor} item={item} />
            <section className={styles.section} aria-labelledby="related-heading">
              <h2 id="related-heading" className={styles.h2}>
                Related strategies
              </h2>
              {loaded.related.length === 0 ? (
                <p className="muted">No related strategies.</p>
              ) : (
                <ul>
                  {loaded.related.map((other) => (
                    <li key={other.id}>
                      <Link className={styles.link} to={itemPath(other)}>
                        {other.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </aside>
        </div>
      )}
    </PageLayout>
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
      {names.length > 0 && <p className="muted">For: {names.join(', ')}</p>}
      <p>{item.description}</p>
    </>
  );
}

function VideoPlayer({ video }: { video: VideoRef }) {
  const source = useSelector(video, selectVideoSource);
  const shouldPlay = useSelector(video, selectShouldPlay);
  const completed = useSelector(video, selectIsVideoCompleted);
  const failed = useSelector(video, selectVideoFailed);
  const watched = useSelector(video, selectWatchedPercent);
  const report = useIntents(video, videoIntents);
  const element = useRef<HTMLVideoElement>(null);

  // The machine decides when to play (autoplay with ?playVideo=true); the element obeys.
  useEffect(() => {
    const media = element.current;
    if (media && shouldPlay && media.paused && !media.ended) void media.play().catch(() => report.paused());
  }, [shouldPlay, report]);

  if (failed) return <p className="error">The video could not be loaded.</p>;
  if (!source) {
    return (
      <div className={styles.videoFrame}>
        <Loading label="Loading video…" />
      </div>
    );
  }
  return (
    <section className={styles.section} aria-label="Video">
      <video
        ref={element}
        className={styles.video}
        controls
        preload="metadata"
        poster={source.posterUrl ?? undefined}
        onLoadedMetadata={(e) => {
          const media = e.currentTarget;
          report.loaded(media.duration);
          const resume = selectResumePosition(video.getSnapshot());
          if (resume > 0) media.currentTime = resume;
        }}
        onPlay={report.played}
        onPause={(e) => {
          if (!e.currentTarget.ended) report.paused();
        }}
        onTimeUpdate={(e) => report.timeUpdated(e.currentTarget.currentTime, performance.now())}
        onSeeked={(e) => report.seeked(e.currentTarget.currentTime)}
        onEnded={report.ended}
      >
        <source src={source.url} type={source.mimeType} />
        {source.captions.map((track, i) => (
          <track key={track.src} kind="captions" src={track.src} srcLang={track.srclang} label={track.label} default={track.default || i === 0} />
        ))}
      </video>
      <p role="status" className="muted">
        {completed ? 'Video completed' : `Watched ${Math.round(watched)}%`}
      </p>
    </section>
  );
}

const TABS = [
  { kind: 'REFLECTION_RUBRIC', label: 'Reflection rubric' },
  { kind: 'IMPLEMENTATION_GUIDE', label: 'Implementation guide' },
  { kind: 'RESOURCES', label: 'Resources' },
] as const;

type TabKind = (typeof TABS)[number]['kind'];

function ResourceTabs({ actor, item }: { actor: LearningObjectRef; item: CatalogItem }) {
  const [selected, setSelected] = useState<TabKind>('REFLECTION_RUBRIC');
  const baseId = useId();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const target = e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : step ? (index + step + TABS.length) % TABS.length : -1;
    const tab = TABS[target];
    if (!tab) return;
    e.preventDefault();
    setSelected(tab.kind);
    tabRefs.current[tab.kind]?.focus();
  };
  return (
    <section className={styles.section} aria-label="Strategy resources">
      <div role="tablist" aria-label="Strategy resources" className={styles.tablist}>
        {TABS.map((tab, index) => (
          <button
            key={tab.kind}
            ref={(el) => {
              tabRefs.current[tab.kind] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.kind}`}
            aria-selected={selected === tab.kind}
            aria-controls={`${baseId}-panel-${tab.kind}`}
            tabIndex={selected === tab.kind ? 0 : -1}
            className={styles.tab}
            onClick={() => setSelected(tab.kind)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.kind}
          role="tabpanel"
          id={`${baseId}-panel-${tab.kind}`}
          aria-labelledby={`${baseId}-tab-${tab.kind}`}
          hidden={selected !== tab.kind}
          tabIndex={0}
          className={styles.panel}
        >
          {selected === tab.kind && tab.kind === 'REFLECTION_RUBRIC' && <RubricPanel actor={actor} item={item} />}
          {selected === tab.kind && tab.kind === 'IMPLEMENTATION_GUIDE' && <GuidePanel item={item} />}
          {selected === tab.kind && tab.kind === 'RESOURCES' && <ResourcesPanel actor={actor} item={item} />}
        </div>
      ))}
    </section>
  );
}

function RubricPanel({ actor, item }: { actor: LearningObjectRef; item: CatalogItem }) {
  const { saveRubric } = useIntents(actor, learningObjectIntents);
  const saved = useSelector(actor, selectUserRubricScore);
  const busy = useSelector(actor, selectLearningObjectBusy);
  const [value, setValue] = useState<number | null>(saved);
  const name = useId();
  if (item.rubric.length === 0) return <p className="muted">This strategy has no reflection rubric.</p>;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (value !== null) saveRubric(value);
      }}
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Where is your practice today?</legend>
        {item.rubric.map((level) => (
          <label key={level.value} className={styles.option}>
            <input type="radio" name={name} value={level.value} checked={value === level.value} onChange={() => setValue(level.value)} />
            <span>
              <strong>
                {level.value}. {level.title}
              </strong>{' '}
              {level.description}
            </span>
          </label>
        ))}
      </fieldset>
      <p>
        <Button type="submit" tone="primary" disabled={value === null || busy}>
          Save rubric score
        </Button>
      </p>
    </form>
  );
}

function GuidePanel({ item }: { item: CatalogItem }) {
  const blocks = guideBlocks(item.implementationGuide);
  if (blocks.length === 0) return <p className="muted">This strategy has no implementation guide.</p>;
  return (
    <div>
      {blocks.map((block, i) => {
        if (block.kind === 'heading') {
          const Heading = `h${block.level}` as const;
          return <Heading key={i}>{block.text}</Heading>;
        }
        if (block.kind === 'item') return <p key={i}>• {block.text}</p>;
        return <p key={i}>{block.text}</p>;
      })}
    </div>
  );
}

function ResourcesPanel({ actor, item }: { actor: LearningObjectRef; item: CatalogItem }) {
  const { download } = useIntents(actor, learningObjectIntents);
  const busy = useSelector(actor, selectLearningObjectBusy);
  return (
    <>
      {item.resources.length > 0 && (
        <ul>
          {item.resources.map((resource) => (
            <li key={resource.url}>
              <a className={styles.link} href={resource.url} target="_blank" rel="noreferrer">
                {resource.title}
              </a>{' '}
              <span className="muted">{resource.description}</span>
            </li>
          ))}
        </ul>
      )}
      <h3>Reproducibles</h3>
      {item.reproducibles.length === 0 ? (
        <p className="muted">This strategy has no reproducibles.</p>
      ) : (
        <>
          <ul aria-label="Reproducibles">
            {item.reproducibles.map((file) => (
              <li key={file.id}>{file.title}</li>
            ))}
          </ul>
          <p>
            <Button tone="primary" disabled={busy} onClick={download}>
              Download reproducibles
            </Button>
          </p>
        </>
      )}
    </>
  );
}

const yesNo = (value: boolean | undefined) => (value ? 'Yes' : 'No');

function LearnerActions({ actor, item }: { actor: LearningObjectRef; item: CatalogItem }) {
  const root = useRoot();
  const { setApplied, setBookmarked, rate } = useIntents(actor, learningObjectIntents);
  const progress = useSelector(root.progress, (s) => selectProgressByItemId(s, item.id));
  const { nasotItems } = useReferenceData();
  const bookmarked = useSelector(actor, selectIsBookmarked);
  const busy = useSelector(actor, selectLearningObjectBusy);
  const userRating = useSelector(actor, selectUserRating);
  const [rating, setRating] = useState<number | null>(userRating);
  const name = useId();
  const communityUrl = [...frameworkPath(item.nasotItemIds, nasotItems)].reverse().find((n) => n.communityUrl)?.communityUrl ?? null;
  const applied = progress?.isStrategyApplied ?? false;
  return (
    <>
      <section className={styles.section} aria-labelledby="my-progress-heading">
        <h2 id="my-progress-heading" className={styles.h2}>
          My Progress
        </h2>
        <dl>
          <dt>Watched</dt>
          <dd>{isVideoComplete(progress) ? 'Yes' : `${Math.round(progress?.videoProgress ?? 0)}%`}</dd>
          <dt>Downloaded</dt>
          <dd>{yesNo(progress?.areReproduciblesDownloaded)}</dd>
          <dt>Rubric score</dt>
          <dd>{yesNo(progress?.isRubricScoreSaved)}</dd>
          <dt>Rated</dt>
          <dd>{yesNo(progress?.isCatalogItemRated)}</dd>
          <dt>Applied</dt>
          <dd>{yesNo(applied)}</dd>
        </dl>
        <div className={styles.row}>
          <Button tone={applied ? undefined : 'primary'} disabled={busy} onClick={() => setApplied(!applied)}>
            {applied ? 'Remove from applied' : 'Apply in my classroom'}
          </Button>
          <Button aria-pressed={bookmarked} disabled={busy} onClick={() => setBookmarked(!bookmarked)}>
            {bookmarked ? 'Saved' : 'Save'}
          </Button>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="rate-heading">
        <h2 id="rate-heading" className={styles.h2}>
          Rate this strategy
        </h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (rating !== null) rate(rating);
          }}
        >
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Your rating</legend>
            <div className={styles.row}>
              {[1, 2, 3, 4, 5].map((value) => (
                <label key={value} className={styles.option}>
                  <input type="radio" name={name} value={value} checked={rating === value} onChange={() => setRating(value)} />
                  <span aria-hidden="true">{value <= (rating ?? 0) ? '★' : '☆'}</span>
                  <span className="visually-hidden">{value === 1 ? '1 star' : `${value} stars`}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <p>
            <Button type="submit" tone="primary" disabled={rating === null || busy}>
              Rate
            </Button>
          </p>
        </form>
      </section>
      <section className={styles.section} aria-labelledby="community-heading">
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
    </>
  );
}
