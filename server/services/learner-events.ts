import type { LearnerEventType, Schemas } from '../contract.ts';
import type { EventTarget } from '../repositories/catalog.ts';
import type { VideoState } from '../repositories/progress.ts';

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
/** Fastest playback a learner may use (the player offers up to 2×). */
export const MAX_PLAYBACK_RATE = 2;
/** Seconds of video granted beyond what the elapsed time allows (timers, rounding, seeks back). */
export const WATCH_SLACK_SECONDS = 10;

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

/**
 * Video progress as watching can have produced it. A claim may exceed the progress already
 * stored only by what the time since then allows at the fastest playback, counting both since
 * the learner's previous interaction with the item and since they first asked for its video
 * (nobody watches a video they never loaded). A claim that does not move progress forward is
 * always fine; it changes nothing.
 */
export function watchRefusal(
  claim: { progress?: number; position?: number; at: Date },
  video: { seconds: number; state: VideoState | undefined; previousAt: Date | null },
  now: number,
): Rejection | null {
  const { seconds, state } = video;
  if (claim.position !== undefined && claim.position > seconds + WATCH_SLACK_SECONDS) {
    return { reason: 'POSITION_BEYOND_END', message: 'The position is past the end of the video' };
  }
  if (claim.progress === undefined) return null;
  const stored = state?.videoProgress ?? 0;
  if (claim.progress <= stored) return null;
  const percentFor = (elapsedMs: number) => ((Math.max(0, elapsedMs) / 1000) * MAX_PLAYBACK_RATE + WATCH_SLACK_SECONDS) / seconds * 100;
  const sinceOpened = state?.videoOpenedAt ? now - state.videoOpenedAt.getTime() : 0;
  const previousAt = video.previousAt ?? state?.lastInteractionAt ?? null;
  const sincePrevious = previousAt ? claim.at.getTime() - previousAt.getTime() : 0;
  const allowed = stored + Math.min(percentFor(sincePrevious), percentFor(sinceOpened));
  if (claim.progress > allowed) return { reason: 'PROGRESS_NOT_WATCHED', message: 'More of the video is claimed than could have been watched by now' };
  return null;
}

/** Today in UTC, the day a sign-in is counted for. */
export const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);
