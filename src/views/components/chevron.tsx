import * as styles from '@/views/catalog/filters.css';

/** The down arrow of a picker's button (the catalogue's filters, the admin site's selects). */
export const Chevron = () => (
  <svg className={styles.chevron} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
    <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
