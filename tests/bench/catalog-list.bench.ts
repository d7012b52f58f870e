/**
 * The catalogue list at 50 connections, each case's p50 and p99 (not a timed test: it prints figures).
 *
 *   npm run bench:catalog                                   # demo content, in-memory PGlite
 *   DATABASE_URL=postgres://… npm run bench:catalog         # a database seeded with `npm run seed -- --size district`
 *   npm run bench:catalog -- --duration 5 --warm 1 --connections 50 --only filter
 *
 * The cases are what the catalogue screens ask for (the default order, every filter alone and
 * combined, the learner's own progress, the livestreams by start date, pages deep by offset and by
 * cursor) and the contract's other sorts. Latencies on a shared machine are noisy: the run starts
 * with /api/identity/me as its floor.
 */
import { benchCatalog, query } from './catalog-support.ts';

const list = (params: Record<string, string | string[]>) => query('/api/catalog/items', { limit: '10', ...params });

await benchCatalog('GET /api/catalog/items', async ({ get, audiences, category, strategy }) => {
  const cursorAfter = async (params: Record<string, string>) => (await get<{ nextCursor: string }>(list({ offset: '490', ...params }))).nextCursor;
  return [
    ['list, default order (newest first)', [list({})]],
    ['list, each sort and direction', ['createdAt', 'title', 'startDate', 'rating'].flatMap((sortBy) => ['ASC', 'DESC'].map((sortOrder) => list({ sortBy, sortOrder })))],
    ['list, two sort keys', [list({ sortBy: ['rating', 'title'], sortOrder: 'DESC' }), list({ sortBy: ['startDate', 'createdAt'] }), list({ sortBy: ['title', 'rating'] })]],
    ['list, livestreams by start date (100)', [list({ resourceType: 'LIVESTREAM', sortBy: 'startDate', sortOrder: 'ASC', limit: '100' })]],
    ['list, filter by type', ['LEARNING_OBJECT', 'LIVESTREAM', 'PLAYLIST'].map((resourceType) => list({ resourceType }))],
    ['list, filter by framework item', [list({ nasotItemIds: category }), list({ nasotItemIds: strategy }), list({ nasotItemIds: [category, strategy] })]],
    ['list, filter by audience', audiences.slice(0, 4).map((audienceIds) => list({ audienceIds }))],
    ['list, filter by progress', ['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED', 'SAVED'].map((progress) => list({ progress }))],
    [
      'list, filters combined',
      [
        list({ resourceType: 'LEARNING_OBJECT', nasotItemIds: category, audienceIds: audiences[0]! }),
        list({ nasotItemIds: strategy, audienceIds: audiences[1]! }),
        list({ resourceType: 'LEARNING_OBJECT', progress: 'NOT_STARTED', audienceIds: audiences[2]! }),
        list({ featured: 'true' }),
      ],
    ],
    ['list, page 5 and page 50 by offset', [list({ offset: '40' }), list({ offset: '490' }), list({ offset: '490', sortBy: 'title' })]],
    ['list, page 50 by cursor', [list({ cursor: await cursorAfter({}) }), list({ cursor: await cursorAfter({ sortBy: 'title' }), sortBy: 'title' })]],
  ];
});
