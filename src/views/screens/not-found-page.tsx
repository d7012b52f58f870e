import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main className="page stack">
      <p className="muted" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link className="button" to="/">
        Go Home
      </Link>
    </main>
  );
}
