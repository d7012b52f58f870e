/** A caption cue as the media element parsed it: seconds and its text (lines joined by a space). */
export type Cue = { start: number; end: number; text: string };

/** A guide step on the timeline: where the captions say "Step n". */
export type Chapter = { number: number; title: string; start: number; end: number };

/** The speeds the player offers; 2× is the fastest the server credits (server/services/watched.ts). */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

export type MediaPlayerContext = {
  /** The captions' cues once the media element has parsed them; empty when the video has none. */
  cues: Cue[];
  /** Where the video is, in seconds. */
  time: number;
  rate: PlaybackRate;
  /** The transcript scrolls to the cue being spoken. */
  follow: boolean;
  /** What the learner searches for in the transcript. */
  query: string;
  /** Which of the matches is the current one (wraps around). */
  matchIndex: number;
};

export type MediaPlayerEvent =
  /** The captions track has loaded: its cues. */
  | { type: 'player.cues'; cues: Cue[] }
  /** The video has no captions, or they could not be loaded. */
  | { type: 'player.noCaptions' }
  | { type: 'player.time'; time: number }
  | { type: 'player.rate'; rate: PlaybackRate }
  | { type: 'player.follow'; follow: boolean }
  | { type: 'player.search'; query: string }
  | { type: 'player.nextMatch' }
  | { type: 'player.previousMatch' }
  | { type: 'player.clearSearch' };
