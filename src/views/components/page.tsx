import type { ReactNode } from 'react';
import { BrandMark } from '@/views/layout/brand';
import * as styles from '@/views/components/page.css';

/** The card of the full-screen pages (sign-in, demo, payment…) with its title as the one h1. */
export function Page({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={styles.frame}>
      <header className={styles.brand}>
        <BrandMark />
      </header>
      <main className={[styles.card, wide ? styles.wide : '', styles.stack].filter(Boolean).join(' ')}>
        <h1 className={styles.title}>{title}</h1>
        {children}
      </main>
    </div>
  );
}

/** The card alone, for full-screen pages that lay out their own heading. */
export const pageCardClass = `${styles.card} ${styles.stack}`;
export const pageFrameClass = styles.frame;
export const pageTitleClass = styles.title;
