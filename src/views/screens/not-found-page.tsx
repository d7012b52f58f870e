import { Link } from '@/views/components/link';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { button } from '@/views/layout/button.css';
import { BrandMark } from '@/views/layout/brand';
import { pageCardClass, pageFrameClass, pageTitleClass } from '@/views/components/page';
import * as styles from '@/views/screens/not-found-page.css';
import { muted } from '@/views/components/text.css';

/** Spec §2: any other path shows 'Page not found' and 'Go Home'; inside the shell for a signed-in user. */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  useDocumentTitle('Page not found');
  const card = (
    <main id="main" tabIndex={-1} className={pageCardClass}>
      <p className={muted} aria-hidden="true">
        404
      </p>
      <h1 className={pageTitleClass}>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link className={button()} to="/">
        Go Home
      </Link>
    </main>
  );
  if (inShell) return <div className={styles.inShell}>{card}</div>;
  return (
    <div className={pageFrameClass}>
      <header className={styles.brand}>
        <BrandMark />
      </header>
      {card}
    </div>
  );
}
