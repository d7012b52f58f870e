// Watched time the server can vouch for (docs/decisions.md, "Watched time"). A play session
// starts when the learner asks for a video; its events say which seconds of the video it
// covered, as [start, end] ranges. Progress is the measure of the union of those seconds over
// all the learner's sessions, so seeking back, pausing, a second tab or a replayed offline queue
// count each second once. No leeway is granted anywhere, so none can add up.

export type Range = [number, number];

/** Fastest playback a learner may use (the player offers up to 2×). */
export const MAX_PLAYBACK_RATE = 2;
/**
 * How long a play session's events are taken: the oldest event the server accepts (two weeks,
 * services/learner-events.ts) plus a day. Older sessions are deleted when the learner starts one.
 */
export const PLAY_SESSION_DAYS = 15;

/** Ranges cut to [0, seconds], sorted and merged; empty or reversed ones dropped. */
export function normalize(ranges: readonly (readonly number[])[], seconds: number): Range[] {
  const cut = ranges
    .map(([start = 0, end = 0]) => [Math.max(0, start), Math.min(seconds, end)] as Range)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const [start, end] of cut) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

export const union = (a: readonly Range[], b: readonly (readonly number[])[], seconds: number): Range[] => normalize([...a, ...b], seconds);

/** Seconds covered by merged ranges. */
export const measure = (ranges: readonly Range[]): number => ranges.reduce((sum, [start, end]) => sum + end - start, 0);

/** Percent of a video of `seconds` covered, to 0.1, at most 100. */
export const percentOf = (ranges: readonly Range[], seconds: number): number =>
  seconds > 0 ? Math.min(100, Math.floor((measure(ranges) / seconds) * 1000 + 1e-6) / 10) : 0;

export type Session = { id: string; catalogItemId: string; startedAt: Date; watched: Range[] };

/**
 * Whether the learner's sessions can all have been watched by `now`: one pair of eyes at the
 * fastest playback. For every session, the seconds covered by it and by every session started
 * after it cannot exceed what the time since it started allows. Sessions opened at once (tabs,
 * or a script) share one budget; a session opened long ago lends nothing to one opened now.
 */
export function watchable(sessions: readonly Session[], now: number): boolean {
  const byStart = [...sessions].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
  let covered = 0;
  for (const session of byStart) {
    covered += measure(session.watched);
    if (covered > (Math.max(0, now - session.startedAt.getTime()) / 1000) * MAX_PLAYBACK_RATE) return false;
  }
  return true;
}
