// Dates in the charts are calendar days: parsed and formatted in UTC so that no viewer's time
// zone moves a day to its neighbour. Locale-aware like the rest of the app (undefined locale).

const dayMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const fullDay = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const numberFormat = new Intl.NumberFormat();

export function parseDay(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date));
}

export const formatCount = (value: number) => numberFormat.format(value);

/** "12 Nov" (or "12 Nov 2026" when the chart spans more than one year). */
export const formatDay = (day: string, withYear = false) => (withYear ? dayMonthYear : dayMonth).format(parseDay(day));

/** "Thu, 12 Nov 2026": the table's row header. */
export const formatFullDay = (day: string) => fullDay.format(parseDay(day));

/** "1–30 Nov 2026", "28 Dec 2026 – 3 Jan 2027", or one day when both ends are the same. */
export const formatDayRange = (from: string, to: string) =>
  from === to ? dayMonthYear.format(parseDay(from)) : dayMonthYear.formatRange(parseDay(from), parseDay(to));

export const spansYears = (from: string, to: string) => from.slice(0, 4) !== to.slice(0, 4);
