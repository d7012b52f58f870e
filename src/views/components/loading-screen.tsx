import '@/views/components/loading-screen.css';

/**
 * Full-screen loading view (spec §2 "Shell and layout": while authentication is loading).
 * `brand`: the product's mark above the spinner, for the app's start. index.html carries the same
 * markup, so the page shows it as soon as the HTML and the first stylesheet arrive, before any
 * JavaScript has run, and React's first frame replaces it with itself (keep the two the same).
 */
export function LoadingScreen({ label = 'Loading', brand = false }: { label?: string; brand?: boolean }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <div>
        {brand && (
          // The favicon's mark (public/favicon.svg), drawn in the page so it needs no download.
          <svg className="loading-mark" viewBox="0 0 32 32" width="48" height="48" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="6" fill="#1d4ed8" />
            <path d="M11.5 22V10h9v3h-6v2h5v3h-5v1h6v3z" fill="#fff" />
          </svg>
        )}
        <div className="spinner" aria-hidden="true" />
        <p>{label}…</p>
      </div>
    </div>
  );
}
