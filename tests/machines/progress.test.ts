import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { progressMachine } from '@/machines/progress/progress.machine';
import { withFetch } from '@/machines/shared/resource';
import { isVideoComplete } from '@/lib/video-complete';
import {
  selectIsProgressLoaded,
  selectIsVideoComplete,
  selectMostRecentInteraction,
  selectPlaylistProgressCounts,
  selectProgressByItemId,
} from '@/machines/progress/progress.selectors';
import type { LearnerProgress } from '@/machines/progress/progress.types';

const progress = (catalogItemId: string, overrides: Partial<LearnerProgress> = {}): LearnerProgress => ({
  catalogItemId,
  lastInteractionAt: '2026-01-01T00:00:00.000Z',
  completed: false,
  videoPosition: 0,
  areReproduciblesDownloaded: false,
  isCatalogItemRated: false,
  isRubricScoreSaved: false,
  isStrategyApplied: false,
  videoProgress: 0,
  ...overrides,
});

const byItem = (items: LearnerProgress[]) => Object.fromEntries(items.map((item) => [item.catalogItemId, item]));

const SERVER = [
  progress('a', { lastInteractionAt: '2026-03-01T10:00:00.000Z', videoProgress: 89 }),
  progress('b', { lastInteractionAt: '2026-03-05T10:00:00.000Z', videoProgress: 90, isStrategyApplied: true }),
  progress('c', { lastInteractionAt: '2026-02-01T10:00:00.000Z', isCatalogItemRated: true }),
];

function start(items: LearnerProgress[] = SERVER, now = () => Date.parse('2026-04-01T12:00:00.000Z')) {
  const fetchProgress = vi.fn(async () => byItem(items));
  const actor = createActor(withFetch(progressMachine, fetchProgress), { input: { now } }).start();
  return { actor, fetchProgress };
}

describe('progress', () => {
  it('loads once: later loads reuse the list', async () => {
    const { actor, fetchProgress } = start();
    actor.send({ type: 'resource.load' });
    actor.send({ type: 'resource.load' });
    await waitFor(actor, selectIsProgressLoaded);
    actor.send({ type: 'resource.load' });
    expect(fetchProgress).toHaveBeenCalledTimes(1);
    expect(selectProgressByItemId(actor.getSnapshot(), 'b')?.isStrategyApplied).toBe(true);
  });

  it('retries a failed load on the next request', async () => {
    const fetchProgress = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(byItem(SERVER));
    const actor = createActor(withFetch(progressMachine, fetchProgress), { input: {} }).start();
    actor.send({ type: 'resource.load' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'resource.load' });
    await waitFor(actor, selectIsProgressLoaded);
    expect(fetchProgress).toHaveBeenCalledTimes(2);
  });

  it('patches one item locally and sets lastInteractionAt to now (injected clock)', async () => {
    let clock = Date.parse('2026-04-01T12:00:00.000Z');
    const { actor } = start(SERVER, () => clock);
    actor.send({ type: 'resource.load' });
    await waitFor(actor, selectIsProgressLoaded);
    actor.send({ type: 'resource.patch', patch: { catalogItemId: 'a', changes: { isCatalogItemRated: true } } });
    expect(selectProgressByItemId(actor.getSnapshot(), 'a')).toEqual({
      ...SERVER[0],
      isCatalogItemRated: true,
      lastInteractionAt: '2026-04-01T12:00:00.000Z',
    });
    clock += 60_000;
    actor.send({ type: 'resource.patch', patch: { catalogItemId: 'new', changes: { videoProgress: 12 } } });
    expect(selectProgressByItemId(actor.getSnapshot(), 'new')).toEqual(
      progress('new', { videoProgress: 12, lastInteractionAt: '2026-04-01T12:01:00.000Z' }),
    );
    expect(selectMostRecentInteraction(actor.getSnapshot())?.catalogItemId).toBe('new');
  });

  it('starts an item only with some video watched or a step done; an undone last step un-starts it', async () => {
    const { actor } = start();
    actor.send({ type: 'resource.load' });
    await waitFor(actor, selectIsProgressLoaded);
    // A play without watching, a pause at 0: no progress, as the server lists none.
    actor.send({ type: 'resource.patch', patch: { catalogItemId: 'new', changes: { videoProgress: 0, videoPosition: 0 } } });
    expect(selectProgressByItemId(actor.getSnapshot(), 'new')).toBeUndefined();
    actor.send({ type: 'resource.patch', patch: { catalogItemId: 'new', changes: { isStrategyApplied: true } } });
    expect(selectProgressByItemId(actor.getSnapshot(), 'new')).toMatchObject({ isStrategyApplied: true });
    // 'c' was started by its rating alone: taking the rating back leaves nothing.
    actor.send({ type: 'resource.patch', patch: { catalogItemId: 'c', changes: { isCatalogItemRated: false } } });
    expect(selectProgressByItemId(actor.getSnapshot(), 'c')).toBeUndefined();
    expect(selectProgressByItemId(actor.getSnapshot(), 'a')).toEqual(SERVER[0]);
  });

  it('keeps a patch made while the list was in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const actor = createActor(
      withFetch(progressMachine, async () => (await gate, byItem(SERVER))),
      { input: { now: () => Date.parse('2026-04-01T12:00:00.000Z') } },
    ).start();
    actor.send({ type: 'resource.load' });
    actor.send({ type: 'resource.patch', patch: { catalogItemId: 'a', changes: { videoProgress: 95 } } });
    release();
    await waitFor(actor, selectIsProgressLoaded);
    expect(selectProgressByItemId(actor.getSnapshot(), 'a')?.videoProgress).toBe(95);
  });

  it('counts a video complete at 90, not at 89', async () => {
    const { actor } = start();
    actor.send({ type: 'resource.load' });
    await waitFor(actor, selectIsProgressLoaded);
    expect(selectIsVideoComplete(actor.getSnapshot(), 'a')).toBe(false);
    expect(selectIsVideoComplete(actor.getSnapshot(), 'b')).toBe(true);
    expect(selectIsVideoComplete(actor.getSnapshot(), 'missing')).toBe(false);
    expect(isVideoComplete({ videoProgress: 89.9 })).toBe(false);
  });

  it('finds the most recent interaction and counts a playlist', async () => {
    const { actor } = start();
    expect(selectMostRecentInteraction(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'resource.load' });
    await waitFor(actor, selectIsProgressLoaded);
    expect(selectMostRecentInteraction(actor.getSnapshot())?.catalogItemId).toBe('b');
    expect(selectPlaylistProgressCounts(actor.getSnapshot(), ['a', 'b', 'c', 'd'])).toEqual({
      total: 4,
      started: 3,
      videosCompleted: 1,
      applied: 1,
      rated: 1,
      rubricsScored: 0,
      reproduciblesDownloaded: 0,
    });
  });

  it('forgets everything at logout and loads again after', async () => {
    const { actor, fetchProgress } = start();
    actor.send({ type: 'resource.load' });
    await waitFor(actor, selectIsProgressLoaded);
    actor.send({ type: 'resource.clear' });
    expect(actor.getSnapshot().context.data).toBeNull();
    actor.send({ type: 'resource.load' });
    await waitFor(actor, selectIsProgressLoaded);
    expect(fetchProgress).toHaveBeenCalledTimes(2);
  });
});
