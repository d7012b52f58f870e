import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import yazl from 'yazl';

/** OneRoster files for tests and benches: CSV zips as a district's SIS exports them, and a small REST endpoint. */

export type OrgSpec = { sourcedId: string; name: string; type: string; parent?: string; status?: string };
export type PersonSpec = {
  sourcedId: string;
  givenName: string;
  familyName: string;
  email: string;
  /** teacher, administrator, districtAdministrator, student, guardian… */
  role: string;
  org: string;
  enabled?: boolean;
  status?: string;
};
export type Modes = { orgs?: 'bulk' | 'delta' | 'absent'; users?: 'bulk' | 'delta' | 'absent' };

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
/** CSV as SIS exports write it: CRLF, quoted where needed. */
export const csv = (rows: readonly (readonly string[])[]) => rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';

const ORG_COLUMNS = ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'];
const orgRows = (orgs: readonly OrgSpec[]) => [ORG_COLUMNS, ...orgs.map((o) => [o.sourcedId, o.status ?? 'active', '2026-08-01T00:00:00Z', o.name, o.type, '', o.parent ?? ''])];

const USER_COLUMNS_12 = [
  'sourcedId', 'status', 'dateLastModified', 'enabledUser', 'username', 'userIds', 'givenName', 'familyName', 'middleName', 'identifier', 'email', 'sms', 'phone',
  'agentSourcedIds', 'grades', 'password', 'userMasterIdentifier', 'resourceSourcedIds', 'preferredGivenName', 'preferredMiddleName', 'preferredFamilyName', 'primaryOrgSourcedId', 'pronouns',
];
const ROLE_COLUMNS = ['sourcedId', 'status', 'dateLastModified', 'userSourcedId', 'roleType', 'role', 'beginDate', 'endDate', 'orgSourcedId', 'userProfileSourcedId'];

const manifest = (version: string, modes: Modes, files: Record<string, string>) =>
  csv([
    ['propertyName', 'value'],
    ['manifest.version', '1.0'],
    ['oneroster.version', version],
    ...['academicSessions', 'categories', 'classes', 'classResources', 'courses', 'courseResources', 'demographics', 'enrollments', 'lineItems', 'orgs', 'resources', 'results', 'roles', 'users'].map((f) => [
      `file.${f}`,
      !(`${f}.csv` in files) ? 'absent' : f === 'orgs' ? (modes.orgs ?? 'bulk') : f === 'users' || f === 'roles' ? (modes.users ?? 'bulk') : 'bulk',
    ]),
    ['source.systemName', 'Test SIS'],
  ]);

/** The files of a OneRoster 1.2 CSV export: users.csv without roles, roles.csv with each user's primary role. */
export function oneRoster12(orgs: readonly OrgSpec[], people: readonly PersonSpec[], modes: Modes = {}, extra: Record<string, string> = {}): Record<string, string> {
  const files: Record<string, string> = {
    'orgs.csv': csv(orgRows(orgs)),
    'users.csv': csv([
      USER_COLUMNS_12,
      ...people.map((p) => [p.sourcedId, p.status ?? 'active', '2026-08-01T00:00:00Z', String(p.enabled ?? true), p.email.split('@')[0] ?? p.sourcedId, '', p.givenName, p.familyName, '', '', p.email, '', '', '', '', '', '', '', '', '', '', p.org, '']),
    ]),
    'roles.csv': csv([ROLE_COLUMNS, ...people.map((p) => [`r-${p.sourcedId}`, 'active', '2026-08-01T00:00:00Z', p.sourcedId, 'primary', p.role, '2026-08-01', '', p.org, ''])]),
    ...extra,
  };
  return { 'manifest.csv': manifest('1.2', modes, files), ...files };
}

/** The files of a OneRoster 1.1 CSV export: the role and the organizations are columns of users.csv. */
export function oneRoster11(orgs: readonly OrgSpec[], people: readonly PersonSpec[], modes: Modes = {}): Record<string, string> {
  const files: Record<string, string> = {
    'orgs.csv': csv(orgRows(orgs)),
    'users.csv': csv([
      ['sourcedId', 'status', 'dateLastModified', 'enabledUser', 'orgSourcedIds', 'role', 'username', 'userIds', 'givenName', 'familyName', 'middleName', 'identifier', 'email', 'sms', 'phone', 'agentSourcedIds', 'grades', 'password'],
      ...people.map((p) => [p.sourcedId, p.status ?? 'active', '', String(p.enabled ?? true), p.org, p.role, p.email, '', p.givenName, p.familyName, '', '', p.email, '', '', '', '', '']),
    ]),
  };
  return { 'manifest.csv': manifest('1.1', modes, files), ...files };
}

/** A zip of these files (names as given, at the root). */
export function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), name);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A district of `schools` schools and `teachers` teachers (with an administrator per school), as OneRoster 1.2 specs. */
export function districtRoster(prefix: string, schools: number, teachers: number) {
  const orgs: OrgSpec[] = [{ sourcedId: `${prefix}-district`, name: `${prefix} District`, type: 'district' }];
  for (let s = 1; s <= schools; s++) orgs.push({ sourcedId: `${prefix}-school-${s}`, name: `${prefix} School ${s}`, type: 'school', parent: `${prefix}-district` });
  const people: PersonSpec[] = [];
  for (let t = 1; t <= teachers; t++) {
    people.push({ sourcedId: `${prefix}-t-${t}`, givenName: `Teacher${t}`, familyName: `Family${t % 997}`, email: `${prefix}.teacher${t}@roster.example.org`.toLowerCase(), role: 'teacher', org: `${prefix}-school-${(t % schools) + 1}` });
  }
  for (let s = 1; s <= schools; s++) {
    people.push({ sourcedId: `${prefix}-a-${s}`, givenName: `Principal${s}`, familyName: 'Admin', email: `${prefix}.principal${s}@roster.example.org`.toLowerCase(), role: 'principal', org: `${prefix}-school-${s}` });
  }
  return { orgs, people };
}

/** The OneRoster REST binding's JSON of these specs (1.2: users carry their roles). */
export function restRoster(orgs: readonly OrgSpec[], people: readonly PersonSpec[]) {
  return {
    orgs: orgs.map((o) => ({ sourcedId: o.sourcedId, status: o.status ?? 'active', name: o.name, type: o.type, parent: o.parent ? { sourcedId: o.parent, type: 'org' } : null })),
    users: people.map((p) => ({
      sourcedId: p.sourcedId,
      status: p.status ?? 'active',
      enabledUser: p.enabled ?? true,
      givenName: p.givenName,
      familyName: p.familyName,
      email: p.email,
      roles: [{ roleType: 'primary', role: p.role, org: { sourcedId: p.org, type: 'org' } }],
    })),
  };
}

/**
 * A OneRoster 1.2 REST endpoint on a free port: POST /token (client credentials, HTTP Basic) and
 * GET {base}/orgs and {base}/users, paged by limit and offset, for a bearer token it issued.
 */
export async function startOneRosterServer(credentials: { clientId: string; clientSecret: string }, data: { orgs: unknown[]; users: unknown[] }) {
  const token = `token-${Math.random().toString(36).slice(2)}`;
  const seen: string[] = [];
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push(`${req.method} ${url.pathname}`);
    if (req.method === 'POST' && url.pathname === '/token') {
      const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
      req.resume();
      if (req.headers.authorization !== expected) return send(res, 401, { error: 'invalid_client' });
      return send(res, 200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
    }
    const list = /\/ims\/oneroster\/rostering\/v1p2\/(orgs|users)$/.exec(url.pathname)?.[1] as 'orgs' | 'users' | undefined;
    if (req.method === 'GET' && list) {
      if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { imsx_codeMajor: 'failure' });
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return send(res, 200, { [list]: data[list].slice(offset, offset + limit) }, { 'x-total-count': String(data[list].length) });
    }
    send(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/ims/oneroster/rostering/v1p2`,
    tokenUrl: `${origin}/token`,
    /** Requests as `METHOD path`, in order. */
    seen,
    data,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
