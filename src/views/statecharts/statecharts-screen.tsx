import { lazy, Suspense } from 'react';
import { muted } from '@/views/components/text.css';

// The /statecharts route: the viewer (and elkjs behind it) load only when someone opens it.
const StatechartViewer = lazy(() => import('@/views/statecharts/statechart-viewer'));

export function StatechartsScreen() {
  return (
    <Suspense fallback={<p className={muted}>Loading the statechart viewer…</p>}>
      <StatechartViewer />
    </Suspense>
  );
}
