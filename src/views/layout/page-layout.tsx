import type { ReactNode } from 'react';
import * as styles from '@/views/layout/page-layout.css';

type Props = {
  title: ReactNode;
  /** Optional area below the title (intro text, filters, tabs). */
  header?: ReactNode;
  /** Slot to the right of the title (actions). */
  titleSlot?: ReactNode;
  children?: ReactNode;
};

/** A page inside the shell: a large h1 title, an optional header area and the content. */
export function PageLayout({ title, header, titleSlot, children }: Props) {
  return (
    <main id="main" className={styles.root} tabIndex={-1}>
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{title}</h1>
        {titleSlot && <div className={styles.titleSlot}>{titleSlot}</div>}
      </div>
      {header && <div className={styles.header}>{header}</div>}
      {children && <div className={styles.body}>{children}</div>}
    </main>
  );
}
