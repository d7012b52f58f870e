import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import { mediaPlayerScreen } from '@/machines/media-player/media-player.actors';
import { mediaPlayerIntents } from '@/machines/media-player/media-player.intents';
import { clockTime, splitMatches } from '@/machines/media-player/media-player.logic';
import {
  selectActiveCue,
  selectChapterIndex,
  selectChapters,
  selectCues,
  selectCurrentMatch,
  selectFollow,
  selectHasTranscript,
  selectMatches,
  selectQuery,
  selectRate,
  selectTranscriptLoading,
} from '@/machines/media-player/media-player.selectors';
import { PLAYBACK_RATES, type Cue, type PlaybackRate } from '@/machines/media-player/media-player.types';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { Skeleton, SkeletonLine } from '@/views/catalog/detail-page-parts';
import * as styles from '@/views/media/media-player.css';

// A video with what a learner expects around it: playback speed (remembered), keyboard
// shortcuts, the guide's steps as chapters, and the transcript that follows the video, seeks on
// a click and can be searched. The transcript is the captions the element already loaded, so
// it costs no request of its own. The speed and the transcript's state are the media-player
// actor's; seeking, playing and the captions' visibility are this element's own DOM.

const ShortcutsDialog = lazy(() => import('@/views/media/shortcuts-dialog'));

export type MediaSource = {
  url: string;
  mimeType: string;
  posterUrl?: string | null;
  captions: readonly { src: string; srclang: string; label: string; default?: boolean }[];
};

/** What the page measures (watched time): the element's events, passed through. */
export type MediaHandlers = {
  onLoadedMetadata?: (media: HTMLVideoElement) => void;
  onPlay?: () => void;
  onPause?: (media: HTMLVideoElement) => void;
  onTimeUpdate?: (media: HTMLVideoElement) => void;
  onSeeked?: (media: HTMLVideoElement) => void;
  onEnded?: () => void;
};

type Props = MediaHandlers & {
  source: MediaSource;
  /** The element, for a page that drives it (autoplay). */
  element?: RefObject<HTMLVideoElement | null>;
  /** Under the video, beside the speed (the watched line). */
  status?: ReactNode;
  /** The video's own name, when the page has one better than "Video" (a recording). */
  label?: string;
};

type Player = ReturnType<typeof useScreenActor<ReturnType<typeof mediaPlayerScreen.logic>>>;

const SPEED_LABEL = (rate: number) => `${rate}×`;

export function MediaPlayer({ source, element: given, status, label, ...handlers }: Props) {
  const player = useScreenActor(mediaPlayerScreen);
  const report = useIntents(player, mediaPlayerIntents);
  const rate = useSelector(player, selectRate);
  const own = useRef<HTMLVideoElement>(null);
  const element = given ?? own;
  const region = useRef<HTMLElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);

  // The speed is the actor's: the element follows it (also after a new source resets it).
  useEffect(() => {
    const media = element.current;
    if (media) media.defaultPlaybackRate = media.playbackRate = rate;
  }, [rate, element]);

  // The transcript is the default captions track, parsed by the element.
  useEffect(() => {
    const media = element.current;
    const trackElement = media?.querySelector('track');
    if (!media || !trackElement) {
      report.noCaptions();
      return;
    }
    const { track } = trackElement;
    // A track that is not the default loads its cues once "hidden" (not drawn); the default one
    // is left to the browser, which shows it (setting it first would keep it from showing).
    if (!trackElement.default && track.mode === 'disabled') track.mode = 'hidden';
    const read = () => report.cuesLoaded(cuesOf(track));
    const failed = () => report.noCaptions();
    if (trackElement.readyState === HTMLTrackElement.LOADED) read();
    else if (trackElement.readyState === HTMLTrackElement.ERROR) failed();
    trackElement.addEventListener('load', read);
    trackElement.addEventListener('error', failed);
    return () => {
      trackElement.removeEventListener('load', read);
      trackElement.removeEventListener('error', failed);
    };
  }, [element, report, source.url]);

  useShortcuts(region, element, () => setHelpOpen(true));

  return (
    <section ref={region} className={styles.player} aria-label="Video">
      <video
        ref={element}
        className={styles.video}
        controls
        preload="metadata"
        poster={source.posterUrl ?? undefined}
        aria-label={label}
        onLoadedMetadata={(e) => {
          e.currentTarget.playbackRate = rate;
          handlers.onLoadedMetadata?.(e.currentTarget);
        }}
        onPlay={handlers.onPlay}
        onPause={(e) => handlers.onPause?.(e.currentTarget)}
        onTimeUpdate={(e) => {
          report.timeChanged(e.currentTarget.currentTime);
          handlers.onTimeUpdate?.(e.currentTarget);
        }}
        onSeeked={(e) => {
          report.timeChanged(e.currentTarget.currentTime);
          handlers.onSeeked?.(e.currentTarget);
        }}
        onEnded={handlers.onEnded}
      >
        <source src={source.url} type={source.mimeType} />
        {source.captions.map((track, i) => (
          <track key={track.src} kind="captions" src={track.src} srcLang={track.srclang} label={track.label} default={track.default || i === 0} />
        ))}
      </video>
      <div className={styles.toolbar}>
        {status}
        <div className={styles.tools}>
          <label className={styles.speed}>
            Speed
            <select className={styles.select} value={rate} onChange={(e) => report.setRate(Number(e.currentTarget.value) as PlaybackRate)}>
              {PLAYBACK_RATES.map((r) => (
                <option key={r} value={r}>
                  {SPEED_LABEL(r)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className={styles.toolButton} aria-haspopup="dialog" onClick={() => setHelpOpen(true)}>
            <KeyboardIcon />
            Shortcuts
          </button>
        </div>
      </div>
      <Chapters player={player} element={element} />
      <Transcript player={player} element={element} />
      {helpOpen && (
        <Suspense fallback={null}>
          <ShortcutsDialog onClose={() => setHelpOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}

/** The cues of a loaded track, as plain text (tags and entities resolved by the browser). */
function cuesOf(track: TextTrack): Cue[] {
  return Array.from(track.cues ?? [], (cue) => {
    const vtt = cue as VTTCue;
    const text = typeof vtt.getCueAsHTML === 'function' ? (vtt.getCueAsHTML().textContent ?? '') : (vtt.text ?? '');
    return { start: cue.startTime, end: cue.endTime, text: text.replace(/\s+/g, ' ').trim() };
  }).filter((cue) => cue.text !== '');
}

function seek(element: RefObject<HTMLVideoElement | null>, to: number) {
  const media = element.current;
  if (!media) return;
  const end = Number.isFinite(media.duration) ? media.duration : to;
  media.currentTime = Math.max(0, Math.min(end, to));
}

/**
 * The player's keys (YouTube's, which learners know): space or K plays and pauses, ← and → move
 * 5 s, J and L 10 s, C shows or hides captions, ? lists them. They work while the focus is in
 * the player or nowhere in particular, never while typing, and space still presses a focused
 * button.
 */
function useShortcuts(region: RefObject<HTMLElement | null>, element: RefObject<HTMLVideoElement | null>, openHelp: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement;
      const inPlayer = region.current?.contains(target) ?? false;
      if (!inPlayer && target !== document.body) return;
      if (target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      const media = element.current;
      if (!media) return;
      const pressable = target.closest('button, a, summary') !== null;
      const act = (): boolean => {
        switch (event.key) {
          case ' ':
          case 'k':
          case 'K':
            if (pressable) return false;
            if (media.paused) void media.play().catch(() => undefined);
            else media.pause();
            return true;
          case 'ArrowLeft':
            seek(element, media.currentTime - 5);
            return true;
          case 'ArrowRight':
            seek(element, media.currentTime + 5);
            return true;
          case 'j':
          case 'J':
            seek(element, media.currentTime - 10);
            return true;
          case 'l':
          case 'L':
            seek(element, media.currentTime + 10);
            return true;
          case 'c':
          case 'C': {
            const track = media.textTracks[0];
            if (!track) return false;
            // Hidden, not disabled: the transcript keeps its cues.
            track.mode = track.mode === 'showing' ? 'hidden' : 'showing';
            return true;
          }
          case '?':
            openHelp();
            return true;
          default:
            return false;
        }
      };
      if (act()) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [region, element, openHelp]);
}

function Chapters({ player, element }: { player: Player; element: RefObject<HTMLVideoElement | null> }) {
  const chapters = useSelector(player, selectChapters);
  const current = useSelector(player, selectChapterIndex);
  if (chapters.length === 0) return null;
  return (
    <nav className={styles.chapters} aria-label="Chapters">
      <div className={styles.chapterBar} aria-hidden="true">
        {/* The introduction before the first step, so the bar is the video's timeline. */}
        {chapters[0]!.start > 0 && <span className={styles.chapterSegment} style={{ flexGrow: chapters[0]!.start }} data-past={current >= 0} />}
        {chapters.map((chapter, i) => (
          <span
            key={chapter.number}
            className={styles.chapterSegment}
            style={{ flexGrow: Math.max(1, chapter.end - chapter.start) }}
            data-current={i === current}
            data-past={i < current}
          />
        ))}
      </div>
      <ol className={styles.chapterList}>
        {chapters.map((chapter, i) => (
          <li key={chapter.number}>
            <button
              type="button"
              className={styles.chapterButton}
              aria-current={i === current ? 'true' : undefined}
              aria-label={`Step ${chapter.number}: ${chapter.title}, at ${clockTime(chapter.start)}`}
              title={chapter.title}
              onClick={() => seek(element, chapter.start)}
            >
              <span className={styles.time}>{clockTime(chapter.start)}</span>
              <span className={styles.chapterTitle}>
                Step {chapter.number}: {chapter.title}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scrolls the transcript's box (never the page) so a cue sits a third of the way down. */
function scrollCueIntoView(list: HTMLElement | null, index: number) {
  const item = list?.children[index] as HTMLElement | undefined;
  if (!list || !item) return;
  const top = item.offsetTop - list.clientHeight / 3;
  list.scrollTo({ top: Math.max(0, top), behavior: reducedMotion() ? 'auto' : 'smooth' });
}

function Transcript({ player, element }: { player: Player; element: RefObject<HTMLVideoElement | null> }) {
  const shown = useSelector(player, selectHasTranscript);
  const loading = useSelector(player, selectTranscriptLoading);
  const cues = useSelector(player, selectCues);
  const active = useSelector(player, selectActiveCue);
  const follow = useSelector(player, selectFollow);
  const query = useSelector(player, selectQuery);
  const matches = useSelector(player, selectMatches);
  const current = useSelector(player, selectCurrentMatch);
  const { setFollow, search, nextMatch, previousMatch, clearSearch } = useIntents(player, mediaPlayerIntents);
  const list = useRef<HTMLOListElement>(null);

  const searching = query.trim() !== '';
  useEffect(() => {
    if (follow && !searching && active >= 0) scrollCueIntoView(list.current, active);
  }, [active, follow, searching]);
  useEffect(() => {
    if (current !== null) scrollCueIntoView(list.current, current);
  }, [current]);

  if (loading) return <TranscriptPlaceholder />;
  if (!shown) return null;
  const position = current === null ? 0 : matches.indexOf(current) + 1;
  const count = !searching ? '' : matches.length === 0 ? 'No matches' : `${position} of ${matches.length}`;
  return (
    <section className={styles.transcript} aria-labelledby="transcript-heading">
      <div className={styles.transcriptHead}>
        <h2 id="transcript-heading" className={styles.h2}>
          Transcript
        </h2>
        <label className={styles.follow}>
          <input type="checkbox" className={styles.checkbox} checked={follow} onChange={(e) => setFollow(e.currentTarget.checked)} />
          Follow along
        </label>
      </div>
      <div className={styles.search} role="search" aria-label="Transcript">
        <input
          type="search"
          className={styles.searchInput}
          placeholder="Search the transcript"
          aria-label="Search the transcript"
          aria-describedby="transcript-match-count"
          value={query}
          onChange={(e) => search(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (e.shiftKey) previousMatch();
              else nextMatch();
            } else if (e.key === 'Escape' && searching) {
              e.preventDefault();
              clearSearch();
            }
          }}
        />
        <span id="transcript-match-count" className={styles.matchCount} aria-live="polite">
          {count}
        </span>
        <button type="button" className={styles.toolButton} aria-label="Previous match" disabled={matches.length === 0} onClick={previousMatch}>
          <Arrow up />
        </button>
        <button type="button" className={styles.toolButton} aria-label="Next match" disabled={matches.length === 0} onClick={nextMatch}>
          <Arrow />
        </button>
      </div>
      <ol ref={list} className={styles.cues} aria-label="Transcript of the video" tabIndex={-1}>
        {cues.map((cue, i) => (
          <li key={`${cue.start}-${i}`}>
            <button type="button" className={styles.cue} aria-current={i === active ? 'true' : undefined} onClick={() => seek(element, cue.start)}>
              <span className={styles.cueTime}>{clockTime(cue.start)}</span>
              <span>
                {searching
                  ? splitMatches(cue.text, query).map((part, j) =>
                      part.match ? (
                        <mark key={j} className={styles.mark} data-current={i === current}>
                          {part.text}
                        </mark>
                      ) : (
                        part.text
                      ),
                    )
                  : cue.text}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The transcript's card while the captions load, so the page below does not move when they arrive. */
function TranscriptPlaceholder() {
  return (
    <div className={styles.transcript}>
      <Skeleton label="Loading the transcript…">
        <SkeletonLine width="30%" />
        <SkeletonLine />
        <SkeletonLine width="85%" />
        <SkeletonLine width="70%" />
      </Skeleton>
    </div>
  );
}

function Arrow({ up = false }: { up?: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path d={up ? 'M4 10l4-4 4 4' : 'M4 6l4 4 4-4'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function KeyboardIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <rect x="2.5" y="6" width="19" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M6 10h1M9 10h1M12 10h1M15 10h1M18 10h0.5M7 14h10" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
