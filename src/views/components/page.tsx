import type { ReactNode } from 'react';

/** A centred card page with its title as the page's one h1. */
export function Page({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <main className={wide ? 'page page--wide stack' : 'page stack'}>
      <h1>{title}</h1>
      {children}
    </main>
  );
}
