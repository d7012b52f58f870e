import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/errors';
import { isPublicId, itemDetailMachine, wrongKindError, type ItemDetail } from '@/machines/catalog/catalog-screens.machine';
import { selectItemFailed, selectItemNotFound } from '@/machines/catalog/catalog.selectors';
import { entryStatus, formatClock, isoDuration, livestreamSections, playlistSyllabus } from '@/machines/catalog/detail.logic';
import type { CatalogItem, CatalogItemSummary, ItemProgress } from '@/machines/catalog/catalog.types';
import { learningObjectMachine } from '@/machines/learning-object/learning-object.machine';
import { playlistContext, playlistPlace, progressSteps } from '@/machines/learning-object/learning-object.logic';
import { selectLearningObjectFailed, selectLearningObjectNotFound } from '@/machines/learning-object/learning-object.selectors';
import type { ActionInput, ActionOutput, LearningObjectLoaded, LearningObjectLoadInput } from '@/machines/learning-object/learning-object.types';
import { loadAtStart, withFetch } from '@/machines/shared/resource';
import { videoProgressMachine } from '@/machines/video-progress/video-progress.machine';

const summary = (id: string, extra: Partial<CatalogItemSummary> = {}) =>
  ({ id, publicId: id, resourceType: 'LEARNING_OBJECT', title: id, durationSeconds: 600, startDate: null, endDate: null, ...extra }) as CatalogItemSummary;
const progress = (id: string, extra: Partial<ItemProgress> = {}): ItemProgress => ({
  catalogItemId: id,
  lastInteractionAt: '2026-11-01T10:00:00Z',
  areReproduciblesDownloaded: false,
  isCatalogItemRated: false,
  isRubricScoreSaved: false,
  isStrategyApplied: false,
  videoProgress: 0,
  videoPosition: 0,
  completed: false,
  ...extra,
});
// What the server answers once all five steps are done (it alone decides `completed`).
const ALL_STEPS = { videoProgress: 95, areReproduciblesDownloaded: true, isCatalogItemRated: true, isRubricScoreSaved: true, isStrategyApplied: true, completed: true };

const playlist = (ids: string[]) =>
  ({
    id: 'pl',
    publicId: 'my-list',
    title: 'My list',
    resourceType: 'PLAYLIST',
    // Stored out of order: positions decide.
    catalogItems: ids.map((id, i) => ({ position: i + 1, item: summary(id) })).reverse(),
  }) as unknown as CatalogItem;

function startLearningObject(fetch: (input: LearningObjectLoadInput) => Promise<LearningObjectLoaded>, playlistId: string | null = null) {
  const logic = learningObjectMachine.provide({
    actors: {
      fetchLearningObject: fromPromise<LearningObjectLoaded, LearningObjectLoadInput>(({ input }) => fetch(input)),
      fetchRelated: fromPromise(async (): Promise<CatalogItemSummary[]> => []),
      runAction: fromPromise<ActionOutput, ActionInput>(async () => ({ file: null })),
      video: videoProgressMachine,
      watchPage: fromCallback(() => {}),
    },
    actions: { notify: () => {}, recordEvent: () => {}, patchProgress: () => {}, saveFile: () => {} },
  });
  return createActor(logic, { input: { publicId: 'nope', playlistId } }).start();
}

describe('detail pages: an unknown address is not found, a failure can be retried', () => {
  it('a strategy the server does not know (404) is not found, with nothing to retry', async () => {
    const actor = startLearningObject(async () => {
      throw new ApiError(404, 'NOT_FOUND', 'Catalogue item not found');
    });
    await waitFor(actor, (s) => !s.hasTag('loading'));
    expect(selectLearningObjectNotFound(actor.getSnapshot())).toBe(true);
    expect(selectLearningObjectFailed(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'lo.retry' });
    expect(selectLearningObjectNotFound(actor.getSnapshot())).toBe(true);
  });

  it('an id of another kind (a playlist under /learning-objects/) is not found too', async () => {
    const actor = startLearningObject(async () => {
      throw wrongKindError();
    });
    await waitFor(actor, (s) => !s.hasTag('loading'));
    expect(selectLearningObjectNotFound(actor.getSnapshot())).toBe(true);
  });

  it('a server error or no network keeps "Try again", and the retry loads again', async () => {
    let calls = 0;
    const actor = startLearningObject(async () => {
      calls += 1;
      throw new ApiError(calls === 1 ? 500 : 0, 'X', 'Something went wrong');
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectLearningObjectNotFound(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'lo.retry' });
    await waitFor(actor, (s) => s.matches('failed') && calls === 2);
    expect(selectLearningObjectFailed(actor.getSnapshot())).toBe(true);
  });

  it('asks for the playlist it was opened from', async () => {
    const inputs: LearningObjectLoadInput[] = [];
    const actor = startLearningObject(async (input) => {
      inputs.push(input);
      throw new ApiError(500, 'X', 'x');
    }, 'my-list');
    await waitFor(actor, (s) => s.matches('failed'));
    expect(inputs).toEqual([{ publicId: 'nope', playlistId: 'my-list' }]);
  });

  it.each([
    [new ApiError(404, 'NOT_FOUND', 'gone'), true],
    [wrongKindError(), true],
    [new ApiError(500, 'SERVER', 'boom'), false],
    [new ApiError(0, 'NETWORK_ERROR', 'offline'), false],
  ])('a playlist or livestream page: %s is not found = %s', async (error, notFound) => {
    const actor = createActor(
      withFetch(itemDetailMachine, async (): Promise<ItemDetail> => {
        throw error;
      }),
      { input: loadAtStart({ publicId: 'nope', resourceType: 'PLAYLIST' as const }) },
    ).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectItemNotFound(actor.getSnapshot())).toBe(notFound);
    expect(selectItemFailed(actor.getSnapshot())).toBe(!notFound);
  });
});

describe('My Progress: the five steps', () => {
  it('names the steps in the spec\'s words and ticks the done ones', () => {
    const steps = progressSteps(progress('a', { areReproduciblesDownloaded: true, isStrategyApplied: true }), 95);
    expect(steps.map((s) => s.label)).toEqual(['Watched', 'Downloaded', 'Rubric Score', 'Rated', 'Applied']);
    expect(steps.map((s) => s.done)).toEqual([true, true, false, false, true]);
  });

  it('counts the video as watched at 90 percent of the one "watched" figure, not before', () => {
    expect(progressSteps(undefined, 89.9)[0]!.done).toBe(false);
    expect(progressSteps(undefined, 90)[0]!.done).toBe(true);
    expect(progressSteps(undefined, 0).every((s) => !s.done)).toBe(true);
  });
});

describe('playlist context on a strategy', () => {
  const list = playlist(['a', 'b', 'c', 'd', 'e', 'f']);

  it('places the strategy in its playlist: "3 of 6", with the entries either side', () => {
    const place = playlistPlace(playlistContext(list, 'c'), 'c');
    expect(place).toMatchObject({ publicId: 'my-list', title: 'My list', position: 3, total: 6 });
    expect(place?.previous?.id).toBe('b');
    expect(place?.next?.id).toBe('d');
    expect(playlistPlace(playlistContext(list, 'f'), 'f')?.next).toBeNull();
  });

  it('drops a playlist that does not hold the strategy, or that is not a playlist', () => {
    expect(playlistContext(list, 'zzz')).toBeNull();
    expect(playlistContext({ ...list, resourceType: 'LEARNING_OBJECT' } as CatalogItem, 'c')).toBeNull();
    expect(playlistContext(null, 'c')).toBeNull();
  });
});

describe('playlist syllabus', () => {
  it('orders entries, ticks the done ones, says "2 of 6", sums the time and picks up next', () => {
    const list = playlist(['a', 'b', 'c', 'd', 'e', 'f']);
    const s = playlistSyllabus(list, [progress('a', ALL_STEPS), progress('b', { videoProgress: 30 }), progress('c', ALL_STEPS)]);
    expect(s.entries.map((e) => [e.position, e.item.id])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
      [4, 'd'],
      [5, 'e'],
      [6, 'f'],
    ]);
    expect(s.entries.map((e) => e.status.state)).toEqual(['done', 'started', 'done', 'notStarted', 'notStarted', 'notStarted']);
    expect([s.done, s.total]).toEqual([2, 6]);
    expect(s.totalSeconds).toBe(3600);
    expect(s.next?.item.id).toBe('b');
    expect(playlistSyllabus(playlist(['a']), [progress('a', ALL_STEPS)]).next).toBeNull();
  });

  it('an entry is done when the server says completed; short of it a strategy counts its steps', () => {
    expect(entryStatus(summary('a'), progress('a', { videoProgress: 95 }))).toEqual({ state: 'started', stepsDone: 1, stepsTotal: 5 });
    expect(entryStatus(summary('a'), progress('a', { ...ALL_STEPS, completed: false }))).toEqual({ state: 'started', stepsDone: 5, stepsTotal: 5 });
    expect(entryStatus(summary('a'), progress('a', ALL_STEPS)).state).toBe('done');
    expect(entryStatus(summary('l', { resourceType: 'LIVESTREAM' }), progress('l', { videoProgress: 92, completed: true })).state).toBe('done');
    expect(entryStatus(summary('l', { resourceType: 'LIVESTREAM' }), progress('l', { videoProgress: 40 }))).toEqual({ state: 'started', stepsDone: 0, stepsTotal: 1 });
    expect(entryStatus(summary('a'), undefined)).toEqual({ state: 'notStarted', stepsDone: 0, stepsTotal: 5 });
  });

  it('writes a length as a clock does, and as an ISO duration', () => {
    expect([0, 7, 45, 65, 600, 3599, 3600, 3723, 45296].map(formatClock)).toEqual(['0:00', '0:07', '0:45', '1:05', '10:00', '59:59', '1:00:00', '1:02:03', '12:34:56']);
    expect(formatClock(64.6)).toBe('1:05');
    expect([0, 7, 65, 3600, 3723].map(isoDuration)).toEqual(['PT0S', 'PT7S', 'PT1M5S', 'PT1H', 'PT1H2M3S']);
  });
});

describe('livestream sections', () => {
  it('puts the session on air now in "live", not in upcoming; upcoming soonest first, past latest first', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const at = (id: string, start: string, end: string) => summary(id, { resourceType: 'LIVESTREAM', startDate: start, endDate: end });
    const items = [
      at('later', '2026-06-09T12:00:00Z', '2026-06-09T13:00:00Z'),
      at('old', '2026-05-01T11:00:00Z', '2026-05-01T12:00:00Z'),
      at('now', '2026-06-01T11:30:00Z', '2026-06-01T12:30:00Z'),
      at('soon', '2026-06-02T12:00:00Z', '2026-06-02T13:00:00Z'),
      at('recent', '2026-05-20T11:00:00Z', '2026-05-20T12:00:00Z'),
    ];
    const { live, upcoming, past } = livestreamSections(items, now);
    expect(live.map((i) => i.id)).toEqual(['now']);
    expect(upcoming.map((i) => i.id)).toEqual(['soon', 'later']);
    expect(past.map((i) => i.id)).toEqual(['recent', 'old']);
  });
});

describe('catalogue ids', () => {
  it('accepts the shape openapi allows and refuses the rest (no request, not found)', () => {
    expect(isPublicId('co-built_success-2')).toBe(true);
    expect(isPublicId('a b')).toBe(false);
    expect(isPublicId('')).toBe(false);
    expect(isPublicId('x'.repeat(201))).toBe(false);
  });
});
