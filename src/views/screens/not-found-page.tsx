import { Link } from 'react-router';
import { button } from '@/views/layout/button.css';
import { pageCardClass, pageFrameClass, pageTitleClass } from '@/views/components/page';

export function NotFoundPage() {
  return (
    <div className={pageFrameClass}>
      <main className={pageCardClass}>
        <p className="muted" aria-hidden="true">
          404
        </p>
        <h1 className={pageTitleClass}>Page not found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <Link className={button()} to="/">
          Go Home
        </Link>
      </main>
    </div>
  );
}
