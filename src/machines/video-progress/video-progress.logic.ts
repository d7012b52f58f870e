import { isVideoComplete } from '@/lib/video-complete';
import { VIDEO_PROGRESS, type Tracking } from './video-progress.types';

// Pure arithmetic of watched time, shared by the machine and its effect-free model.

type Range = [number, number];

/** Ranges sorted and merged (the server merges them the same way: server/services/watched.ts). */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const merged: Range[] = [];
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else if (end > start) merged.push([start, end]);
  }
  return merged;
}

export const rangesSeconds = (ranges: readonly Range[]): number => ranges.reduce((sum, [start, end]) => sum + end - start, 0);

export function watchedPercent(t: Pick<Tracking, 'watchedSeconds' | 'duration'>): number {
  if (t.duration <= 0) return 0;
  return Math.min(100, (t.watchedSeconds / t.duration) * 100);
}

export const isWatchedEnough = (t: Pick<Tracking, 'watchedSeconds' | 'duration'>): boolean =>
  isVideoComplete({ videoProgress: watchedPercent(t) });

/**
 * One timeupdate while playing. Forward movement counts as watched only when it is no faster
 * than maxSpeedFactor × the time that passed × the playback speed (at most 2×, the fastest the
 * server credits); a bigger jump (a seek, a scrub to the end) moves the position without adding
 * watched time.
 */
export function trackTimeUpdate(t: Tracking, currentTime: number, at: number | undefined, rate = 1): Tracking {
  const delta = currentTime - t.position;
  const speed = Math.min(VIDEO_PROGRESS.maxPlaybackRate, Math.max(1, Number.isFinite(rate) ? rate : 1));
  const elapsed = at !== undefined && t.lastAt !== null ? Math.max(0, (at - t.lastAt) / 1000) : null;
  const maxStep = (elapsed === null ? VIDEO_PROGRESS.untimedMaxStepSeconds : elapsed * VIDEO_PROGRESS.maxSpeedFactor) * speed;
  const watched = delta > 0 && delta <= maxStep ? delta : 0;
  const cap = t.duration > 0 ? t.duration : Number.POSITIVE_INFINITY;
  if (watched === 0) return { ...t, position: currentTime, playedSeconds: t.playedSeconds + (elapsed ?? 0), lastAt: at ?? null };
  // A second watched again (after seeking back) is counted once, as the server counts it.
  const stretch: Range = [t.position, currentTime];
  const watchedRanges = mergeRanges([...t.watchedRanges, stretch]);
  return {
    ...t,
    position: currentTime,
    sessionRanges: mergeRanges([...t.sessionRanges, stretch]),
    watchedRanges,
    watchedSeconds: Math.min(cap, Math.max(t.watchedSeconds, rangesSeconds(watchedRanges))),
    playedSeconds: t.playedSeconds + (elapsed ?? watched),
    lastAt: at ?? null,
  };
}

export const isReportDue = (t: Pick<Tracking, 'playedSeconds' | 'reportedAtPlayed'>): boolean =>
  t.playedSeconds - t.reportedAtPlayed >= VIDEO_PROGRESS.reportEverySeconds;

/** Where playback starts: the last position, unless that was at the very end. */
export function resumePosition(initialPosition: number, duration: number): number {
  if (!(initialPosition > 0)) return 0;
  if (duration > 0 && initialPosition >= duration - 1) return 0;
  return initialPosition;
}

/** The watched figure reached a new whole percent: what the learner sees changed, so progress follows. */
export const gainsWholePercent = (before: Pick<Tracking, 'watchedSeconds' | 'duration'>, after: Pick<Tracking, 'watchedSeconds' | 'duration'>): boolean =>
  Math.floor(watchedPercent(after)) > Math.floor(watchedPercent(before));
