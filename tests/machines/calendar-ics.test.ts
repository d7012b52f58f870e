import { describe, expect, it } from 'vitest';
import { buildIcs, icsDate, icsText } from '@/machines/calendar/calendar.ics';

describe('livestream .ics', () => {
  const ics = buildIcs(
    {
      uid: 'abc@learning-platform',
      start: new Date('2026-06-02T12:00:00.000Z'),
      end: new Date('2026-06-02T13:30:00.000Z'),
      summary: 'Questions, answers; and more',
      description: 'Line one\nLine two',
      url: 'https://example.org/livestreams/q-and-a',
    },
    new Date('2026-05-01T08:09:10.123Z'),
  );
  const lines = ics.split('\r\n');

  it('is one VCALENDAR with one VEVENT, CRLF line ends', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(ics.endsWith('\r\n')).toBe(true);
  });

  it('carries UID, DTSTAMP and UTC start and end', () => {
    expect(lines).toContain('UID:abc@learning-platform');
    expect(lines).toContain('DTSTAMP:20260501T080910Z');
    expect(lines).toContain('DTSTART:20260602T120000Z');
    expect(lines).toContain('DTEND:20260602T133000Z');
    expect(lines).toContain('URL:https://example.org/livestreams/q-and-a');
  });

  it('escapes text values', () => {
    expect(lines).toContain('SUMMARY:Questions\\, answers\\; and more');
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two');
    expect(icsText('a\\b')).toBe('a\\\\b');
    expect(icsDate(new Date('2026-01-02T03:04:05Z'))).toBe('20260102T030405Z');
  });

  it('folds lines longer than 75 octets', () => {
    const long = buildIcs({ uid: 'u', start: new Date(0), end: new Date(0), summary: 'x'.repeat(200), description: '', url: 'u' });
    for (const line of long.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(long.replace(/\r\n /g, '')).toContain(`SUMMARY:${'x'.repeat(200)}`);
  });
});
