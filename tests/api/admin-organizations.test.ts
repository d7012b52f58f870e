import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../support/app.ts';
import { findOperation, validateResponse } from '../support/contract.ts';
import { ACCOUNTS, loadWorld } from '../support/world.ts';

/**
 * The admin site's districts and schools: listed, opened, renamed and moved, given a
 * subscription (seats, first and last day) that can be lapsed, and their members added and
 * removed; every change in the audit log with its values before and after. (Who may call them
 * is in the authorization table; generated bad input in bad-input.test.ts.)
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof loadWorld>>;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A call checked against the contract, answering status and body. */
async function call(token: string | null, opts: InjectOptions) {
  const res = await t.request(token, opts);
  const op = findOperation(opts.method as string, opts.url as string);
  expect(op, `${opts.method} ${opts.url} is not in the contract`).toBeDefined();
  const type = res.headers['content-type'] as string | undefined;
  const body = type?.startsWith('application/json') ? res.json() : res.body;
  expect(validateResponse(op!.operationId, res.statusCode, type, body), `${op!.operationId} ${res.statusCode}: ${res.body.slice(0, 300)}`).toEqual([]);
  return { status: res.statusCode, body: body as Json };
}

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const send = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object): InjectOptions => ({ method, url, ...(payload && { payload }) });
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 24 * 3600 * 1000).toISOString().slice(0, 10);

async function userId(email: string) {
  const [row] = await t.query<{ id: string }>(sql`select id::text as id from users where email = ${email}`);
  return row!.id;
}

/** The audit entries of one entity, newest first. */
async function auditOf(entityType: string, id: string) {
  return (await call(admin, get(`/api/admin/audit-log?entityType=${entityType}&entityId=${id}&itemsPerPage=100`))).body.items as Json[];
}

async function createSchool(name: string, parentId: string | null = null) {
  const res = await call(admin, send('POST', '/api/admin/organizations', { name, type: 'SCHOOL', parentId }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

beforeAll(async () => {
  t = await createTestApp();
  world = await loadWorld(t);
  admin = world.tokens.admin;
});
afterAll(async () => {
  await t?.close();
});

describe('listing and reading', () => {
  it('lists every district and school by name, with its district, members and subscription; searched, filtered and paged', async () => {
    const all = await call(admin, get('/api/admin/organizations?itemsPerPage=100'));
    expect(all.status).toBe(200);
    const names = all.body.items.map((o: Json) => o.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(all.body.total).toBe(all.body.items.length);
    const northwind = all.body.items.find((o: Json) => o.id === world.orgs.northwind.id);
    expect(northwind).toMatchObject({ type: 'DISTRICT', parentId: null, parentName: null, schoolCount: world.orgs.northwindSchools.length, subscription: { state: 'ACTIVE', seats: null } });
    expect(northwind.subscription.seatsUsed).toBeGreaterThan(30);
    const lakeside = all.body.items.find((o: Json) => o.id === world.orgs.lakeside.id);
    expect(lakeside.subscription).toMatchObject({ state: 'LAPSED' });

    const schools = await call(admin, get(`/api/admin/organizations?type=SCHOOL&parentId=${world.orgs.northwind.id}&itemsPerPage=100`));
    expect(schools.body.items.map((o: Json) => o.id).sort()).toEqual(world.orgs.northwindSchools.map((o) => o.id).sort());
    for (const school of schools.body.items) expect(school).toMatchObject({ parentName: 'Northwind School District', schoolCount: 0, subscription: null });
    expect(schools.body.items.reduce((n: number, o: Json) => n + o.memberCount, 0)).toBeGreaterThanOrEqual(30);

    const found = await call(admin, get('/api/admin/organizations?q=MAPLE'));
    expect(found.body.items.map((o: Json) => o.name)).toEqual(['Maple Grove Elementary']);
    const page2 = await call(admin, get('/api/admin/organizations?itemsPerPage=2&page=2'));
    expect(page2.body.items.map((o: Json) => o.name)).toEqual(names.slice(2, 4));
    expect(page2.body.total).toBe(all.body.total);
  });

  it('reads one organization, 404 for an id nobody has', async () => {
    const maple = world.orgs.northwindSchools.find((o) => o.name.startsWith('Maple'))!;
    expect((await call(admin, get(`/api/admin/organizations/${maple.id}`))).body).toMatchObject({ id: maple.id, name: maple.name, parentName: 'Northwind School District' });
    const missing = await call(admin, get(`/api/admin/organizations/${randomUUID()}`));
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Organization not found');
  });
});

describe('creating, renaming and moving', () => {
  it('creates a school in a district and a district, each an audit entry', async () => {
    const school = await createSchool('Willow Bend Elementary', world.orgs.northwind.id);
    expect(school).toMatchObject({ name: 'Willow Bend Elementary', type: 'SCHOOL', parentId: world.orgs.northwind.id, parentName: 'Northwind School District', memberCount: 0, subscription: null });
    const district = await call(admin, send('POST', '/api/admin/organizations', { name: '  Eastfield Unified  ', type: 'DISTRICT' }));
    expect(district.body).toMatchObject({ name: 'Eastfield Unified', type: 'DISTRICT', parentId: null });
    const [entry] = await auditOf('ORGANIZATION', school.id);
    expect(entry).toMatchObject({ action: 'organization.created', entityLabel: 'Willow Bend Elementary', before: null, after: { name: 'Willow Bend Elementary', type: 'SCHOOL', parentId: world.orgs.northwind.id } });
    expect(entry!.actor).toMatchObject({ email: ACCOUNTS.admin });
  });

  it('refuses a district in a district, a school in a school, an unknown district and a duplicate name', async () => {
    const cases: [object, number, string, string][] = [
      [{ name: 'Inner District', type: 'DISTRICT', parentId: world.orgs.northwind.id }, 422, 'DISTRICT_IN_DISTRICT', 'A district cannot be in a district'],
      [{ name: 'Inner School', type: 'SCHOOL', parentId: world.orgs.harbor.id }, 422, 'PARENT_NOT_DISTRICT', 'A school can only be placed in a district'],
      [{ name: 'Lost School', type: 'SCHOOL', parentId: randomUUID() }, 404, 'NOT_FOUND', 'District not found'],
      [{ name: 'maple grove elementary', type: 'SCHOOL', parentId: world.orgs.northwind.id }, 409, 'DUPLICATE_NAME', "A school named 'Maple Grove Elementary' already exists in this district"],
      [{ name: '   ', type: 'SCHOOL' }, 422, 'NAME_REQUIRED', 'The name is required'],
    ];
    const before = (await call(admin, get('/api/admin/organizations?itemsPerPage=1'))).body.total;
    for (const [payload, status, code, message] of cases) {
      const res = await call(admin, send('POST', '/api/admin/organizations', payload));
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body.error).toEqual({ code, message });
    }
    expect((await call(admin, get('/api/admin/organizations?itemsPerPage=1'))).body.total).toBe(before);
  });

  it('renames, moves a school into a district and out of it, each an audit entry with before and after', async () => {
    const school = await createSchool('Juniper School');
    const renamed = await call(admin, send('PATCH', `/api/admin/organizations/${school.id}`, { name: 'Juniper Academy' }));
    expect(renamed.body).toMatchObject({ name: 'Juniper Academy', parentId: null });
    const moved = await call(admin, send('PATCH', `/api/admin/organizations/${school.id}`, { parentId: world.orgs.lakeside.id }));
    expect(moved.body).toMatchObject({ parentId: world.orgs.lakeside.id, parentName: 'Lakeside Unified' });
    const out = await call(admin, send('PATCH', `/api/admin/organizations/${school.id}`, { parentId: null }));
    expect(out.body).toMatchObject({ parentId: null, parentName: null });
    // The same values again change nothing and record nothing.
    await call(admin, send('PATCH', `/api/admin/organizations/${school.id}`, { name: 'Juniper Academy', parentId: null }));
    const entries = await auditOf('ORGANIZATION', school.id);
    expect(entries.map((e) => e.action)).toEqual(['organization.moved', 'organization.moved', 'organization.renamed', 'organization.created']);
    expect(entries[0]).toMatchObject({ before: { parentId: world.orgs.lakeside.id, parentName: 'Lakeside Unified' }, after: { parentId: null, parentName: null } });
    expect(entries[2]).toMatchObject({ entityLabel: 'Juniper Academy', before: { name: 'Juniper School' }, after: { name: 'Juniper Academy' } });
  });

  it('refuses to move a district, or a school into a school, with nothing changed', async () => {
    const district = await call(admin, send('PATCH', `/api/admin/organizations/${world.orgs.lakeside.id}`, { parentId: world.orgs.northwind.id }));
    expect(district.status).toBe(409);
    expect(district.body.error).toEqual({ code: 'DISTRICT_IN_DISTRICT', message: 'A district cannot be moved into a district' });
    const school = world.orgs.northwindSchools[0]!;
    const intoSchool = await call(admin, send('PATCH', `/api/admin/organizations/${school.id}`, { parentId: world.orgs.harbor.id }));
    expect(intoSchool.status).toBe(422);
    expect((await call(admin, send('PATCH', `/api/admin/organizations/${randomUUID()}`, { name: 'Nowhere' }))).status).toBe(404);
    expect((await call(admin, get(`/api/admin/organizations/${school.id}`))).body.parentId).toBe(world.orgs.northwind.id);
  });
});

describe('subscriptions', () => {
  it('gives a school a subscription and changes it, each an audit entry; refuses an end before the start and seats below the members', async () => {
    const school = await createSchool('Seats Test School');
    const created = await call(admin, send('PUT', `/api/admin/organizations/${school.id}/subscription`, { seats: 2, startsOn: day(-1), endsOn: day(30), amount: 1200 }));
    expect(created.status).toBe(200);
    expect(created.body.subscription).toMatchObject({ state: 'ACTIVE', seats: 2, seatsUsed: 0, startsOn: day(-1), endsOn: day(30), amount: 1200, currency: 'USD' });
    expect(created.body.subscription.endsAt).toBe(`${day(31)}T00:00:00.000Z`);

    const endBeforeStart = await call(admin, send('PUT', `/api/admin/organizations/${school.id}/subscription`, { seats: 2, startsOn: day(10), endsOn: day(9), amount: 1200 }));
    expect(endBeforeStart.status).toBe(422);
    expect(endBeforeStart.body.error).toEqual({ code: 'END_BEFORE_START', message: 'The end date cannot be before the start date' });

    for (const email of ['noaccess@example.org', 'free@example.org']) {
      expect((await call(admin, send('POST', `/api/admin/organizations/${school.id}/members`, { email, role: 'USER' }))).status).toBe(200);
    }
    const full = await call(admin, send('POST', `/api/admin/organizations/${school.id}/members`, { email: 'new.teacher@example.org', role: 'USER' }));
    expect(full.status).toBe(409);
    expect(full.body.error).toEqual({ code: 'SEATS_TAKEN', message: 'All 2 seats of Seats Test School subscription are taken' });
    const fewer = await call(admin, send('PUT', `/api/admin/organizations/${school.id}/subscription`, { seats: 1, startsOn: day(-1), endsOn: day(30), amount: 1200 }));
    expect(fewer.status).toBe(422);
    expect(fewer.body.error).toEqual({ code: 'SEATS_BELOW_MEMBERS', message: 'The seats cannot be fewer than the 2 active members the subscription covers' });

    const changed = await call(admin, send('PUT', `/api/admin/organizations/${school.id}/subscription`, { seats: 5, startsOn: day(-1), endsOn: day(60), amount: 1500 }));
    expect(changed.body.subscription).toMatchObject({ id: created.body.subscription.id, seats: 5, seatsUsed: 2, endsOn: day(60), amount: 1500 });
    const entries = await auditOf('SUBSCRIPTION', created.body.subscription.id);
    expect(entries.map((e) => e.action)).toEqual(['subscription.changed', 'subscription.created']);
    expect(entries[0]).toMatchObject({
      entityLabel: 'Seats Test School subscription',
      before: { seats: 2, startsOn: day(-1), endsOn: day(30), amount: 1200 },
      after: { seats: 5, startsOn: day(-1), endsOn: day(60), amount: 1500 },
    });
    // Clean up the seeded accounts this test borrowed.
    for (const email of ['noaccess@example.org', 'free@example.org']) await call(admin, send('DELETE', `/api/admin/organizations/${school.id}/members/${await userId(email)}`));
  });

  it("a school moves into a district only if its members fit the district's seats", async () => {
    const district = await call(admin, send('POST', '/api/admin/organizations', { name: 'Seat Count Unified', type: 'DISTRICT', parentId: null }));
    await call(admin, send('PUT', `/api/admin/organizations/${district.body.id}/subscription`, { seats: 1, startsOn: day(-1), endsOn: day(30), amount: 100 }));
    const school = await createSchool('Arriving School');
    for (const email of ['noaccess@example.org', 'free@example.org']) {
      expect((await call(admin, send('POST', `/api/admin/organizations/${school.id}/members`, { email, role: 'USER' }))).status).toBe(200);
    }
    const refused = await call(admin, send('PATCH', `/api/admin/organizations/${school.id}`, { parentId: district.body.id }));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'SEATS_TAKEN',
      message: "Arriving School has 2 active members, and 1 of the 1 seats of Seat Count Unified's subscription is free: add seats there first",
    });
    expect((await call(admin, get(`/api/admin/organizations/${school.id}`))).body.parentId).toBeNull();
    expect((await auditOf('ORGANIZATION', school.id)).map((e) => e.action)).not.toContain('organization.moved');

    await call(admin, send('PUT', `/api/admin/organizations/${district.body.id}/subscription`, { seats: 2, startsOn: day(-1), endsOn: day(30), amount: 100 }));
    const moved = await call(admin, send('PATCH', `/api/admin/organizations/${school.id}`, { parentId: district.body.id }));
    expect(moved.status).toBe(200);
    expect((await call(admin, get(`/api/admin/organizations/${district.body.id}`))).body.subscription).toMatchObject({ seats: 2, seatsUsed: 2 });
    for (const email of ['noaccess@example.org', 'free@example.org']) await call(admin, send('DELETE', `/api/admin/organizations/${school.id}/members/${await userId(email)}`));
  });

  it('a scheduled subscription gives no access before its first day', async () => {
    const school = await createSchool('Scheduled School');
    const set = await call(admin, send('PUT', `/api/admin/organizations/${school.id}/subscription`, { seats: 3, startsOn: day(5), endsOn: day(40), amount: 0 }));
    expect(set.body.subscription.state).toBe('SCHEDULED');
    await call(admin, send('POST', `/api/admin/organizations/${school.id}/members`, { email: ACCOUNTS.noAccess, role: 'USER' }));
    t.forgetLogin(ACCOUNTS.noAccess);
    const token = await t.login(ACCOUNTS.noAccess);
    const subs = await t.request(token, get('/api/customers/current/subscriptions'));
    expect(subs.json().data).toEqual([expect.objectContaining({ source: 'ORGANIZATION', organizationName: 'Scheduled School', isActive: false })]);
    await call(admin, send('DELETE', `/api/admin/organizations/${school.id}/members/${await userId(ACCOUNTS.noAccess)}`));
  });

  it('lapsing it sends its educators to the expired-organization page: the subscriptions the guard reads say inactive, and paid content is refused', async () => {
    const school = await createSchool('Lapse Test School');
    await call(admin, send('PUT', `/api/admin/organizations/${school.id}/subscription`, { seats: 3, startsOn: day(-10), endsOn: day(300), amount: 900 }));
    await call(admin, send('POST', `/api/admin/organizations/${school.id}/members`, { email: ACCOUNTS.noAccess, role: 'USER' }));
    t.forgetLogin(ACCOUNTS.noAccess);
    const token = await t.login(ACCOUNTS.noAccess);
    const [item] = await t.query<{ id: string }>(sql`select id::text as id from catalog_items where resource_type = 'LEARNING_OBJECT' and status = 'PUBLISHED' order by title limit 1`);
    const video = () => t.request(token, get(`/api/catalog/items/${item!.id}/video`));

    const before = await t.request(token, get('/api/customers/current/subscriptions'));
    expect(before.json().data).toEqual([expect.objectContaining({ source: 'ORGANIZATION', organizationName: 'Lapse Test School', isActive: true })]);
    expect((await video()).statusCode).toBe(200);

    const lapsed = await call(admin, send('POST', `/api/admin/organizations/${school.id}/subscription/lapse`));
    expect(lapsed.body.subscription).toMatchObject({ state: 'LAPSED', endsOn: day(0) });
    const after = await t.request(token, get('/api/customers/current/subscriptions'));
    // The SPA's guard: an organization member without an active subscription goes to /expired-organization-subscription.
    expect(after.json().data).toEqual([expect.objectContaining({ source: 'ORGANIZATION', isActive: false, status: 'EXPIRED' })]);
    expect((await t.request(token, get('/api/profile'))).json()).toMatchObject({ isOrganizationMember: true });
    const refused = await video();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('SUBSCRIPTION_REQUIRED');

    const again = await call(admin, send('POST', `/api/admin/organizations/${school.id}/subscription/lapse`));
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'SUBSCRIPTION_ENDED', message: 'This subscription has already ended' });
    const [entry] = await auditOf('SUBSCRIPTION', lapsed.body.subscription.id);
    expect(entry).toMatchObject({ action: 'subscription.lapsed', before: { endsAt: `${day(301)}T00:00:00.000Z` } });

    // Renewing it gives access back.
    await call(admin, send('PUT', `/api/admin/organizations/${school.id}/subscription`, { seats: 3, startsOn: day(0), endsOn: day(365), amount: 900 }));
    expect((await video()).statusCode).toBe(200);
    await call(admin, send('DELETE', `/api/admin/organizations/${school.id}/members/${await userId(ACCOUNTS.noAccess)}`));
  });

  it('refuses to lapse what an organization does not have', async () => {
    const school = await createSchool('No Subscription School');
    const res = await call(admin, send('POST', `/api/admin/organizations/${school.id}/subscription/lapse`));
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'NO_SUBSCRIPTION', message: 'No Subscription School has no subscription' });
    expect((await call(admin, send('POST', `/api/admin/organizations/${randomUUID()}/subscription/lapse`))).status).toBe(404);
  });
});

describe('members', () => {
  it('lists an organization’s own members, searched and paged', async () => {
    const maple = world.orgs.northwindSchools.find((o) => o.name.startsWith('Maple'))!;
    const all = await call(admin, get(`/api/admin/organizations/${maple.id}/members?itemsPerPage=100`));
    expect(all.body.items.length).toBeGreaterThan(3);
    expect(all.body.items.every((m: Json) => m.organizationId === maple.id)).toBe(true);
    const found = await call(admin, get(`/api/admin/organizations/${maple.id}/members?filter=rosa`));
    expect(found.body.items.map((m: Json) => m.email)).toEqual(['rosa.delgado@northwind.example.org']);
    const district = await call(admin, get(`/api/admin/organizations/${world.orgs.northwind.id}/members`));
    expect(district.body.items.map((m: Json) => m.email)).toEqual(['district.admin@northwind.example.org']);
    expect((await call(admin, get(`/api/admin/organizations/${randomUUID()}/members`))).status).toBe(404);
  });

  it('adds an existing account as the school admin, who can then invite into the school; removing them makes them an educator again', async () => {
    const school = await createSchool('Admin Test School', world.orgs.northwind.id);
    const added = await call(admin, send('POST', `/api/admin/organizations/${school.id}/members`, { email: 'FREE@example.org', role: 'SCHOOL_ADMIN' }));
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ email: ACCOUNTS.free, role: 'SCHOOL_ADMIN', organizationId: school.id, organizationName: 'Admin Test School' });
    const [entry] = await auditOf('ORGANIZATION', school.id);
    expect(entry).toMatchObject({ action: 'organization.memberAdded', before: { member: ACCOUNTS.free, organizationId: null, role: 'USER' }, after: { member: ACCOUNTS.free, organizationId: school.id, role: 'SCHOOL_ADMIN' } });

    // The role change ended their sessions: they sign in again, as the school's admin.
    t.forgetLogin(ACCOUNTS.free);
    const schoolAdmin = await t.login(ACCOUNTS.free);
    const invited = await t.request(schoolAdmin, send('POST', `/api/organizations/${school.id}/users`, { email: 'willow.teacher@example.org', firstName: 'Wil', lastName: 'Low' }));
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ organizationId: school.id, role: 'USER' });
    const members = await call(admin, get(`/api/admin/organizations/${school.id}/members`));
    expect(members.body.items.map((m: Json) => m.email)).toEqual([ACCOUNTS.free, 'willow.teacher@example.org']);

    const removed = await call(admin, send('DELETE', `/api/admin/organizations/${school.id}/members/${added.body.id}`));
    expect(removed.body).toMatchObject({ role: 'USER', organizationId: null });
    const [removal] = await auditOf('ORGANIZATION', school.id);
    expect(removal).toMatchObject({ action: 'organization.memberRemoved', before: { role: 'SCHOOL_ADMIN', organizationId: school.id }, after: { role: 'USER', organizationId: null } });
    const again = await call(admin, send('DELETE', `/api/admin/organizations/${school.id}/members/${added.body.id}`));
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('This account is not a member of Admin Test School');
  });

  it('refuses what a membership cannot be, with nothing changed', async () => {
    const school = await createSchool('Refusals School');
    const cases: [object, number, string][] = [
      [{ email: 'nobody@example.org', role: 'USER' }, 422, 'UNKNOWN_EMAIL'],
      [{ email: ACCOUNTS.admin, role: 'USER' }, 409, 'ROLE_ORGANIZATION'],
      [{ email: ACCOUNTS.demo, role: 'USER' }, 409, 'ROLE_ORGANIZATION'],
      [{ email: ACCOUNTS.noAccess, role: 'DISTRICT_ADMIN' }, 409, 'ROLE_ORGANIZATION'],
      [{ email: ACCOUNTS.educator, role: 'USER' }, 409, 'OTHER_ORGANIZATION'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await call(admin, send('POST', `/api/admin/organizations/${school.id}/members`, payload));
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body.error.code).toBe(code);
    }
    expect((await call(admin, get(`/api/admin/organizations/${school.id}/members`))).body.total).toBe(0);
    const other = await call(admin, send('POST', `/api/admin/organizations/${school.id}/members`, { email: ACCOUNTS.educator, role: 'USER' }));
    expect(other.body.error.message).toMatch(/^educator01@northwind\.example\.org is a member of .+: remove them there first$/);
    expect((await auditOf('ORGANIZATION', school.id)).map((e) => e.action)).toEqual(['organization.created']);
  });
});

describe('authorization', () => {
  it('refuses every other role, 403', async () => {
    for (const token of [world.tokens.districtAdmin, world.tokens.schoolAdmin, world.tokens.user]) {
      const res = await call(token, send('POST', '/api/admin/organizations', { name: 'Sneaky School', type: 'SCHOOL' }));
      expect(res.status).toBe(403);
    }
  });
});
