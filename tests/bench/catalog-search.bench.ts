/**
 * The catalogue search at 50 connections, each case's p50 and p99 (not a timed test: it prints figures).
 *
 *   npm run bench                                           # demo content, in-memory PGlite
 *   DATABASE_URL=postgres://… npm run bench                 # a database seeded with `npm run seed -- --size district`
 *   npm run bench -- --duration 5 --warm 1 --connections 50 --only phrase
 *
 * The cases are what the catalogue screen sends with search words: one word, two words, a quoted
 * phrase, each with the screen's filters, and a page further on. Latencies on a shared machine
 * are noisy: the run starts with /api/identity/me as its floor.
 */
import { benchCatalog, query } from './catalog-support.ts';

const search = (params: Record<string, string | string[]>) => query('/api/catalog/search', { limit: '10', ...params });

await benchCatalog('GET /api/catalog/search', async ({ audiences, category, strategy }) => [
  ['search, one word', ['feedback', 'questions', 'routines', 'goals'].map((q) => search({ q }))],
  ['search, two words', ['vocabulary practice', 'student discussion', 'exit ticket'].map((q) => search({ q }))],
  ['search, phrase', ['"think aloud"', '"exit ticket"'].map((q) => search({ q }))],
  ['search, a page further (offset 40)', [search({ q: 'feedback', offset: '40' }), search({ q: 'student discussion', offset: '40' })]],
  [
    'search, with a type, framework or audience',
    [
      search({ q: 'feedback', audienceIds: audiences[0]! }),
      search({ q: 'practice', nasotItemIds: category, resourceType: 'LEARNING_OBJECT' }),
      search({ q: 'student discussion', nasotItemIds: strategy }),
      search({ q: '"think aloud"', resourceType: 'LEARNING_OBJECT' }),
    ],
  ],
  ['search, with the learner’s progress', ['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED', 'SAVED'].map((progress) => search({ q: 'students', progress }))],
]);
