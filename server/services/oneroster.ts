import yauzl from 'yauzl';
import { EMAIL_RULES, NAME_MAX } from '../../src/lib/validation/fields.ts';
import { max, required, validate } from '../../src/lib/validation/rules.ts';
import { CsvSyntaxError, readCsv } from './csv.ts';

// OneRoster 1.1 and 1.2 rosters, as CSV files in a zip or as the JSON of the REST binding, read
// into one shape: the district and its schools, its teachers and administrators, the rows that
// cannot be used (file, line, reason) and counts of what the platform does not take. Pure: no
// database, no network; the diff against the district is server/services/rostering.ts.

/** How a file of the roster is to be read (the manifest's `file.*` values). */
export type FileMode = 'bulk' | 'delta' | 'absent';
export type RosterVersion = '1.1' | '1.2';

/** A row that cannot be used, or an account left alone on purpose, and why. */
export type RowProblem = { file: string; line: number | null; sourcedId: string | null; reason: string };

export type RosterOrg = { sourcedId: string; name: string; type: 'district' | 'school'; parentSourcedId: string | null; active: boolean; file: string; line: number };

/** A teacher or an administrator of the roster. */
export type RosterPerson = {
  sourcedId: string;
  file: string;
  line: number;
  email: string;
  firstName: string;
  lastName: string;
  kind: 'teacher' | 'administrator';
  orgSourcedId: string;
  /** enabledUser false or status tobedeleted: the account is deactivated. */
  active: boolean;
};

export type Ignored = { students: number; guardians: number; otherRoles: number; otherOrgs: number; classes: number; enrollments: number };

export type Roster = {
  version: RosterVersion;
  modes: { orgs: FileMode; users: FileMode };
  /** What problems with accounts the roster does not list name as their file: users.csv, or users for a pull. */
  usersFile: string;
  orgs: RosterOrg[];
  people: RosterPerson[];
  /**
   * The sourcedIds and e-mail addresses of every educator row, usable or not: a bulk file does
   * not deactivate an account whose row has a mistake in it.
   */
  listed: { sourcedIds: string[]; emails: string[] };
  invalid: RowProblem[];
  ignored: Ignored;
};

/** The roster cannot be read at all: the answer is 422 with this code and message. */
export class RosterFileError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** Limits on what a zip may make us read (its compressed size is the request's body limit). */
export const ZIP_LIMITS = {
  entries: 200,
  /** Uncompressed bytes of one file that is read (manifest, orgs, users, roles). */
  fileBytes: 300_000_000,
  /** Uncompressed bytes of every file read or counted together (a zip bomb stops here). */
  totalBytes: 1_000_000_000,
};

const READ_FILES = ['manifest', 'orgs', 'users', 'roles'] as const;
const COUNTED_FILES = ['classes', 'enrollments'] as const;
type ReadFile = (typeof READ_FILES)[number];
type CountedFile = (typeof COUNTED_FILES)[number];

// ───────────────────────────── the zip ─────────────────────────────

type ZipContents = { files: Partial<Record<ReadFile, Buffer>>; counts: Partial<Record<CountedFile, number>> };

/**
 * The files of a OneRoster zip that matter, found at its root whatever their case: the four read
 * whole, classes and enrollments only counted as they stream by. Refuses a zip with too many
 * entries, a file larger than the limits (declared or real), an encrypted or corrupt one.
 */
export function readRosterZip(buffer: Buffer, limits = ZIP_LIMITS): Promise<ZipContents> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) return reject(new RosterFileError('ROSTER_NOT_A_ZIP', 'The file is not a zip archive: export the OneRoster CSV files as one .zip file'));
      const contents: ZipContents = { files: {}, counts: {} };
      let entries = 0;
      let total = 0;
      const fail = (error: RosterFileError) => {
        zip.close();
        reject(error);
      };
      zip.on('error', () => fail(new RosterFileError('ROSTER_NOT_A_ZIP', 'The zip archive is damaged and cannot be read')));
      zip.on('end', () => resolve(contents));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        if (entries > limits.entries) return fail(new RosterFileError('ROSTER_TOO_LARGE', `The zip holds more than ${limits.entries} files`));
        const name = entry.fileName.toLowerCase();
        const base = /^([a-z]+)\.csv$/.exec(name)?.[1];
        const read = READ_FILES.find((f) => f === base);
        const counted = COUNTED_FILES.find((f) => f === base);
        if (!read && !counted) return zip.readEntry();
        if ((read && entry.uncompressedSize > limits.fileBytes) || total + entry.uncompressedSize > limits.totalBytes) {
          return fail(new RosterFileError('ROSTER_TOO_LARGE', `${entry.fileName} is too large once unzipped (${Math.ceil(entry.uncompressedSize / 1_000_000)} MB)`));
        }
        total += entry.uncompressedSize;
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return fail(new RosterFileError('ROSTER_NOT_A_ZIP', `${entry.fileName} cannot be unzipped (encrypted or damaged)`));
          const chunks: Buffer[] = [];
          const counter = counted ? recordCounter() : null;
          stream.on('data', (chunk: Buffer) => (counter ? counter.push(chunk) : chunks.push(chunk)));
          stream.on('error', () => fail(new RosterFileError('ROSTER_NOT_A_ZIP', `${entry.fileName} is damaged and cannot be unzipped`)));
          stream.on('end', () => {
            if (read) contents.files[read] = Buffer.concat(chunks);
            if (counted && counter) contents.counts[counted] = counter.records();
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** Counts the data rows of a CSV file as it streams by (line breaks outside quotes, blank lines left out, the header too). */
function recordCounter() {
  let quoted = false;
  let filled = false;
  let rows = 0;
  return {
    push(chunk: Buffer) {
      for (const byte of chunk) {
        if (byte === 0x22) quoted = !quoted;
        if (!quoted && (byte === 0x0a || byte === 0x0d)) {
          if (filled) rows += 1;
          filled = false;
        } else if (byte !== 0x2c && byte !== 0x20) filled = true;
      }
    },
    records: () => Math.max(0, rows + (filled ? 1 : 0) - 1),
  };
}

// ───────────────────────────── text and CSV ─────────────────────────────

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The file as text; not UTF-8: an error naming the file and the line of the first bad byte. */
function textOf(file: string, bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    let line = 1;
    for (let i = 0; i < at; i++) if (bytes[i] === 0x0a) line += 1;
    throw new RosterFileError('ROSTER_NOT_UTF8', `${file}, line ${line}: the file is not UTF-8 text (save it as "CSV UTF-8" and try again)`);
  }
}

/** The offset of the first byte that is not part of a valid UTF-8 sequence. */
function firstInvalidUtf8(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (!length) return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
    }
    const second = bytes[i + 1] ?? 0;
    if ((b === 0xe0 && second < 0xa0) || (b === 0xed && second > 0x9f) || (b === 0xf0 && second < 0x90) || (b === 0xf4 && second > 0x8f)) return i;
    i += length;
  }
  return bytes.length;
}

/** A CSV file's rows as objects keyed by the header's column names (trimmed, lower-cased), each with its line. */
type Row = { line: number; get: (column: string) => string };

function csvRows(file: string, text: string, requiredColumns: readonly string[]): { columns: Set<string>; rows: Iterable<Row> } {
  const records = readCsv(text);
  let header: string[];
  try {
    const first = records.next();
    header = first.done ? [] : first.value.fields.map((f) => f.trim().toLowerCase());
  } catch (err) {
    throw syntaxError(file, err);
  }
  const missing = requiredColumns.filter((c) => !header.includes(c.toLowerCase()));
  if (missing.length) {
    throw new RosterFileError('ROSTER_COLUMNS', header.length ? `${file} lacks the ${missing.length === 1 ? 'column' : 'columns'} ${missing.join(', ')}` : `${file} is empty: it needs a header row`);
  }
  const index = new Map(header.map((name, i) => [name, i] as const));
  function* rows(): Generator<Row> {
    try {
      for (const record of records) {
        yield { line: record.line, get: (column) => (record.fields[index.get(column.toLowerCase()) ?? -1] ?? '').trim() };
      }
    } catch (err) {
      throw syntaxError(file, err);
    }
  }
  return { columns: new Set(header), rows: rows() };
}

function syntaxError(file: string, err: unknown) {
  if (err instanceof CsvSyntaxError) return new RosterFileError('ROSTER_CSV_MALFORMED', `${file}, line ${err.line}: a quoted field is never closed`);
  return err;
}

// ───────────────────────────── records ─────────────────────────────

/** A user row, from users.csv (with its role from roles.csv in 1.2) or from the REST binding. */
type UserRecord = {
  file: string;
  line: number;
  sourcedId: string;
  status: string;
  enabledUser: string;
  role: string;
  orgSourcedId: string;
  email: string;
  givenName: string;
  familyName: string;
  preferredGivenName: string;
  preferredFamilyName: string;
};

type OrgRecord = { file: string; line: number; sourcedId: string; status: string; name: string; type: string; parentSourcedId: string };

/** What the platform makes of a OneRoster role. */
const ROLES: Record<string, RosterPerson['kind'] | keyof Pick<Ignored, 'students' | 'guardians' | 'otherRoles'>> = {
  teacher: 'teacher',
  administrator: 'administrator',
  siteadministrator: 'administrator',
  principal: 'administrator',
  districtadministrator: 'administrator',
  student: 'students',
  guardian: 'guardians',
  parent: 'guardians',
  relative: 'guardians',
  aide: 'otherRoles',
  proctor: 'otherRoles',
  counselor: 'otherRoles',
  systemadministrator: 'otherRoles',
};

const NAME_CHECK = [required(), max(NAME_MAX)];
const isInactive = (status: string, enabledUser = '') => /^(tobedeleted|inactive)$/i.test(status) || /^false$/i.test(enabledUser);

/** Builds the roster from its records: checks each row, reports every line of a duplicated sourcedId. */
function buildRoster(
  head: { version: RosterVersion; modes: Roster['modes']; usersFile: string; counted: Pick<Ignored, 'classes' | 'enrollments'> },
  orgRecords: OrgRecord[],
  userRecords: UserRecord[],
  invalid: RowProblem[],
): Roster {
  const ignored: Ignored = { students: 0, guardians: 0, otherRoles: 0, otherOrgs: 0, ...head.counted };
  const orgs: RosterOrg[] = [];
  for (const r of duplicatesReported(orgRecords, invalid)) {
    const type = r.type.toLowerCase();
    if (type !== 'district' && type !== 'school') {
      ignored.otherOrgs += 1;
      continue;
    }
    const name = r.name.trim();
    if (!name) invalid.push({ file: r.file, line: r.line, sourcedId: r.sourcedId, reason: `The ${type} has no name` });
    else orgs.push({ sourcedId: r.sourcedId, name, type, parentSourcedId: r.parentSourcedId || null, active: !isInactive(r.status), file: r.file, line: r.line });
  }

  const people: RosterPerson[] = [];
  const listed = { sourcedIds: new Set<string>(), emails: new Set<string>() };
  for (const r of duplicatesReported(userRecords, invalid, (dup) => listed.sourcedIds.add(dup.sourcedId))) {
    const mapped = ROLES[r.role.toLowerCase()];
    const problem = (reason: string) => invalid.push({ file: r.file, line: r.line, sourcedId: r.sourcedId, reason });
    if (mapped !== 'teacher' && mapped !== 'administrator') {
      if (mapped) ignored[mapped] += 1;
      else problem(r.role ? `The role "${r.role}" is not a OneRoster role` : 'The user has no role');
      continue;
    }
    const email = r.email.trim().toLowerCase();
    listed.sourcedIds.add(r.sourcedId);
    if (email) listed.emails.add(email);
    const firstName = (r.preferredGivenName || r.givenName).trim();
    const lastName = (r.preferredFamilyName || r.familyName).trim();
    const who = mapped === 'teacher' ? 'A teacher' : 'An administrator';
    const active = !isInactive(r.status, r.enabledUser);
    // A row that takes an account away needs only its sourcedId.
    const reason = !active
      ? null
      : !email
      ? `${who} needs an e-mail address`
      : (validate(email, EMAIL_RULES, 'Email')[0] ?? validate(firstName, NAME_CHECK, 'Given Name')[0] ?? validate(lastName, NAME_CHECK, 'Family Name')[0] ?? (r.orgSourcedId ? null : `${who} needs a school or district (orgSourcedId)`));
    if (reason) {
      problem(reason);
      continue;
    }
    people.push({ sourcedId: r.sourcedId, file: r.file, line: r.line, email, firstName, lastName, kind: mapped, orgSourcedId: r.orgSourcedId, active });
  }
  return { version: head.version, modes: head.modes, usersFile: head.usersFile, orgs, people, listed: { sourcedIds: [...listed.sourcedIds], emails: [...listed.emails] }, invalid, ignored };
}

/**
 * The records whose sourcedId is there and appears once; every line of a sourcedId given twice
 * is reported (which of them is right is the district's to say), and so is an empty one.
 */
function duplicatesReported<R extends { file: string; line: number; sourcedId: string }>(records: R[], invalid: RowProblem[], onDuplicate?: (record: R) => void): R[] {
  const lines = new Map<string, number[]>();
  for (const r of records) if (r.sourcedId) lines.set(r.sourcedId, [...(lines.get(r.sourcedId) ?? []), r.line]);
  return records.filter((r) => {
    if (!r.sourcedId) {
      invalid.push({ file: r.file, line: r.line, sourcedId: null, reason: 'The sourcedId is empty' });
      return false;
    }
    const all = lines.get(r.sourcedId)!;
    if (all.length === 1) return true;
    onDuplicate?.(r);
    const others = all.filter((l) => l !== r.line);
    invalid.push({ file: r.file, line: r.line, sourcedId: r.sourcedId, reason: `The sourcedId ${r.sourcedId} is also on line ${others.join(', ')}` });
    return false;
  });
}

// ───────────────────────────── CSV binding ─────────────────────────────

const MODES: readonly FileMode[] = ['bulk', 'delta', 'absent'];

/** The manifest's `file.*` modes and version; without a manifest every file present is bulk. */
function readManifest(text: string | undefined) {
  const properties = new Map<string, string>();
  if (text !== undefined) {
    const { rows } = csvRows('manifest.csv', text, ['propertyName', 'value']);
    for (const row of rows) properties.set(row.get('propertyName').toLowerCase(), row.get('value'));
  }
  const mode = (file: string): FileMode | undefined => {
    const value = properties.get(`file.${file}`)?.toLowerCase();
    if (value === undefined) return undefined;
    if (!MODES.includes(value as FileMode)) throw new RosterFileError('ROSTER_MANIFEST', `manifest.csv: file.${file} is "${value}"; it must be bulk, delta or absent`);
    return value as FileMode;
  };
  const version = properties.get('oneroster.version');
  if (version !== undefined && !/^1\.[12](\.\d+)?$/.test(version)) throw new RosterFileError('ROSTER_VERSION', `manifest.csv: OneRoster ${version} is not supported (1.1 or 1.2)`);
  return { mode, version: version?.slice(0, 3) as RosterVersion | undefined };
}

/** The roster of a OneRoster CSV zip (1.1, or 1.2 with roles.csv). */
export async function rosterFromZip(buffer: Buffer, limits = ZIP_LIMITS): Promise<Roster> {
  const { files, counts } = await readRosterZip(buffer, limits);
  const text = (file: ReadFile) => (files[file] ? textOf(`${file}.csv`, files[file]) : undefined);
  const manifest = readManifest(text('manifest'));
  const modeOf = (file: ReadFile): FileMode => {
    const declared = manifest.mode(file);
    if (declared && declared !== 'absent' && !files[file]) throw new RosterFileError('ROSTER_FILE_MISSING', `The manifest lists ${file}.csv as ${declared}, but the zip has no ${file}.csv`);
    return declared === 'absent' ? 'absent' : files[file] ? (declared ?? 'bulk') : 'absent';
  };
  const modes = { orgs: modeOf('orgs'), users: modeOf('users') };
  const rolesMode = modeOf('roles');
  if (modes.users === 'absent' && manifest.mode('users') !== 'absent') throw new RosterFileError('ROSTER_FILE_MISSING', 'The zip has no users.csv: a OneRoster export has manifest.csv, orgs.csv and users.csv (and roles.csv in 1.2) at its root');

  const invalid: RowProblem[] = [];
  const orgRecords: OrgRecord[] = [];
  if (modes.orgs !== 'absent') {
    const { rows } = csvRows('orgs.csv', text('orgs')!, ['sourcedId', 'name', 'type']);
    for (const r of rows) {
      orgRecords.push({ file: 'orgs.csv', line: r.line, sourcedId: r.get('sourcedId'), status: r.get('status'), name: r.get('name'), type: r.get('type'), parentSourcedId: r.get('parentSourcedId') });
    }
  }

  const userRecords: UserRecord[] = [];
  let version: RosterVersion = manifest.version ?? (rolesMode !== 'absent' ? '1.2' : '1.1');
  if (modes.users !== 'absent') {
    const usersText = text('users')!;
    const peek = csvRows('users.csv', usersText, []).columns;
    const hasRoleColumn = peek.has('role');
    const useRoles = rolesMode !== 'absent' && (version === '1.2' || !hasRoleColumn);
    if (!useRoles && !hasRoleColumn) throw new RosterFileError('ROSTER_COLUMNS', 'users.csv lacks the column role, and the zip has no roles.csv (OneRoster 1.2 keeps roles there)');
    const orgColumn = peek.has('orgsourcedids') ? 'orgSourcedIds' : 'primaryOrgSourcedId';
    const needed = ['sourcedId', 'givenName', 'familyName', 'email', ...(useRoles ? [] : ['role', 'orgSourcedIds'])];
    const roles = useRoles ? primaryRoles(text('roles')!, invalid) : null;
    if (!manifest.version && useRoles) version = '1.2';
    const { rows } = csvRows('users.csv', usersText, needed);
    for (const r of rows) {
      const sourcedId = r.get('sourcedId');
      const role = roles?.get(sourcedId);
      roles?.delete(sourcedId);
      userRecords.push({
        file: 'users.csv',
        line: r.line,
        sourcedId,
        status: r.get('status'),
        enabledUser: r.get('enabledUser'),
        role: roles ? (role?.role ?? '') : r.get('role'),
        orgSourcedId: roles ? role?.orgSourcedId || r.get(orgColumn).split(',')[0]!.trim() : r.get('orgSourcedIds').split(',')[0]!.trim(),
        email: r.get('email'),
        givenName: r.get('givenName'),
        familyName: r.get('familyName'),
        preferredGivenName: r.get('preferredGivenName') || r.get('preferredFirstName'),
        preferredFamilyName: r.get('preferredFamilyName') || r.get('preferredLastName'),
      });
    }
    // Roles of users the file does not list: in a delta file they may be the district's already, in a bulk one they are mistakes.
    if (roles && modes.users === 'bulk') {
      for (const [userSourcedId, role] of roles) invalid.push({ file: 'roles.csv', line: role.line, sourcedId: userSourcedId, reason: `No user ${userSourcedId} in users.csv` });
    }
  }
  return buildRoster({ version, modes, usersFile: 'users.csv', counted: { classes: counts.classes ?? 0, enrollments: counts.enrollments ?? 0 } }, orgRecords, userRecords, invalid);
}

/** Each user's role from roles.csv: the primary one (else the first), ignoring roles to be deleted. */
function primaryRoles(text: string, invalid: RowProblem[]) {
  const { rows } = csvRows('roles.csv', text, ['userSourcedId', 'roleType', 'role', 'orgSourcedId']);
  const roles = new Map<string, { role: string; orgSourcedId: string; line: number; primary: boolean }>();
  for (const r of rows) {
    const user = r.get('userSourcedId');
    if (!user) {
      invalid.push({ file: 'roles.csv', line: r.line, sourcedId: r.get('sourcedId') || null, reason: 'The role names no user (userSourcedId)' });
      continue;
    }
    if (isInactive(r.get('status'))) continue;
    const primary = r.get('roleType').toLowerCase() === 'primary';
    const known = roles.get(user);
    if (!known || (primary && !known.primary)) roles.set(user, { role: r.get('role'), orgSourcedId: r.get('orgSourcedId'), line: r.line, primary });
  }
  return roles;
}

// ───────────────────────────── REST binding ─────────────────────────────

const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');
const refOf = (value: unknown): string => str((value as { sourcedId?: unknown } | null | undefined)?.sourcedId);

/**
 * The roster of a pull: the `orgs` and `users` of the REST binding (1.2 users carry their roles
 * as `roles: [{ roleType, role, org: { sourcedId } }]`, 1.1 users `role` and `orgs`). A pull is
 * the whole roster, so both are bulk; a problem names the list and the position in it.
 */
export function rosterFromRest(orgs: unknown[], users: unknown[]): Roster {
  const orgRecords = orgs.map((raw, i): OrgRecord => {
    const o = (raw ?? {}) as Record<string, unknown>;
    return { file: 'orgs', line: i + 1, sourcedId: str(o.sourcedId), status: str(o.status), name: str(o.name), type: str(o.type), parentSourcedId: refOf(o.parent) };
  });
  let version: RosterVersion = '1.1';
  const userRecords = users.map((raw, i): UserRecord => {
    const u = (raw ?? {}) as Record<string, unknown>;
    const roles = Array.isArray(u.roles) ? (u.roles as Record<string, unknown>[]).filter((r) => r && !isInactive(str(r.status))) : null;
    if (roles) version = '1.2';
    const role = roles ? (roles.find((r) => str(r.roleType).toLowerCase() === 'primary') ?? roles[0]) : undefined;
    const orgs11 = Array.isArray(u.orgs) ? (u.orgs as unknown[]) : [];
    return {
      file: 'users',
      line: i + 1,
      sourcedId: str(u.sourcedId),
      status: str(u.status),
      enabledUser: str(u.enabledUser),
      role: roles ? str(role?.role) : str(u.role),
      orgSourcedId: roles ? refOf(role?.org) || refOf(u.primaryOrg) : refOf(orgs11[0]),
      email: str(u.email),
      givenName: str(u.givenName),
      familyName: str(u.familyName),
      preferredGivenName: str(u.preferredFirstName ?? u.preferredGivenName),
      preferredFamilyName: str(u.preferredLastName ?? u.preferredFamilyName),
    };
  });
  return buildRoster({ version, modes: { orgs: 'bulk', users: 'bulk' }, usersFile: 'users', counted: { classes: 0, enrollments: 0 } }, orgRecords, userRecords, []);
}
