import type { LearnerEventType, Schemas } from '../contract.ts';
import type { EventTarget } from '../repositories/catalog.ts';
import { percentOf, union, watchable, type Range, type Session } from './watched.ts';

// Learner events are evidence: the usage report and a teacher's progress are read from them, so
// each event is judged on its own before it is stored (docs/decisions.md, "Learner events are
// evidence"). A batch is never refused or counted as a whole: every event gets its own answer.

/** Clocks drift: an event stamped further ahead than this is refused. */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;
/**
 * The oldest event accepted. The browser's queue keeps at most 500 unsent events and sends them
 * as soon as it is online again; two weeks covers a device left offline over a school holiday.
 */
export const MAX_EVENT_AGE_MS = 14 * 24 * 3600 * 1000;
/** Positions are reported to 0.1 s: one past the end by less than this is the end. */
const POSITION_ROUNDING_SECONDS = 0.5;

/** Why an event was not stored: a code a client can act on, and a sentence a person can read. */
export type Rejection = { reason: string; message: string };

export type EventVerdict =
  | { id: string; status: 'accepted' | 'duplicate' }
  | ({ id: string; status: 'rejected' } & Rejection);

type Event = Schemas['LearnerEvent'];

/** Event types about a catalogue item, with what the item must be for the claim to make sense. */
const ITEM_RULES: Partial<Record<LearnerEventType, (target: EventTarget) => Rejection | null>> = {
  CATALOG_ITEM_VISITED: () => null,
  CATALOG_ITEM_LEFT: () => null,
  CATALOG_ITEM_RATED: () => null,
  BOOKMARK_UPDATED: () => null,
  VIDEO_PLAYED: (t) => (t.videoSeconds === null ? NO_VIDEO : null),
  VIDEO_PAUSED: (t) => (t.videoSeconds === null ? NO_VIDEO : null),
  VIDEO_TIMEUPDATED: (t) => (t.videoSeconds === null ? NO_VIDEO : null),
  REPRODUCIBLES_DOWNLOADED: (t) => (t.hasReproducibles ? null : { reason: 'NO_REPRODUCIBLES', message: 'This item has no reproducibles' }),
  STRATEGY_APPLICATION_UPDATED: (t) => (t.resourceType === 'LEARNING_OBJECT' ? null : NOT_A_STRATEGY),
  RUBRIC_SCORE_SAVED: (t) => (t.resourceType === 'LEARNING_OBJECT' ? null : NOT_A_STRATEGY),
};
const NO_VIDEO: Rejection = { reason: 'NO_VIDEO', message: 'This item has no video' };
const NOT_A_STRATEGY: Rejection = { reason: 'NOT_A_STRATEGY', message: 'Only strategies (learning objects) have this step' };

/** The event's time, if it is one the server believes. */
export function timeRefusal(at: Date, now: number): Rejection | null {
  if (at.getTime() > now + MAX_CLOCK_SKEW_MS) return { reason: 'TIMESTAMP_IN_FUTURE', message: 'The event is stamped in the future' };
  if (at.getTime() < now - MAX_EVENT_AGE_MS) return { reason: 'TIMESTAMP_TOO_OLD', message: 'The event is older than two weeks' };
  return null;
}

/** The catalogue item the event names, if it exists and is of the kind the event needs. */
export function itemRefusal(event: Pick<Event, 'type' | 'data'>, targets: ReadonlyMap<string, EventTarget>): Rejection | null {
  const rule = ITEM_RULES[event.type];
  if (!rule) return null;
  const id = event.data?.catalogItemId;
  if (!id) return { reason: 'ITEM_REQUIRED', message: `${event.type} needs a catalogItemId` };
  const target = targets.get(id);
  if (!target) return { reason: 'UNKNOWN_ITEM', message: 'No catalogue item has this id' };
  return rule(target);
}

/** A video event that may be stored: when it counts for, and what its play session covered now. */
export type Watch =
  | { creditedAt: Date; session?: undefined }
  | { creditedAt: Date; session: Session; sessionWatched: Range[]; itemWatched: Range[]; percent: number };

/**
 * A video event as watching can have produced it (services/watched.ts). Seconds watched count
 * only in a play session of this learner and video, and only as many as the learner's sessions
 * can all have been watched by now; the event counts for a day between the session's start and
 * now, so a queued event keeps its day and no event creates a day the server did not hear of.
 * An event without a session (a pause, a play) moves the position and counts for today.
 */
export function watchRefusal(
  claim: { playSessionId?: string; watched?: number[][]; position?: number; at: Date },
  video: { catalogItemId: string; seconds: number; watchedRanges: Range[] },
  sessions: readonly Session[],
  now: number,
): Rejection | Watch {
  if (claim.position !== undefined && claim.position > video.seconds + POSITION_ROUNDING_SECONDS) {
    return { reason: 'POSITION_BEYOND_END', message: 'The position is past the end of the video' };
  }
  if (!claim.playSessionId) {
    if (claim.watched?.length) return { reason: 'PLAY_SESSION_REQUIRED', message: 'Watched time counts only in a play session: ask for the video first' };
    return { creditedAt: new Date(now) };
  }
  const session = sessions.find((s) => s.id === claim.playSessionId);
  if (!session || session.catalogItemId !== video.catalogItemId) {
    return { reason: 'UNKNOWN_PLAY_SESSION', message: 'No play session of yours for this video has this id: ask for the video again' };
  }
  const creditedAt = new Date(Math.min(now, Math.max(session.startedAt.getTime(), claim.at.getTime())));
  const sessionWatched = union(session.watched, claim.watched ?? [], video.seconds);
  const after = sessions.map((s) => (s === session ? { ...s, watched: sessionWatched } : s));
  if (!watchable(after, now)) return { reason: 'PROGRESS_NOT_WATCHED', message: 'More of the video is claimed than could have been watched by now' };
  const itemWatched = union(video.watchedRanges, sessionWatched, video.seconds);
  return { creditedAt, session, sessionWatched, itemWatched, percent: percentOf(itemWatched, video.seconds) };
}

/** Today in UTC, the day a sign-in is counted for. */
export const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);
