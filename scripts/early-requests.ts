import { createQuerySerializer } from 'openapi-fetch';
import type { paths } from '../src/api/schema';
import type { RouteName } from '../src/lib/routes';
// Relative, not '@/…': vite.config.ts loads this module, and its loader does not know the alias.
import { EMPTY_QUERY, toCatalogRequest } from '../src/machines/catalog/catalog.query.ts';

type GetPath = { [P in keyof paths]: paths[P] extends { get: { responses: unknown } } ? P : never }[keyof paths];

/**
 * What a screen asks the API for as it opens, sent by public/start.js while the app's JavaScript
 * downloads (with the start-up request every signed-in page makes), so the data is there
 * when the screen renders; the API client takes each response once (src/api/early-responses.ts).
 * The build writes these into dist/screen-preloads.json (vite.config.ts `screenPreloads`). A
 * path's `{…}` is the route's parameter. They must be the very requests the screen's machines
 * make, without a query string the screen would add: a request the app then makes differently is
 * sent twice (tests/e2e/dashboard.spec.ts checks each is made once).
 */
export const EARLY_REQUESTS: Partial<Record<RouteName, readonly GetPath[]>> = {
  dashboard: [
    '/catalog/nasot/items',
    '/catalog/audiences',
    '/catalog/recommendations/featured',
    '/catalog/recommendations/recommended',
    '/catalog/recommendations/recommended-playlists',
    '/catalog/recommendations/new',
    '/catalog/recommendations/in-progress',
  ],
  catalog: ['/catalog/nasot/items', '/catalog/audiences'],
  'learning-object': ['/catalog/nasot/items', '/catalog/audiences', '/catalog/items/{id}'],
};

/** Stands for the learner's profile audience in `CATALOG_FIRST_PAGE` (URL-encoded there). */
export const PROFILE_AUDIENCE = '{audienceId}';

/**
 * The catalogue's first page at its plain address (`/catalog`, no query), as the catalogue asks
 * for it once it has added the learner's profile audience (spec §2): built by the catalogue's own
 * query mapping and the API client's query serializer, so it is the very request. start.js sends
 * it when the early start-up response (GET /identity/start) has given the profile: `withAudience`
 * with PROFILE_AUDIENCE replaced by the profile's audience, or `withoutAudience` for a profile
 * without one.
 */
export const CATALOG_FIRST_PAGE = (() => {
  const serialize = createQuerySerializer();
  const pathOf = (audience: string | null) => `/api/catalog/items?${serialize(toCatalogRequest({ ...EMPTY_QUERY, audience }).params)}`;
  return { withAudience: pathOf(PROFILE_AUDIENCE), withoutAudience: pathOf(null), placeholder: encodeURIComponent(PROFILE_AUDIENCE) };
})();

/** Per route, the first page start.js asks for once the early start-up response has given the profile. */
export const FIRST_PAGE_AFTER_PROFILE: Partial<Record<RouteName, typeof CATALOG_FIRST_PAGE>> = { catalog: CATALOG_FIRST_PAGE };

/**
 * The picture a screen shows largest at its top, from one of its early responses, which start.js
 * asks for at high priority as soon as it can, so it downloads while the app's JavaScript does
 * instead of once the screen has rendered (`npm run bench:cold-load`, docs/decisions.md "The
 * largest picture, asked for with the data"). `request` is one of the route's EARLY_REQUESTS, or
 * `firstPage` for its FIRST_PAGE_AFTER_PROFILE. Then either:
 * - `list`: the thumbnail of the response's first item in that array (the dashboard continues
 *   with the unfinished item touched last, which the in-progress list, most recent first, names
 *   first; the catalogue's first result);
 * - `video`: the response is an item, and the picture is its video's poster. The video is asked
 *   for as the strategy's screen asks for it (src/machines/learning-object/learning-object.actors.ts:
 *   a learning object with a video, by the item's id), and only while the app has not taken the
 *   item's response: the app then takes this one instead of asking again.
 */
export const LARGEST_PICTURE: Partial<Record<RouteName, { request: GetPath | 'firstPage'; list: 'data' | 'items' } | { request: GetPath; video: GetPath }>> = {
  dashboard: { request: '/catalog/recommendations/in-progress', list: 'data' },
  catalog: { request: 'firstPage', list: 'items' },
  'learning-object': { request: '/catalog/items/{id}', video: '/catalog/items/{id}/video' },
};
