import { fromPromise, waitFor, type AnyActorRef } from 'xstate';
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
import type { ProfileRef, ReferenceDataRef } from '@/machines/root/root.machine';
import { selectIsReferenceDataReady, selectReferenceDataFailed } from '@/machines/reference-data/reference-data.selectors';
import { selectProfile } from '@/machines/profile/profile.selectors';

// The real effects of the catalogue screens, over src/api/operations.ts and the root's
// long-lived actors. Screens get their logic from here; tests provide stubs instead.

export type CatalogScreenDeps = { referenceData: ReferenceDataRef; profile: ProfileRef };

/** Progress is optional everywhere (spec §2 "if available"): a failure shows no progress. */
async function progressIfAvailable(api: ApiClient, signal: AbortSignal): Promise<ItemProgress[]> {
  try {
    return await getProgress(api, { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return [];
  }
}

async function waitUntil(ref: AnyActorRef, done: (snapshot: never) => boolean, signal: AbortSignal) {
  await waitFor(ref, (snapshot) => done(snapshot as never), { signal });
}

/** Livestreams sorted by start date; at most 100 a page (openapi CatalogLimit). */
const LIVESTREAM_LIMIT = 100;

export function catalogScreenActors(api: ApiClient, deps: CatalogScreenDeps) {
  const prepare = fromPromise<CatalogPrepared, void>(async ({ signal }) => {
    deps.referenceData.send({ type: 'referenceData.load' });
    const progress = progressIfAvailable(api, signal);
    await waitUntil(
      deps.referenceData,
      (s: Parameters<typeof selectIsReferenceDataReady>[0]) => selectIsReferenceDataReady(s) || selectReferenceDataFailed(s),
      signal,
    );
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

  return {
    catalog: catalogMachine.provide({ actors: { prepare, fetchResults } }),
    dashboard: dashboardMachine.provide({ actors: { fetchDashboard } }),
    livestreams: livestreamsMachine.provide({ actors: { fetchLivestreams } }),
    itemDetail: itemDetailMachine.provide({ actors: { fetchDetail } }),
  };
}

export type CatalogScreenLogic = ReturnType<typeof catalogScreenActors>;
