import { fromPromise, waitFor } from 'xstate';
import { addBookmark, applyStrategy, downloadReproducibles, rateCatalogItem, removeBookmark, removeStrategyApplication, saveRubricScore } from '@/api/operations';
import { learningObjectMachine } from '@/machines/learning-object/learning-object.machine';
import type { ActionInput, ActionOutput, LearningObjectLoaded } from '@/machines/learning-object/learning-object.types';
import { createVideoProgressLogic } from '@/machines/video-progress/video-progress.actors';
import type { PatchVideoProgressParams, RecordVideoEventParams } from '@/machines/video-progress/video-progress.types';
import { selectIsProgressLoaded, selectProgressByItemId, selectProgressFailed } from '@/machines/progress/progress.selectors';
import type { ApiClient } from '@/api/client';
import {
  getCatalogItem,
  getCatalogItemVideo,
  getFeaturedItems,
  getInProgressItems,
  getNewItems,
  getProgress,
  getRecommendedItems,
  getRecommendedPlaylists,
  listCatalogItems,
  searchCatalog,
} from '@/api/operations';
import type { CatalogRequest } from '@/machines/catalog/catalog.query';
import { catalogMachine, type CatalogPrepared } from '@/machines/catalog/catalog.machine';
import { dashboardMachine, itemDetailMachine, livestreamsMachine, type ItemDetail } from '@/machines/catalog/catalog-screens.machine';
import type { CatalogItemSummary, CatalogPage, DashboardLists, ItemProgress } from '@/machines/catalog/catalog.types';
import type { LearnerEventsRef, ProfileRef, ProgressRef, ReferenceDataRef, SnackbarRef } from '@/machines/root/root.machine';
import { selectIsReferenceDataReady, selectReferenceDataFailed } from '@/machines/reference-data/reference-data.selectors';
import { selectProfile } from '@/machines/profile/profile.selectors';

// The real effects of the catalogue screens, over src/api/operations.ts and the root's
// long-lived actors. Screens get their logic from here; tests provide stubs instead.

export type CatalogScreenDeps = {
  referenceData: ReferenceDataRef;
  profile: ProfileRef;
  progress: ProgressRef;
  snackbar: SnackbarRef;
  learnerEvents: LearnerEventsRef;
};

/** Progress is optional everywhere (spec §2 "if available"): a failure shows no progress. */
async function progressIfAvailable(api: ApiClient, signal: AbortSignal): Promise<ItemProgress[]> {
  try {
    return await getProgress(api, { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return [];
  }
}

/** Nasot items and audiences loaded, or one failed (screens then show what they can). */
const referenceDataSettled = (ref: ReferenceDataRef, signal: AbortSignal) =>
  waitFor(ref, (s) => selectIsReferenceDataReady(s) || selectReferenceDataFailed(s), { signal });

/** Progress loaded, or failed (spec §2: progress is shown only if available). */
const progressSettled = (ref: ProgressRef, signal: AbortSignal) =>
  waitFor(ref, (s) => selectIsProgressLoaded(s) || selectProgressFailed(s), { signal });

/** Livestreams sorted by start date; at most 100 a page (openapi CatalogLimit). */
const LIVESTREAM_LIMIT = 100;

export function catalogScreenActors(api: ApiClient, deps: CatalogScreenDeps) {
  const prepare = fromPromise<CatalogPrepared, void>(async ({ signal }) => {
    deps.referenceData.send({ type: 'referenceData.load' });
    const progress = progressIfAvailable(api, signal);
    await referenceDataSettled(deps.referenceData, signal);
    // The profile is loaded by the shell; while it is still on its way the catalogue does not wait.
    const profile = selectProfile(deps.profile.getSnapshot());
    return { profileAudienceId: profile?.audienceId ?? null, progress: await progress };
  });

  const fetchResults = fromPromise<CatalogPage, CatalogRequest>(({ input, signal }) =>
    input.kind === 'search' ? searchCatalog(api, input.params, { signal }) : listCatalogItems(api, input.params, { signal }),
  );

  const fetchDashboard = fromPromise<DashboardLists, void>(async ({ signal }) => {
    const [featured, recommended, recommendedPlaylists, newItems, inProgress, progress] = await Promise.all([
      getFeaturedItems(api, { signal }),
      getRecommendedItems(api, undefined, { signal }),
      getRecommendedPlaylists(api, { signal }),
      getNewItems(api, { signal }),
      getInProgressItems(api, { signal }),
      progressIfAvailable(api, signal),
    ]);
    return { featured, recommended, recommendedPlaylists, newItems, inProgress, progress };
  });

  const fetchLivestreams = fromPromise<CatalogItemSummary[], void>(async ({ signal }) => {
    const page = await listCatalogItems(
      api,
      { resourceType: ['LIVESTREAM'], sortBy: ['startDate'], sortOrder: 'ASC', limit: LIVESTREAM_LIMIT, offset: 0 },
      { signal },
    );
    return page.items;
  });

  const fetchDetail = fromPromise<ItemDetail, { publicId: string }>(async ({ input, signal }) => {
    const [item, progress] = await Promise.all([getCatalogItem(api, input.publicId, { signal }), progressIfAvailable(api, signal)]);
    const ended = item.resourceType === 'LIVESTREAM' && item.endDate !== null && Date.parse(item.endDate) < Date.now();
    const video = ended && item.hasVideo ? await getCatalogItemVideo(api, item.id, { signal }).catch(() => null) : null;
    return { item, progress, video };
  });

  const fetchLearningObject = fromPromise<LearningObjectLoaded, { publicId: string }>(async ({ input, signal }) => {
    deps.referenceData.send({ type: 'referenceData.load' });
    deps.progress.send({ type: 'progress.load' });
    const item = await getCatalogItem(api, input.publicId, { signal });
    const related = getRecommendedItems(api, { catalogItemId: item.id }, { signal }).catch((error: unknown) => {
      if (signal.aborted) throw error;
      return [];
    });
    // Progress is optional (spec §2): a failed load shows none and the video starts from zero.
    // The framework path and audiences come from reference data: waiting for it too keeps the
    // header from growing (and the page from shifting) after the first paint.
    await Promise.all([progressSettled(deps.progress, signal), referenceDataSettled(deps.referenceData, signal)]);
    const progress = selectProgressByItemId(deps.progress.getSnapshot(), item.id);
    const profile = selectProfile(deps.profile.getSnapshot());
    return {
      item,
      related: (await related).filter((other) => other.id !== item.id),
      bookmarked: profile?.bookmarks.some((b) => b.catalogItemId === item.id) ?? false,
      videoProgress: progress?.videoProgress ?? 0,
      videoPosition: progress?.videoPosition ?? 0,
    };
  });

  const runAction = fromPromise<ActionOutput, ActionInput>(async ({ input, signal }) => {
    const { action, item } = input;
    const none: ActionOutput = { file: null };
    switch (action.kind) {
      case 'rate':
        await rateCatalogItem(api, item.id, { value: action.value }, { signal });
        return none;
      case 'rubric':
        await saveRubricScore(api, item.id, { value: action.value }, { signal });
        return none;
      case 'apply':
        if (action.applied) await applyStrategy(api, item.id, { signal });
        else await removeStrategyApplication(api, item.id, { signal });
        return none;
      case 'bookmark': {
        if (action.saved) await addBookmark(api, { catalogItemId: item.id }, { signal });
        else await removeBookmark(api, { catalogItemId: item.id }, { signal });
        // The profile's bookmarks stay the source of truth for the next visit.
        const profile = selectProfile(deps.profile.getSnapshot());
        if (profile) {
          const others = profile.bookmarks.filter((b) => b.catalogItemId !== item.id);
          const bookmarks = action.saved ? [...others, { catalogItemId: item.id, createdAt: new Date().toISOString() }] : others;
          deps.profile.send({ type: 'profile.set', profile: { ...profile, bookmarks } });
        }
        return none;
      }
      case 'download': {
        const { blob } = await downloadReproducibles(api, item.id, { archiveName: input.publicId }, { signal });
        return { file: { blob, fileName: `${input.publicId}.zip` } };
      }
    }
  });

  // The screen actor runs in its own system (useActorRef), so the video's effects are wired to
  // the root's actors by reference rather than by systemId.
  const video = createVideoProgressLogic(api).provide({
    actions: {
      recordLearnerEvent: (_, params: RecordVideoEventParams) =>
        deps.learnerEvents.send({ type: 'learnerEvents.record', eventType: params.type, data: params.data }),
      patchProgress: (_, params: PatchVideoProgressParams) =>
        deps.progress.send({ type: 'progress.patch', catalogItemId: params.catalogItemId, patch: params.patch }),
    },
  });

  const learningObject = learningObjectMachine.provide({
    actors: { fetchLearningObject, runAction, video },
    actions: {
      notify: (_, params) => deps.snackbar.send({ type: 'snackbar.enqueue', ...params }),
      recordEvent: (_, params) => deps.learnerEvents.send({ type: 'learnerEvents.record', eventType: params.eventType, data: params.data }),
      patchProgress: (_, params) => deps.progress.send({ type: 'progress.patch', catalogItemId: params.catalogItemId, patch: params.patch }),
    },
  });

  return {
    learningObject,
    catalog: catalogMachine.provide({ actors: { prepare, fetchResults } }),
    dashboard: dashboardMachine.provide({ actors: { fetchDashboard } }),
    livestreams: livestreamsMachine.provide({ actors: { fetchLivestreams } }),
    itemDetail: itemDetailMachine.provide({ actors: { fetchDetail } }),
  };
}

export type CatalogScreenLogic = ReturnType<typeof catalogScreenActors>;
