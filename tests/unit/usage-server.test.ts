import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from '../../server/services/csv.ts';
import { inviteeErrors } from '../../server/services/invitations.ts';
import { invitationStatus } from '../../server/services/users.ts';
import { reportRange } from '../../server/routes/reporting.ts';
import { localDate } from '../../server/services/dates.ts';

// The server's pieces of the Educator Usage page that need no database: reading an import file,
// checking its rows, the report's range of days, and an invitation's status.

describe('parseCsv', () => {
  it('reads RFC 4180: quotes, doubled quotes, commas and line breaks inside quotes, CRLF', () => {
    expect(parseCsv('a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n')).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, y', 'say "hi"', 'two\r\nlines'] },
    ]);
  });

  it('drops a byte order mark, takes LF and lone CR, skips blank lines, numbers records by the line they start on', () => {
    expect(parseCsv('\uFEFFa,b\n\n1,2\r3,"4\n5"\n,\n6,7')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['1', '2'] },
      { line: 4, fields: ['3', '4\n5'] },
      { line: 7, fields: ['6', '7'] },
    ]);
  });

  it('keeps stray quotes and empty fields as they are', () => {
    expect(parseCsv('a"b,"c"d,,"",e')).toEqual([{ line: 1, fields: ['a"b', 'cd', '', '', 'e'] }]);
    expect(parseCsv('')).toEqual([]);
  });

  it('refuses a quote that is never closed, naming its line', () => {
    expect(() => parseCsv('a,b\n1,"2\n3')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a,b\n1,"2\n3')).toThrow('line 2');
  });
});

describe('inviteeErrors', () => {
  it("uses the invite form's rules and messages, one per field", () => {
    expect(inviteeErrors({ email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' })).toEqual([]);
    expect(inviteeErrors({ email: '', firstName: 'A', lastName: 'L'.repeat(51) })).toEqual([
      'The Email field is required',
      'The First Name must have at least 2 characters',
      'The Last Name must not exceed 50 characters',
    ]);
    expect(inviteeErrors({ email: 'ada@', firstName: '', lastName: 'Lovelace' })).toEqual(['The Email must be a valid email address', 'The First Name field is required']);
    expect(inviteeErrors({ email: `${'a'.repeat(250)}@example.org`, firstName: 'Ada', lastName: 'Lovelace' })).toEqual(['The Email must not exceed 254 characters']);
  });
});

describe('reportRange', () => {
  it('defaults to the 30 days up to today in the time zone', () => {
    const today = localDate(new Date(), 'Pacific/Kiritimati');
    const range = reportRange({ timeZone: 'Pacific/Kiritimati' });
    expect(range).toMatchObject({ to: today, timeZone: 'Pacific/Kiritimati' });
    expect(Date.parse(range.to) - Date.parse(range.from)).toBe(29 * 86_400_000);
    expect(reportRange({ to: '2026-03-01' })).toEqual({ from: '2026-01-31', to: '2026-03-01', timeZone: 'UTC' });
  });

  it('takes up to 731 days, both ends included, and nothing backwards or in an unknown zone', () => {
    expect(reportRange({ from: '2024-01-01', to: '2025-12-31' })).toMatchObject({ from: '2024-01-01', to: '2025-12-31' });
    expect(() => reportRange({ from: '2024-01-01', to: '2026-01-01' })).toThrow('731');
    expect(() => reportRange({ from: '2026-01-02', to: '2026-01-01' })).toThrow('to must be on or after from');
    expect(() => reportRange({ timeZone: 'Atlantis/Capital' })).toThrow('timeZone');
  });
});

describe('invitationStatus', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const sent = { invitedAt: '2026-11-01T12:00:00Z', invitationSentAt: '2026-11-10T12:00:00Z' };
  it('is PENDING until the link expires, EXPIRED from then, ACCEPTED once used, and none without an invitation', () => {
    expect(invitationStatus({ ...sent, invitationExpiresAt: '2026-11-24T12:00:00Z', invitationAcceptedAt: null }, now)).toBe('PENDING');
    expect(invitationStatus({ ...sent, invitationExpiresAt: '2026-11-23T12:00:00Z', invitationAcceptedAt: null }, now)).toBe('EXPIRED');
    expect(invitationStatus({ ...sent, invitationExpiresAt: '2026-11-20T12:00:00Z', invitationAcceptedAt: '2026-11-11T08:00:00Z' }, now)).toBe('ACCEPTED');
    expect(invitationStatus({ invitedAt: null, invitationSentAt: null, invitationExpiresAt: null, invitationAcceptedAt: null }, now)).toBeNull();
  });
});
