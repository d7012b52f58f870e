import type { components } from '@/api/schema';
import type { LearnerEventData } from '@/machines/learner-events/learner-events.types';

export type VideoSource = components['schemas']['Video'];

/** Issue item 5: how watched time is measured and how often it is reported. */
export const VIDEO_PROGRESS = {
  /**
   * A forward jump larger than this multiple of the elapsed time (times the playback speed) is a
   * seek, not watching.
   */
  maxSpeedFactor: 1.5,
  /** The fastest speed credited, as the server's MAX_PLAYBACK_RATE: a faster one counts as this. */
  maxPlaybackRate: 2,
  /** Without a timestamp on the event: the largest step still counted as watched, in seconds. */
  untimedMaxStepSeconds: 1,
  /** VIDEO_TIMEUPDATED at most once per this much playback, in seconds. */
  reportEverySeconds: 10,
} as const;

export type VideoProgressInput = {
  catalogItemId: string;
  /** Where the learner stopped last time, in seconds. */
  initialPosition?: number;
  /** How much of the video the learner has watched already, in percent. */
  initialWatchedPercent?: number;
  /** Start playing as soon as the video is ready. */
  playVideo?: boolean;
  /**
   * The source the screen already asked for (the learning object's page asks as soon as it knows
   * the item, alongside its other requests); a failed one is asked for again.
   */
  requested?: Promise<VideoSource> | null;
};

export type Tracking = {
  /** Length of the media in seconds; 0 until the metadata loaded. */
  duration: number;
  /** Last known playback position in seconds. */
  position: number;
  /** Seconds actually watched (played forward at normal speed), including earlier sessions. */
  watchedSeconds: number;
  /** The seconds of the video this play session covered, merged [start, end] ranges: what its events report. */
  sessionRanges: [number, number][];
  /** The seconds watched in every session so far (the server's figure at the start, and this one's). */
  watchedRanges: [number, number][];
  /** Seconds of playback since the actor started, measured on the events' clock. */
  playedSeconds: number;
  /** playedSeconds at the last VIDEO_TIMEUPDATED. */
  reportedAtPlayed: number;
  /** Timestamp (ms) of the previous timeupdate while playing; null right after play or seek. */
  lastAt: number | null;
};

export type VideoProgressContext = Tracking & {
  catalogItemId: string;
  initialPosition: number;
  initialWatchedPercent: number;
  autoplay: boolean;
  /** The screen's own earlier request for the source, if it made one. */
  requested: Promise<VideoSource> | null;
  source: VideoSource | null;
  error: unknown;
};

export type FetchVideoSourceInput = { catalogItemId: string; requested: Promise<VideoSource> | null };

export type VideoProgressEvent =
  /** The media's metadata loaded (loadedmetadata): its duration in seconds. */
  | { type: 'video.loaded'; duration: number }
  | { type: 'video.play' }
  | { type: 'video.pause' }
  /**
   * `at`: the page's clock in ms (performance.now()); lets a jump be told from watching.
   * `rate`: the playback speed (1 when absent): at 2× the video moves two seconds a second.
   */
  | { type: 'video.timeUpdate'; currentTime: number; at?: number; rate?: number }
  | { type: 'video.seeked'; currentTime: number }
  | { type: 'video.ended' }
  /** The source could not be fetched: ask again. */
  | { type: 'video.retry' };

export type VideoLearnerEventType = 'VIDEO_PLAYED' | 'VIDEO_PAUSED' | 'VIDEO_TIMEUPDATED';

export type RecordVideoEventParams = { type: VideoLearnerEventType; data: LearnerEventData };
export type PatchVideoProgressParams = { catalogItemId: string; patch: { videoProgress: number; videoPosition: number } };
