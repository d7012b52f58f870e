import { describe, expect, it } from 'vitest';
import { computeStreaks, weekOf } from '../../server/routes/profile.ts';
import { localDate } from '../../server/services/dates.ts';

// Streaks in weeks (Monday to Sunday), with one empty week allowed inside a run: fixed dates.
// 2026-11-23 is a Monday; 2026-11-29 a Sunday.

describe('weeks', () => {
  it.each([
    ['2026-11-23', '2026-11-23'],
    ['2026-11-29', '2026-11-23'],
    ['2026-11-30', '2026-11-30'],
    ['2026-01-01', '2025-12-29'],
  ])('%s is in the week of %s', (day, monday) => expect(weekOf(day)).toBe(monday));
});

describe('streaks', () => {
  it('counts weeks with learning, one day a week is enough', () => {
    const s = computeStreaks(['2026-11-04', '2026-11-12', '2026-11-16', '2026-11-25'], '2026-11-25', 'UTC');
    expect(s).toMatchObject({ currentStreak: 4, longestStreak: 4, activeToday: true, activeThisWeek: true, lastActiveDate: '2026-11-25' });
  });

  it('does not end before the week under way is over', () => {
    const s = computeStreaks(['2026-11-10', '2026-11-17'], '2026-11-29', 'UTC');
    expect(s).toMatchObject({ currentStreak: 2, activeToday: false, activeThisWeek: false });
  });

  it('keeps a run across one empty week (a school break) without counting it', () => {
    const s = computeStreaks(['2026-10-27', '2026-11-03', '2026-11-17', '2026-11-24'], '2026-11-24', 'UTC');
    expect(s).toMatchObject({ currentStreak: 4, longestStreak: 4 });
    // The break is still open: last week empty, this one not over.
    expect(computeStreaks(['2026-11-03', '2026-11-10'], '2026-11-23', 'UTC').currentStreak).toBe(2);
  });

  it('ends after two empty weeks in a row and remembers the longest run', () => {
    const s = computeStreaks(['2026-09-01', '2026-09-08', '2026-09-15', '2026-10-13', '2026-11-03'], '2026-11-25', 'UTC');
    expect(s).toMatchObject({ currentStreak: 0, longestStreak: 3, lastActiveDate: '2026-11-03' });
  });

  it('crosses month and year boundaries', () => {
    const s = computeStreaks(['2025-12-22', '2025-12-31', '2026-01-05'], '2026-01-06', 'UTC');
    expect(s.currentStreak).toBe(3);
  });

  it('shows the last 7 days, oldest first', () => {
    const s = computeStreaks(['2026-11-20'], '2026-11-21', 'UTC');
    expect(s.days.map((d) => d.date)).toEqual(['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21']);
    expect(s.days.filter((d) => d.active).map((d) => d.date)).toEqual(['2026-11-20']);
  });

  it('counts days in the learner time zone', () => {
    const lateEvening = new Date('2026-11-21T03:30:00Z');
    expect(localDate(lateEvening, 'UTC')).toBe('2026-11-21');
    expect(localDate(lateEvening, 'America/Chicago')).toBe('2026-11-20');
  });

  it('has nothing to count without learning', () => {
    expect(computeStreaks([], '2026-11-25', 'UTC')).toMatchObject({ currentStreak: 0, longestStreak: 0, lastActiveDate: null, activeThisWeek: false });
  });
});
