import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSelector } from '@xstate/react';
import { changeQuery, PROGRESS_FILTERS, RESOURCE_TYPES, toCatalogSearch } from '@/machines/catalog/catalog.query';
import type { CatalogQuery, ProgressFilter, ResourceType } from '@/machines/catalog/catalog.types';
import {
  frameworkOptions,
  selectCatalogFailed,
  selectCatalogItems,
  selectCatalogLoading,
  selectCatalogPageCount,
  selectCatalogProgress,
  selectCatalogQuery,
  selectCatalogTotal,
} from '@/machines/catalog/catalog.selectors';
import { catalogScreen } from '@/machines/catalog/catalog.actors';
import { catalogIntents } from '@/machines/catalog/catalog.intents';
import { NASOT_LEVELS } from '@/machines/reference-data/reference-data.selectors';
import { useIntents } from '@/views/hooks/use-intents';
import { useReferenceData } from '@/views/hooks/use-reference-data';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { LoadError } from '@/views/components/load-error';
import { PageLayout } from '@/views/layout/page-layout';
import { Button } from '@/views/layout/button';
import { ItemList, Loading } from '@/views/catalog/item-list';
import { TYPE_LABELS } from '@/views/catalog/item-card';
import * as styles from '@/views/catalog/catalog.css';

const PROGRESS_LABELS: Record<ProgressFilter, string> = {
  NOT_STARTED: 'Not started',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  SAVED: 'Saved',
};

/** The catalogue (spec §2): the query lives in the URL, so every change is a navigation. */
export function CatalogPage() {
  const location = useLocation();
  const actor = useScreenActor(catalogScreen, { input: { search: location.search } });
  const { retry } = useIntents(actor, catalogIntents);
  const navigate = useNavigate();
  const query = useSelector(actor, selectCatalogQuery);
  const items = useSelector(actor, selectCatalogItems);
  const total = useSelector(actor, selectCatalogTotal);
  const pages = useSelector(actor, selectCatalogPageCount);
  const loading = useSelector(actor, selectCatalogLoading);
  const failed = useSelector(actor, selectCatalogFailed);
  const progress = useSelector(actor, selectCatalogProgress);
  const go = (next: CatalogQuery) => void navigate({ search: toCatalogSearch(next) });
  const update = (patch: Partial<Omit<CatalogQuery, 'page'>>) => go(changeQuery(query, patch));

  return (
    <PageLayout title="Catalog" header={<SearchForm key={query.q} q={query.q} onSearch={(q) => update({ q })} />}>
      <div className={styles.layout}>
        <Filters query={query} onChange={update} />
        <section aria-labelledby="catalog-results">
          <h2 id="catalog-results" className="visually-hidden">
            Results
          </h2>
          {loading ? (
            <Loading label="Loading results…" />
          ) : (
            <p role="status">
              {total} {total === 1 ? 'result' : 'results'}
            </p>
          )}
          {failed && <LoadError onRetry={retry} />}
          {!loading && !failed && (
            <ItemList items={items} progress={progress} label="Catalogue results" empty="No items match your search. Try fewer filters." />
          )}
          {!loading && pages > 1 && <Pagination query={query} pages={pages} />}
        </section>
      </div>
    </PageLayout>
  );
}

function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className={styles.searchRow} onSubmit={submit}>
      <div className={`field ${styles.grow}`}>
        <label htmlFor={id}>Search the catalogue</label>
        <input id={id} type="search" name="q" value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <Button type="submit" tone="primary">
        Search
      </Button>
    </form>
  );
}

function Filters({ query, onChange }: { query: CatalogQuery; onChange: (patch: Partial<Omit<CatalogQuery, 'page'>>) => void }) {
  const { nasotItems, audiences } = useReferenceData();
  const id = useId();
  const options = frameworkOptions(nasotItems);
  return (
    <fieldset className={styles.filters}>
      <legend>Filters</legend>
      <div className="field">
        <label htmlFor={`${id}-framework`}>Framework</label>
        <select
          id={`${id}-framework`}
          value={query.nasotItemIds[0] ?? ''}
          onChange={(e) => onChange({ nasotItemIds: e.target.value ? [e.target.value] : [] })}
        >
          <option value="">All of the framework</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {`${'\u00a0\u00a0'.repeat(o.depth)}${NASOT_LEVELS[o.type]}: ${o.title}`}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-audience`}>Audience</label>
        <select id={`${id}-audience`} value={query.audience ?? ''} onChange={(e) => onChange({ audience: e.target.value || null })}>
          <option value="">All audiences</option>
          {audiences.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`}>Resource type</label>
        <select
          id={`${id}-type`}
          value={query.resourceType ?? ''}
          onChange={(e) => onChange({ resourceType: (e.target.value || null) as ResourceType | null })}
        >
          <option value="">All types</option>
          {RESOURCE_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-progress`}>Progress</label>
        <select
          id={`${id}-progress`}
          value={query.progress ?? ''}
          onChange={(e) => onChange({ progress: (e.target.value || null) as ProgressFilter | null })}
        >
          <option value="">All</option>
          {PROGRESS_FILTERS.map((p) => (
            <option key={p} value={p}>
              {PROGRESS_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
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
