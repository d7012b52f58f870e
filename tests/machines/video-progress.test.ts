import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import type { ApiClient } from '@/api/client';
import { progressMachine } from '@/machines/progress/progress.machine';
import { selectProgressByItemId } from '@/machines/progress/progress.selectors';
import { createVideoProgressLogic } from '@/machines/video-progress/video-progress.actors';
import type { RootRefs } from '@/machines/root/root.machine';
import { videoProgressMachine } from '@/machines/video-progress/video-progress.machine';
import {
  selectIsVideoCompleted,
  selectResumePosition,
  selectShouldPlay,
  selectVideoFailed,
  selectWatchedPercent,
} from '@/machines/video-progress/video-progress.selectors';
import type {
  PatchVideoProgressParams,
  RecordVideoEventParams,
  VideoProgressInput,
  VideoSource,
} from '@/machines/video-progress/video-progress.types';

const SOURCE: VideoSource = {
  catalogItemId: 'item-1',
  url: '/media/videos/strategy-01.webm',
  mimeType: 'video/webm',
  durationSeconds: 100,
  posterUrl: null,
  captions: [],
  playSession: { id: 'session-1', watched: [] },
} as unknown as VideoSource;

/** A player over a simulated clock: timeupdates every 250 ms of page time. */
async function player(input: Partial<VideoProgressInput> = {}, duration = 100) {
  const recorded: RecordVideoEventParams[] = [];
  const patches: PatchVideoProgressParams[] = [];
  const actor = createActor(
    videoProgressMachine.provide({
      actors: { fetchVideoSource: fromPromise(async () => SOURCE) },
      actions: {
        recordLearnerEvent: (_, params: RecordVideoEventParams) => void recorded.push(params),
        patchProgress: (_, params: PatchVideoProgressParams) => void patches.push(params),
      },
    }),
    { input: { catalogItemId: 'item-1', ...input } },
  ).start();
  await waitFor(actor, (s) => s.matches('loadingMedia'));
  actor.send({ type: 'video.loaded', duration });
  let now = 10_000;
  let position = selectResumePosition(actor.getSnapshot());
  const watch = (seconds: number, step = 0.25) => {
    for (let t = 0; t < seconds; t += step) {
      now += step * 1000;
      position += step;
      actor.send({ type: 'video.timeUpdate', currentTime: position, at: now });
    }
  };
  const seek = (to: number) => {
    now += 250;
    position = to;
    actor.send({ type: 'video.timeUpdate', currentTime: to, at: now });
    actor.send({ type: 'video.seeked', currentTime: to });
  };
  const types = () => recorded.map((r) => r.type);
  return { actor, recorded, patches, watch, seek, types };
}

describe('video progress', () => {
  it('is not complete at 89 percent watched and completes at 90', async () => {
    const p = await player();
    p.actor.send({ type: 'video.play' });
    p.watch(89);
    expect(selectWatchedPercent(p.actor.getSnapshot())).toBe(89);
    expect(selectIsVideoCompleted(p.actor.getSnapshot())).toBe(false);
    p.watch(1);
    expect(selectIsVideoCompleted(p.actor.getSnapshot())).toBe(true);
    expect(p.recorded.at(-1)).toEqual({ type: 'VIDEO_TIMEUPDATED', data: { catalogItemId: 'item-1', playSessionId: 'session-1', watched: [[0, 90]], position: 90 } });
    expect(p.patches.at(-1)).toEqual({ catalogItemId: 'item-1', patch: { videoProgress: 90, videoPosition: 90 } });
    // Completion is reported once.
    const reports = p.recorded.length;
    p.watch(10);
    expect(p.recorded).toHaveLength(reports);
  });

  it('does not complete when the learner seeks to the end', async () => {
    const p = await player();
    p.actor.send({ type: 'video.play' });
    p.watch(10);
    p.seek(95);
    p.watch(5);
    p.actor.send({ type: 'video.ended' });
    const s = p.actor.getSnapshot();
    expect(s.matches('paused')).toBe(true);
    expect(selectIsVideoCompleted(s)).toBe(false);
    expect(selectWatchedPercent(s)).toBe(15);
    expect(p.recorded.at(-1)).toEqual({ type: 'VIDEO_PAUSED', data: { catalogItemId: 'item-1', playSessionId: 'session-1', watched: [[0, 10], [95, 100]], position: 100 } });
  });

  it('does not count a jump bigger than 1.5 times the time that passed', async () => {
    const p = await player();
    p.actor.send({ type: 'video.play' });
    p.watch(1);
    // 250 ms passed, the position moved 1 s: a scrub, not watching.
    p.actor.send({ type: 'video.timeUpdate', currentTime: 2, at: 11_250 });
    expect(p.actor.getSnapshot().context.watchedSeconds).toBe(1);
    // 1.5 × 250 ms is still watching (e.g. a late event).
    p.actor.send({ type: 'video.timeUpdate', currentTime: 2.375, at: 11_500 });
    expect(p.actor.getSnapshot().context.watchedSeconds).toBe(1.375);
  });

  it('counts playback at up to 2× as watched, and nothing faster than 2× more', async () => {
    const p = await player();
    p.actor.send({ type: 'video.play' });
    // 2×: every 250 ms of page time the video moves 0.5 s, 20 s of it in 10 s.
    let now = 10_000;
    let position = 0;
    const play = (rate: number, seconds: number) => {
      for (let t = 0; t < seconds; t += 0.25) {
        now += 250;
        position += 0.25 * rate;
        p.actor.send({ type: 'video.timeUpdate', currentTime: position, at: now, rate });
      }
    };
    play(2, 10);
    expect(p.actor.getSnapshot().context.watchedSeconds).toBeCloseTo(20, 5);
    // Without the speed the same steps are jumps (a seek), as before.
    p.actor.send({ type: 'video.timeUpdate', currentTime: position + 0.5, at: now + 250 });
    expect(p.actor.getSnapshot().context.watchedSeconds).toBeCloseTo(20, 5);
    now += 250;
    position += 0.5;
    // A speed above 2× credits no more than 2× does: its 1.25 s steps are jumps.
    play(5, 2);
    expect(p.actor.getSnapshot().context.watchedSeconds).toBeCloseTo(20, 5);
    // 0.75× counts every second it plays.
    play(0.75, 4);
    expect(p.actor.getSnapshot().context.watchedSeconds).toBeCloseTo(23, 5);
  });

  it('resumes at the last position with the watched time so far, counting a second watched again once', async () => {
    // The server's figure: the first half watched in earlier sessions; the learner stopped at 42 s.
    SOURCE.playSession = { id: 'session-1', watched: [[0, 50]] };
    const p = await player({ initialPosition: 42, initialWatchedPercent: 50 });
    SOURCE.playSession = { id: 'session-1', watched: [] };
    expect(selectResumePosition(p.actor.getSnapshot())).toBe(42);
    expect(selectWatchedPercent(p.actor.getSnapshot())).toBe(50);
    p.actor.send({ type: 'video.play' });
    // 42 s to 82 s: 32 s of it new.
    p.watch(40);
    expect(selectWatchedPercent(p.actor.getSnapshot())).toBe(82);
    expect(selectIsVideoCompleted(p.actor.getSnapshot())).toBe(false);
    p.watch(8);
    expect(selectIsVideoCompleted(p.actor.getSnapshot())).toBe(true);
    // The session reports only what it covered; the server adds it to the earlier sessions'.
    expect(p.recorded.at(-1)?.data).toEqual({ catalogItemId: 'item-1', playSessionId: 'session-1', watched: [[42, 90]], position: 90 });
  });

  it('starts from the beginning when the last position was the end', async () => {
    const p = await player({ initialPosition: 99.5 });
    expect(selectResumePosition(p.actor.getSnapshot())).toBe(0);
  });

  it('sends VIDEO_TIMEUPDATED at most once per 10 s of playback', async () => {
    const p = await player();
    p.actor.send({ type: 'video.play' });
    p.watch(9.75);
    expect(p.types()).toEqual(['VIDEO_PLAYED']);
    p.watch(0.25);
    expect(p.types()).toEqual(['VIDEO_PLAYED', 'VIDEO_TIMEUPDATED']);
    p.watch(50);
    const updates = p.recorded.filter((r) => r.type === 'VIDEO_TIMEUPDATED').map((r) => r.data.position ?? 0);
    expect(updates).toEqual([10, 20, 30, 40, 50, 60]);
    // Local progress follows every whole percent; only the learner events are throttled.
    expect(p.patches.map((x) => Math.floor(x.patch.videoProgress))).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it('keeps local progress, the one figure for "watched", equal to what the player measured', async () => {
    // The page's "My Progress" read local progress, patched only at each 10 s report, while the
    // player showed its own live figure: 12 % beside 24 %. Both now read the same number.
    const root = createActor(progressMachine, { input: { now: () => 0 } }).start();
    root.send({ type: 'resource.set', data: {} });
    const actors = {
      progress: root,
      learnerEvents: createActor(createMachine({ on: { '*': {} } })).start(),
    } as unknown as Pick<RootRefs, 'learnerEvents' | 'progress'>;
    const logic = createVideoProgressLogic({ api: {} as ApiClient, actors }).provide({
      actors: { fetchVideoSource: fromPromise(async () => SOURCE) },
    });
    const video = createActor(logic, { input: { catalogItemId: 'item-1' } }).start();
    await waitFor(video, (s) => s.matches('loadingMedia'));
    video.send({ type: 'video.loaded', duration: 200 });
    video.send({ type: 'video.play' });
    let now = 0;
    for (let position = 0.25; position <= 48; position += 0.25) {
      now += 250;
      video.send({ type: 'video.timeUpdate', currentTime: position, at: now });
      const live = Math.floor(selectWatchedPercent(video.getSnapshot()));
      expect(Math.floor(selectProgressByItemId(root.getSnapshot(), 'item-1')?.videoProgress ?? 0)).toBe(live);
    }
    expect(Math.floor(selectWatchedPercent(video.getSnapshot()))).toBe(24);
  });

  it('sends VIDEO_PLAYED and VIDEO_PAUSED with the play session, what it covered and the position, and patches progress on pause', async () => {
    const p = await player();
    p.actor.send({ type: 'video.play' });
    p.watch(4);
    p.actor.send({ type: 'video.pause' });
    expect(p.recorded).toEqual([
      { type: 'VIDEO_PLAYED', data: { catalogItemId: 'item-1', playSessionId: 'session-1', watched: [], position: 0 } },
      { type: 'VIDEO_PAUSED', data: { catalogItemId: 'item-1', playSessionId: 'session-1', watched: [[0, 4]], position: 4 } },
    ]);
    expect(p.patches.at(-1)).toEqual({ catalogItemId: 'item-1', patch: { videoProgress: 4, videoPosition: 4 } });
    // Time passes while paused; the first update after play only sets the baseline clock.
    p.actor.send({ type: 'video.play' });
    p.watch(1);
    expect(selectWatchedPercent(p.actor.getSnapshot())).toBe(5);
  });

  it('starts playback once ready when asked to play the video', async () => {
    const autoplay = await player({ playVideo: true });
    expect(selectShouldPlay(autoplay.actor.getSnapshot())).toBe(true);
    expect(autoplay.types()).toEqual(['VIDEO_PLAYED']);
    const manual = await player();
    expect(manual.actor.getSnapshot().matches('ready')).toBe(true);
    expect(selectShouldPlay(manual.actor.getSnapshot())).toBe(false);
  });

  it('fails when the source cannot be fetched, and "Try again" asks for it again', async () => {
    let asked = 0;
    const actor = createActor(
      videoProgressMachine.provide({
        actors: {
          fetchVideoSource: fromPromise(async () => {
            asked += 1;
            if (asked === 1) throw new Error('Something went wrong, please try again later');
            return { url: '/media/v.webm' } as VideoSource;
          }),
        },
      }),
      { input: { catalogItemId: 'x' } },
    ).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectVideoFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'video.retry' });
    await waitFor(actor, (s) => s.matches('loadingMedia'));
    expect(asked).toBe(2);
    expect(actor.getSnapshot().context).toMatchObject({ source: { url: '/media/v.webm' }, error: null });
  });

  it("reaches the app's learner-events queue and progress actor", async () => {
    const received: AnyEventObject[] = [];
    const queue = createActor(createMachine({ on: { '*': { actions: ({ event }) => void received.push(event) } } })).start();
    const progress = createActor(progressMachine, { input: { now: () => Date.parse('2026-05-01T00:00:00.000Z') } }).start();
    const video = createVideoProgressLogic({
      api: {} as ApiClient,
      actors: { learnerEvents: queue, progress } as unknown as Pick<RootRefs, 'learnerEvents' | 'progress'>,
    }).provide({
      actors: { fetchVideoSource: fromPromise(async () => SOURCE) },
    });
    const player = createActor(video, { input: { catalogItemId: 'item-1' } }).start();
    await waitFor(player, (s) => s.matches('loadingMedia'));
    player.send({ type: 'video.loaded', duration: 100 });
    player.send({ type: 'video.play' });
    player.send({ type: 'video.pause' });
    expect(received.map((e) => (e as { eventType?: string }).eventType)).toEqual(['VIDEO_PLAYED', 'VIDEO_PAUSED']);
    expect(received[1]).toEqual({
      type: 'learnerEvents.record',
      eventType: 'VIDEO_PAUSED',
      data: { catalogItemId: 'item-1', playSessionId: 'session-1', watched: [], position: 0 },
    });
    // Played and paused at once: nothing watched, so the item is not started (as the server has it).
    expect(selectProgressByItemId(progress.getSnapshot(), 'item-1')).toBeUndefined();
    player.send({ type: 'video.play' });
    for (let at = 250; at <= 5_000; at += 250) player.send({ type: 'video.timeUpdate', currentTime: at / 1000, at });
    player.send({ type: 'video.pause' });
    expect(selectProgressByItemId(progress.getSnapshot(), 'item-1')).toMatchObject({
      videoProgress: 5,
      lastInteractionAt: '2026-05-01T00:00:00.000Z',
    });
  });

  describe('a source the screen already asked for', () => {
    const fakeApi = (asked: string[]) =>
      ({
        GET: async (_path: string, init: { params: { path: { id: string } } }) => {
          asked.push(init.params.path.id);
          return { data: SOURCE, response: new Response(null, { status: 200 }) };
        },
      }) as unknown as ApiClient;
    const actors = {} as unknown as Pick<RootRefs, 'learnerEvents' | 'progress'>;

    it('is taken instead of asking the API again', async () => {
      const asked: string[] = [];
      const earlier = { ...SOURCE, url: '/media/videos/asked-earlier.webm' } as VideoSource;
      const video = createVideoProgressLogic({ api: fakeApi(asked), actors });
      const player = createActor(video, { input: { catalogItemId: 'item-1', requested: Promise.resolve(earlier) } }).start();
      await waitFor(player, (s) => s.matches('loadingMedia'));
      expect(player.getSnapshot().context.source).toBe(earlier);
      expect(asked).toEqual([]);
    });

    it('is asked for again when that request failed, and for another item', async () => {
      const asked: string[] = [];
      const video = createVideoProgressLogic({ api: fakeApi(asked), actors });
      const failedEarlier = createActor(video, { input: { catalogItemId: 'item-1', requested: Promise.reject(new Error('network')) } }).start();
      await waitFor(failedEarlier, (s) => s.matches('loadingMedia'));
      expect(failedEarlier.getSnapshot().context.source).toEqual(SOURCE);
      const other = createActor(video, { input: { catalogItemId: 'item-2' } }).start();
      await waitFor(other, (s) => s.matches('loadingMedia'));
      expect(asked).toEqual(['item-1', 'item-2']);
    });
  });
});
