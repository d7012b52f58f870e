import { fromPromise, sendTo } from 'xstate';
import type { ApiClient } from '@/api/client';
import { getCatalogItemVideo } from '@/api/operations';
import type { LearnerEventsEvent } from '@/machines/learner-events/learner-events.types';
import type { ProgressEvent } from '@/machines/progress/progress.types';
import { videoProgressMachine } from './video-progress.machine';
import type { PatchVideoProgressParams, RecordVideoEventParams, VideoSource } from './video-progress.types';

// The edge of a video player: the source from the API, learner events to the root's
// learnerEvents queue and local progress patches to its progress actor (found by systemId, so
// the actor must be spawned inside the root's system).

export const VIDEO_SYSTEM_IDS = { learnerEvents: 'learnerEvents', progress: 'progress' } as const;

export function createVideoProgressLogic(api: ApiClient) {
  return videoProgressMachine.provide({
    actors: {
      fetchVideoSource: fromPromise<VideoSource, { catalogItemId: string }>(({ input, signal }) =>
        getCatalogItemVideo(api, input.catalogItemId, { signal }),
      ),
    },
    actions: {
      recordLearnerEvent: sendTo(
        ({ system }) => system.get(VIDEO_SYSTEM_IDS.learnerEvents),
        (_, params: RecordVideoEventParams): LearnerEventsEvent => ({
          type: 'learnerEvents.record',
          eventType: params.type,
          data: params.data,
        }),
      ),
      patchProgress: sendTo(
        ({ system }) => system.get(VIDEO_SYSTEM_IDS.progress),
        (_, params: PatchVideoProgressParams): ProgressEvent => ({
          type: 'progress.patch',
          catalogItemId: params.catalogItemId,
          patch: params.patch,
        }),
      ),
    },
  });
}
