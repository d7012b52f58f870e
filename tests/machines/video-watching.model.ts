import { assign, setup } from 'xstate';

// An effect-free model of the video player's flow for model-based tests (xstate/graph refuses
// invoke and after). Watching is abstracted into 30-second stretches of a 100-second video, so
// the third distinct stretch crosses 90 percent; a seek to the end adds no watched time, and a
// stretch watched again after seeking back to the start counts once. Its states carry
// the real machine's names, so a test walks the model's paths and drives the real machine.

export const VIDEO_MODEL = { duration: 100, stretchSeconds: 30, stretchesToComplete: 3 } as const;

export type VideoModelEvent =
  /** The source fetch answered (the real machine's invoke). */
  | { type: 'source.loaded' }
  /** The source fetch failed; "Try again" asks again. */
  | { type: 'source.failed' }
  | { type: 'video.retry' }
  | { type: 'video.loaded' }
  | { type: 'video.play' }
  | { type: 'video.pause' }
  /** 30 s of normal playback. */
  | { type: 'watch' }
  | { type: 'seekEnd' }
  | { type: 'seekStart' }
  | { type: 'video.ended' };

export const videoProgressModel = setup({
  types: {
    /** stretches: distinct stretches watched; at: the stretch playback is in. */
    context: {} as { stretches: number; at: number; atEnd: boolean },
    events: {} as VideoModelEvent,
  },
  actions: {
    watched: assign(({ context }) => ({ at: context.at + 1, stretches: Math.max(context.stretches, context.at + 1) })),
    toEnd: assign({ atEnd: true }),
    toStart: assign({ atEnd: false, at: 0 }),
  },
  guards: {
    canWatch: ({ context }) => !context.atEnd,
    lastStretch: ({ context }) => !context.atEnd && Math.max(context.stretches, context.at + 1) >= VIDEO_MODEL.stretchesToComplete,
    atEnd: ({ context }) => context.atEnd,
  },
}).createMachine({
  id: 'videoProgressModel',
  context: { stretches: 0, at: 0, atEnd: false },
  initial: 'loadingSource',
  states: {
    loadingSource: { on: { 'source.loaded': 'loadingMedia', 'source.failed': 'failed' } },
    failed: { on: { 'video.retry': 'loadingSource' } },
    loadingMedia: { on: { 'video.loaded': 'ready' } },
    ready: { on: { 'video.play': 'playing' } },
    playing: {
      on: {
        watch: [
          { guard: 'lastStretch', target: 'completed', actions: 'watched' },
          { guard: 'canWatch', actions: 'watched' },
        ],
        'video.pause': 'paused',
        seekEnd: { actions: 'toEnd' },
        seekStart: { actions: 'toStart' },
        'video.ended': { guard: 'atEnd', target: 'paused' },
      },
    },
    paused: {
      on: {
        'video.play': 'playing',
        seekEnd: { actions: 'toEnd' },
        seekStart: { actions: 'toStart' },
      },
    },
    completed: { type: 'final' },
  },
});
