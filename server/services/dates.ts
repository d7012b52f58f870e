import { badRequest } from '../errors.ts';

/** Creating a formatter costs a hundred times what using one does (a CSV of 500 rows formats 500 dates). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of an instant in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // There are a few hundred zones; the cap only matters if something asks for them all.
    if (dayFormats.size >= 200) dayFormats.clear();
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** The time zone a client asked for (default UTC); 400 naming the field for one Intl does not know. */
export function timeZoneOf(requested: string | undefined, field = 'timeZone'): string {
  const timeZone = requested ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw badRequest(`${field}: unknown time zone "${timeZone}"`);
  }
  return timeZone;
}

/** A YYYY-MM-DD day moved by whole days. */
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The same day n years later (29 February becomes 28 February in a common year). */
export function addYears(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + n, m, 0)).getUTCDate();
  return `${String(y + n).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** A day for people: "November 2, 2026". */
export const longDate = (day: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** Whole days from one YYYY-MM-DD day to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
