import { fromCallback, fromPromise } from 'xstate';
import {
  getCatalogItem,
  getCatalogItemVideo,
  getFeaturedItems,
  getInProgressItems,
  getNewItems,
  getRecommendedItems,
  getRecommendedPlaylists,
  listCatalogItems,
  searchCatalog,
} from '@/api/operations';
import type { CatalogRequest } from '@/machines/catalog/catalog.query';
import { catalogMachine, type CatalogEvent, type CatalogPrepared } from '@/machines/catalog/catalog.machine';
import { dashboardMachine, isPublicId, itemDetailMachine, livestreamsMachine, wrongKindError } from '@/machines/catalog/catalog-screens.machine';
import type { CatalogPage, ItemProgress } from '@/machines/catalog/catalog.types';
import { arrangeDashboard } from '@/machines/catalog/catalog.selectors';
import { loadReferenceData, referenceDataSettled } from '@/machines/reference-data/reference-data.actors';
import { selectProfile } from '@/machines/profile/profile.selectors';
import type { RootRefs } from '@/machines/root/root.machine';
import { withFetch } from '@/machines/shared/resource';
import { loadResource } from '@/machines/shared/resource.actors';
import { defineScreen } from '@/machines/shared/screen';

// The real effects of the catalogue screens, over src/api/operations.ts and the root's
// long-lived actors. Views get these screens through useScreenActor; tests build them from
// stand-in services.

/**
 * The learner's progress as the app's progress actor holds it (spec §4: loaded once, with the
 * start-up, then patched locally), never fetched again by a screen. Optional everywhere (spec §2
 * "if available"): a failure shows no progress.
 */
async function progressIfAvailable(progress: RootRefs['progress'], signal: AbortSignal): Promise<ItemProgress[]> {
  try {
    return Object.values(await loadResource(progress, signal));
  } catch (error) {
    if (signal.aborted) throw error;
    return [];
  }
}

/** Livestreams sorted by start date; at most 100 a page (openapi CatalogLimit). */
const LIVESTREAM_LIMIT = 100;

/** The catalogue (spec §2 "Route-level data rules"): it follows the URL, and may add the profile's audience. */
export const catalogScreen = defineScreen('catalog', ({ api, actors, router }) =>
  catalogMachine.provide({
    actors: {
      prepare: fromPromise<CatalogPrepared, void>(async ({ signal }) => {
        loadReferenceData(actors);
        const progress = progressIfAvailable(actors.progress, signal);
        await referenceDataSettled(actors, signal);
        // The profile is loaded by the guard; while it is still on its way the catalogue does not wait.
        const profile = selectProfile(actors.profile.getSnapshot());
        return { profileAudienceId: profile?.audienceId ?? null, progress: await progress };
      }),
      fetchResults: fromPromise<CatalogPage, CatalogRequest>(({ input, signal }) =>
        input.kind === 'search' ? searchCatalog(api, input.params, { signal }) : listCatalogItems(api, input.params, { signal }),
      ),
      // Every settled location of this page (own navigations, back, forward) is the catalogue's
      // new query; leaving for another page is not.
      watchUrl: fromCallback<CatalogEvent>(({ sendBack }) => {
        const pathname = router.current().pathname;
        return router.subscribe((location) => {
          if (location.pathname === pathname) sendBack({ type: 'catalog.urlChanged', search: location.search });
        });
      }),
    },
    actions: {
      replaceSearch: (_, params: { search: string }) => router.navigate({ search: params.search }, { replace: true }),
      pushSearch: (_, params: { search: string }) => router.navigate({ search: params.search }),
    },
  }),
);

export const dashboardScreen = defineScreen('dashboard', ({ api, actors }) =>
  withFetch(dashboardMachine, async (_, signal) => {
    // Cards name their framework element, which comes from the shared reference data.
    loadReferenceData(actors);
    const [featured, recommended, recommendedPlaylists, newItems, inProgress, progress] = await Promise.all([
      getFeaturedItems(api, { signal }),
      getRecommendedItems(api, undefined, { signal }),
      getRecommendedPlaylists(api, { signal }),
      getNewItems(api, { signal }),
      getInProgressItems(api, { signal }),
      progressIfAvailable(actors.progress, signal),
    ]);
    return arrangeDashboard({ featured, recommended, recommendedPlaylists, newItems, inProgress, progress });
  }),
);

export const livestreamsScreen = defineScreen('livestreams', ({ api }) =>
  withFetch(livestreamsMachine, async (_, signal) => {
    const page = await listCatalogItems(
      api,
      { resourceType: ['LIVESTREAM'], sortBy: ['startDate'], sortOrder: 'ASC', limit: LIVESTREAM_LIMIT, offset: 0 },
      { signal },
    );
    return page.items;
  }),
);

/** A playlist or a livestream page. */
export const itemDetailScreen = defineScreen('itemDetail', ({ api, actors }) =>
  withFetch(itemDetailMachine, async ({ publicId, resourceType }, signal) => {
    if (!isPublicId(publicId)) throw wrongKindError();
    const [item, progress] = await Promise.all([getCatalogItem(api, publicId, { signal }), progressIfAvailable(actors.progress, signal)]);
    if (item.resourceType !== resourceType) throw wrongKindError();
    const ended = item.resourceType === 'LIVESTREAM' && item.endDate !== null && Date.parse(item.endDate) < Date.now();
    const video = ended && item.hasVideo ? await getCatalogItemVideo(api, item.id, { signal }).catch(() => null) : null;
    return { item, progress, video };
  }),
);
