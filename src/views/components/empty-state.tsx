import type { ReactNode } from 'react';
import * as styles from '@/views/components/empty-state.css';

/** What an empty list says instead of one grey line: what is missing, why, and the next step. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action: ReactNode }) {
  return (
    <div className={styles.empty}>
      <p className={styles.title}>{title}</p>
      {children && <p className={styles.text}>{children}</p>}
      {action}
    </div>
  );
}
