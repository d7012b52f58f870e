import { fromCallback, fromPromise } from 'xstate';
import {
  addBookmark,
  applyStrategy,
  downloadReproducibles,
  getCatalogItem,
  getCatalogItemVideo,
  getRecommendedItems,
  rateCatalogItem,
  removeBookmark,
  removeStrategyApplication,
  saveRubricScore,
} from '@/api/operations';
import { ApiError, NETWORK_ERROR_CODE } from '@/api/errors';
import { NETWORK_ONLY_HEADER } from '@/lib/offline-cache';
import { learnerEventsIntents } from '@/machines/learner-events/learner-events.intents';
import { progressIntents } from '@/machines/progress/progress.intents';
import { selectProgressByItemId } from '@/machines/progress/progress.selectors';
import { profileIntents } from '@/machines/profile/profile.intents';
import { selectProfile } from '@/machines/profile/profile.selectors';
import { loadReferenceData, referenceDataSettled } from '@/machines/reference-data/reference-data.actors';
import { bindIntents } from '@/machines/shared/intents';
import { resourceSettled } from '@/machines/shared/resource.actors';
import { defineScreen } from '@/machines/shared/screen';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import { createVideoProgressLogic } from '@/machines/video-progress/video-progress.actors';
import { learningObjectMachine } from './learning-object.machine';
import { isPublicId, wrongKindError } from '@/machines/catalog/catalog-screens.machine';
import { playlistContext } from './learning-object.logic';
import type { CatalogItemSummary } from '@/machines/catalog/catalog.types';
import type { OfflineChange } from '@/machines/offline-library/offline-library.types';
import { offlineStore } from '@/machines/offline-library/offline-store.port';
import type { ActionInput, ActionOutput, LearningObjectEvent, LearningObjectLoaded, LearningObjectLoadInput } from './learning-object.types';

// The real effects of a strategy's page, over src/api/operations.ts and the app's long-lived
// actors (reference data, progress, profile, snackbar, learner events).

export const learningObjectScreen = defineScreen('learningObject', (services) => {
  const { api, actors, browser } = services;
  const progress = bindIntents(actors.progress, progressIntents);
  const learnerEvents = bindIntents(actors.learnerEvents, learnerEventsIntents);
  const snackbar = bindIntents(actors.snackbar, snackbarIntents);
  const profile = bindIntents(actors.profile, profileIntents);
  const fetchLearningObject = fromPromise<LearningObjectLoaded, LearningObjectLoadInput>(async ({ input, signal }) => {
    loadReferenceData(actors);
    progress.load();
    // The playlist is context, not content: without it (unknown id, failure) the page still opens.
    if (!isPublicId(input.publicId)) throw wrongKindError();
    const playlist = input.playlistId && isPublicId(input.playlistId)
      ? getCatalogItem(api, input.playlistId, { signal }).catch((error: unknown) => {
          if (signal.aborted) throw error;
          return null;
        })
      : Promise.resolve(null);
    const item = await getCatalogItem(api, input.publicId, { signal });
    if (item.resourceType !== 'LEARNING_OBJECT') throw wrongKindError();
    const videoSource = item.hasVideo ? getCatalogItemVideo(api, item.id, { signal }) : undefined;
    // Nobody may be waiting yet; the video actor asks again if this failed.
    videoSource?.catch(() => undefined);
    // Progress is optional (spec §2): a failed load shows none and the video starts from zero.
    // The framework path and audiences come from reference data: waiting for it too keeps the
    // header from growing (and the page from shifting) after the first paint.
    await Promise.all([resourceSettled(actors.progress, signal), referenceDataSettled(actors, signal)]);
    const itemProgress = selectProgressByItemId(actors.progress.getSnapshot(), item.id);
    const bookmarks = selectProfile(actors.profile.getSnapshot())?.bookmarks ?? [];
    return {
      item,
      bookmarked: bookmarks.some((b) => b.catalogItemId === item.id),
      videoProgress: itemProgress?.videoProgress ?? 0,
      videoPosition: itemProgress?.videoPosition ?? 0,
      playlist: playlistContext(await playlist, item.id),
      ...(videoSource && { videoSource }),
    };
  });

  const fetchRelated = fromPromise<CatalogItemSummary[], { catalogItemId: string }>(async ({ input, signal }) =>
    (await getRecommendedItems(api, { catalogItemId: input.catalogItemId }, { signal })).filter((other) => other.id !== input.catalogItemId),
  );

  /**
   * A rating, rubric score, "applied" or download that cannot reach the server (no connection) is
   * kept on the device and sent when the browser is back online (the connectivity actor); the
   * page shows it as made (`offline` gives what it shows: a download's file comes from the
   * strategy saved on this device, and without one the download fails as before).
   */
  const orQueued = async (
    signal: AbortSignal,
    online: () => Promise<ActionOutput>,
    change: OfflineChange,
    offline: () => Promise<ActionOutput>,
  ): Promise<ActionOutput> => {
    let output: ActionOutput;
    try {
      output = await online();
    } catch (error) {
      if (!(error instanceof ApiError && error.code === NETWORK_ERROR_CODE) || signal.aborted) throw error;
      const shown = await offline();
      await (await offlineStore(services)).queueChange(change);
      return { ...shown, queued: true };
    }
    // Made online: one of the same kind still waiting (made offline earlier) must not overwrite it.
    await (await offlineStore(services)).forgetChange(change.kind, change.catalogItemId);
    return output;
  };
  /** A request that must reach the server: never answered from the strategy saved on this device. */
  const networkOnly = { [NETWORK_ONLY_HEADER]: '1' };

  const runAction = fromPromise<ActionOutput, ActionInput>(async ({ input, signal: aborted }) => {
    const { action, item } = input;
    const none: ActionOutput = { file: null };
    const about = { catalogItemId: item.id, title: item.title };
    switch (action.kind) {
      case 'rate':
        return orQueued(
          aborted,
          async () => ({ file: null, saved: { rating: (await rateCatalogItem(api, item.id, { value: action.value }, { signal: aborted })).value } }),
          { kind: 'rate', ...about, value: action.value },
          async () => ({ file: null, saved: { rating: action.value } }),
        );
      case 'rubric':
        return orQueued(
          aborted,
          async () => ({ file: null, saved: { rubricScore: (await saveRubricScore(api, item.id, { value: action.value }, { signal: aborted })).value } }),
          { kind: 'rubric', ...about, value: action.value },
          async () => ({ file: null, saved: { rubricScore: action.value } }),
        );
      case 'apply':
        return orQueued(
          aborted,
          async () => {
            if (action.applied) await applyStrategy(api, item.id, { signal: aborted });
            else await removeStrategyApplication(api, item.id, { signal: aborted });
            return none;
          },
          { kind: 'apply', ...about, applied: action.applied },
          async () => none,
        );
      case 'bookmark': {
        // The server answers the profile as it is now: it replaces the app's, the source of truth for the next visit.
        const answered = action.saved
          ? await addBookmark(api, { catalogItemId: item.id }, { signal: aborted })
          : await removeBookmark(api, { catalogItemId: item.id }, { signal: aborted });
        profile.set(answered);
        return { file: null, saved: { bookmarked: answered.bookmarks.some((b) => b.catalogItemId === item.id) } };
      }
      case 'download': {
        const query = { archiveName: input.publicId };
        const fileName = `${input.publicId}.zip`;
        // Offline, the files come from the strategy saved on this device (the worker answers the
        // second request), and the server hears of the download when the browser is back.
        return orQueued(
          aborted,
          async () => ({ file: { blob: (await downloadReproducibles(api, item.id, query, { signal: aborted, headers: networkOnly })).blob, fileName } }),
          { kind: 'download', ...about, publicId: input.publicId },
          async () => ({ file: { blob: (await downloadReproducibles(api, item.id, query, { signal: aborted })).blob, fileName } }),
        );
      }
    }
  });

  return learningObjectMachine.provide({
    actors: {
      fetchLearningObject,
      fetchRelated,
      runAction,
      video: createVideoProgressLogic(services),
      watchPage: fromCallback<LearningObjectEvent>(({ sendBack }) => {
        const stopHide = browser.onPageHide(() => sendBack({ type: 'screen.leave' }));
        const stopRestore = browser.onPageRestore(() => sendBack({ type: 'lo.pageRestored' }));
        return () => {
          stopHide();
          stopRestore();
        };
      }),
    },
    actions: {
      notify: (_, params) => snackbar.show(params),
      saveFile: (_, params) => {
        if (params.file) browser.saveFile(params.file);
      },
      recordEvent: (_, params) => learnerEvents.record(params.eventType, params.data),
      patchProgress: (_, params) => progress.patch(params.catalogItemId, params.patch),
    },
  });
});
