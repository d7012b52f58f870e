import { INCLUDED } from '@/lib/offer';
import * as styles from '@/views/layout/upgrade-dialog.css';

/** What a subscription includes, each with a check mark: the upgrade dialog and /payment. */
export function IncludedList() {
  return (
    <ul className={styles.features} aria-label="What is included">
      {INCLUDED.map((item) => (
        <li key={item} className={styles.feature}>
          <svg className={styles.check} width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
            <path d="M3.5 9.5l3.5 3.5 7.5-8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
