import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/views/layout/button';
import * as styles from '@/views/usage/charts/charts.css';

type Props = {
  caption: string;
  /** The header row's cells (`<th scope="col">`). */
  head: ReactNode;
  /** One or more `<tbody>`. */
  body: () => ReactNode;
};

/**
 * The chart's values as a real table, behind a disclosure button: for keyboard and screen
 * reader users, and for anyone who wants the exact numbers. The rows render only when open.
 */
export function ChartTable({ caption, head, body }: Props) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const captionId = useId();
  return (
    <>
      <div className={styles.toolbar}>
        <Button tone="ghost" size="sm" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((value) => !value)}>
          {open ? 'Hide table' : 'Show as table'}
          <ChevronIcon />
        </Button>
      </div>
      <div
        id={regionId}
        hidden={!open}
        className={styles.tableRegion}
        role="region"
        aria-labelledby={captionId}
        // Scrollable content must be reachable by keyboard.
        tabIndex={open ? 0 : undefined}
      >
        {open && (
          <table className={styles.table}>
            <caption id={captionId} className={styles.caption}>
              {caption}
            </caption>
            <thead>
              <tr>{head}</tr>
            </thead>
            {body()}
          </table>
        )}
      </div>
    </>
  );
}

function ChevronIcon() {
  return (
    <svg className={styles.toggleIcon} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
