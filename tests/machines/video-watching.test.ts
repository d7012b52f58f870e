import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { videoProgressMachine } from '@/machines/video-progress/video-progress.machine';
import { rangesSeconds } from '@/machines/video-progress/video-progress.logic';
import { VIDEO_MODEL, videoProgressModel, type VideoModelEvent } from './video-watching.model';
import { selectWatchedPercent } from '@/machines/video-progress/video-progress.selectors';
import type { RecordVideoEventParams, VideoSource } from '@/machines/video-progress/video-progress.types';
import { coverageOf } from '../support/model';

// Every shortest path of the effect-free model (one per reachable model state), plus scripted
// journeys through seeks and pauses, drives the real machine (with its source fetch
// stubbed) over a simulated clock; after each step the real state must be the model's, with
// the watched time the model says: only normal playback counts, seeks never do.

type ModelSnapshot = SnapshotFrom<typeof videoProgressModel>;

function realPlayer() {
  let resolveSource!: (source: VideoSource) => void;
  let rejectSource!: (error: Error) => void;
  const recorded: RecordVideoEventParams[] = [];
  const actor = createActor(
    videoProgressMachine.provide({
      actors: {
        fetchVideoSource: fromPromise(
          () =>
            new Promise<VideoSource>((resolve, reject) => {
              resolveSource = resolve;
              rejectSource = reject;
            }),
        ),
      },
      actions: {
        recordLearnerEvent: (_, params: RecordVideoEventParams) => void recorded.push(params),
        patchProgress: () => undefined,
      },
    }),
    { input: { catalogItemId: 'item-1' } },
  ).start();
  let now = 0;
  let position = 0;
  const timeUpdate = (to: number) => {
    now += 250;
    position = to;
    actor.send({ type: 'video.timeUpdate', currentTime: to, at: now });
  };
  return {
    actor,
    recorded,
    loadSource: () => resolveSource({ url: '/media/v.webm', playSession: { id: 'session-1', watched: [] } } as unknown as VideoSource),
    failSource: () => rejectSource(new Error('Something went wrong, please try again later')),
    watch: () => {
      for (let i = 0; i < VIDEO_MODEL.stretchSeconds * 4; i++) timeUpdate(position + 0.25);
    },
    seek: (to: number) => {
      timeUpdate(to);
      actor.send({ type: 'video.seeked', currentTime: to });
    },
  };
}

let pathCount = 0;

describe('video progress, model-based', () => {
  const model = createTestModel(videoProgressModel);
  // Simple paths explode combinatorially here (every order of seeks and pauses), so: shortest
  // paths to every model state, plus journeys that mix seeking, ending and rewatching.
  const journeys: VideoModelEvent[][] = [
    ['source.loaded', 'video.loaded', 'video.play', 'watch', 'seekEnd', 'video.ended', 'seekStart', 'video.play', 'watch', 'watch'],
    ['source.loaded', 'video.loaded', 'video.play', 'seekEnd', 'video.ended', 'video.play', 'video.pause', 'seekStart', 'video.play', 'watch', 'video.pause', 'video.play', 'watch', 'watch'],
    ['source.loaded', 'video.loaded', 'video.play', 'watch', 'watch', 'seekEnd', 'video.pause', 'seekStart', 'video.play', 'watch'],
    ['source.failed', 'video.retry', 'source.failed', 'video.retry', 'source.loaded', 'video.loaded', 'video.play', 'watch'],
  ].map((types) => types.map((type) => ({ type }) as VideoModelEvent));
  const paths = [...model.getShortestPaths(), ...journeys.flatMap((events) => model.getPathsFromEvents(events))];

  // What the paths reach of the model's statechart (the states and moves of a player).
  const coverage = coverageOf(videoProgressModel);

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const traced = createActor(videoProgressModel, { inspect: coverage.inspect }).start();
    for (const step of path.steps) if ((step.event.type as string) !== 'xstate.init') traced.send(step.event);
    traced.stop();
    const player = realPlayer();
    const checkState = (modelSnapshot: ModelSnapshot) => {
      const real = player.actor.getSnapshot();
      expect(real.value, path.description).toEqual(modelSnapshot.value);
      const expectedPercent = modelSnapshot.value === 'completed' ? 90 : modelSnapshot.context.stretches * 30;
      if (modelSnapshot.value !== 'loadingSource' && modelSnapshot.value !== 'loadingMedia') {
        expect(selectWatchedPercent(real)).toBe(expectedPercent);
      }
    };
    await path.test({
      events: {
        'source.loaded': async () => {
          player.loadSource();
          await waitFor(player.actor, (s) => !s.matches('loadingSource'));
        },
        'source.failed': async () => {
          player.failSource();
          await waitFor(player.actor, (s) => !s.matches('loadingSource'));
        },
        'video.retry': () => void player.actor.send({ type: 'video.retry' }),
        'video.loaded': () => void player.actor.send({ type: 'video.loaded', duration: VIDEO_MODEL.duration }),
        'video.play': () => void player.actor.send({ type: 'video.play' }),
        'video.pause': () => void player.actor.send({ type: 'video.pause' }),
        watch: () => player.watch(),
        seekEnd: () => player.seek(VIDEO_MODEL.duration),
        seekStart: () => player.seek(0),
        'video.ended': () => void player.actor.send({ type: 'video.ended' }),
      },
      states: { '*': checkState },
    });
    // Completion is reported exactly once, with the seconds that completed it (of a 100 s video).
    const completions = player.recorded.filter((r) => r.type === 'VIDEO_TIMEUPDATED' && rangesSeconds((r.data.watched ?? []) as [number, number][]) >= 90);
    expect(completions).toHaveLength(path.state.value === 'completed' ? 1 : 0);
    pathCount += 1;
  });

  it('walks every path and reaches every state', () => {
    expect(pathCount).toBe(paths.length);
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    for (const state of ['loadingSource', 'failed', 'loadingMedia', 'ready', 'playing', 'paused', 'completed']) {
      expect(reached, state).toContain(JSON.stringify(state));
    }
    // Coverage of this abstraction, not of the machine (statecharts.model.test.ts walks the machine itself).
    const covered = coverage.report(paths.length);
    expect(covered.states.missing).toEqual([]);
    expect(covered.transitions.missing).toEqual([]);
  });
});
