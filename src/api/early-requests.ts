import type { paths } from '@/api/schema';
import type { RouteName } from '@/lib/routes';

type GetPath = { [P in keyof paths]: paths[P] extends { get: { responses: unknown } } ? P : never }[keyof paths];

/**
 * What a screen asks the API for as it opens, sent by public/start.js while the app's JavaScript
 * downloads (with the four start-up requests every signed-in page makes), so the data is there
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
