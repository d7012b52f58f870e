import { assign, setup } from 'xstate';
import { placeholderAction } from '@/machines/shared/placeholders';
import { matchingCues } from './media-player.logic';
import type { MediaPlayerContext, MediaPlayerEvent, PlaybackRate } from './media-player.types';

// A video's player around the media element: the interactive transcript built from its
// captions (the cue being spoken, follow along, search with next and previous) and the playback
// speed, remembered for the learner. The media element itself stays the view's: it reports its
// cues and time here, and the view seeks and sets the speed the context holds. Watched time is
// the video-progress actor's business, at any speed.

type Search = Extract<MediaPlayerEvent, { type: 'player.search' }>;

const wraps = (index: number, count: number) => (count === 0 ? 0 : ((index % count) + count) % count);

export const mediaPlayerMachine = setup({
  types: {
    context: {} as MediaPlayerContext,
    events: {} as MediaPlayerEvent,
  },
  actions: {
    /** The learner's speed from last time (supplied at the edge as an assign). */
    recallRate: placeholderAction('recallRate'),
    rememberRate: placeholderAction<{ rate: PlaybackRate }>('rememberRate'),
    setRate: assign((_, params: { rate: PlaybackRate }) => ({ rate: params.rate })),
    setCues: assign(({ event }) => (event.type === 'player.cues' ? { cues: event.cues } : {})),
    setTime: assign((_, params: { time: number }) => ({ time: params.time })),
    setFollow: assign((_, params: { follow: boolean }) => ({ follow: params.follow })),
    setQuery: assign((_, params: Search) => ({ query: params.query, matchIndex: 0 })),
    clearQuery: assign({ query: '', matchIndex: 0 }),
    step: assign(({ context }, params: { by: 1 | -1 }) => ({
      matchIndex: wraps(context.matchIndex + params.by, matchingCues(context.cues, context.query).length),
    })),
  },
  guards: {
    hasCues: ({ event }) => event.type === 'player.cues' && event.cues.length > 0,
    blankQuery: (_, params: Search) => params.query.trim() === '',
  },
}).createMachine({
  id: 'mediaPlayer',
  context: { cues: [], time: 0, rate: 1, follow: true, query: '', matchIndex: 0 },
  entry: 'recallRate',
  type: 'parallel',
  on: {
    'player.time': { actions: { type: 'setTime', params: ({ event }) => event } },
    'player.rate': { actions: [{ type: 'setRate', params: ({ event }) => event }, { type: 'rememberRate', params: ({ event }) => event }] },
    'player.follow': { actions: { type: 'setFollow', params: ({ event }) => event } },
  },
  states: {
    transcript: {
      initial: 'waiting',
      states: {
        /** The captions track is loading. */
        waiting: {
          on: {
            'player.cues': [{ guard: 'hasCues', target: 'shown', actions: 'setCues' }, { target: 'none' }],
            'player.noCaptions': { target: 'none' },
          },
        },
        shown: {},
        /** No captions, so no transcript and no chapters; the video plays as ever. */
        none: {
          on: { 'player.cues': { guard: 'hasCues', target: 'shown', actions: 'setCues' } },
        },
      },
    },
    search: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'player.search': [
              { guard: { type: 'blankQuery', params: ({ event }) => event }, actions: { type: 'setQuery', params: ({ event }) => event } },
              { target: 'searching', actions: { type: 'setQuery', params: ({ event }) => event } },
            ],
          },
        },
        /** A query is typed: its matches are highlighted, one of them current. */
        searching: {
          on: {
            'player.search': [
              { guard: { type: 'blankQuery', params: ({ event }) => event }, target: 'idle', actions: { type: 'setQuery', params: ({ event }) => event } },
              { actions: { type: 'setQuery', params: ({ event }) => event } },
            ],
            'player.nextMatch': { actions: { type: 'step', params: { by: 1 } } },
            'player.previousMatch': { actions: { type: 'step', params: { by: -1 } } },
            'player.clearSearch': { target: 'idle', actions: 'clearQuery' },
          },
        },
      },
    },
  },
});

export type MediaPlayerMachine = typeof mediaPlayerMachine;
