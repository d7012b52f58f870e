import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../server/services/csv.ts';
import { RosterFileError, rosterFromRest, rosterFromZip, ZIP_LIMITS } from '../../server/services/oneroster.ts';
import { csv, oneRoster11, oneRoster12, restRoster, zipOf, type OrgSpec, type PersonSpec } from '../support/oneroster.ts';

const ORGS: OrgSpec[] = [
  { sourcedId: 'd1', name: 'Maple District', type: 'district' },
  { sourcedId: 's1', name: 'Maple Elementary', type: 'school', parent: 'd1' },
  { sourcedId: 's2', name: 'Maple High, North Campus', type: 'school', parent: 'd1' },
  { sourcedId: 'dept', name: 'Science Department', type: 'department', parent: 's2' },
];
const PEOPLE: PersonSpec[] = [
  { sourcedId: 't1', givenName: 'Grace', familyName: 'Hopper', email: 'Grace.Hopper@maple.example.org', role: 'teacher', org: 's1' },
  { sourcedId: 'a1', givenName: 'Ada', familyName: 'Lovelace', email: 'ada@maple.example.org', role: 'principal', org: 's2' },
  { sourcedId: 'd-admin', givenName: 'Alan', familyName: 'Turing', email: 'alan@maple.example.org', role: 'districtAdministrator', org: 'd1' },
  { sourcedId: 'st1', givenName: 'Sam', familyName: 'Student', email: 'sam@maple.example.org', role: 'student', org: 's1' },
  { sourcedId: 'g1', givenName: 'Gina', familyName: 'Guardian', email: '', role: 'guardian', org: 's1' },
  { sourcedId: 'aide1', givenName: 'Abe', familyName: 'Aide', email: 'abe@maple.example.org', role: 'aide', org: 's1' },
  { sourcedId: 't2', givenName: 'No', familyName: 'Mail', email: '', role: 'teacher', org: 's1' },
  { sourcedId: 't3', givenName: 'Gone', familyName: 'Teacher', email: 'gone@maple.example.org', role: 'teacher', org: 's1', enabled: false },
];

async function fileError(files: Record<string, string | Buffer>): Promise<RosterFileError> {
  const error = await rosterFromZip(await zipOf(files)).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(RosterFileError);
  return error as RosterFileError;
}

describe('OneRoster 1.2 CSV', () => {
  it('reads the sample shape: the district, its schools, teachers and administrators, and counts what it leaves out', async () => {
    const files = oneRoster12(ORGS, PEOPLE, {}, { 'classes.csv': csv([['sourcedId', 'title'], ['c1', 'Math'], ['c2', 'Art, "advanced"\r\nsection']]), 'enrollments.csv': csv([['sourcedId'], ['e1'], ['e2'], ['e3']]) });
    const roster = await rosterFromZip(await zipOf(files));
    expect(roster.version).toBe('1.2');
    expect(roster.modes).toEqual({ orgs: 'bulk', users: 'bulk' });
    expect(roster.orgs.map((o) => [o.sourcedId, o.type, o.name])).toEqual([
      ['d1', 'district', 'Maple District'],
      ['s1', 'school', 'Maple Elementary'],
      ['s2', 'school', 'Maple High, North Campus'],
    ]);
    expect(roster.people.map((p) => [p.sourcedId, p.kind, p.orgSourcedId, p.email, p.active])).toEqual([
      ['t1', 'teacher', 's1', 'grace.hopper@maple.example.org', true],
      ['a1', 'administrator', 's2', 'ada@maple.example.org', true],
      ['d-admin', 'administrator', 'd1', 'alan@maple.example.org', true],
      ['t3', 'teacher', 's1', 'gone@maple.example.org', false],
    ]);
    expect(roster.invalid).toEqual([{ file: 'users.csv', line: 8, sourcedId: 't2', reason: 'A teacher needs an e-mail address' }]);
    expect(roster.ignored).toEqual({ students: 1, guardians: 1, otherRoles: 1, otherOrgs: 1, classes: 2, enrollments: 3 });
    // A row with a mistake still counts as listed: a bulk file does not take its account away.
    expect(roster.listed.sourcedIds).toContain('t2');
  });

  it('takes the primary role, whatever the case of the file names and columns', async () => {
    const files = oneRoster12(ORGS.slice(0, 3), PEOPLE.slice(0, 1));
    files['roles.csv'] = csv([
      ['sourcedId', 'status', 'dateLastModified', 'userSourcedId', 'roleType', 'role', 'beginDate', 'endDate', 'orgSourcedId', 'userProfileSourcedId'],
      ['r1', 'active', '', 't1', 'secondary', 'teacher', '', '', 's2', ''],
      ['r2', 'active', '', 't1', 'primary', 'siteAdministrator', '', '', 's1', ''],
    ]);
    const renamed = Object.fromEntries(Object.entries(files).map(([name, text]) => [name.toUpperCase(), text.replace('sourcedId,status', 'SOURCEDID,Status')]));
    const roster = await rosterFromZip(await zipOf(renamed));
    expect(roster.people.map((p) => [p.sourcedId, p.kind, p.orgSourcedId])).toEqual([['t1', 'administrator', 's1']]);
  });

  it('reads RFC 4180: a byte order mark, CRLF, quoted commas, quotes and line breaks, with the lines of the file', async () => {
    const files = oneRoster12(ORGS.slice(0, 2), [
      { sourcedId: 't1', givenName: 'Mary "May"', familyName: "O'Neil, Jr.", email: 'may@maple.example.org', role: 'teacher', org: 's1' },
      { sourcedId: 't2', givenName: 'Line\nBreak', familyName: 'Person', email: 'bad address', role: 'teacher', org: 's1' },
    ]);
    files['users.csv'] = `\uFEFF${files['users.csv']}`;
    const roster = await rosterFromZip(await zipOf(files));
    expect(roster.people[0]).toMatchObject({ firstName: 'Mary "May"', lastName: "O'Neil, Jr.", line: 2 });
    // The second row starts on line 3 and spans two lines.
    expect(roster.invalid).toEqual([{ file: 'users.csv', line: 3, sourcedId: 't2', reason: 'The Email must be a valid email address' }]);
  });

  it('reports every line of a sourcedId given twice, and uses none of them', async () => {
    const people = [...PEOPLE.slice(0, 2), { ...PEOPLE[0]!, email: 'other@maple.example.org' }];
    const roster = await rosterFromZip(await zipOf(oneRoster12([...ORGS.slice(0, 3), ORGS[1]!], people)));
    expect(roster.people.map((p) => p.sourcedId)).toEqual(['a1']);
    expect(roster.invalid).toEqual(
      expect.arrayContaining([
        { file: 'orgs.csv', line: 3, sourcedId: 's1', reason: 'The sourcedId s1 is also on line 5' },
        { file: 'orgs.csv', line: 5, sourcedId: 's1', reason: 'The sourcedId s1 is also on line 3' },
        { file: 'users.csv', line: 2, sourcedId: 't1', reason: 'The sourcedId t1 is also on line 4' },
        { file: 'users.csv', line: 4, sourcedId: 't1', reason: 'The sourcedId t1 is also on line 2' },
      ]),
    );
    expect(roster.listed.sourcedIds).toContain('t1');
  });

  it('reads a delta file as the manifest declares it', async () => {
    const roster = await rosterFromZip(await zipOf(oneRoster12(ORGS, PEOPLE.slice(0, 1), { orgs: 'delta', users: 'delta' })));
    expect(roster.modes).toEqual({ orgs: 'delta', users: 'delta' });
  });
});

describe('OneRoster 1.1 CSV', () => {
  it('takes the role and the first of orgSourcedIds from users.csv', async () => {
    const files = oneRoster11(ORGS, PEOPLE.slice(0, 3));
    files['users.csv'] = files['users.csv']!.replace(',s1,teacher,', ',"s1,s2",teacher,');
    const roster = await rosterFromZip(await zipOf(files));
    expect(roster.version).toBe('1.1');
    expect(roster.people.map((p) => [p.sourcedId, p.kind, p.orgSourcedId])).toEqual([
      ['t1', 'teacher', 's1'],
      ['a1', 'administrator', 's2'],
      ['d-admin', 'administrator', 'd1'],
    ]);
  });
});

describe('files that cannot be read', () => {
  it('refuses what is not a zip', async () => {
    const error = await rosterFromZip(Buffer.from('sourcedId,name\r\n')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ROSTER_NOT_A_ZIP' });
  });

  it('refuses a zip without users.csv', async () => {
    const { 'users.csv': _users, ...rest } = oneRoster12(ORGS, PEOPLE);
    const manifestless = Object.fromEntries(Object.entries(rest).filter(([name]) => name !== 'manifest.csv'));
    expect(await fileError(manifestless)).toMatchObject({ code: 'ROSTER_FILE_MISSING', message: expect.stringContaining('no users.csv') });
    expect(await fileError(rest)).toMatchObject({ code: 'ROSTER_FILE_MISSING', message: expect.stringContaining('users.csv') });
  });

  it('names the columns a file lacks', async () => {
    const files = oneRoster12(ORGS, PEOPLE);
    files['users.csv'] = files['users.csv']!.replace('givenName', 'firstName').replace(',email,', ',mail,');
    expect(await fileError(files)).toMatchObject({ code: 'ROSTER_COLUMNS', message: 'users.csv lacks the columns givenName, email' });
  });

  it('names the file and the line of bytes that are not UTF-8', async () => {
    const files: Record<string, string | Buffer> = oneRoster12(ORGS, PEOPLE);
    const text = files['users.csv'] as string;
    const cut = text.indexOf('Ada');
    files['users.csv'] = Buffer.concat([Buffer.from(text.slice(0, cut)), Buffer.from([0x41, 0xe9, 0x64, 0x61]), Buffer.from(text.slice(cut + 3))]);
    expect(await fileError(files)).toMatchObject({ code: 'ROSTER_NOT_UTF8', message: expect.stringMatching(/^users\.csv, line 3: the file is not UTF-8/) });
  });

  it('names the line of a quote that is never closed', async () => {
    const files = oneRoster12(ORGS, PEOPLE);
    files['orgs.csv'] = files['orgs.csv']!.replace('Science Department', '"Science Department');
    expect(await fileError(files)).toMatchObject({ code: 'ROSTER_CSV_MALFORMED', message: 'orgs.csv, line 5: a quoted field is never closed' });
  });

  it('refuses a manifest mode or version it does not know', async () => {
    const files = oneRoster12(ORGS, PEOPLE);
    expect(await fileError({ ...files, 'manifest.csv': files['manifest.csv']!.replace('file.users,bulk', 'file.users,partial') })).toMatchObject({ code: 'ROSTER_MANIFEST' });
    expect(await fileError({ ...files, 'manifest.csv': files['manifest.csv']!.replace('oneroster.version,1.2', 'oneroster.version,1.0') })).toMatchObject({ code: 'ROSTER_VERSION' });
  });

  it('stops a file larger once unzipped than the limits, before reading it (a zip bomb)', async () => {
    const bomb = await zipOf({ ...oneRoster12(ORGS, PEOPLE), 'users.csv': 'sourcedId\r\n' + 'x'.repeat(5_000_000) });
    expect(bomb.length).toBeLessThan(100_000);
    const error = await rosterFromZip(bomb, { ...ZIP_LIMITS, fileBytes: 1_000_000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ROSTER_TOO_LARGE', message: expect.stringContaining('users.csv is too large once unzipped') });
  });
});

describe('OneRoster REST', () => {
  it('reads the JSON of orgs and users with their roles, as a bulk roster', () => {
    const { orgs, users } = restRoster(ORGS, PEOPLE);
    const roster = rosterFromRest(orgs, users);
    expect(roster.version).toBe('1.2');
    expect(roster.modes).toEqual({ orgs: 'bulk', users: 'bulk' });
    expect(roster.people.map((p) => [p.sourcedId, p.kind, p.orgSourcedId, p.active])).toEqual([
      ['t1', 'teacher', 's1', true],
      ['a1', 'administrator', 's2', true],
      ['d-admin', 'administrator', 'd1', true],
      ['t3', 'teacher', 's1', false],
    ]);
    expect(roster.invalid).toEqual([{ file: 'users', line: 7, sourcedId: 't2', reason: 'A teacher needs an e-mail address' }]);
    expect(rosterFromRest([null, 'x'], [42]).invalid.map((p) => p.reason)).toEqual(['The sourcedId is empty', 'The sourcedId is empty', 'The sourcedId is empty']);
  });
});

describe('CSV reader', () => {
  it('reads as before: quotes, doubled quotes, line breaks inside quotes, blank lines, a lone CR', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\n"two\nlines",z\rlast,one')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 4, fields: ['two\nlines', 'z'] },
      { line: 6, fields: ['last', 'one'] },
    ]);
    expect(parseCsv('a"b,c"d\n')).toEqual([{ line: 1, fields: ['a"b', 'c"d'] }]);
  });
});
