import type { Cue, MediaPlayerEvent, PlaybackRate } from './media-player.types';

/** What the player's view reports and asks. */
export const mediaPlayerIntents = (send: (event: MediaPlayerEvent) => void) => ({
  cuesLoaded: (cues: Cue[]) => send({ type: 'player.cues', cues }),
  noCaptions: () => send({ type: 'player.noCaptions' }),
  timeChanged: (time: number) => send({ type: 'player.time', time }),
  setRate: (rate: PlaybackRate) => send({ type: 'player.rate', rate }),
  setFollow: (follow: boolean) => send({ type: 'player.follow', follow }),
  search: (query: string) => send({ type: 'player.search', query }),
  nextMatch: () => send({ type: 'player.nextMatch' }),
  previousMatch: () => send({ type: 'player.previousMatch' }),
  clearSearch: () => send({ type: 'player.clearSearch' }),
});
