// The date range the Educator Usage page reports on: a preset relative to today
// (last 30 days by default), or two chosen days. Whole days in the viewer's own calendar, both
// included; the address bar keeps the choice (`?range=90`, or `?from=…&to=…`) so a link
// shows the same period.

export type RangePreset = '7' | '30' | '90' | '365' | 'schoolYear' | 'custom';
export type DateRange = { preset: RangePreset; from: string; to: string };

export type PresetId = Exclude<RangePreset, 'custom'>;
export const DEFAULT_RANGE_PRESET: PresetId = '30';
/** The server answers at most this many days (openapi.yaml, RangeFrom). */
export const MAX_RANGE_DAYS = 731;

export const RANGE_PRESETS: readonly { id: RangePreset; label: string }[] = [
  { id: '7', label: 'Last 7 days' },
  { id: '30', label: 'Last 30 days' },
  { id: '90', label: 'Last 90 days' },
  { id: 'schoolYear', label: 'This school year' },
  { id: '365', label: 'Last 12 months' },
  { id: 'custom', label: 'Custom range' },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date as YYYY-MM-DD in the local calendar. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return localDay(new Date(y, m - 1, d + days));
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function rangeLength(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

function isDay(text: string | null): text is string {
  if (!text || !DAY.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

/** A preset's days as of `today`; the school year starts on 1 August. */
export function presetRange(preset: PresetId, today = new Date()): DateRange {
  const to = localDay(today);
  if (preset === 'schoolYear') {
    const start = new Date(today.getMonth() >= 7 ? today.getFullYear() : today.getFullYear() - 1, 7, 1);
    return { preset, from: localDay(start), to };
  }
  return { preset, from: addDays(to, 1 - Number(preset)), to };
}

/** Why two chosen days cannot be a range, or null when they can. */
export function customRangeProblem(from: string, to: string): string | null {
  if (!isDay(from) || !isDay(to)) return 'Choose a start and an end date';
  if (from > to) return 'The start date must not be after the end date';
  if (rangeLength(from, to) > MAX_RANGE_DAYS) return `A range can cover at most ${MAX_RANGE_DAYS} days`;
  return null;
}

/** The range a location's query asks for; anything unreadable is the default. */
export function parseRange(search: string, today = new Date()): DateRange {
  const params = new URLSearchParams(search);
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null && to !== null && customRangeProblem(from, to) === null) return { preset: 'custom', from, to };
  const preset = params.get('range');
  const known = RANGE_PRESETS.some((p) => p.id === preset && p.id !== 'custom');
  return presetRange(known ? (preset as PresetId) : DEFAULT_RANGE_PRESET, today);
}

/** Writes the range over `search`, keeping every other parameter; the default leaves no trace. */
export function writeRange(range: DateRange, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of ['range', 'from', 'to']) params.delete(name);
  if (range.preset === 'custom') {
    params.set('from', range.from);
    params.set('to', range.to);
  } else if (range.preset !== DEFAULT_RANGE_PRESET) {
    params.set('range', range.preset);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '1 Nov 2026 – 30 Nov 2026' in the viewer's language. */
export function formatRange({ from, to }: Pick<DateRange, 'from' | 'to'>): string {
  const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
  return dayFormat.formatRange(asDate(from), asDate(to));
}
