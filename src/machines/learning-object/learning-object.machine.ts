import { and, assign, not, sendTo, setup, spawnChild } from 'xstate';
import { isNotFoundError } from '@/machines/catalog/catalog-screens.machine';
import { placeholderAction, placeholderActor, placeholderCallback } from '@/machines/shared/placeholders';
import { videoProgressMachine } from '@/machines/video-progress/video-progress.machine';
import { actionErrorMessage, actionOutcome } from './learning-object.logic';
import type { CatalogItemSummary } from '@/machines/catalog/catalog.types';
import type {
  ActionInput,
  ActionOutput,
  LearningObjectAction,
  LearningObjectContext,
  LearningObjectEvent,
  LearningObjectInput,
  LearningObjectLoaded,
  LearningObjectLoadInput,
  NotifyParams,
  PatchProgressParams,
  RecordEventParams,
  SavedFile,
} from './learning-object.types';
import { QUEUED_OFFLINE_MESSAGE } from './learning-object.types';

// The learning-object screen: loads the item, then runs one learner action at a time while the
// related strategies arrive beside it. Every
// action, when it succeeds, shows a success snackbar, patches local progress and records its
// learner event; when it fails, shows the error (demo accounts are told to register). A
// download hands its file to the browser. The video player is a child actor ('video'). The
// visit is recorded on arrival and the departure once (`screen.leave`), whether the learner
// navigates away or the page itself goes. Effects are named and supplied at
// the edge (learning-object.actors.ts).

export const LEARNING_OBJECT_VIDEO_ID = 'video';

type Ctx = { context: LearningObjectContext };

const itemId = (context: LearningObjectContext): string => context.loaded?.item.id ?? context.publicId;

const visited = {
  type: 'recordEvent',
  params: ({ context }: Ctx) => ({ eventType: 'CATALOG_ITEM_VISITED' as const, data: { catalogItemId: itemId(context) } }),
} as const;

const left = {
  type: 'recordEvent',
  params: ({ context }: Ctx) => ({ eventType: 'CATALOG_ITEM_LEFT' as const, data: { catalogItemId: itemId(context) } }),
} as const;

export const learningObjectMachine = setup({
  types: {
    context: {} as LearningObjectContext,
    events: {} as LearningObjectEvent,
    input: {} as LearningObjectInput,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    fetchLearningObject: placeholderActor<LearningObjectLoaded, LearningObjectLoadInput>('fetchLearningObject'),
    runAction: placeholderActor<ActionOutput, ActionInput>('runAction'),
    /** Strategies related to the item, without the item itself. */
    fetchRelated: placeholderActor<CatalogItemSummary[], { catalogItemId: string }>('fetchRelated'),
    video: videoProgressMachine,
    /** The page hiding is a leave (`screen.leave`); coming back from the back/forward cache is `lo.pageRestored`. */
    watchPage: placeholderCallback<LearningObjectEvent>('watchPage'),
  },
  actions: {
    notify: placeholderAction<NotifyParams>('notify'),
    /** Hands a downloaded file (when the action produced one) to the browser. */
    saveFile: placeholderAction<{ file: SavedFile | null }>('saveFile'),
    recordEvent: placeholderAction<RecordEventParams>('recordEvent'),
    patchProgress: placeholderAction<PatchProgressParams>('patchProgress'),
    setPending: assign((_, params: { action: LearningObjectAction }) => ({ pending: params.action })),
    /** What the server answered replaces what the page held. */
    applySuccess: assign(({ context }, params: { saved: ActionOutput['saved'] }) => {
      const { bookmarked, ...values } = params.saved ?? {};
      const loaded = context.loaded;
      return { pending: null, ...values, loaded: loaded && bookmarked !== undefined ? { ...loaded, bookmarked } : loaded };
    }),
    clearPending: assign({ pending: null }),
    markHere: assign({ here: true }),
    markAway: assign({ here: false }),
  },
  guards: {
    /** The address names no strategy: a not-found page, not a retry. */
    notFound: ({ event }) => 'error' in event && isNotFoundError(event.error),
    hasVideo: ({ context }) => context.loaded?.item.hasVideo === true,
    here: ({ context }) => context.here,
    /** The related strategies have not been answered yet (they are answered once). */
    relatedPending: ({ context }) => context.related === null,
  },
}).createMachine({
  id: 'learningObject',
  context: ({ input }) => ({
    publicId: input.publicId,
    playlistId: input.playlistId ?? null,
    playVideo: input.playVideo ?? false,
    startAt: input.startAt ?? null,
    loaded: null,
    related: null,
    rating: null,
    rubricScore: null,
    pending: null,
    error: null,
    here: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'fetchLearningObject',
        input: ({ context }) => ({ publicId: context.publicId, playlistId: context.playlistId }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            loaded: event.output,
            rating: event.output.item.userRating?.value ?? null,
            rubricScore: event.output.item.userRubricScore,
            error: null,
          })),
        },
        onError: [
          { guard: 'notFound', target: 'notFound', actions: assign({ error: ({ event }) => event.error }) },
          { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    failed: { on: { 'lo.retry': 'loading' } },
    /** Nothing to retry: the address is wrong. */
    notFound: {},
    ready: {
      entry: [visited, 'markHere'],
      invoke: [
        { src: 'watchPage' },
        {
          src: 'fetchRelated',
          input: ({ context }) => ({ catalogItemId: itemId(context) }),
          onDone: { guard: 'relatedPending', actions: assign({ related: ({ event }) => event.output }) },
          // None to show rather than an error: the page itself is fine.
          onError: { guard: 'relatedPending', actions: assign({ related: [] }) },
        },
      ],
      on: {
        // A playing video is paused too, so its position is recorded (the pause reaches the
        // player after the leave is queued: both go out in the same beacon).
        'screen.leave': [
          { guard: and(['here', 'hasVideo']), actions: [sendTo(LEARNING_OBJECT_VIDEO_ID, { type: 'video.pause' }), left, 'markAway'] },
          { guard: 'here', actions: [left, 'markAway'] },
        ],
        'lo.pageRestored': { guard: not('here'), actions: [visited, 'markHere'] },
      },
      initial: 'checkingVideo',
      states: {
        checkingVideo: {
          always: [
            {
              guard: 'hasVideo',
              target: 'idle',
              actions: spawnChild('video', {
                id: LEARNING_OBJECT_VIDEO_ID,
                input: ({ context }) => ({
                  catalogItemId: itemId(context),
                  initialWatchedPercent: context.loaded?.videoProgress ?? 0,
                  initialPosition: context.startAt ?? context.loaded?.videoPosition ?? 0,
                  playVideo: context.playVideo,
                  requested: context.loaded?.videoSource ?? null,
                }),
              }),
            },
            { target: 'idle' },
          ],
        },
        idle: {
          on: {
            'lo.rate': { target: 'working', actions: { type: 'setPending', params: ({ event }) => ({ action: { kind: 'rate', value: event.value } }) } },
            'lo.saveRubric': {
              target: 'working',
              actions: { type: 'setPending', params: ({ event }) => ({ action: { kind: 'rubric', value: event.value } }) },
            },
            'lo.setApplied': {
              target: 'working',
              actions: { type: 'setPending', params: ({ event }) => ({ action: { kind: 'apply', applied: event.applied } }) },
            },
            'lo.setBookmarked': {
              target: 'working',
              actions: { type: 'setPending', params: ({ event }) => ({ action: { kind: 'bookmark', saved: event.saved } }) },
            },
            'lo.download': { target: 'working', actions: { type: 'setPending', params: { action: { kind: 'download' } } } },
          },
        },
        working: {
          tags: 'busy',
          invoke: {
            src: 'runAction',
            input: ({ context }) => ({
              action: context.pending ?? { kind: 'download' },
              item: context.loaded!.item,
              publicId: context.publicId,
            }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: ({ context, event }) => ({
                    message: event.output.queued ? QUEUED_OFFLINE_MESSAGE : actionOutcome(context.pending!, itemId(context)).message,
                    variant: 'success' as const,
                  }),
                },
                {
                  type: 'patchProgress',
                  params: ({ context }) => ({ catalogItemId: itemId(context), patch: actionOutcome(context.pending!, itemId(context)).patch }),
                },
                {
                  type: 'recordEvent',
                  params: ({ context }) => {
                    const outcome = actionOutcome(context.pending!, itemId(context));
                    return { eventType: outcome.eventType, data: outcome.data };
                  },
                },
                { type: 'saveFile', params: ({ event }) => ({ file: event.output.file }) },
                { type: 'applySuccess', params: ({ event }) => ({ saved: event.output.saved }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'notify', params: ({ event }) => ({ message: actionErrorMessage(event.error), variant: 'error' as const }) },
                'clearPending',
              ],
            },
          },
        },
      },
    },
  },
});

export type LearningObjectMachine = typeof learningObjectMachine;
