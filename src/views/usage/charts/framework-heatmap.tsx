import { scaleQuantize } from '@visx/scale';
import { useMemo } from 'react';
import * as shared from '@/views/usage/charts/charts.css';
import { HeatmapEmpty } from '@/views/usage/charts/chart-empty';
import { ChartTable } from '@/views/usage/charts/chart-table';
import * as styles from '@/views/usage/charts/framework-heatmap.css';
import { formatCount } from '@/views/usage/charts/format';
import { TOP_LEVEL } from '@/views/usage/charts/heat-ramp';
import { HeatmapHeader, HeatmapLegend } from '@/views/usage/charts/heatmap-parts';
import {
  columnMaxima,
  groupElements,
  groupHeading,
  hasGroupHeading,
  HEATMAP_CAPTION,
  heatmapDescription,
  isHeatmapEmpty,
  MEASURES,
  type MeasureKey,
} from '@/views/usage/charts/heatmap-model';
import type { FrameworkHeatmapProps } from '@/views/usage/charts/types';

const LEVELS = Array.from({ length: TOP_LEVEL }, (_, index) => index + 1);

/**
 * Each column is shaded against its own highest value, not against the whole grid: watching
 * always outnumbers rating, applying and reflecting, so one scale would leave the last three
 * columns uniformly pale. Per column, a leader sees where each kind of activity concentrates.
 */
function useLevels(elements: FrameworkHeatmapProps['elements']) {
  return useMemo(() => {
    const maxima = columnMaxima(elements);
    const scales = new Map(MEASURES.map(({ key }) => [key, scaleQuantize<number>({ domain: [0, Math.max(maxima[key], 1)], range: LEVELS })]));
    return (key: MeasureKey, value: number) => (value > 0 ? (scales.get(key)?.(value) ?? 0) : 0);
  }, [elements]);
}

/** Usage by teaching-framework element: rows are elements grouped by strand, columns the four measures. */
export function FrameworkHeatmap({ elements }: FrameworkHeatmapProps) {
  const groups = useMemo(() => groupElements(elements), [elements]);
  const levelOf = useLevels(elements);

  if (isHeatmapEmpty(elements)) {
    return <HeatmapEmpty />;
  }

  return (
    <div className={`${shared.root} ${styles.root}`}>
      <div role="img" aria-label={heatmapDescription(elements)}>
        <div className={styles.figure}>
          <HeatmapHeader />
          {groups.map((group) => (
            <div key={group.key} className={styles.figure}>
              {hasGroupHeading(group) && (
                <div className={styles.groupLabel} title={groupHeading(group)}>
                  {groupHeading(group)}
                </div>
              )}
              {group.elements.map((element) => (
                <div key={element.id} className={styles.row} data-element={element.id}>
                  <span className={styles.rowLabel} title={element.title}>
                    {element.title}
                  </span>
                  {MEASURES.map(({ key }) => {
                    const level = levelOf(key, element[key]);
                    return (
                      <span key={key} className={styles.cell[level]} data-measure={key} data-level={level}>
                        {formatCount(element[key])}
                      </span>
                    );
                  })}
                </div>
              ))}
            </div>
          ))}
        </div>
        <HeatmapLegend />
      </div>
      <ChartTable
        caption={HEATMAP_CAPTION}
        head={
          <>
            <th scope="col" className={shared.columnHeader}>
              Element
            </th>
            {MEASURES.map(({ key, label }) => (
              <th key={key} scope="col" className={shared.columnHeaderNumber}>
                {label}
              </th>
            ))}
          </>
        }
        body={() =>
          groups.map((group) => (
            <tbody key={group.key}>
              {hasGroupHeading(group) && (
                <tr>
                  <th scope="rowgroup" colSpan={MEASURES.length + 1} className={shared.groupHeader}>
                    {groupHeading(group)}
                  </th>
                </tr>
              )}
              {group.elements.map((element) => (
                <tr key={element.id}>
                  <th scope="row" className={shared.rowHeader}>
                    {element.title}
                  </th>
                  {MEASURES.map(({ key }) => (
                    <td key={key} className={shared.numberCell}>
                      {formatCount(element[key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))
        }
      />
    </div>
  );
}
