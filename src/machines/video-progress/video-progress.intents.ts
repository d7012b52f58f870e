import type { VideoProgressEvent } from './video-progress.types';

/** What the video element reports to the video-progress actor. */
export const videoIntents = (send: (event: VideoProgressEvent) => void) => ({
  /** The media's metadata loaded: its duration in seconds. */
  loaded: (duration: number) => send({ type: 'video.loaded', duration }),
  played: () => send({ type: 'video.play' }),
  paused: () => send({ type: 'video.pause' }),
  /** `at`: the page's clock in ms, so a jump can be told from watching; `rate`: the playback speed. */
  timeUpdated: (currentTime: number, at: number, rate = 1) => send({ type: 'video.timeUpdate', currentTime, at, rate }),
  seeked: (currentTime: number) => send({ type: 'video.seeked', currentTime }),
  ended: () => send({ type: 'video.ended' }),
  /** "Try again" after the source failed to load. */
  retry: () => send({ type: 'video.retry' }),
});
