/** Full-screen loading view (spec §2 "Shell and layout": while authentication is loading). */
export function LoadingScreen({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <div>
        <div className="spinner" aria-hidden="true" />
        <p className="visually-hidden">{label}…</p>
      </div>
    </div>
  );
}
