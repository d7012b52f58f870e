import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { validateResponse } from '../support/contract.ts';
import { oneRoster11, oneRoster12, restRoster, startOneRosterServer, zipOf, type OrgSpec, type PersonSpec } from '../support/oneroster.ts';
import { ACCOUNTS, loadWorld } from '../support/world.ts';

/**
 * Rostering with OneRoster: a district's zip read into a dry run that changes nothing, applied in
 * one transaction with its audit entry, imported again without effect; a second roster that moves,
 * renames, changes roles and removes; files that cannot be used; who may do it; seats; and the
 * nightly pull from a OneRoster REST endpoint started here.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof loadWorld>>;

type Import = {
  id: string;
  status: string;
  counts: Record<string, number>;
  schools: { total: number; items: { kind: string; sourcedId: string | null; name: string; previousName: string | null }[] };
  accounts: { total: number; items: { kind: string; sourcedId: string | null; email: string; role: string; organizationName: string | null; linked: boolean; before: Record<string, unknown> | null }[] };
  invalid: { total: number; items: { file: string; line: number | null; sourcedId: string | null; reason: string }[] };
  skipped: { total: number; items: { reason: string }[] };
  seats: { organizationId: string; seats: number; activeNow: number; activeAfter: number; overBy: number }[];
  ignored: Record<string, number>;
};

const upload = async (token: string, org: string, files: Record<string, string | Buffer> | Buffer, fileName = 'roster.zip') =>
  t.request(token, {
    method: 'POST',
    url: `/api/organizations/${org}/roster-imports?fileName=${encodeURIComponent(fileName)}`,
    headers: { 'content-type': 'application/zip' },
    payload: Buffer.isBuffer(files) ? files : await zipOf(files),
  });
const apply = (token: string, org: string, id: string) => t.request(token, { method: 'POST', url: `/api/organizations/${org}/roster-imports/${id}/apply` });
/** The answer, checked against the contract. */
function valid(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown; body: string }, operationId: string) {
  expect(validateResponse(operationId, res.statusCode, res.headers['content-type'] as string, res.json()), res.body.slice(0, 300)).toEqual([]);
  return res.json() as Import;
}
const count = async (q: ReturnType<typeof sql>) => (await t.query<{ n: number }>(q))[0]!.n;
/** Everything an import may change, to compare before and after. */
const snapshot = () =>
  t.query(sql`select u.id, u.email, u.first_name, u.last_name, u.role, u.organization_id, u.rostered_by, u.sourced_id, u.deactivated_at, o.name as org_name, o.sourced_id as org_sourced
              from users u left join organizations o on o.id = u.organization_id order by u.id`);
const schoolsSnapshot = () => t.query(sql`select id, name, parent_id, sourced_id from organizations order by id`);

const DISTRICT: OrgSpec = { sourcedId: 'nw', name: 'Northwind School District', type: 'district' };
const ALDER: OrgSpec = { sourcedId: 'nw-alder', name: 'Alder Creek Elementary', type: 'school', parent: 'nw' };
const SPRUCE: OrgSpec = { sourcedId: 'nw-spruce', name: 'Spruce Hill Elementary', type: 'school', parent: 'nw' };
const person = (sourcedId: string, role: string, org: string, extra: Partial<PersonSpec> = {}): PersonSpec => ({
  sourcedId,
  givenName: `Given ${sourcedId}`,
  familyName: `Family ${sourcedId}`,
  email: `${sourcedId}@roster.northwind.example.org`,
  role,
  org,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  world = await loadWorld(t);
});
afterAll(() => t?.close());

describe('a district roster (OneRoster 1.2)', () => {
  const first = () => [
    person('t1', 'teacher', 'nw-alder'),
    person('t2', 'teacher', 'nw-spruce'),
    person('a1', 'principal', 'nw-alder'),
    person('d1', 'districtAdministrator', 'nw'),
    // A member of the district already: found by e-mail and taken into the roster, moved to Spruce Hill.
    person('e1', 'teacher', 'nw-spruce', { email: ACCOUNTS.educator.toUpperCase(), givenName: 'Edu', familyName: 'Cator' }),
    person('s1', 'student', 'nw-alder'),
    person('g1', 'guardian', 'nw-alder'),
    person('nomail', 'teacher', 'nw-alder', { email: '' }),
    person('outsider', 'teacher', 'nw-alder', { email: ACCOUNTS.free }),
    person('boss', 'teacher', 'nw-alder', { email: ACCOUNTS.admin }),
  ];
  let firstImport: Import;

  it('answers a dry run of the 1.2 sample shape, and writes nothing but the import', async () => {
    const [users, orgs, imports] = [await snapshot(), await schoolsSnapshot(), await count(sql`select count(*)::int as n from roster_imports`)];
    const res = await upload(world.tokens.districtAdmin, world.orgs.northwind.id, oneRoster12([DISTRICT, ALDER, SPRUCE], first()));
    expect(res.statusCode, res.body).toBe(201);
    firstImport = valid(res, 'createRosterImport');
    expect(firstImport.status).toBe('PENDING');
    expect(firstImport.counts).toMatchObject({ schoolsToCreate: 1, schoolsToLink: 2, accountsToAdd: 4, accountsToMove: 1, accountsToDeactivate: 0, invalidRows: 3 });
    expect(firstImport.schools.items.map((s) => [s.kind, s.sourcedId, s.name])).toEqual(
      expect.arrayContaining([
        ['LINK', 'nw', 'Northwind School District'],
        ['LINK', 'nw-alder', 'Alder Creek Elementary'],
        ['CREATE', 'nw-spruce', 'Spruce Hill Elementary'],
        ['NOT_IN_ROSTER', null, 'Birchwood Elementary'],
      ]),
    );
    const byId = new Map(firstImport.accounts.items.map((a) => [a.sourcedId, a]));
    expect(byId.get('t1')).toMatchObject({ kind: 'ADD', role: 'USER', organizationName: 'Alder Creek Elementary' });
    expect(byId.get('a1')).toMatchObject({ kind: 'ADD', role: 'SCHOOL_ADMIN' });
    expect(byId.get('d1')).toMatchObject({ kind: 'ADD', role: 'DISTRICT_ADMIN', organizationName: 'Northwind School District' });
    expect(byId.get('e1')).toMatchObject({ kind: 'MOVE', email: ACCOUNTS.educator, linked: true, organizationName: 'Spruce Hill Elementary', before: expect.objectContaining({ firstName: expect.any(String) }) });
    expect(firstImport.invalid.items).toEqual([
      { file: 'users.csv', line: 9, sourcedId: 'nomail', reason: 'A teacher needs an e-mail address' },
      { file: 'users.csv', line: 10, sourcedId: 'outsider', reason: `The e-mail ${ACCOUNTS.free} belongs to an account outside this district; the educator can contact support to join it` },
      { file: 'users.csv', line: 11, sourcedId: 'boss', reason: `The e-mail ${ACCOUNTS.admin} belongs to a platform admin account` },
    ]);
    expect(firstImport.ignored).toMatchObject({ students: 1, guardians: 1 });
    // The district's members the roster did not add are left alone, and said so.
    expect(firstImport.skipped.total).toBeGreaterThan(20);
    expect(firstImport.skipped.items[0]!.reason).toMatch(/is not in the roster, and was not added by it: left as it is$/);

    expect(await snapshot()).toEqual(users);
    expect(await schoolsSnapshot()).toEqual(orgs);
    expect(await count(sql`select count(*)::int as n from roster_imports`)).toBe(imports + 1);
    const listed = await t.request(world.tokens.districtAdmin, { method: 'GET', url: `/api/organizations/${world.orgs.northwind.id}/roster-imports` });
    expect(validateResponse('listRosterImports', listed.statusCode, listed.headers['content-type'] as string, listed.json())).toEqual([]);
    expect(listed.json().items[0]).toMatchObject({ id: firstImport.id, status: 'PENDING', fileName: 'roster.zip', source: 'UPLOAD', createdBy: { email: ACCOUNTS.districtAdmin } });
  });

  it('pages the lists of a dry run and filters its accounts by kind', async () => {
    const res = await t.request(world.tokens.districtAdmin, { method: 'GET', url: `/api/organizations/${world.orgs.northwind.id}/roster-imports/${firstImport.id}?accountKind=ADD&itemsPerPage=2&page=2` });
    const page = valid(res, 'getRosterImport');
    expect(page.accounts.total).toBe(4);
    expect(page.accounts.items).toHaveLength(2);
    expect(page.accounts.items.every((a) => a.kind === 'ADD')).toBe(true);
  });

  it('applies it in one transaction, with an audit entry, and refuses to apply it twice', async () => {
    const res = await apply(world.tokens.districtAdmin, world.orgs.northwind.id, firstImport.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(valid(res, 'applyRosterImport').status).toBe('APPLIED');

    const rows = await t.query<{ sourced_id: string; role: string; org: string; rostered: boolean; password_hash: string | null; completed_onboarding: boolean; invited_at: string | null; profile: boolean }>(
      sql`select u.sourced_id, u.role, o.name as org, u.rostered_by = ${world.orgs.northwind.id}::uuid as rostered, u.password_hash, u.completed_onboarding,
            u.invited_at, exists (select 1 from profiles p where p.user_id = u.id) as profile
          from users u join organizations o on o.id = u.organization_id where u.rostered_by is not null order by u.sourced_id`,
    );
    expect(rows.map((r) => [r.sourced_id, r.role, r.org, r.rostered])).toEqual([
      ['a1', 'SCHOOL_ADMIN', 'Alder Creek Elementary', true],
      ['d1', 'DISTRICT_ADMIN', 'Northwind School District', true],
      ['e1', 'USER', 'Spruce Hill Elementary', true],
      ['t1', 'USER', 'Alder Creek Elementary', true],
      ['t2', 'USER', 'Spruce Hill Elementary', true],
    ]);
    // New accounts: no password (the district's sign-in or an invitation gives one), onboarding to do, a profile.
    const made = rows.filter((r) => r.sourced_id !== 'e1');
    expect(made.every((r) => r.password_hash === null && !r.completed_onboarding && r.invited_at !== null && r.profile)).toBe(true);
    const orgs = await t.query<{ name: string; sourced_id: string | null; parent_id: string | null }>(
      sql`select name, sourced_id, parent_id::text from organizations where id = ${world.orgs.northwind.id}::uuid or parent_id = ${world.orgs.northwind.id}::uuid order by name`,
    );
    expect(orgs.filter((o) => o.sourced_id).map((o) => [o.name, o.sourced_id])).toEqual([
      ['Alder Creek Elementary', 'nw-alder'],
      ['Northwind School District', 'nw'],
      ['Spruce Hill Elementary', 'nw-spruce'],
    ]);
    const [audit] = await t.query<{ action: string; entity_type: string; actor_email: string; after: Record<string, unknown> }>(
      sql`select action, entity_type, actor_email, after from audit_log where entity_id = ${firstImport.id} order by at desc limit 1`,
    );
    expect(audit).toMatchObject({ action: 'rosterImport.applied', entity_type: 'ROSTER_IMPORT', actor_email: ACCOUNTS.districtAdmin, after: { accountsToAdd: 4, accountsToMove: 1, schoolsToCreate: 1 } });

    const again = await apply(world.tokens.districtAdmin, world.orgs.northwind.id, firstImport.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_APPLIED');
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = [await snapshot(), await schoolsSnapshot()];
    const res = await upload(world.tokens.districtAdmin, world.orgs.northwind.id, oneRoster12([DISTRICT, ALDER, SPRUCE], first()));
    const again = valid(res, 'createRosterImport');
    expect(again.counts).toMatchObject({ schoolsToCreate: 0, schoolsToRename: 0, schoolsToLink: 0, accountsToAdd: 0, accountsToChange: 0, accountsToMove: 0, accountsToDeactivate: 0, accountsToReactivate: 0, unchanged: 5 });
    expect(again.accounts.total).toBe(0);
    expect((await apply(world.tokens.districtAdmin, world.orgs.northwind.id, again.id)).statusCode).toBe(200);
    expect([await snapshot(), await schoolsSnapshot()]).toEqual(before);
  });

  it('moves, renames, changes roles and deactivates with a second import, and keeps everybody’s history', async () => {
    const [t2] = await t.query<{ id: string }>(sql`select id::text from users where sourced_id = 't2'`);
    const [item] = await t.query<{ id: string }>(sql`select id::text from catalog_items where resource_type = 'LEARNING_OBJECT' order by public_id limit 1`);
    await t.query(sql`insert into learner_progress (user_id, catalog_item_id, last_interaction_at, video_progress) values (${t2!.id}::uuid, ${item!.id}::uuid, now(), 40)`);
    const second = [
      person('t1', 'teacher', 'nw-spruce'), // moves
      person('a1', 'teacher', 'nw-alder'), // no longer an administrator
      person('d1', 'districtAdministrator', 'nw', { givenName: 'Renamed' }),
      person('e1', 'teacher', 'nw-spruce', { email: ACCOUNTS.educator, givenName: 'Edu', familyName: 'Cator' }),
      person('t4', 'teacher', 'nw-alder'),
      // t2 is gone: deactivated
    ];
    const res = await upload(world.tokens.districtAdmin, world.orgs.northwind.id, oneRoster12([DISTRICT, ALDER, { ...SPRUCE, name: 'Spruce Hill Academy' }], second));
    const dry = valid(res, 'createRosterImport');
    expect(dry.counts).toMatchObject({ schoolsToRename: 1, accountsToAdd: 1, accountsToMove: 1, accountsToChange: 2, accountsToDeactivate: 1, unchanged: 1 });
    expect(dry.schools.items.find((s) => s.kind === 'RENAME')).toMatchObject({ name: 'Spruce Hill Academy', previousName: 'Spruce Hill Elementary' });
    const byId = new Map(dry.accounts.items.map((a) => [a.sourcedId, a]));
    expect(byId.get('a1')).toMatchObject({ kind: 'CHANGE', role: 'USER', before: { role: 'SCHOOL_ADMIN' } });
    expect(byId.get('t2')).toMatchObject({ kind: 'DEACTIVATE', before: { deactivated: false } });

    // A session of t2's is ended by the deactivation.
    expect((await apply(world.tokens.districtAdmin, world.orgs.northwind.id, dry.id)).statusCode).toBe(200);
    const after = await t.query<{ sourced_id: string; role: string; org: string; first_name: string; deactivated: boolean; ended: boolean }>(
      sql`select u.sourced_id, u.role, o.name as org, u.first_name, u.deactivated_at is not null as deactivated, u.sessions_not_before is not null as ended
          from users u join organizations o on o.id = u.organization_id where u.rostered_by is not null order by u.sourced_id`,
    );
    expect(after.map((r) => [r.sourced_id, r.role, r.org, r.deactivated])).toEqual([
      ['a1', 'USER', 'Alder Creek Elementary', false],
      ['d1', 'DISTRICT_ADMIN', 'Northwind School District', false],
      ['e1', 'USER', 'Spruce Hill Academy', false],
      ['t1', 'USER', 'Spruce Hill Academy', false],
      ['t2', 'USER', 'Spruce Hill Academy', true],
      ['t4', 'USER', 'Alder Creek Elementary', false],
    ]);
    expect(after.find((r) => r.sourced_id === 'd1')!.first_name).toBe('Renamed');
    expect(after.find((r) => r.sourced_id === 't2')!.ended).toBe(true);
    expect(after.find((r) => r.sourced_id === 'a1')!.ended).toBe(true);
    expect(await count(sql`select count(*)::int as n from learner_progress where user_id = ${t2!.id}::uuid`)).toBe(1);

    // Back in the next roster: reactivated, the same account.
    const third = await upload(world.tokens.districtAdmin, world.orgs.northwind.id, oneRoster12([DISTRICT, ALDER, { ...SPRUCE, name: 'Spruce Hill Academy' }], [...second, person('t2', 'teacher', 'nw-spruce')]));
    const back = valid(third, 'createRosterImport');
    expect(back.counts).toMatchObject({ accountsToReactivate: 1, accountsToAdd: 0, accountsToDeactivate: 0 });
    expect((await apply(world.tokens.districtAdmin, world.orgs.northwind.id, back.id)).statusCode).toBe(200);
    expect(await count(sql`select count(*)::int as n from users where id = ${t2!.id}::uuid and deactivated_at is null`)).toBe(1);
  });

  it('never deactivates or demotes the admin who applies, nor accounts the roster did not add', async () => {
    // The district admin's own account listed as a teacher: the role stays.
    const mine = person('me', 'teacher', 'nw-alder', { email: ACCOUNTS.districtAdmin });
    const res = await upload(world.tokens.districtAdmin, world.orgs.northwind.id, oneRoster12([DISTRICT, ALDER, SPRUCE], [mine], { users: 'delta' }));
    const dry = valid(res, 'createRosterImport');
    expect(dry.skipped.items.map((s) => s.reason)).toContain('Your own account keeps its role, organization and e-mail address');
    expect(dry.accounts.items).toEqual([expect.objectContaining({ kind: 'CHANGE', role: 'DISTRICT_ADMIN', organizationName: 'Northwind School District', linked: true })]);
    expect((await apply(world.tokens.districtAdmin, world.orgs.northwind.id, dry.id)).statusCode).toBe(200);
    const [me] = await t.query<{ role: string; organization_id: string; deactivated: boolean; sourced_id: string }>(
      sql`select role, organization_id::text, deactivated_at is not null as deactivated, sourced_id from users where email = ${ACCOUNTS.districtAdmin}`,
    );
    expect(me).toEqual({ role: 'DISTRICT_ADMIN', organization_id: world.orgs.northwind.id, deactivated: false, sourced_id: 'me' });
    // Seeded members of the district (not rostered) were never deactivated by the bulk imports.
    expect(await count(sql`select count(*)::int as n from users where email like 'educator%@northwind.example.org' and deactivated_at is not null`)).toBe(0);
  });

  it('applies a delta file to the rows it lists only', async () => {
    const active = await count(sql`select count(*)::int as n from users where rostered_by is not null and deactivated_at is null`);
    const res = await upload(world.tokens.districtAdmin, world.orgs.northwind.id, oneRoster12([], [person('t4', 'teacher', 'nw-alder', { status: 'tobedeleted' })], { orgs: 'absent', users: 'delta' }));
    const dry = valid(res, 'createRosterImport');
    expect(dry.counts).toMatchObject({ accountsToDeactivate: 1, accountsToAdd: 0, schoolsNotInRoster: 0 });
    expect((await apply(world.tokens.districtAdmin, world.orgs.northwind.id, dry.id)).statusCode).toBe(200);
    expect(await count(sql`select count(*)::int as n from users where rostered_by is not null and deactivated_at is null`)).toBe(active - 1);
  });

  it('says in the dry run when the roster would need more seats than the subscription has', async () => {
    const { northwind } = world.orgs;
    const [sub] = await t.query<{ id: string; end: string }>(sql`select id::text, current_period_end::text as end from subscriptions where organization_id = ${northwind.id}::uuid order by created_at desc limit 1`);
    const activeNow = await count(
      sql`select count(*)::int as n from users where deactivated_at is null and role in ('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN')
          and organization_id in (select id from organizations where id = ${northwind.id}::uuid or parent_id = ${northwind.id}::uuid)`,
    );
    await t.query(sql`update subscriptions set seats = ${activeNow + 1}, current_period_end = now() + interval '300 days' where id = ${sub!.id}::uuid`);
    try {
      const people = [person('t1', 'teacher', 'nw-spruce'), person('x1', 'teacher', 'nw-alder'), person('x2', 'teacher', 'nw-alder'), person('x3', 'teacher', 'nw-alder')];
      const dry = valid(await upload(world.tokens.districtAdmin, northwind.id, oneRoster12([], people, { orgs: 'absent', users: 'delta' })), 'createRosterImport');
      expect(dry.seats).toEqual([{ organizationId: northwind.id, organizationName: northwind.name, seats: activeNow + 1, activeNow, activeAfter: activeNow + 3, overBy: 2 }]);
    } finally {
      await t.query(sql`update subscriptions set seats = null, current_period_end = ${sub!.end}::timestamptz where id = ${sub!.id}::uuid`);
    }
  });

  it('refuses a dry run a newer one replaced, and one whose district changed since', async () => {
    const { northwind } = world.orgs;
    const files = oneRoster12([], [person('y1', 'teacher', 'nw-alder')], { orgs: 'absent', users: 'delta' });
    const older = valid(await upload(world.tokens.districtAdmin, northwind.id, files), 'createRosterImport');
    const newer = valid(await upload(world.tokens.districtAdmin, northwind.id, files), 'createRosterImport');
    const superseded = await apply(world.tokens.districtAdmin, northwind.id, older.id);
    expect(superseded.statusCode).toBe(409);
    expect(superseded.json().error.code).toBe('SUPERSEDED');
    // Someone takes the address meanwhile: the plan is not the dry run's any more.
    await t.query(sql`update users set email = 'y1@roster.northwind.example.org' where email = 'newbie@example.org'`);
    const changed = await apply(world.tokens.districtAdmin, northwind.id, newer.id);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('ROSTER_CHANGED');
    expect(await count(sql`select count(*)::int as n from users where sourced_id = 'y1'`)).toBe(0);
    await t.query(sql`update users set email = 'newbie@example.org' where email = 'y1@roster.northwind.example.org'`);
  });
});

describe('who may import a roster', () => {
  it('refuses school admins, other districts, educators and schools', async () => {
    const files = oneRoster12([DISTRICT], [person('z1', 'teacher', 'nw')]);
    const cases = [
      [world.tokens.schoolAdmin, world.orgs.northwind.id, 403, 'FORBIDDEN_ROLE'],
      [world.tokens.schoolAdmin, world.orgs.ownSchool.id, 403, 'FORBIDDEN_ROLE'],
      [world.tokens.user, world.orgs.northwind.id, 403, 'FORBIDDEN_ROLE'],
      [await t.login(ACCOUNTS.otherDistrictAdmin), world.orgs.northwind.id, 403, 'FORBIDDEN_ORGANIZATION'],
      [world.tokens.districtAdmin, world.orgs.lakeside.id, 403, 'FORBIDDEN_ORGANIZATION'],
      [world.tokens.districtAdmin, world.orgs.ownSchool.id, 409, 'NOT_A_DISTRICT'],
      [world.tokens.admin, world.orgs.harbor.id, 409, 'NOT_A_DISTRICT'],
    ] as const;
    const before = await count(sql`select count(*)::int as n from roster_imports`);
    for (const [token, org, status, code] of cases) {
      const res = await upload(token, org, files);
      expect([res.statusCode, res.json().error.code], `${org}: ${res.body}`).toEqual([status, code]);
    }
    expect(await count(sql`select count(*)::int as n from roster_imports`)).toBe(before);
    const anonymous = await t.request(null, { method: 'GET', url: `/api/organizations/${world.orgs.northwind.id}/roster-imports` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a OneRoster 1.1 file, imported by the platform admin', () => {
  it('maps the role column and the first organization', async () => {
    const created = await t.request(world.tokens.admin, { method: 'POST', url: '/api/admin/organizations', payload: { name: 'Pine Valley District', type: 'DISTRICT' } });
    const district = created.json().id as string;
    const orgs: OrgSpec[] = [
      { sourcedId: 'pv', name: 'Pine Valley District', type: 'district' },
      { sourcedId: 'pv-1', name: 'Pine Valley Elementary', type: 'school', parent: 'pv' },
    ];
    const people = [
      person('pv-t1', 'teacher', 'pv-1', { email: 'pv.t1@pine.example.org' }),
      person('pv-a1', 'administrator', 'pv-1', { email: 'pv.a1@pine.example.org' }),
      person('pv-d1', 'administrator', 'pv', { email: 'pv.d1@pine.example.org' }),
      person('pv-s1', 'student', 'pv-1', { email: 'pv.s1@pine.example.org' }),
    ];
    const dry = valid(await upload(world.tokens.admin, district, oneRoster11(orgs, people)), 'createRosterImport');
    expect(dry.counts).toMatchObject({ schoolsToCreate: 1, schoolsToLink: 1, accountsToAdd: 3 });
    expect((await apply(world.tokens.admin, district, dry.id)).statusCode).toBe(200);
    const rows = await t.query<{ email: string; role: string; org: string }>(
      sql`select u.email, u.role, o.name as org from users u join organizations o on o.id = u.organization_id where u.rostered_by = ${district}::uuid order by u.email`,
    );
    expect(rows).toEqual([
      { email: 'pv.a1@pine.example.org', role: 'SCHOOL_ADMIN', org: 'Pine Valley Elementary' },
      { email: 'pv.d1@pine.example.org', role: 'DISTRICT_ADMIN', org: 'Pine Valley District' },
      { email: 'pv.t1@pine.example.org', role: 'USER', org: 'Pine Valley Elementary' },
    ]);
  });
});

describe('files that cannot be used', () => {
  const bad = async (payload: Buffer | Record<string, string | Buffer>, status: number, code: string, message?: RegExp) => {
    const before = [await count(sql`select count(*)::int as n from roster_imports`), await snapshot()];
    const res = await upload(world.tokens.districtAdmin, world.orgs.northwind.id, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    if (message) expect(res.json().error.message).toMatch(message);
    expect([await count(sql`select count(*)::int as n from roster_imports`), await snapshot()]).toEqual(before);
  };
  const files = () => oneRoster12([DISTRICT, ALDER], [person('t1', 'teacher', 'nw-alder'), person('m1', 'teacher', 'nw-alder')]);

  it('answers 422 naming the missing columns', async () => {
    const f = files();
    f['users.csv'] = f['users.csv']!.replace('familyName', 'surname');
    await bad(f, 422, 'ROSTER_COLUMNS', /^users\.csv lacks the column familyName$/);
  });

  it('answers 422 naming the file and line that is not UTF-8', async () => {
    const f: Record<string, string | Buffer> = files();
    f['users.csv'] = Buffer.from((f['users.csv'] as string).replace('Given m1', 'Given m\u00e9'), 'latin1');
    await bad(f, 422, 'ROSTER_NOT_UTF8', /^users\.csv, line 3: the file is not UTF-8/);
  });

  it('answers 413 to a file over 50 MB', async () => {
    await bad(Buffer.alloc(50_000_001, 1), 413, 'FILE_TOO_LARGE', /^File size must be less than 50 MB$/);
  });

  it('answers 422 to what is not a zip, a zip without users.csv, and a quote never closed', async () => {
    await bad(Buffer.from('sourcedId,name\r\nnw,Northwind\r\n'), 422, 'ROSTER_NOT_A_ZIP');
    const { 'users.csv': _, ...noUsers } = files();
    await bad(noUsers, 422, 'ROSTER_FILE_MISSING', /users\.csv/);
    const f = files();
    f['users.csv'] = f['users.csv']!.replace('Given m1', '"Given m1');
    await bad(f, 422, 'ROSTER_CSV_MALFORMED', /^users\.csv, line 3: a quoted field is never closed$/);
  });

  it('answers 400 without a body, and 415 to another type', async () => {
    const empty = await t.request(world.tokens.districtAdmin, { method: 'POST', url: `/api/organizations/${world.orgs.northwind.id}/roster-imports`, headers: { 'content-type': 'application/zip' }, payload: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    const json = await t.request(world.tokens.districtAdmin, { method: 'POST', url: `/api/organizations/${world.orgs.northwind.id}/roster-imports`, payload: { zip: 'no' } });
    expect(json.statusCode).toBe(415);
  });

  it('lists every line of a duplicated sourcedId in the dry run, and adds neither', async () => {
    const f = oneRoster12([DISTRICT, ALDER], [person('dup', 'teacher', 'nw-alder'), person('dup', 'teacher', 'nw-alder', { email: 'dup2@roster.northwind.example.org' }), person('ok1', 'teacher', 'nw-alder')], { users: 'delta' });
    const dry = valid(await upload(world.tokens.districtAdmin, world.orgs.northwind.id, f), 'createRosterImport');
    expect(dry.invalid.items).toEqual([
      { file: 'users.csv', line: 2, sourcedId: 'dup', reason: 'The sourcedId dup is also on line 3' },
      { file: 'users.csv', line: 3, sourcedId: 'dup', reason: 'The sourcedId dup is also on line 2' },
    ]);
    expect(dry.accounts.items.map((a) => a.sourcedId)).toEqual(['ok1']);
    expect(await count(sql`select count(*)::int as n from users where sourced_id in ('dup', 'ok1')`)).toBe(0);
  });

  it('refuses a file of another district', async () => {
    await bad(oneRoster12([{ sourcedId: 'elsewhere', name: 'Elsewhere District', type: 'district' }], []), 422, 'ROSTER_OTHER_DISTRICT', /Elsewhere District/);
  });
});

describe('the REST endpoint (nightly pull)', () => {
  const orgs: OrgSpec[] = [
    { sourcedId: 'cc', name: 'Cedar County District', type: 'district' },
    { sourcedId: 'cc-1', name: 'Cedar County Elementary', type: 'school', parent: 'cc' },
  ];
  const people = [person('cc-t1', 'teacher', 'cc-1', { email: 'cc.t1@cedar.example.org' }), person('cc-t2', 'teacher', 'cc-1', { email: 'cc.t2@cedar.example.org' })];
  let district: string;
  let server: Awaited<ReturnType<typeof startOneRosterServer>>;
  const source = (body: object) => t.request(world.tokens.admin, { method: 'PUT', url: `/api/organizations/${district}/roster-source`, payload: body });
  const pull = () => t.request(world.tokens.admin, { method: 'POST', url: `/api/organizations/${district}/roster-source/pull` });
  const lastResult = async () => (await t.request(world.tokens.admin, { method: 'GET', url: `/api/organizations/${district}/roster-source` })).json().lastResult;

  beforeAll(async () => {
    district = (await t.request(world.tokens.admin, { method: 'POST', url: '/api/admin/organizations', payload: { name: 'Cedar County District', type: 'DISTRICT' } })).json().id;
    server = await startOneRosterServer({ clientId: 'cedar', clientSecret: 'right-secret' }, restRoster(orgs, people));
  });
  afterAll(() => server?.close());

  it('keeps the client secret sealed and never answers it', async () => {
    const set = await source({ baseUrl: server.baseUrl, tokenUrl: server.tokenUrl, clientId: 'cedar', clientSecret: 'wrong-secret' });
    expect(set.statusCode, set.body).toBe(200);
    expect(validateResponse('setRosterSource', 200, set.headers['content-type'] as string, set.json())).toEqual([]);
    expect(set.body).not.toContain('secret');
    const [row] = await t.query<{ sealed: string }>(sql`select client_secret_sealed as sealed from roster_sources where organization_id = ${district}::uuid`);
    expect(row!.sealed).not.toContain('wrong-secret');
    const read = await t.request(world.tokens.admin, { method: 'GET', url: `/api/organizations/${district}/roster-source` });
    expect(read.json()).toMatchObject({ baseUrl: server.baseUrl, clientId: 'cedar', autoApply: false, lastRunAt: null });
    expect(read.body).not.toContain('wrong-secret');
    const noSecret = await t.request(world.tokens.admin, { method: 'PUT', url: `/api/organizations/${world.orgs.lakeside.id}/roster-source`, payload: { baseUrl: server.baseUrl, tokenUrl: server.tokenUrl, clientId: 'x' } });
    expect([noSecret.statusCode, noSecret.json().error.code]).toEqual([422, 'CLIENT_SECRET_REQUIRED']);
    const ftp = await source({ baseUrl: 'ftp://example.org/roster', tokenUrl: server.tokenUrl, clientId: 'cedar' });
    expect([ftp.statusCode, ftp.json().error.code]).toEqual([422, 'ROSTER_SOURCE_URL']);
  });

  it('answers 502 when the token endpoint refuses the secret, and keeps that as the last result', async () => {
    const res = await pull();
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({ code: 'ROSTER_SOURCE_FAILED', message: 'The token endpoint refused the client id and secret (401)' });
    expect(await lastResult()).toMatchObject({ ok: false, message: 'The token endpoint refused the client id and secret (401)', importId: null });
    expect(await count(sql`select count(*)::int as n from roster_imports where organization_id = ${district}::uuid`)).toBe(0);
  });

  it('pulls the roster into a dry run with the right secret (kept when left out after)', async () => {
    expect((await source({ baseUrl: server.baseUrl, tokenUrl: server.tokenUrl, clientId: 'cedar', clientSecret: 'right-secret' })).statusCode).toBe(200);
    expect((await source({ baseUrl: server.baseUrl, tokenUrl: server.tokenUrl, clientId: 'cedar' })).statusCode).toBe(200);
    const res = await pull();
    expect(res.statusCode, res.body).toBe(201);
    const dry = valid(res, 'pullRosterSource');
    expect(dry).toMatchObject({ status: 'PENDING', counts: { accountsToAdd: 2, schoolsToCreate: 1, schoolsToLink: 1 } });
    expect(server.seen).toEqual(expect.arrayContaining(['POST /token', 'GET /ims/oneroster/rostering/v1p2/orgs', 'GET /ims/oneroster/rostering/v1p2/users']));
    expect(await lastResult()).toMatchObject({ ok: true, importId: dry.id, applied: false });
    expect(await count(sql`select count(*)::int as n from users where rostered_by = ${district}::uuid`)).toBe(0);
  });

  it('applies a pull itself when the endpoint is set to, and a second pull changes nothing', async () => {
    expect((await source({ baseUrl: server.baseUrl, tokenUrl: server.tokenUrl, clientId: 'cedar', autoApply: true })).statusCode).toBe(200);
    const res = await pull();
    expect(valid(res, 'pullRosterSource').status).toBe('APPLIED');
    expect(await count(sql`select count(*)::int as n from users where rostered_by = ${district}::uuid`)).toBe(2);
    server.data.users = server.data.users.slice(0, 1);
    const next = valid(await pull(), 'pullRosterSource');
    expect(next.counts).toMatchObject({ accountsToDeactivate: 1, accountsToAdd: 0 });
    expect(await count(sql`select count(*)::int as n from users where rostered_by = ${district}::uuid and deactivated_at is not null`)).toBe(1);
  });

  it('answers 502 when the endpoint is down, and never a 500', async () => {
    await server.close();
    const res = await pull();
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toMatch(/^The token endpoint cannot be reached/);
    expect(await lastResult()).toMatchObject({ ok: false });
  });

  it('stops pulling when the endpoint is removed', async () => {
    expect((await t.request(world.tokens.admin, { method: 'DELETE', url: `/api/organizations/${district}/roster-source` })).statusCode).toBe(204);
    expect((await pull()).json().error.code).toBe('NO_ROSTER_SOURCE');
    expect(await count(sql`select count(*)::int as n from audit_log where entity_type = 'ROSTER_SOURCE' and entity_id = ${district}`)).toBe(5);
  });
});
