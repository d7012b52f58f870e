import { useId, type ReactNode } from 'react';
import * as styles from '@/views/layout/base-card.css';

type Props = {
  title?: ReactNode;
  /** Buttons or links shown in the actions area at the bottom. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** A card with a content area and an actions area at the bottom (spec §2). */
export function BaseCard({ title, actions, children, className }: Props) {
  const headingId = useId();
  return (
    <section className={[styles.card, className].filter(Boolean).join(' ')} aria-labelledby={title ? headingId : undefined}>
      {title && (
        <h2 id={headingId} className={styles.heading}>
          {title}
        </h2>
      )}
      <div className={styles.content}>{children}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
