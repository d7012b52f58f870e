import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { LEARNING_OBJECT_VIDEO_ID, learningObjectMachine } from '@/machines/learning-object/learning-object.machine';
import { videoProgressMachine } from '@/machines/video-progress/video-progress.machine';
import { selectResumePosition } from '@/machines/video-progress/video-progress.selectors';
import type { VideoSource } from '@/machines/video-progress/video-progress.types';
import { actionErrorMessage, frameworkPath } from '@/machines/learning-object/learning-object.logic';
import type { ActionInput, ActionOutput, LearningObjectLoaded, LearningObjectLoadInput } from '@/machines/learning-object/learning-object.types';
import type { CatalogItem, CatalogItemSummary } from '@/machines/catalog/catalog.types';

const item = {
  id: 'item-1',
  publicId: 'wait-time',
  hasVideo: false,
  userRating: null,
  userRubricScore: null,
} as unknown as CatalogItem;

function start(runAction: (input: ActionInput) => Promise<ActionOutput>, loaded: Partial<LearningObjectLoaded> = {}, startAt: number | null = null) {
  const notify = vi.fn();
  const recordEvent = vi.fn();
  const patchProgress = vi.fn();
  const saveFile = vi.fn();
  const logic = learningObjectMachine.provide({
    actors: {
      fetchLearningObject: fromPromise<LearningObjectLoaded, LearningObjectLoadInput>(async () => ({
        item,
        bookmarked: false,
        videoProgress: 0,
        videoPosition: 0,
        playlist: null,
        ...loaded,
      })),
      fetchRelated: fromPromise(async (): Promise<CatalogItemSummary[]> => []),
      runAction: fromPromise<ActionOutput, ActionInput>(({ input }) => runAction(input)),
      video: videoProgressMachine.provide({
        actors: { fetchVideoSource: fromPromise(async () => ({ url: '/media/v.webm', mimeType: 'video/webm', captions: [] }) as unknown as VideoSource) },
        actions: { recordLearnerEvent: () => {}, patchProgress: () => {} },
      }),
      watchPage: fromCallback(() => {}),
    },
    actions: {
      notify: (_, params) => notify(params),
      recordEvent: (_, params) => recordEvent(params),
      patchProgress: (_, params) => patchProgress(params),
      saveFile: (_, params) => {
        if (params.file) saveFile(params.file);
      },
    },
  });
  const actor = createActor(logic, { input: { publicId: 'wait-time', startAt } }).start();
  return { actor, notify, recordEvent, patchProgress, saveFile };
}

describe('learning-object machine', () => {
  it('records the visit, and a successful rating notifies, patches progress and records the event', async () => {
    // The rating the server answered is the one the page shows.
    const { actor, notify, recordEvent, patchProgress } = start(async () => ({ file: null, saved: { rating: 4 } }));
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(recordEvent).toHaveBeenCalledWith({ eventType: 'CATALOG_ITEM_VISITED', data: { catalogItemId: 'item-1' } });
    actor.send({ type: 'lo.rate', value: 4 });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.rating === 4);
    expect(notify).toHaveBeenCalledWith({ message: 'Thanks for rating this strategy', variant: 'success' });
    expect(patchProgress).toHaveBeenCalledWith({ catalogItemId: 'item-1', patch: { isCatalogItemRated: true } });
    expect(recordEvent).toHaveBeenCalledWith({ eventType: 'CATALOG_ITEM_RATED', data: { catalogItemId: 'item-1', value: 4 } });
    actor.send({ type: 'screen.leave' });
    actor.stop();
    expect(recordEvent).toHaveBeenLastCalledWith({ eventType: 'CATALOG_ITEM_LEFT', data: { catalogItemId: 'item-1' } });
  });

  it('starts the video where the learner stopped last time', async () => {
    const { actor } = start(async () => ({ file: null }), { item: { ...item, hasVideo: true }, videoProgress: 40, videoPosition: 42.5 });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    const video = actor.getSnapshot().children[LEARNING_OBJECT_VIDEO_ID] as ActorRefFrom<typeof videoProgressMachine>;
    await waitFor(video, (s) => s.matches('loadingMedia'));
    video.send({ type: 'video.loaded', duration: 100 });
    expect(selectResumePosition(video.getSnapshot())).toBe(42.5);
    expect(video.getSnapshot().context.watchedSeconds).toBe(40);
    actor.stop();
  });

  it("starts the video at a search hit's time (?t=) instead of where the learner stopped", async () => {
    const { actor } = start(async () => ({ file: null }), { item: { ...item, hasVideo: true }, videoProgress: 40, videoPosition: 42.5 }, 83);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    const video = actor.getSnapshot().children[LEARNING_OBJECT_VIDEO_ID] as ActorRefFrom<typeof videoProgressMachine>;
    await waitFor(video, (s) => s.matches('loadingMedia'));
    video.send({ type: 'video.loaded', duration: 100 });
    expect(selectResumePosition(video.getSnapshot())).toBe(83);
    // What the learner watched before still counts.
    expect(video.getSnapshot().context.watchedSeconds).toBe(40);
    actor.stop();
  });

  it('records one leave per visit, pauses a playing video on leaving, and a return from the page cache is a new visit', async () => {
    const { actor, recordEvent } = start(async () => ({ file: null }), { item: { ...item, hasVideo: true } });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    const video = actor.getSnapshot().children[LEARNING_OBJECT_VIDEO_ID] as ActorRefFrom<typeof videoProgressMachine>;
    await waitFor(video, (s) => s.matches('loadingMedia'));
    video.send({ type: 'video.loaded', duration: 100 });
    video.send({ type: 'video.play' });
    const types = () => recordEvent.mock.calls.map(([p]) => (p as { eventType: string }).eventType);
    actor.send({ type: 'screen.leave' });
    actor.send({ type: 'screen.leave' });
    expect(video.getSnapshot().value).toBe('paused');
    expect(types()).toEqual(['CATALOG_ITEM_VISITED', 'CATALOG_ITEM_LEFT']);
    actor.send({ type: 'lo.pageRestored' });
    actor.send({ type: 'lo.pageRestored' });
    actor.send({ type: 'screen.leave' });
    expect(types()).toEqual(['CATALOG_ITEM_VISITED', 'CATALOG_ITEM_LEFT', 'CATALOG_ITEM_VISITED', 'CATALOG_ITEM_LEFT']);
    actor.stop();
  });

  it('tells a demo account to register and hands a download to the browser', async () => {
    const { actor, notify, patchProgress, saveFile } = start(async ({ action }) => {
      if (action.kind === 'apply') throw Object.assign(new Error('Forbidden'), { code: 'DEMO_ACCOUNT' });
      return { file: { blob: new Blob(['PK']), fileName: 'wait-time.zip' } };
    });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'lo.setApplied', applied: true });
    await waitFor(actor, () => notify.mock.calls.length === 1);
    expect(notify).toHaveBeenCalledWith({ message: 'Register for a full account to do this.', variant: 'error' });
    expect(patchProgress).not.toHaveBeenCalled();
    actor.send({ type: 'lo.download' });
    await waitFor(actor, () => saveFile.mock.calls.length === 1);
    expect(saveFile.mock.calls[0]?.[0]?.fileName).toBe('wait-time.zip');
    actor.stop();
  });
});

describe('learning-object logic', () => {
  it('uses the error message otherwise', () => {
    expect(actionErrorMessage(new Error('Nope'))).toBe('Nope');
  });

  it('builds the framework path from the root down', () => {
    const nodes = [
      { id: 's', parentId: 'e', title: 'Strategy', type: 'STRATEGY' },
      { id: 'c', parentId: null, title: 'Category', type: 'CATEGORY' },
      { id: 'e', parentId: 'c', title: 'Element', type: 'ELEMENT' },
    ];
    expect(frameworkPath(['e', 's'], nodes).map((n) => n.title)).toEqual(['Category', 'Element', 'Strategy']);
  });

});
