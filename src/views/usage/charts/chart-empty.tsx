import * as shared from '@/views/usage/charts/charts.css';
import * as loginsStyles from '@/views/usage/charts/logins-chart.css';
import { formatDayRange } from '@/views/usage/charts/format';
import type { LoginDay } from '@/views/usage/charts/types';

// Empty states live outside the chart chunk: with nothing to draw, the page shows them without
// fetching the chart library at all.

export function LoginsEmpty({ days }: { days: readonly LoginDay[] }) {
  return (
    <div className={`${shared.empty} ${loginsStyles.fullHeight}`}>
      <p className={shared.emptyTitle}>No logins in this period</p>
      {days.length > 0 && <p className={shared.emptyCaption}>{formatDayRange(days[0]!.date, days.at(-1)!.date)}</p>}
    </div>
  );
}

export function HeatmapEmpty() {
  return (
    <div className={shared.empty}>
      <p className={shared.emptyTitle}>No framework activity in this period</p>
      <p className={shared.emptyCaption}>Strategies watched, rated and applied will show here by framework element.</p>
    </div>
  );
}
