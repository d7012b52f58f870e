import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Link } from '@/views/components/link';
import { useSelector } from '@xstate/react';
import { buildPath } from '@/lib/routes';
import { activeFilterCount, toCatalogSearch } from '@/machines/catalog/catalog.query';
import type { CatalogFilterPatch } from '@/machines/catalog/catalog.machine';
import type { CatalogQuery } from '@/machines/catalog/catalog.types';
import {
  selectCatalogFailed,
  selectCatalogItems,
  selectCatalogLoading,
  selectCatalogPageCount,
  selectCatalogProgress,
  selectCatalogQuery,
  selectCatalogResultCount,
} from '@/machines/catalog/catalog.selectors';
import { catalogScreen } from '@/machines/catalog/catalog.actors';
import { selectProfile } from '@/machines/profile/profile.selectors';
import { useRoot } from '@/views/root-context';
import { catalogIntents } from '@/machines/catalog/catalog.intents';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { LoadError } from '@/views/components/load-error';
import { PageLayout } from '@/views/layout/page-layout';
import { Button, ButtonLink } from '@/views/layout/button';
import { ItemList, ItemListSkeleton } from '@/views/catalog/item-list';
import { TranscriptMatch } from '@/views/catalog/transcript-match';
import { FilterChips, FilterPanel, FiltersSheet, useFilterChips } from '@/views/catalog/catalog-filters';
import * as styles from '@/views/catalog/catalog.css';
import * as filterStyles from '@/views/catalog/filters.css';
import { muted, visuallyHidden } from '@/views/components/text.css';
import { field } from '@/views/components/form/form.css';

const SEARCH_INPUT_ID = 'catalog-search';

function resultText(count: string, search: string): string {
  return search ? `${count} for “${search}”` : count;
}

/** The catalogue (spec §2): the query lives in the URL, so every change is a navigation. */
export function CatalogPage() {
  const location = useLocation();
  // The profile's audience, when the guard has loaded it, joins the query before the first frame.
  const profileAudienceId = useSelector(useRoot().profile, (snapshot) => selectProfile(snapshot)?.audienceId ?? null);
  const actor = useScreenActor(catalogScreen, { input: { search: location.search, profileAudienceId } });
  const { retry, search, filter, clearAll } = useIntents(actor, catalogIntents);
  const query = useSelector(actor, selectCatalogQuery);
  const items = useSelector(actor, selectCatalogItems);
  const count = useSelector(actor, selectCatalogResultCount);
  const pages = useSelector(actor, selectCatalogPageCount);
  const loading = useSelector(actor, selectCatalogLoading);
  const failed = useSelector(actor, selectCatalogFailed);
  const progress = useSelector(actor, selectCatalogProgress);
  const chips = useFilterChips(query);

  return (
    <PageLayout
      title="Catalog"
      header={
        <div className={filterStyles.toolbar}>
          <SearchForm value={query.search} onSearch={search} />
          <FiltersSheet query={query} resultCount={count} loading={loading} onChange={filter} onClearAll={clearAll} />
        </div>
      }
    >
      <div className={filterStyles.layout}>
        <aside className={filterStyles.aside} aria-labelledby="catalog-filters">
          <h2 id="catalog-filters" className={filterStyles.panelTitle}>
            Filters
          </h2>
          <FilterPanel query={query} onChange={filter} />
        </aside>
        <section aria-labelledby="catalog-results" aria-busy={loading || undefined} className={styles.results}>
          <h2 id="catalog-results" className={visuallyHidden}>
            Results
          </h2>
          <div className={styles.resultsHead}>
            {/* Always in the page, so the new count is announced after every search or filter. */}
            <p role="status" className={styles.resultCount}>
              {loading || failed ? '' : resultText(count, query.search)}
            </p>
            <FilterChips chips={chips} onRemove={(chip) => filter(chip.patch)} onClearAll={clearAll} fallbackFocusId={SEARCH_INPUT_ID} />
          </div>
          {failed && <LoadError onRetry={retry} />}
          {loading && <ItemListSkeleton count={6} />}
          {!loading && !failed && items.length > 0 && <ItemList items={items} progress={progress} label="Catalogue results" empty="" leading={3} extra={(item) => <TranscriptMatch item={item} search={query.search} />} />}
          {!loading && !failed && items.length === 0 && <EmptyState query={query} onFilter={filter} onClearAll={clearAll} />}
          {!failed && pages > 1 && <Pagination query={query} pages={pages} />}
        </section>
      </div>
    </PageLayout>
  );
}

/** The search box keeps what was typed while the page follows the URL (back, a removed chip). */
function SearchForm({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <form role="search" className={filterStyles.searchForm} onSubmit={submit}>
      <div className={`${field} ${filterStyles.searchField}`}>
        <label htmlFor={SEARCH_INPUT_ID}>Search the catalogue</label>
        <input id={SEARCH_INPUT_ID} type="search" name="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Title or topic" />
      </div>
      <Button type="submit" tone="primary">
        Search
      </Button>
    </form>
  );
}

/** No results: say for what, and offer a next step. */
function EmptyState({ query, onFilter, onClearAll }: { query: CatalogQuery; onFilter: (patch: CatalogFilterPatch) => void; onClearAll: () => void }) {
  const headingId = useId();
  const filters = activeFilterCount(query) - (query.search ? 1 : 0);
  return (
    <div className={styles.empty} role="region" aria-labelledby={headingId}>
      <svg className={styles.emptyArt} width="64" height="64" viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="28" cy="28" r="16" fill="none" stroke="currentColor" strokeWidth="4" />
        <path d="M40 40l12 12" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
        <path d="M22 28h12" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h3 id={headingId} className={styles.emptyTitle}>
        {query.search ? `No results for “${query.search}”` : 'Nothing matches these filters'}
      </h3>
      <p className={muted}>
        {query.search && filters > 0
          ? 'Try clearing the filters, or search with fewer or different words.'
          : query.search
            ? 'Check the spelling, or try fewer or more general words.'
            : 'Try removing a filter to see more.'}
      </p>
      <div className={styles.emptyActions}>
        {query.search && filters > 0 && (
          <Button onClick={() => onFilter({ nasotItemIds: [], audience: null, resourceType: null, progress: null })}>Clear filters</Button>
        )}
        <Button tone={query.search && filters > 0 ? 'secondary' : 'primary'} onClick={onClearAll}>
          Browse all
        </Button>
        <ButtonLink tone="ghost" to={buildPath('livestreams')}>
          See livestreams
        </ButtonLink>
      </div>
    </div>
  );
}

function Pagination({ query, pages }: { query: CatalogQuery; pages: number }) {
  const to = (page: number) => ({ search: toCatalogSearch({ ...query, page }) });
  return (
    <nav aria-label="Pagination">
      <ul className={styles.pagination}>
        {query.page > 1 && (
          <li>
            <Link className={styles.pageLink} to={to(query.page - 1)}>
              Previous
            </Link>
          </li>
        )}
        {Array.from({ length: pages }, (_, i) => i + 1).map((page) => (
          <li key={page}>
            <Link
              className={styles.pageLink}
              to={to(page)}
              aria-label={`Page ${page}`}
              aria-current={page === query.page ? 'page' : undefined}
            >
              {page}
            </Link>
          </li>
        ))}
        {query.page < pages && (
          <li>
            <Link className={styles.pageLink} to={to(query.page + 1)}>
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
