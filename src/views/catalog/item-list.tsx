import type { CatalogItemSummary, ItemProgress } from '@/machines/catalog/catalog.types';
import { elementTitle, progressById } from '@/machines/catalog/catalog.selectors';
import { useReferenceData } from '@/views/hooks/use-reference-data';
import { ItemCard, ItemCardSkeleton } from '@/views/catalog/item-card';
import * as styles from '@/views/catalog/catalog.css';
import { muted } from '@/views/components/text.css';

type Props = {
  items: readonly CatalogItemSummary[];
  empty: string;
  progress?: readonly ItemProgress[];
  label?: string;
  /** How many cards lead the page (a row on a wide screen): their posters are not lazy. */
  leading?: number;
  /** A shelf: one row that scrolls sideways on a phone (a page of several lists), else the grid. */
  shelf?: boolean;
  /** More for each card (the catalogue's search: what the video says). */
  extra?: (item: CatalogItemSummary) => React.ReactNode;
};

/** Cards for a list of catalogue items, with the framework element looked up in reference data. */
export function ItemList({ items, empty, progress, label, leading = 0, shelf = false, extra }: Props) {
  const { nasotItems } = useReferenceData();
  if (items.length === 0) return <p className={muted}>{empty}</p>;
  const byId = progress ? progressById(progress) : null;
  return (
    <ul className={shelf ? styles.shelf : styles.grid} aria-label={label}>
      {items.map((item, index) => (
        <li key={item.id}>
          <ItemCard
            item={item}
            element={elementTitle(item.nasotItemIds, nasotItems)}
            progress={byId?.get(item.id)}
            showProgress={byId !== null}
            eager={index >= leading ? undefined : index === 0 ? 'first' : 'soon'}
            extra={extra?.(item)}
          />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards in the grid's own layout while a list loads. */
export function ItemListSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <ItemCardSkeleton key={i} />
      ))}
    </div>
  );
}
