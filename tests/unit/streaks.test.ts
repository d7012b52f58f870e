import { describe, expect, it } from 'vitest';
import { computeStreaks, localDate } from '../../server/routes/profile.ts';

describe('streaks', () => {
  it('counts consecutive days ending today', () => {
    const s = computeStreaks(['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'], '2026-11-21', 'UTC');
    expect(s).toMatchObject({ currentStreak: 4, longestStreak: 4, activeToday: true, lastActiveDate: '2026-11-21' });
  });

  it('keeps the streak alive until today is over', () => {
    const s = computeStreaks(['2026-11-19', '2026-11-20'], '2026-11-21', 'UTC');
    expect(s).toMatchObject({ currentStreak: 2, activeToday: false });
  });

  it('breaks after a missed day and remembers the longest run', () => {
    const s = computeStreaks(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-05', '2026-11-19'], '2026-11-21', 'UTC');
    expect(s).toMatchObject({ currentStreak: 0, longestStreak: 3, lastActiveDate: '2026-11-19' });
  });

  it('crosses month and year boundaries', () => {
    const s = computeStreaks(['2025-12-30', '2025-12-31', '2026-01-01'], '2026-01-01', 'UTC');
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
});
