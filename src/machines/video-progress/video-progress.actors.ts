import { fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import { getCatalogItemVideo } from '@/api/operations';
import { learnerEventsIntents } from '@/machines/learner-events/learner-events.intents';
import { progressIntents } from '@/machines/progress/progress.intents';
import type { RootRefs } from '@/machines/root/root.machine';
import { bindIntents } from '@/machines/shared/intents';
import { videoProgressMachine } from './video-progress.machine';
import type { FetchVideoSourceInput, PatchVideoProgressParams, RecordVideoEventParams, VideoSource } from './video-progress.types';

// The edge of a video player: the source from the API, learner events to the app's learnerEvents
// queue and local progress patches to its progress actor.

/** A source the screen already asked for (the player's input `requested`) is taken; a failed or missing one is asked for again. */
export function createVideoProgressLogic({ api, actors }: { api: ApiClient; actors: Pick<RootRefs, 'learnerEvents' | 'progress'> }) {
  const learnerEvents = bindIntents(actors.learnerEvents, learnerEventsIntents);
  const progress = bindIntents(actors.progress, progressIntents);
  return videoProgressMachine.provide({
    actors: {
      fetchVideoSource: fromPromise<VideoSource, FetchVideoSourceInput>(({ input, signal }) => {
        const ask = () => getCatalogItemVideo(api, input.catalogItemId, { signal });
        return input.requested?.catch(ask) ?? ask();
      }),
    },
    actions: {
      recordLearnerEvent: (_, params: RecordVideoEventParams) => learnerEvents.record(params.type, params.data),
      patchProgress: (_, params: PatchVideoProgressParams) => progress.patch(params.catalogItemId, params.patch),
    },
  });
}
