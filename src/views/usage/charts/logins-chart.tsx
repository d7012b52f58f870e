import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useMemo, useState, type PointerEvent } from 'react';
import * as shared from '@/views/usage/charts/charts.css';
import { LoginsEmpty } from '@/views/usage/charts/chart-empty';
import { ChartTable } from '@/views/usage/charts/chart-table';
import { formatCount, formatDay, formatFullDay, spansYears } from '@/views/usage/charts/format';
import * as styles from '@/views/usage/charts/logins-chart.css';
import { loginsCaption, loginsDescription, summarizeLogins } from '@/views/usage/charts/logins-model';
import type { LoginsChartProps } from '@/views/usage/charts/types';

// The SVG stretches to the plot box (preserveAspectRatio="none"), so its units are arbitrary:
// columns scale with the card's width and all text stays in HTML at its real size.
const VIEW_WIDTH = 1000;
const VIEW_HEIGHT = 100;
// Up to about three months the columns keep a gap; beyond, a gap would be a fraction of a pixel.
const GAPPED_DAYS = 92;
// A day with a login never draws as nothing, however large the busiest day.
const MIN_BAR = 1.5;

/** Logins per day over the report's range: one column per day, zero days included. */
export function LoginsChart({ days }: LoginsChartProps) {
  const summary = useMemo(() => summarizeLogins(days), [days]);
  const [active, setActive] = useState<number | null>(null);
  const gapped = days.length <= GAPPED_DAYS;

  const { x, y } = useMemo(
    () => ({
      x: scaleBand<string>({ domain: days.map((day) => day.date), range: [0, VIEW_WIDTH], padding: gapped ? 0.2 : 0 }),
      y: scaleLinear<number>({ domain: [0, Math.max(summary.max, 1)], range: [VIEW_HEIGHT, 0] }),
    }),
    [days, gapped, summary.max],
  );

  if (!summary.peak) {
    return <LoginsEmpty days={days} />;
  }

  const withYear = spansYears(summary.from, summary.to);
  const activeDay = active === null ? null : days[active];
  const pointAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0) return;
    const index = Math.floor(((event.clientX - box.left) / box.width) * days.length);
    setActive(Math.min(days.length - 1, Math.max(0, index)));
  };

  return (
    <div className={shared.root}>
      <div role="img" aria-label={loginsDescription(summary)} className={styles.figure}>
        <div className={styles.topRow}>
          <span>{formatCount(summary.max)}</span>
          {activeDay && (
            <span className={styles.readout}>
              {formatDay(activeDay.date, withYear)}: {formatCount(activeDay.count)} {activeDay.count === 1 ? 'login' : 'logins'}
            </span>
          )}
        </div>
        <div className={styles.plot} onPointerMove={pointAt} onPointerDown={pointAt} onPointerLeave={() => setActive(null)}>
          <svg className={styles.svg} viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
            {days.map((day, index) => {
              const height = day.count === 0 ? 0 : Math.max(MIN_BAR, VIEW_HEIGHT - y(day.count));
              return (
                <Bar
                  key={day.date}
                  className={index === active ? styles.barActive : styles.bar}
                  x={x(day.date)}
                  width={x.bandwidth()}
                  y={VIEW_HEIGHT - height}
                  height={height}
                  data-date={day.date}
                  data-count={day.count}
                />
              );
            })}
          </svg>
          {/* Thin columns are hard to see highlighted: a line marks the day instead. */}
          {activeDay && !gapped && <span className={styles.indicator} style={{ left: `${((active! + 0.5) / days.length) * 100}%` }} />}
        </div>
        <div className={styles.dateRow}>
          <span>{formatDay(summary.from, withYear)}</span>
          <span>{formatDay(summary.to, withYear)}</span>
        </div>
      </div>
      <ChartTable
        caption={loginsCaption(summary)}
        head={
          <>
            <th scope="col" className={shared.columnHeader}>
              Day
            </th>
            <th scope="col" className={shared.columnHeaderNumber}>
              Logins
            </th>
          </>
        }
        body={() => (
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row" className={shared.rowHeader}>
                  {formatFullDay(day.date)}
                </th>
                <td className={shared.numberCell}>{formatCount(day.count)}</td>
              </tr>
            ))}
          </tbody>
        )}
      />
    </div>
  );
}
