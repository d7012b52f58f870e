import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { CatalogItem, CatalogItemSummary } from '@/machines/catalog/catalog.types';
import { wrongKindError } from '@/machines/catalog/catalog-screens.machine';
import { LEARNING_OBJECT_VIDEO_ID, learningObjectMachine } from '@/machines/learning-object/learning-object.machine';
import {
  DEMO_ACCOUNT_CODE,
  DEMO_ACCOUNT_MESSAGE,
  type ActionInput,
  type ActionOutput,
  type LearningObjectAction,
  type LearningObjectContext,
  type LearningObjectEvent,
  type LearningObjectLoaded,
  type LearningObjectLoadInput,
  type SavedFile,
} from '@/machines/learning-object/learning-object.types';
import { videoProgressMachine } from '@/machines/video-progress/video-progress.machine';
import type { VideoSource } from '@/machines/video-progress/video-progress.types';
import { effectFreeModel, expectFullCoverage, settle, walkModel } from '../support/model';
import { deferred, type Deferred } from './fixtures';

// A strategy's page walked path by path against the real machine, for an item with a video and
// one without: a failed load and its retry, every learner action succeeding or failing (one at a
// time), and leaving and coming back from the page cache, twice in a row too. The driver holds
// the load and each action open until the path settles them, sends `lo.pageRestored` through the
// page watcher as the browser does, and keeps the real video child (its source fetch never
// answers: only what the page tells it matters here). After every step the effects the page ran
// — visit and leave records, snackbars, progress patches, learner events, downloads, the video
// paused — must be exactly the ones this path calls for, written out below.

type ModelEvent =
  | LearningObjectEvent
  | { type: 'model.done.fetchLearningObject'; output: LearningObjectLoaded }
  | { type: 'model.error.fetchLearningObject'; error: unknown }
  | { type: 'model.done.fetchRelated'; output: CatalogItemSummary[] }
  | { type: 'model.error.fetchRelated'; error: unknown }
  | { type: 'model.done.runAction'; output: ActionOutput }
  | { type: 'model.error.runAction'; error: unknown };

const PUBLIC_ID = 'wait-time';
const ITEM_ID = 'item-1';
const item = (hasVideo: boolean) =>
  ({ id: ITEM_ID, publicId: PUBLIC_ID, hasVideo, userRating: { value: 2 }, userRubricScore: 1 }) as unknown as CatalogItem;
const loaded = (hasVideo: boolean): LearningObjectLoaded => ({
  item: item(hasVideo),
  bookmarked: false,
  videoProgress: 40,
  videoPosition: 42.5,
  playlist: null,
});
const WITH_VIDEO = loaded(true);
const WITHOUT_VIDEO = loaded(false);
const LOAD_FAILURE = new Error('Server error');
const RELATED = [{ id: 'item-2', publicId: 'exit-tickets', title: 'Exit Tickets' }] as unknown as CatalogItemSummary[];
/** An address that names no strategy: the not-found page, no retry. */
const NOT_FOUND = wrongKindError();
const DEMO_REFUSAL = Object.assign(new Error('Forbidden'), { code: DEMO_ACCOUNT_CODE });
const FILE: SavedFile = { blob: new Blob(['PK']), fileName: 'wait-time.zip' };

/** What the server answers for each saving action (the page takes it instead of what it sent). */
function answered(action: LearningObjectAction): ActionOutput['saved'] {
  if (action.kind === 'rate') return { rating: action.value };
  if (action.kind === 'rubric') return { rubricScore: action.value };
  if (action.kind === 'bookmark') return { bookmarked: action.saved };
  return undefined;
}

function events(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const pending = (snapshot.context as LearningObjectContext).pending;
  return [
    { type: 'model.done.fetchLearningObject', output: WITH_VIDEO },
    { type: 'model.done.fetchLearningObject', output: WITHOUT_VIDEO },
    { type: 'model.error.fetchLearningObject', error: LOAD_FAILURE },
    { type: 'model.error.fetchLearningObject', error: NOT_FOUND },
    { type: 'model.done.fetchRelated', output: RELATED },
    { type: 'model.error.fetchRelated', error: LOAD_FAILURE },
    { type: 'lo.retry' },
    { type: 'screen.leave' },
    { type: 'lo.pageRestored' },
    { type: 'lo.rate', value: 4 },
    { type: 'lo.saveRubric', value: 3 },
    { type: 'lo.setApplied', applied: true },
    { type: 'lo.setBookmarked', saved: true },
    { type: 'lo.download' },
    // Only a download produces a file; a rating, a rubric score and a bookmark answer what was saved.
    { type: 'model.done.runAction', output: { file: pending?.kind === 'download' ? FILE : null, saved: pending ? answered(pending) : undefined } },
    { type: 'model.error.runAction', error: DEMO_REFUSAL },
  ];
}

type Effect = { effect: string; params: unknown };

const visit = { effect: 'recordEvent', params: { eventType: 'CATALOG_ITEM_VISITED', data: { catalogItemId: ITEM_ID } } };
const leave = { effect: 'recordEvent', params: { eventType: 'CATALOG_ITEM_LEFT', data: { catalogItemId: ITEM_ID } } };

/** What a successful action tells the learner, patches and records (spec §8), written out by hand. */
function succeeded(action: LearningObjectAction): Effect[] {
  const data = { catalogItemId: ITEM_ID };
  const outcome = {
    rate: ['Thanks for rating this strategy', { isCatalogItemRated: true }, 'CATALOG_ITEM_RATED', { ...data, value: 4 }],
    rubric: ['Rubric score saved', { isRubricScoreSaved: true }, 'RUBRIC_SCORE_SAVED', { ...data, value: 3 }],
    apply: ['Marked as applied in your classroom', { isStrategyApplied: true }, 'STRATEGY_APPLICATION_UPDATED', { ...data, applied: true }],
    bookmark: ['Saved to your strategies', {}, 'BOOKMARK_UPDATED', { ...data, saved: true }],
    download: ['Reproducibles downloaded', { areReproduciblesDownloaded: true }, 'REPRODUCIBLES_DOWNLOADED', data],
  }[action.kind];
  return [
    { effect: 'notify', params: { message: outcome[0], variant: 'success' } },
    { effect: 'patchProgress', params: { catalogItemId: ITEM_ID, patch: outcome[1] } },
    { effect: 'recordEvent', params: { eventType: outcome[2], data: outcome[3] } },
    { effect: 'saveFile', params: { file: action.kind === 'download' ? FILE : null } },
  ];
}

/** The effects one step must have run, from the model's state before and after it. */
function effectsOf(event: ModelEvent, before: AnyMachineSnapshot, after: AnyMachineSnapshot): Effect[] {
  const { here, pending } = before.context as LearningObjectContext;
  const hasVideo = (after.context as LearningObjectContext).loaded?.item.hasVideo === true;
  switch (event.type) {
    case 'model.done.fetchLearningObject':
      return [visit];
    case 'screen.leave':
      // XState delivers `sendTo` after the step's other actions: the video hears the pause
      // after the leave is recorded.
      return here ? [leave, ...(hasVideo ? [{ effect: 'video', params: { type: 'video.pause' } }] : [])] : [];
    case 'lo.pageRestored':
      return here ? [] : [visit];
    case 'model.done.runAction':
      return succeeded(pending!);
    case 'model.error.runAction':
      return [{ effect: 'notify', params: { message: DEMO_ACCOUNT_MESSAGE, variant: 'error' } }];
    default:
      return [];
  }
}

const ACTIONS: Record<string, LearningObjectAction> = {
  'lo.rate': { kind: 'rate', value: 4 },
  'lo.saveRubric': { kind: 'rubric', value: 3 },
  'lo.setApplied': { kind: 'apply', applied: true },
  'lo.setBookmarked': { kind: 'bookmark', saved: true },
  'lo.download': { kind: 'download' },
};

describe('learning object, model-based', () => {
  it('walks every transition of the statechart on the real machine', async (context) => {
    const coverage = await walkModel<ModelEvent>(effectFreeModel(learningObjectMachine), {
      input: { publicId: PUBLIC_ID, playVideo: true },
      events,
      // What the learner saved shows in the context checks; the paths need only what changes the page's behaviour.
      serializeState: (snapshot) => {
        const c = snapshot.context as LearningObjectContext;
        return JSON.stringify([snapshot.value, c.loaded?.item.hasVideo ?? null, c.pending, c.here, c.error !== null, c.related === null]);
      },
      createDriver: () => {
        const fetches: { input: LearningObjectLoadInput; reply: Deferred<LearningObjectLoaded> }[] = [];
        const actions: { input: ActionInput; reply: Deferred<ActionOutput> }[] = [];
        const relatedFetches: { input: { catalogItemId: string }; reply: Deferred<CatalogItemSummary[]> }[] = [];
        const effects: Effect[] = [];
        const effect = (name: string) => (_: unknown, params: unknown) => void effects.push({ effect: name, params });
        let watcher: ((event: EventObject) => void) | null = null;
        const actor = createActor(
          learningObjectMachine.provide({
            actors: {
              fetchLearningObject: fromPromise<LearningObjectLoaded, LearningObjectLoadInput>(({ input }) => {
                const reply = deferred<LearningObjectLoaded>();
                fetches.push({ input, reply });
                return reply.promise;
              }),
              fetchRelated: fromPromise<CatalogItemSummary[], { catalogItemId: string }>(({ input }) => {
                const reply = deferred<CatalogItemSummary[]>();
                relatedFetches.push({ input, reply });
                return reply.promise;
              }),
              runAction: fromPromise<ActionOutput, ActionInput>(({ input }) => {
                const reply = deferred<ActionOutput>();
                actions.push({ input, reply });
                return reply.promise;
              }),
              video: videoProgressMachine.provide({
                actors: { fetchVideoSource: fromPromise(() => new Promise<VideoSource>(() => {})) },
                actions: { recordLearnerEvent: () => {}, patchProgress: () => {} },
              }),
              watchPage: fromCallback(({ sendBack }) => {
                watcher = sendBack;
                return () => void (watcher = null);
              }),
            },
            actions: {
              notify: effect('notify'),
              recordEvent: effect('recordEvent'),
              patchProgress: effect('patchProgress'),
              saveFile: effect('saveFile'),
            },
          }),
          {
            input: { publicId: PUBLIC_ID, playVideo: true },
            // What the page tells its video child (besides starting it: checked below).
            inspect: (inspection) => {
              if (
                inspection.type === '@xstate.event' &&
                (inspection.actorRef as AnyActorRef).id === LEARNING_OBJECT_VIDEO_ID &&
                inspection.sourceRef &&
                inspection.event.type !== 'xstate.init'
              ) {
                effects.push({ effect: 'video', params: inspection.event });
              }
            },
          },
        ).start();

        let last: ModelEvent | undefined;
        let before = actor.getSnapshot() as AnyMachineSnapshot;
        const expectedEffects: Effect[] = [];
        let expectedFetches = 1;
        let expectedActions = 0;
        return {
          actor,
          step: async (event) => {
            last = event;
            switch (event.type) {
              case 'model.done.fetchLearningObject':
                fetches.at(-1)!.reply.resolve(event.output);
                return settle();
              case 'model.error.fetchLearningObject':
                fetches.at(-1)!.reply.reject(event.error);
                return settle();
              case 'model.done.fetchRelated':
                relatedFetches.at(-1)!.reply.resolve(event.output);
                return settle();
              case 'model.error.fetchRelated':
                relatedFetches.at(-1)!.reply.reject(event.error);
                return settle();
              case 'model.done.runAction':
                actions.at(-1)!.reply.resolve(event.output);
                return settle();
              case 'model.error.runAction':
                actions.at(-1)!.reply.reject(event.error);
                return settle();
              case 'lo.pageRestored':
                // Only the page watcher, running while the page is ready, tells of a return from the cache.
                expect(watcher).not.toBeNull();
                return void watcher!(event);
              default:
                actor.send(event);
            }
          },
          check: (real, expected) => {
            const r = real.context as LearningObjectContext;
            const m = expected.context as LearningObjectContext;
            expect({ rating: r.rating, rubricScore: r.rubricScore, pending: r.pending, here: r.here, bookmarked: r.loaded?.bookmarked }).toEqual({
              rating: m.rating,
              rubricScore: m.rubricScore,
              pending: m.pending,
              here: m.here,
              bookmarked: m.loaded?.bookmarked,
            });
            // The related strategies: asked for once the page is ready, by the item's id; none shown when that fails.
            expect(r.related).toEqual(m.related);
            expect(relatedFetches.map((f) => f.input)).toEqual(expected.matches('ready') ? [{ catalogItemId: ITEM_ID }] : []);
            if (expected.matches('failed')) expect(r.error).toBe(LOAD_FAILURE);
            if (expected.matches('notFound')) expect(r.error).toBe(NOT_FOUND);

            // One load per entry into loading, one API call per action.
            if (last?.type === 'lo.retry') expectedFetches += 1;
            expect(fetches.map((f) => f.input)).toEqual(Array.from({ length: expectedFetches }, () => ({ publicId: PUBLIC_ID, playlistId: null })));
            if (last && last.type in ACTIONS) {
              expectedActions += 1;
              expect(actions.at(-1)!.input).toEqual({ action: ACTIONS[last.type], item: m.loaded!.item, publicId: PUBLIC_ID });
            }
            expect(actions).toHaveLength(expectedActions);

            if (last) expectedEffects.push(...effectsOf(last, before, expected));
            expect(effects).toEqual(expectedEffects);

            // The video child runs for an item with a video, from where the learner stopped.
            const video = real.children[LEARNING_OBJECT_VIDEO_ID] as AnyActorRef | undefined;
            if (m.loaded?.item.hasVideo) {
              expect(video?.getSnapshot().context).toMatchObject({
                catalogItemId: ITEM_ID,
                initialPosition: 42.5,
                initialWatchedPercent: 40,
                autoplay: true,
              });
            } else {
              expect(video).toBeUndefined();
            }
            before = expected;
          },
        };
      },
    });
    expectFullCoverage(context, coverage);
  });
});
