import { assign, setup } from 'xstate';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import { gainsWholePercent, isReportDue, isWatchedEnough, rangesSeconds, resumePosition, trackTimeUpdate, watchedPercent } from './video-progress.logic';
import type {
  FetchVideoSourceInput,
  PatchVideoProgressParams,
  RecordVideoEventParams,
  VideoLearnerEventType,
  VideoProgressContext,
  VideoProgressEvent,
  VideoProgressInput,
  VideoSource,
} from './video-progress.types';

// Video progress: the source is fetched, the media reports its metadata, then
// play and pause alternate until 90 percent of the video was really watched. Watched time comes
// from the timeupdate deltas while playing, so a seek to the end completes nothing. The
// throttle of VIDEO_TIMEUPDATED is computed from the events' own clock, so apart from the source
// fetch the chart has no timers. Local progress, the app's one figure for "watched", is patched
// at each whole percent gained, so every screen shows what the player measured. Learner events
// and the local progress patch are named actions supplied at the edge (video-progress.actors.ts).

type TimeUpdate = Extract<VideoProgressEvent, { type: 'video.timeUpdate' }>;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * What a video event says: the play session the server started when the source was fetched, and
 * the seconds this session covered so far (the server measures progress from these), with the
 * position. Without a session (an admin's preview) nothing counts as watched.
 */
function learnerData(context: VideoProgressContext) {
  const session = context.source?.playSession;
  return {
    catalogItemId: context.catalogItemId,
    ...(session && { playSessionId: session.id, watched: context.sessionRanges.map(([start, end]) => [round1(start), round1(end)]) }),
    position: round1(context.position),
  };
}

const record = (type: VideoLearnerEventType) =>
  ({ type: 'recordLearnerEvent', params: ({ context }: { context: VideoProgressContext }) => ({ type, data: learnerData(context) }) }) as const;

const patch = {
  type: 'patchProgress',
  params: ({ context }: { context: VideoProgressContext }) => ({
    catalogItemId: context.catalogItemId,
    patch: { videoProgress: round1(watchedPercent(context)), videoPosition: round1(context.position) },
  }),
} as const;

export const videoProgressMachine = setup({
  types: {
    context: {} as VideoProgressContext,
    events: {} as VideoProgressEvent,
    input: {} as VideoProgressInput,
    tags: {} as 'loading',
  },
  actors: {
    fetchVideoSource: placeholderActor<VideoSource, FetchVideoSourceInput>('fetchVideoSource'),
  },
  actions: {
    recordLearnerEvent: placeholderAction<RecordVideoEventParams>('recordLearnerEvent'),
    patchProgress: placeholderAction<PatchVideoProgressParams>('patchProgress'),
    setDuration: assign(({ context }, params: { duration: number }) => ({
      duration: params.duration,
      position: resumePosition(context.initialPosition, params.duration),
      watchedSeconds: Math.min(params.duration, Math.max((context.initialWatchedPercent / 100) * params.duration, rangesSeconds(context.watchedRanges))),
    })),
    trackTime: assign(({ context }, params: { currentTime: number; at?: number; rate?: number }) =>
      trackTimeUpdate(context, params.currentTime, params.at, params.rate),
    ),
    moveTo: assign((_, params: { currentTime: number }) => ({ position: params.currentTime, lastAt: null })),
    startTiming: assign({ lastAt: null }),
    markReported: assign(({ context }) => ({ reportedAtPlayed: context.playedSeconds })),
    moveToEnd: assign(({ context }) => ({ position: context.duration, lastAt: null })),
  },
  guards: {
    autoplay: ({ context }) => context.autoplay,
    completesVideo: ({ context }, params: TimeUpdate) => isWatchedEnough(trackTimeUpdate(context, params.currentTime, params.at, params.rate)),
    reportDue: ({ context }, params: TimeUpdate) => isReportDue(trackTimeUpdate(context, params.currentTime, params.at, params.rate)),
    /** Local progress is the one figure for "watched" on every screen: it follows each whole percent. */
    gainsWholePercent: ({ context }, params: TimeUpdate) => gainsWholePercent(context, trackTimeUpdate(context, params.currentTime, params.at, params.rate)),
    watchedEnough: ({ context }) => isWatchedEnough(context),
  },
}).createMachine({
  id: 'videoProgress',
  context: ({ input }) => ({
    catalogItemId: input.catalogItemId,
    initialPosition: input.initialPosition ?? 0,
    initialWatchedPercent: input.initialWatchedPercent ?? 0,
    autoplay: input.playVideo ?? false,
    requested: input.requested ?? null,
    source: null,
    error: null,
    duration: 0,
    position: 0,
    watchedSeconds: 0,
    sessionRanges: [],
    watchedRanges: [],
    playedSeconds: 0,
    reportedAtPlayed: 0,
    lastAt: null,
  }),
  initial: 'loadingSource',
  states: {
    loadingSource: {
      tags: 'loading',
      invoke: {
        src: 'fetchVideoSource',
        input: ({ context }) => ({ catalogItemId: context.catalogItemId, requested: context.requested }),
        onDone: {
          target: 'loadingMedia',
          actions: assign({ source: ({ event }) => event.output, watchedRanges: ({ event }) => (event.output.playSession?.watched ?? []) as [number, number][], sessionRanges: [] }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    /** The element has its src; waiting for its metadata (duration). */
    loadingMedia: {
      tags: 'loading',
      on: {
        'video.loaded': { target: 'ready', actions: { type: 'setDuration', params: ({ event }) => ({ duration: event.duration }) } },
      },
    },
    ready: {
      always: { guard: 'autoplay', target: 'playing', actions: ['startTiming', record('VIDEO_PLAYED')] },
      on: {
        'video.play': { target: 'playing', actions: ['startTiming', record('VIDEO_PLAYED')] },
        'video.seeked': { actions: { type: 'moveTo', params: ({ event }) => event } },
      },
    },
    playing: {
      on: {
        'video.timeUpdate': [
          {
            guard: { type: 'completesVideo', params: ({ event }) => event },
            target: 'completed',
            actions: [{ type: 'trackTime', params: ({ event }) => event }, record('VIDEO_TIMEUPDATED'), 'markReported', patch],
          },
          {
            guard: { type: 'reportDue', params: ({ event }) => event },
            actions: [{ type: 'trackTime', params: ({ event }) => event }, record('VIDEO_TIMEUPDATED'), 'markReported', patch],
          },
          { guard: { type: 'gainsWholePercent', params: ({ event }) => event }, actions: [{ type: 'trackTime', params: ({ event }) => event }, patch] },
          { actions: { type: 'trackTime', params: ({ event }) => event } },
        ],
        'video.seeked': { actions: { type: 'moveTo', params: ({ event }) => event } },
        'video.pause': { target: 'paused', actions: [record('VIDEO_PAUSED'), patch] },
        'video.ended': [
          { guard: 'watchedEnough', target: 'completed', actions: ['moveToEnd', record('VIDEO_TIMEUPDATED'), 'markReported', patch] },
          { target: 'paused', actions: ['moveToEnd', record('VIDEO_PAUSED'), patch] },
        ],
      },
    },
    paused: {
      on: {
        'video.play': { target: 'playing', actions: ['startTiming', record('VIDEO_PLAYED')] },
        'video.seeked': { actions: { type: 'moveTo', params: ({ event }) => event } },
      },
    },
    /** 90 percent watched: reported once; replaying it changes nothing. */
    completed: {},
    /** No source (after the API client's own tries): the player offers "Try again". */
    failed: {
      on: { 'video.retry': { target: 'loadingSource', actions: assign({ error: null }) } },
    },
  },
});

export type VideoProgressMachine = typeof videoProgressMachine;
