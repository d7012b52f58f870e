/**
 * The app's clock: what "now" is for everything a person sees or a report counts (the demo
 * content, subscriptions, invitations, streaks, the usage report's period, timestamps of
 * progress, certificates, the audit log…). It is the real clock unless the NOW setting moved
 * it: then it read NOW when the process started and runs on from there, so time still passes.
 *
 * What protects credentials reads the real clock instead (token iat/exp, sessions_not_before,
 * the embedded provider, the per-minute rate-limit windows), as do durations and timings
 * (docs/decisions.md, "The app's clock"). The sign-in throttle's waits and budgets follow this
 * clock: only their lengths matter, which an offset does not change, and tests move it past a wait. SQL reads the same clock with `app_now()` (server/db/client.ts gives
 * every connection the offset).
 */

let offsetMs = 0;

export const clock = {
  /** The app's current instant. */
  now: (): Date => new Date(Date.now() + offsetMs),
  /** The app's current instant, epoch milliseconds. */
  ms: (): number => Date.now() + offsetMs,
  /** How far the app's clock is ahead of the real one (negative: behind), whole milliseconds. */
  offsetMs: (): number => offsetMs,
};

/**
 * Makes the clock read `instant` at the real time `at` (epoch ms; by default this moment) and
 * run on from there; null puts it back on the real clock. Called once at start (server/main.ts
 * with the process's start as `at`, so every process of a cluster given the same reading at its
 * fork gets the same offset), and by tests.
 */
export function setClock(instant: Date | null, at: number = Date.now()): void {
  offsetMs = instant ? Math.round(instant.getTime() - at) : 0;
}

/**
 * An ISO 8601 instant with its date, time and zone (`2026-11-25T15:00:00Z`,
 * `2026-11-25T10:00:00.000-05:00`), or null when the text is not one (a day that does not exist
 * included: Date.parse would roll 2026-02-30 over to March).
 */
export function parseInstant(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second = '0', zoneHours = '0', zoneMinutes = '0'] = match.slice(1) as (string | undefined)[];
  const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > daysInMonth) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59 || Number(zoneHours) > 23 || Number(zoneMinutes) > 59) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms);
}
