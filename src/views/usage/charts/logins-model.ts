import { formatCount, formatDay, formatDayRange, spansYears } from '@/views/usage/charts/format';
import type { LoginDay } from '@/views/usage/charts/types';

export type LoginsSummary = {
  from: string;
  to: string;
  total: number;
  /** The first day with the most logins; null when there is no login at all. */
  peak: LoginDay | null;
  max: number;
};

export function summarizeLogins(days: readonly LoginDay[]): LoginsSummary {
  let total = 0;
  let peak: LoginDay | null = null;
  for (const day of days) {
    total += day.count;
    if (day.count > 0 && (!peak || day.count > peak.count)) peak = day;
  }
  return { from: days[0]?.date ?? '', to: days.at(-1)?.date ?? '', total, peak, max: peak?.count ?? 0 };
}

export const loginsCaption = ({ from, to }: LoginsSummary) => `Logins per day, ${formatDayRange(from, to)}`;

/** What a screen reader announces for the chart: the range, the total and the busiest day. */
export function loginsDescription(summary: LoginsSummary): string {
  const { peak, total, from, to } = summary;
  if (!peak) return `${loginsCaption(summary)}: no logins`;
  return `${loginsCaption(summary)}: ${formatCount(total)} in total, most on ${formatDay(peak.date, spansYears(from, to))} (${formatCount(peak.count)})`;
}
