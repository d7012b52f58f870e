import { afterEach, describe, expect, it, vi } from 'vitest';
import { clock, parseInstant, setClock } from '../../server/clock.ts';

describe("the app's clock", () => {
  afterEach(() => {
    setClock(null);
    vi.useRealTimers();
  });

  it('is the real clock until moved', () => {
    vi.useFakeTimers({ now: new Date('2027-03-01T08:00:00Z') });
    expect(clock.offsetMs()).toBe(0);
    expect(clock.now().toISOString()).toBe('2027-03-01T08:00:00.000Z');
    expect(clock.ms()).toBe(Date.parse('2027-03-01T08:00:00Z'));
  });

  it('reads the given instant when set and runs on with the real clock', () => {
    vi.useFakeTimers({ now: new Date('2027-03-01T08:00:00Z') });
    setClock(new Date('2026-11-25T15:00:00Z'));
    expect(clock.now().toISOString()).toBe('2026-11-25T15:00:00.000Z');
    vi.advanceTimersByTime(90_000);
    expect(clock.now().toISOString()).toBe('2026-11-25T15:01:30.000Z');
    expect(clock.ms()).toBe(Date.parse('2026-11-25T15:01:30Z'));
    expect(clock.offsetMs()).toBe(Date.parse('2026-11-25T15:00:00Z') - Date.parse('2027-03-01T08:00:00Z'));
  });

  it('counts from the real moment given (a process start), so processes started apart agree', () => {
    vi.useFakeTimers({ now: new Date('2027-03-01T08:00:05Z') });
    // Started 5 s ago at 08:00:00 with the clock at 15:00:00 then: it reads 15:00:05 now.
    setClock(new Date('2026-11-25T15:00:00Z'), Date.parse('2027-03-01T08:00:00Z'));
    expect(clock.now().toISOString()).toBe('2026-11-25T15:00:05.000Z');
  });

  it('goes back to the real clock with null', () => {
    setClock(new Date('2020-01-01T00:00:00Z'));
    setClock(null);
    expect(clock.offsetMs()).toBe(0);
  });
});

describe('NOW, an ISO 8601 instant', () => {
  it.each([
    ['2026-11-25T15:00:00Z', '2026-11-25T15:00:00.000Z'],
    ['2026-11-25T15:00Z', '2026-11-25T15:00:00.000Z'],
    ['2026-11-25T15:00:00.250Z', '2026-11-25T15:00:00.250Z'],
    ['2026-11-25T10:00:00-05:00', '2026-11-25T15:00:00.000Z'],
    ['2028-02-29T12:00:00+01:00', '2028-02-29T11:00:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(parseInstant(text)?.toISOString()).toBe(iso);
  });

  it.each([
    ['a date without a time', '2026-11-25'],
    ['a time without a zone', '2026-11-25T15:00:00'],
    ['a day that does not exist', '2026-02-30T00:00:00Z'],
    ['a leap day of a common year', '2027-02-29T00:00:00Z'],
    ['a month that does not exist', '2026-13-01T00:00:00Z'],
    ['hour 24', '2026-11-25T24:00:00Z'],
    ['another format', 'Nov 25, 2026 15:00 UTC'],
    ['a number', '1795618800000'],
    ['nothing', ''],
  ])('refuses %s', (_what, text) => {
    expect(parseInstant(text)).toBeNull();
  });
});
