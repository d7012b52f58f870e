import type { FrameworkElement, UsageReport } from '@/machines/usage/usage.types';

// Props of the Educator Usage charts: the usage machine's types (from the API contract), so a
// change of the report's shape reaches the charts' type checks.

/** YYYY-MM-DD, a calendar day (no time zone), and its logins. */
export type LoginDay = UsageReport['logins']['days'][number];

export type LoginsChartProps = {
  /** Every day of the range in order, days without a login included with count 0. */
  days: readonly LoginDay[];
};

export type FrameworkElementUsage = FrameworkElement;

export type FrameworkHeatmapProps = {
  /** The framework's elements in framework order. */
  elements: readonly FrameworkElementUsage[];
};
