import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { catalogMachine, type CatalogPrepared } from '@/machines/catalog/catalog.machine';
import {
  CATALOG_PAGE_SIZE,
  changeQuery,
  activeFilterCount,
  hasLegacyKeys,
  needsDefaultAudience,
  parseCatalogQuery,
  rewriteSearch,
  toCatalogRequest,
  toCatalogSearch,
  type CatalogRequest,
} from '@/machines/catalog/catalog.query';
import { loadAtStart, withFetch } from '@/machines/shared/resource';
import { dashboardMachine, itemDetailMachine, type ItemDetail } from '@/machines/catalog/catalog-screens.machine';
import { arrangeDashboard, cardProgress, continueItem, elementTitle, livestreamStatus, playNext, resultCount, splitLivestreams } from '@/machines/catalog/catalog.selectors';
import type { NasotItem } from '@/machines/reference-data/reference-data.machine';
import type { CatalogItem, CatalogPage, DashboardLists, ItemProgress } from '@/machines/catalog/catalog.types';
import { catalogItemSummary } from '../support/catalog-fixtures';

const summary = catalogItemSummary;

function progress(catalogItemId: string, videoProgress: number, lastInteractionAt = '2026-01-01T00:00:00.000Z', completed = false): ItemProgress {
  return {
    catalogItemId,
    completed,
    lastInteractionAt,
    videoProgress,
    videoPosition: 0,
    areReproduciblesDownloaded: false,
    isCatalogItemRated: false,
    isRubricScoreSaved: false,
    isStrategyApplied: false,
  };
}

function startCatalog(search: string, prepared: CatalogPrepared = { profileAudienceId: null, progress: [] }, knownProfileAudience?: string) {
  const requests: CatalogRequest[] = [];
  const replaced: string[] = [];
  const pushed: string[] = [];
  const actor = createActor(
    catalogMachine.provide({
      actors: {
        prepare: fromPromise<CatalogPrepared, void>(async () => prepared),
        fetchResults: fromPromise<CatalogPage, CatalogRequest>(async ({ input }) => {
          requests.push(input);
          return { items: [summary('a')], total: 23 };
        }),
        // The tests send the later locations themselves.
        watchUrl: fromCallback(() => {}),
      },
      actions: {
        replaceSearch: (_, params: { search: string }) => void replaced.push(params.search),
        pushSearch: (_, params: { search: string }) => void pushed.push(params.search),
      },
    }),
    { input: { search, profileAudienceId: knownProfileAudience } },
  );
  actor.start();
  return { actor, requests, replaced, pushed };
}

describe('catalogue query ↔ URL', () => {
  it('round-trips every field and drops defaults', () => {
    const query = parseCatalogQuery('?search=pair&nasot=e1&nasot=e2&audience=a1&type=PLAYLIST&progress=SAVED&page=3');
    expect(query).toEqual({ search: 'pair', nasotItemIds: ['e1', 'e2'], audience: 'a1', resourceType: 'PLAYLIST', progress: 'SAVED', page: 3 });
    expect(parseCatalogQuery(toCatalogSearch(query))).toEqual(query);
    expect(toCatalogSearch(parseCatalogQuery(''))).toBe('');
  });

  it('names the search and the audience in the spec\'s words, and reads older links\' q', () => {
    expect(toCatalogSearch({ ...parseCatalogQuery(''), search: 'feedback', audience: 'a1' })).toBe('?search=feedback&audience=a1');
    expect(parseCatalogQuery('?q=feedback').search).toBe('feedback');
    expect(parseCatalogQuery('?search=new&q=old').search).toBe('new');
    expect(hasLegacyKeys('?q=feedback')).toBe(true);
    expect(hasLegacyKeys('?search=feedback')).toBe(false);
  });

  it('rewrites a location keeping the parameters the catalogue does not own', () => {
    expect(rewriteSearch('?q=pair&utm_source=mail&page=2', parseCatalogQuery('?q=pair'))).toBe('?search=pair&utm_source=mail');
    expect(rewriteSearch('', parseCatalogQuery(''))).toBe('');
  });

  it('counts the active filters, the search and each framework item included', () => {
    expect(activeFilterCount(parseCatalogQuery(''))).toBe(0);
    expect(activeFilterCount(parseCatalogQuery('?search=x&nasot=e1&nasot=e2&audience=a&type=PLAYLIST&progress=SAVED&page=2'))).toBe(6);
  });

  it('ignores unknown values and bad pages', () => {
    expect(parseCatalogQuery('?type=BOOK&progress=x&page=-2')).toMatchObject({ resourceType: null, progress: null, page: 1 });
  });

  it('starts again at page 1 when a filter changes', () => {
    expect(changeQuery(parseCatalogQuery('?page=4'), { audience: 'a1' }).page).toBe(1);
  });

  it('searches with the search words and lists without, paging 10 at a time', () => {
    expect(toCatalogRequest(parseCatalogQuery('?search=pair&page=2&audience=a1'))).toEqual({
      kind: 'search',
      params: { q: 'pair', offset: CATALOG_PAGE_SIZE, limit: CATALOG_PAGE_SIZE, audienceIds: ['a1'] },
    });
    expect(toCatalogRequest(parseCatalogQuery('?search=pair&progress=COMPLETED'))).toEqual({
      kind: 'search',
      params: { q: 'pair', offset: 0, limit: CATALOG_PAGE_SIZE, progress: 'COMPLETED' },
    });
    expect(toCatalogRequest(parseCatalogQuery('?nasot=e1&type=LIVESTREAM&progress=IN_PROGRESS&page=3'))).toEqual({
      kind: 'list',
      params: { offset: 20, limit: 10, nasotItemIds: ['e1'], resourceType: ['LIVESTREAM'], progress: 'IN_PROGRESS' },
    });
  });

  it('defaults the audience only when the query has neither audience nor search', () => {
    expect(needsDefaultAudience(parseCatalogQuery(''), 'a1')).toBe(true);
    expect(needsDefaultAudience(parseCatalogQuery('?search=x'), 'a1')).toBe(false);
    expect(needsDefaultAudience(parseCatalogQuery('?audience=a2'), 'a1')).toBe(false);
    expect(needsDefaultAudience(parseCatalogQuery(''), null)).toBe(false);
  });
});

describe('catalogue screen machine', () => {
  it('adds the profile audience with a replace navigation, then lists', async () => {
    const { actor, requests, replaced } = startCatalog('', { profileAudienceId: 'a1', progress: [] });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(replaced).toEqual(['?audience=a1']);
    expect(actor.getSnapshot().context.query.audience).toBe('a1');
    expect(requests).toEqual([{ kind: 'list', params: { offset: 0, limit: 10, audienceIds: ['a1'] } }]);
    expect(actor.getSnapshot().context.page.total).toBe(23);
  });

  it('with the profile known as the page opens, its audience is in the very first query (its chip never moves the results)', async () => {
    const { actor, requests, replaced } = startCatalog('', { profileAudienceId: 'a1', progress: [] }, 'a1');
    // Before anything was prepared or fetched: the first snapshot a view draws.
    expect(actor.getSnapshot().matches('preparing')).toBe(true);
    expect(actor.getSnapshot().context.query.audience).toBe('a1');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(replaced).toEqual(['?audience=a1']);
    expect(requests).toEqual([{ kind: 'list', params: { offset: 0, limit: 10, audienceIds: ['a1'] } }]);
  });

  it('keeps a search query as it is and calls search', async () => {
    const { actor, requests, replaced } = startCatalog('?search=feedback', { profileAudienceId: 'a1', progress: [] });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(replaced).toEqual([]);
    expect(actor.getSnapshot().context.query).toMatchObject({ search: 'feedback', audience: null });
    expect(requests).toEqual([{ kind: 'search', params: { q: 'feedback', offset: 0, limit: 10 } }]);
  });

  it('adds the profile audience keeping everything else the location had', async () => {
    const { actor, requests, replaced } = startCatalog('?type=PLAYLIST&progress=SAVED&utm_source=mail', { profileAudienceId: 'a1', progress: [] });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(replaced).toEqual(['?audience=a1&type=PLAYLIST&progress=SAVED&utm_source=mail']);
    expect(requests[0]).toEqual({ kind: 'list', params: { offset: 0, limit: 10, audienceIds: ['a1'], resourceType: ['PLAYLIST'], progress: 'SAVED' } });
  });

  it('replaces an older link\'s q with search, once, without a second fetch', async () => {
    const { actor, requests, replaced } = startCatalog('?q=feedback&type=PLAYLIST', { profileAudienceId: 'a1', progress: [] });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(replaced).toEqual(['?search=feedback&type=PLAYLIST']);
    actor.send({ type: 'catalog.urlChanged', search: '?search=feedback&type=PLAYLIST' });
    expect(requests).toEqual([{ kind: 'search', params: { q: 'feedback', offset: 0, limit: 10, resourceType: ['PLAYLIST'] } }]);
  });

  it('replaces an older link followed while the catalogue is open', async () => {
    const { actor, requests, replaced } = startCatalog('');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'catalog.urlChanged', search: '?q=pair' });
    expect(replaced).toEqual(['?search=pair']);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'catalog.urlChanged', search: '?search=pair' });
    expect(requests.map((r) => r.kind)).toEqual(['list', 'search']);
  });

  it('asks for a new history entry for a search, a filter and Clear all, starting again at page 1', async () => {
    const { actor, pushed, replaced } = startCatalog('?audience=a1&page=3&utm_source=mail', { profileAudienceId: 'a1', progress: [] });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'catalog.search', text: '  feedback ' });
    actor.send({ type: 'catalog.filter', patch: { audience: null } });
    actor.send({ type: 'catalog.filter', patch: { resourceType: 'LIVESTREAM' } });
    actor.send({ type: 'catalog.clearAll' });
    expect(pushed).toEqual([
      '?search=feedback&audience=a1&utm_source=mail',
      '?utm_source=mail',
      '?audience=a1&type=LIVESTREAM&utm_source=mail',
      '?utm_source=mail',
    ]);
    expect(replaced).toEqual([]);
  });

  it('does not add the audience again once the learner removed it', async () => {
    const { actor, requests, replaced } = startCatalog('', { profileAudienceId: 'a1', progress: [] });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'catalog.urlChanged', search: '' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(replaced).toEqual(['?audience=a1']);
    expect(requests.at(-1)).toEqual({ kind: 'list', params: { offset: 0, limit: 10 } });
  });

  it('follows the URL: a new query fetches again, the echo of the same query does not', async () => {
    const { actor, requests } = startCatalog('?audience=a1');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'catalog.urlChanged', search: '?audience=a1' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'catalog.urlChanged', search: '?audience=a1&page=2' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(requests.map((r) => r.params.offset)).toEqual([0, 10]);
    actor.send({ type: 'catalog.urlChanged', search: '?audience=a1' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.query.page).toBe(1);
    expect(requests).toHaveLength(3);
  });

  it('fails and retries from the start', async () => {
    const prepare = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue({ profileAudienceId: null, progress: [] });
    const actor = createActor(
      catalogMachine.provide({
        actors: {
          prepare: fromPromise<CatalogPrepared, void>(() => prepare()),
          fetchResults: fromPromise<CatalogPage, CatalogRequest>(async () => ({ items: [], total: 0 })),
          watchUrl: fromCallback(() => {}),
        },
        actions: { replaceSearch: () => undefined, pushSearch: () => undefined },
      }),
      { input: { search: '' } },
    ).start();
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'catalog.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(prepare).toHaveBeenCalledTimes(2);
  });
});

describe('dashboard and detail machines', () => {
  it('loads the dashboard lists; continue picks the most recent interaction', async () => {
    const lists: DashboardLists = {
      featured: [summary('f')],
      recommended: [],
      recommendedPlaylists: [],
      newItems: [],
      inProgress: [summary('x'), summary('y')],
      progress: [progress('x', 10, '2026-01-01T00:00:00.000Z'), progress('y', 20, '2026-03-01T00:00:00.000Z')],
    };
    const actor = createActor(withFetch(dashboardMachine, async () => arrangeDashboard(lists)), { input: loadAtStart() }).start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.data?.resume?.item.id).toBe('y');
    expect(continueItem(lists.inProgress, lists.progress)?.id).toBe('y');
    expect(continueItem([], [])).toBeNull();
  });

  it('loads a playlist; play next is the first entry by position not completed', async () => {
    const item = {
      ...summary('pl', { resourceType: 'PLAYLIST' }),
      catalogItems: [
        { position: 2, item: summary('b') },
        { position: 1, item: summary('a') },
        { position: 3, item: summary('c') },
      ],
    } as unknown as CatalogItem;
    const actor = createActor(
      withFetch(itemDetailMachine, async (params): Promise<ItemDetail> => {
        expect(params.publicId).toBe('my-list');
        return { item, progress: [progress('a', 95)], video: null };
      }),
      { input: loadAtStart({ publicId: 'my-list', resourceType: 'PLAYLIST' as const }) },
    ).start();
    await waitFor(actor, (s) => s.matches('loaded'));
    const detail = actor.getSnapshot().context.data;
    expect(detail && playNext(detail.item, detail.progress)?.id).toBe('b');
  });
});

describe('item card progress', () => {
  const strategy = summary('s');
  const playlist = summary('p', { resourceType: 'PLAYLIST' });
  it('counts a strategy\'s five steps; completed is the server\'s word, not the card\'s', () => {
    expect(cardProgress(strategy, undefined)).toEqual({ state: 'notStarted' });
    expect(cardProgress(strategy, progress('s', 95))).toEqual({ state: 'inProgress', fraction: 0.2, label: '1 of 5 steps' });
    const allSteps = { ...progress('s', 95), areReproduciblesDownloaded: true, isCatalogItemRated: true, isRubricScoreSaved: true, isStrategyApplied: true };
    expect(cardProgress(strategy, allSteps)).toMatchObject({ state: 'inProgress', label: '5 of 5 steps' });
    expect(cardProgress(strategy, { ...allSteps, completed: true })).toEqual({ state: 'completed', fraction: 1, label: 'Completed' });
    expect(cardProgress(strategy, { ...allSteps, videoProgress: 50 })).toMatchObject({ state: 'inProgress', label: '4 of 5 steps' });
  });
  it('shows the percent watched of anything else until the server says completed', () => {
    expect(cardProgress(playlist, progress('p', 42.4))).toEqual({ state: 'inProgress', fraction: 0.42, label: '42% watched' });
    expect(cardProgress(playlist, progress('p', 0))).toEqual({ state: 'inProgress', fraction: 0, label: 'In progress' });
    expect(cardProgress(playlist, progress('p', 90, undefined, true))).toEqual({ state: 'completed', fraction: 1, label: 'Completed' });
  });
});

describe('livestream status', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const at = (start: string, end: string) => summary(start, { resourceType: 'LIVESTREAM', startDate: start, endDate: end });
  it('is upcoming, live while on air, and past after the end', () => {
    expect(livestreamStatus(at('2026-06-02T12:00:00Z', '2026-06-02T13:00:00Z'), now)).toBe('upcoming');
    expect(livestreamStatus(at('2026-06-01T11:30:00Z', '2026-06-01T12:30:00Z'), now)).toBe('live');
    expect(livestreamStatus(at('2026-05-01T11:00:00Z', '2026-05-01T12:00:00Z'), now)).toBe('past');
  });
  it('splits upcoming (soonest first) from past (latest first)', () => {
    const items = [at('2026-05-01T11:00:00Z', '2026-05-01T12:00:00Z'), at('2026-05-20T11:00:00Z', '2026-05-20T12:00:00Z'), at('2026-06-02T12:00:00Z', '2026-06-02T13:00:00Z')];
    const { upcoming, past } = splitLivestreams(items, now);
    expect(upcoming.map((i) => i.id)).toEqual(['2026-06-02T12:00:00Z']);
    expect(past.map((i) => i.id)).toEqual(['2026-05-20T11:00:00Z', '2026-05-01T11:00:00Z']);
  });
});

describe('elementTitle', () => {
  const node = (id: string, parentId: string | null, type: NasotItem['type'], title: string, position: number): NasotItem => ({
    id,
    parentId,
    type,
    title,
    position,
    description: '',
    communityUrl: null,
  });
  // Ids sort the other way round from the framework's order, as random ids may.
  const framework = [
    node('f-cat', null, 'CATEGORY', 'Assessment', 1),
    node('e-strand', 'f-cat', 'STRAND', 'Feedback', 1),
    node('d-late', 'e-strand', 'ELEMENT', 'Written Feedback', 2),
    node('c-early', 'e-strand', 'ELEMENT', 'Timely Verbal Feedback', 1),
    node('b-strategy', 'd-late', 'STRATEGY', 'Comment Codes', 1),
  ];

  it('names the element of a strategy the item is tagged with', () => {
    expect(elementTitle(['b-strategy'], framework)).toBe('Written Feedback');
  });

  it('names the first element in framework order when an item has several, whatever the order of its ids', () => {
    expect(elementTitle(['b-strategy', 'c-early'], framework)).toBe('Timely Verbal Feedback');
    expect(elementTitle(['c-early', 'd-late'], framework)).toBe('Timely Verbal Feedback');
    expect(elementTitle(['d-late', 'c-early'], framework)).toBe('Timely Verbal Feedback');
  });

  it('is null without an element', () => {
    expect(elementTitle(['f-cat'], framework)).toBeNull();
    expect(elementTitle([], framework)).toBeNull();
  });
});

describe('resultCount', () => {
  it('counts exactly under the cap and says "1,000+" when the server stopped counting', () => {
    expect(resultCount({ total: 1 })).toBe('1 result');
    expect(resultCount({ total: 44, totalIsCapped: false })).toBe('44 results');
    expect(resultCount({ total: 0 })).toBe('0 results');
    expect(resultCount({ total: 1000, totalIsCapped: true })).toBe('1,000+ results');
  });
});
