import { lazy, Suspense } from 'react';
import * as shared from '@/views/usage/charts/charts.css';
import { HeatmapEmpty, LoginsEmpty } from '@/views/usage/charts/chart-empty';
import * as heatmapStyles from '@/views/usage/charts/framework-heatmap.css';
import { HeatmapHeader, HeatmapLegend } from '@/views/usage/charts/heatmap-parts';
import { groupElements, hasGroupHeading, isHeatmapEmpty, MEASURES } from '@/views/usage/charts/heatmap-model';
import * as loginsStyles from '@/views/usage/charts/logins-chart.css';
import type { FrameworkHeatmapProps, LoginsChartProps } from '@/views/usage/charts/types';
import { visuallyHidden } from '@/views/components/text.css';

// The chart library loads with the first chart that has something to draw, never with the app's
// first page. Until it lands, a skeleton of the chart's exact size holds its place in the card.
const LoginsChart = lazy(() => import('@/views/usage/charts/index').then((module) => ({ default: module.LoginsChart })));
const FrameworkHeatmap = lazy(() => import('@/views/usage/charts/index').then((module) => ({ default: module.FrameworkHeatmap })));

export function LazyLoginsChart({ days }: LoginsChartProps) {
  if (days.every((day) => day.count === 0)) return <LoginsEmpty days={days} />;
  return (
    <Suspense fallback={<LoginsChartSkeleton />}>
      <LoginsChart days={days} />
    </Suspense>
  );
}

export function LazyFrameworkHeatmap({ elements }: FrameworkHeatmapProps) {
  if (isHeatmapEmpty(elements)) return <HeatmapEmpty />;
  return (
    <Suspense fallback={<FrameworkHeatmapSkeleton elements={elements} />}>
      <FrameworkHeatmap elements={elements} />
    </Suspense>
  );
}

/** The logins chart's placeholder, also for the page while the report itself loads (same size). */
export function LoginsChartSkeleton() {
  return (
    <div className={shared.root} role="status">
      <span className={visuallyHidden}>Loading the logins chart…</span>
      <div className={loginsStyles.figure} aria-hidden="true">
        <div className={loginsStyles.topRow}>
          <span className={`${shared.placeholder} ${loginsStyles.skeletonLabel}`} />
        </div>
        <div className={`${shared.placeholder} ${loginsStyles.skeletonPlot}`} />
        <div className={loginsStyles.dateRow}>
          <span className={`${shared.placeholder} ${loginsStyles.skeletonLabel}`} />
          <span className={`${shared.placeholder} ${loginsStyles.skeletonLabel}`} />
        </div>
      </div>
      <div className={shared.toolbar} aria-hidden="true">
        <span className={`${shared.placeholder} ${loginsStyles.skeletonButton}`} />
      </div>
    </div>
  );
}

// Rows drawn while the element list itself is still loading.
const PLACEHOLDER_ELEMENTS = Array.from({ length: 8 }, (_, index) => ({
  id: `placeholder-${index}`,
  title: '',
  strandTitle: null,
  categoryTitle: null,
  watched: 0,
  rated: 0,
  applied: 0,
  rubricsScored: 0,
}));

/**
 * The heatmap's rows and group headings at their fixed heights, without the numbers. Given the
 * elements it takes exactly the chart's room; without them (still loading), eight rows.
 */
export function FrameworkHeatmapSkeleton({ elements = PLACEHOLDER_ELEMENTS }: Partial<FrameworkHeatmapProps>) {
  return (
    <div className={`${shared.root} ${heatmapStyles.root}`} role="status">
      <span className={visuallyHidden}>Loading the framework heatmap…</span>
      <div aria-hidden="true">
        <div className={heatmapStyles.figure}>
          <HeatmapHeader />
          {groupElements(elements).map((group) => (
            <div key={group.key} className={heatmapStyles.figure}>
              {hasGroupHeading(group) && (
                <div className={heatmapStyles.groupLabel}>
                  <div className={`${shared.placeholder} ${heatmapStyles.skeletonGroup}`} />
                </div>
              )}
              {group.elements.map((element) => (
                <div key={element.id} className={heatmapStyles.row}>
                  <span className={`${shared.placeholder} ${heatmapStyles.skeletonLabel}`} />
                  {MEASURES.map(({ key }) => (
                    <span key={key} className={`${shared.placeholder} ${heatmapStyles.skeletonCell}`} />
                  ))}
                </div>
              ))}
            </div>
          ))}
        </div>
        <HeatmapLegend />
      </div>
      <div className={shared.toolbar} aria-hidden="true">
        <span className={`${shared.placeholder} ${loginsStyles.skeletonButton}`} />
      </div>
    </div>
  );
}
