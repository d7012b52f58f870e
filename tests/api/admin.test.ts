import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createTestApp, ORIGIN, SEED_PASSWORD, type TestApp } from '../support/app.ts';
import { deref, findOperation, operations, validateResponse } from '../support/contract.ts';
import { ACCOUNTS, loadWorld } from '../support/world.ts';
import { createAdminChanges } from '../../server/services/admin-changes.ts';
import type { UserRow } from '../../server/auth/principal.ts';

/**
 * The admin site's operations: every account listed and changed by the platform admin, each
 * change in the audit log with what it was before and after, in the transaction of the change.
 * (Who may call them is in the authorization table; generated bad input in bad-input.test.ts.)
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof loadWorld>>;
let admin: string;
let staticDir: string;

type Json = Record<string, unknown>;

/** A call checked against the contract, answering status and body. */
async function call(token: string | null, opts: InjectOptions) {
  const res = await t.request(token, opts);
  const op = findOperation(opts.method as string, opts.url as string);
  expect(op, `${opts.method} ${opts.url} is not in the contract`).toBeDefined();
  const type = res.headers['content-type'] as string | undefined;
  const body = type?.startsWith('application/json') ? res.json() : res.body;
  expect(validateResponse(op!.operationId, res.statusCode, type, body), `${op!.operationId} ${res.statusCode}: ${res.body.slice(0, 300)}`).toEqual([]);
  return { status: res.statusCode, body: body as Json & { items: Json[]; total: number; error: { code: string; message: string } } };
}

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const patch = (id: string, payload: object): InjectOptions => ({ method: 'PATCH', url: `/api/admin/users/${id}`, payload });

async function userId(email: string) {
  const [row] = await t.query<{ id: string }>(sql`select id::text as id from users where email = ${email}`);
  return row!.id;
}

/** The audit entries of one user, newest first. */
async function auditOf(id: string) {
  return (await call(admin, get(`/api/admin/audit-log?entityType=USER&entityId=${id}&itemsPerPage=100`))).body.items;
}

async function localLogin(email: string) {
  return t.app.inject({ method: 'POST', url: '/api/identity/local/authorize', payload: { email, password: SEED_PASSWORD } });
}

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'elp-admin-site-'));
  writeFileSync(join(staticDir, 'admin.html'), '<!doctype html><title>Platform admin</title><div id="admin-root"></div>');
  mkdirSync(join(staticDir, 'assets'));
  t = await createTestApp({ env: { STATIC_DIR: staticDir } });
  world = await loadWorld(t);
  admin = world.tokens.admin;
});
afterAll(async () => {
  await t?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('the admin site page', () => {
  it('serves admin.html for /admin and every path under it, with the strict content security policy', async () => {
    for (const url of ['/admin', '/admin/users', `/admin/users/${randomUUID()}`, '/admin/audit?page=2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('id="admin-root"');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
    }
  });
});

describe('accounts', () => {
  it('lists every account, paged, with the total', async () => {
    const { status, body } = await call(admin, get('/api/admin/users?itemsPerPage=5&sortBy=email&sortAsc=true'));
    expect(status).toBe(200);
    expect(body.items).toHaveLength(5);
    const [count] = await t.query<{ n: number }>(sql`select count(*)::int as n from users`);
    expect(body.total).toBe(count!.n);
    const emails = body.items.map((u) => u.email as string);
    expect(emails).toEqual([...emails].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const second = await call(admin, get('/api/admin/users?itemsPerPage=5&page=2&sortBy=email&sortAsc=true'));
    expect(second.body.items.map((u) => u.email)).not.toContain(emails[0]);
  });

  it('searches by name or e-mail and filters by role, organization and status', async () => {
    const byName = await call(admin, get('/api/admin/users?filter=rosa%20delgado'));
    expect(byName.body.items.map((u) => u.email)).toEqual(['rosa.delgado@northwind.example.org']);
    expect(byName.body.items[0]).toMatchObject({ invitation: { status: 'PENDING' }, deactivatedAt: null, organizationName: expect.stringContaining('Maple') });

    const admins = await call(admin, get('/api/admin/users?role=ADMIN&itemsPerPage=100'));
    expect(admins.body.items.length).toBeGreaterThan(0);
    expect(admins.body.items.every((u) => u.role === 'ADMIN')).toBe(true);

    // A district's members include its schools' members.
    const district = await call(admin, get(`/api/admin/users?organizationId=${world.orgs.northwind.id}&itemsPerPage=100`));
    const school = await call(admin, get(`/api/admin/users?organizationId=${world.orgs.ownSchool.id}&itemsPerPage=100`));
    expect(school.body.total).toBeGreaterThan(0);
    expect(district.body.total).toBeGreaterThan(school.body.total);
    expect(school.body.items.every((u) => u.organizationId === world.orgs.ownSchool.id)).toBe(true);

    const deactivated = await call(admin, get('/api/admin/users?status=DEACTIVATED'));
    expect(deactivated.body.items.every((u) => u.deactivatedAt !== null)).toBe(true);
  });

  it('reads one account, 404 for an id nobody has', async () => {
    const id = await userId(ACCOUNTS.educator);
    const { body } = await call(admin, get(`/api/admin/users/${id}`));
    expect(body).toMatchObject({ id, email: ACCOUNTS.educator, role: 'USER', deactivatedAt: null });
    const missing = await call(admin, get(`/api/admin/users/${randomUUID()}`));
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
  });
});

describe('changing an account', () => {
  it('deactivates: every token stops working, sign-in is refused with a clear message, history is kept; reactivating lets them back in', async () => {
    const email = 'educator05@northwind.example.org';
    const id = await userId(email);
    const token = (await localLogin(email)).json<{ accessToken: string }>().accessToken;
    const [before] = await t.query<{ n: number }>(sql`select count(*)::int as n from learner_events where user_id = ${id}::uuid`);

    const done = await call(admin, patch(id, { deactivated: true }));
    expect(done.status).toBe(200);
    expect(done.body.deactivatedAt).toEqual(expect.any(String));

    // Every kind of call the educator could make: 401 with the reason.
    const calls: InjectOptions[] = [
      get('/api/identity/me'),
      get('/api/profile'),
      get('/api/progress'),
      get('/api/catalog/items?limit=5'),
      get('/api/catalog/recommendations/featured'),
      get('/api/profile/achievements'),
      get('/api/customers/current/subscriptions'),
      { method: 'PATCH', url: '/api/profile', payload: { experienceLevel: 'NEW' } },
      { method: 'POST', url: '/api/profile/bookmarks', payload: { catalogItemId: world.item.id } },
      { method: 'POST', url: `/api/catalog/items/${world.item.id}/ratings`, payload: { value: 5 } },
      { method: 'POST', url: '/api/identity/logout' },
    ];
    for (const request of calls) {
      const res = await call(token, request);
      expect(res.status, `${request.method} ${request.url}`).toBe(401);
      expect(res.body.error.code).toBe('ACCOUNT_DEACTIVATED');
    }
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/api/learner/events',
      headers: { origin: ORIGIN },
      payload: { accessToken: token, data: [{ id: randomUUID(), type: 'CATALOG_ITEM_VISITED', timeStamp: new Date().toISOString(), data: { catalogItemId: world.item.id } }] },
    });
    expect(beacon.statusCode).toBe(401);

    const refused = await localLogin(email);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toEqual({ code: 'ACCOUNT_DEACTIVATED', message: 'This account has been deactivated' });

    // History kept: the account and what it did are still there.
    const [after] = await t.query<{ n: number }>(sql`select count(*)::int as n from learner_events where user_id = ${id}::uuid`);
    expect(after!.n).toBe(before!.n);
    expect((await call(admin, get(`/api/admin/users?filter=${email}&status=DEACTIVATED`))).body.total).toBe(1);

    const back = await call(admin, patch(id, { deactivated: false }));
    expect(back.body.deactivatedAt).toBeNull();
    // The old token stays refused (its session ended); a new sign-in works.
    expect((await call(token, get('/api/identity/me'))).status).toBe(401);
    const again = await localLogin(email);
    expect(again.statusCode).toBe(200);
    expect((await call(again.json().accessToken, get('/api/identity/me'))).status).toBe(200);

    const [reactivated, deactivated] = await auditOf(id);
    expect(deactivated).toMatchObject({ action: 'user.deactivated', entityType: 'USER', entityId: id, entityLabel: email, before: { deactivatedAt: null }, after: { deactivatedAt: expect.any(String) } });
    expect(deactivated!.actor).toMatchObject({ email: ACCOUNTS.admin, id: await userId(ACCOUNTS.admin) });
    expect(reactivated).toMatchObject({ action: 'user.reactivated', before: { deactivatedAt: expect.any(String) }, after: { deactivatedAt: null } });
  });

  it('changes a role (ending the sessions opened under the old one) and grants and revokes free access, each an audit entry', async () => {
    const email = 'educator06@northwind.example.org';
    const id = await userId(email);
    const token = (await localLogin(email)).json<{ accessToken: string }>().accessToken;
    await new Promise((resolve) => setTimeout(resolve, 5));

    const promoted = await call(admin, patch(id, { role: 'SCHOOL_ADMIN', hasFreeAccess: true }));
    expect(promoted.body).toMatchObject({ role: 'SCHOOL_ADMIN', hasFreeAccess: true });
    const ended = await call(token, get('/api/identity/me'));
    expect(ended.status).toBe(401);
    expect(ended.body.error.code).toBe('SESSION_ENDED');

    const revoked = await call(admin, patch(id, { hasFreeAccess: false, role: 'SCHOOL_ADMIN' }));
    expect(revoked.body).toMatchObject({ role: 'SCHOOL_ADMIN', hasFreeAccess: false });
    await call(admin, patch(id, { role: 'USER' }));

    const entries = await auditOf(id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['user.roleChanged', { role: 'SCHOOL_ADMIN' }, { role: 'USER' }],
      ['user.freeAccessRevoked', { hasFreeAccess: true }, { hasFreeAccess: false }],
      ['user.freeAccessGranted', { hasFreeAccess: false }, { hasFreeAccess: true }],
      ['user.roleChanged', { role: 'USER' }, { role: 'SCHOOL_ADMIN' }],
    ]);
  });

  it('changes nothing, and records nothing, when a value is already so', async () => {
    const id = await userId(ACCOUNTS.free);
    const res = await call(admin, patch(id, { hasFreeAccess: true, deactivated: false, role: 'USER' }));
    expect(res.status).toBe(200);
    expect(await auditOf(id)).toEqual([]);
  });

  it('refuses what an account cannot become, with 409 and nothing changed', async () => {
    const educator = await userId('educator07@northwind.example.org');
    const [district] = await t.query<{ id: string }>(sql`select id::text as id from users where email = ${ACCOUNTS.districtAdmin}`);
    const self = await userId(ACCOUNTS.admin);
    const demo = await userId(ACCOUNTS.demo);
    const cases: [string, object, string][] = [
      [educator, { role: 'DISTRICT_ADMIN' }, 'ROLE_ORGANIZATION'],
      [educator, { role: 'ADMIN' }, 'ROLE_ORGANIZATION'],
      [district!.id, { role: 'SCHOOL_ADMIN' }, 'ROLE_ORGANIZATION'],
      [demo, { role: 'USER' }, 'DEMO_ACCOUNT'],
      [educator, { role: 'DEMO' }, 'DEMO_ACCOUNT'],
      [self, { role: 'USER' }, 'OWN_ACCOUNT'],
      [self, { deactivated: true }, 'OWN_ACCOUNT'],
      // The free access would be granted, but the role is refused: neither happens.
      [educator, { hasFreeAccess: true, role: 'DISTRICT_ADMIN' }, 'ROLE_ORGANIZATION'],
    ];
    for (const [id, change, code] of cases) {
      const res = await call(admin, patch(id, change));
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(res.body.error.code).toBe(code);
    }
    expect((await call(admin, get(`/api/admin/users/${educator}`))).body).toMatchObject({ role: 'USER', hasFreeAccess: false });
    expect(await auditOf(educator)).toEqual([]);
    expect((await call(admin, patch(randomUUID(), { deactivated: true }))).status).toBe(404);
  });

  it('sends an invitation again, recorded with when it was sent before', async () => {
    const email = 'theo.marsh@northwind.example.org';
    const id = await userId(email);
    const [before] = await t.query<{ sentAt: string }>(sql`select invitation_sent_at::text as "sentAt" from users where id = ${id}::uuid`);
    const res = await call(admin, { method: 'POST', url: `/api/admin/users/${id}/invitation` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, invitation: { status: 'PENDING' } });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'user.invitationResent', before: { invitationSentAt: expect.any(String) }, after: { invitationSentAt: expect.any(String) } });
    expect(Date.parse((entry!.after as { invitationSentAt: string }).invitationSentAt)).toBeGreaterThan(Date.parse(before!.sentAt));

    const notInvited = await call(admin, { method: 'POST', url: `/api/admin/users/${await userId(ACCOUNTS.free)}/invitation` });
    expect(notInvited.status).toBe(409);
    const accepted = await call(admin, { method: 'POST', url: `/api/admin/users/${await userId(ACCOUNTS.educator)}/invitation` });
    expect(accepted.status).toBe(409);
    expect((await call(admin, { method: 'POST', url: `/api/admin/users/${randomUUID()}/invitation` })).status).toBe(404);
  });
});

/** A value the contract accepts for a parameter or body schema (enough to pass validation). */
function sample(schema: Record<string, any>): unknown { // eslint-disable-line @typescript-eslint/no-explicit-any
  const s = deref(schema);
  if (s.oneOf) return sample(s.oneOf.find((b: { type?: unknown }) => b.type !== 'null') ?? s.oneOf[0]);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part: Record<string, unknown>) => sample(part)));
  if ('const' in s) return s.const;
  if (s.enum) return s.enum[0];
  if ('default' in s) return s.default;
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (type === 'integer' || type === 'number') return s.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'array') return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items ?? {}));
  if (type === 'object') return Object.fromEntries((s.required ?? []).map((k: string) => [k, sample(s.properties[k])]));
  if (s.format === 'uuid') return randomUUID();
  if (s.format === 'date') return '2026-01-01';
  if (s.format === 'date-time') return new Date().toISOString();
  if (s.format === 'email') return 'someone@example.org';
  return 'a'.repeat(Math.max(s.minLength ?? 1, Math.min(8, s.maxLength ?? 8)));
}

/** A request of the operation that passes validation, carrying `token` where the operation reads it. */
function validRequest(op: (typeof operations)[number], token: string): InjectOptions {
  const params = op.parameters.map((p) => deref(p));
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(sample(params.find((p) => p.name === name)!.schema))));
  const query = new URLSearchParams();
  for (const p of params.filter((x) => x.in === 'query' && x.required)) query.set(p.name, String(sample(p.schema)));
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, origin: ORIGIN };
  for (const p of params.filter((x) => x.in === 'header' && x.required)) headers[p.name.toLowerCase()] = String(sample(p.schema));
  const body = op.requestBody ? deref(op.requestBody).content['application/json'] : undefined;
  const payload = body ? ((body as { example?: Record<string, unknown> }).example ?? (sample(body.schema) as Record<string, unknown>)) : undefined;
  if (payload && 'accessToken' in ((deref(body!.schema) as { properties?: object }).properties ?? {})) (payload as Record<string, unknown>).accessToken = token;
  const qs = query.toString();
  // A file (an upload, a roster's zip) is sent as itself.
  const file = op.requestBody ? (['application/octet-stream', 'application/zip'] as const).find((type) => deref(op.requestBody!).content[type]) : undefined;
  if (file) {
    return { method: op.method as InjectOptions['method'], url: `/api${path}${qs ? `?${qs}` : ''}`, headers: { ...headers, 'content-type': file }, payload: Buffer.from('WEBVTT\n') };
  }
  return { method: op.method as InjectOptions['method'], url: `/api${path}${qs ? `?${qs}` : ''}`, headers, ...(payload && { payload }) };
}

describe('a deactivated account', () => {
  it('gets 401 ACCOUNT_DEACTIVATED from every operation that reads a token, whatever it asks', async () => {
    const email = 'educator10@northwind.example.org';
    const id = await userId(email);
    const token = (await localLogin(email)).json<{ accessToken: string }>().accessToken;
    expect((await call(admin, patch(id, { deactivated: true }))).status).toBe(200);
    const withToken = operations.filter((op) => JSON.stringify(op.security ?? [{ bearer: [] }]) !== '[]' || op.operationId === 'recordLearnerEvents');
    expect(withToken.length).toBeGreaterThan(50);
    for (const op of withToken) {
      const res = await t.request(null, validRequest(op, token));
      expect(res.statusCode, `${op.operationId}: ${res.body.slice(0, 200)}`).toBe(401);
      expect(res.json().error.code, op.operationId).toBe('ACCOUNT_DEACTIVATED');
    }
    await call(admin, patch(id, { deactivated: false }));
  });
});

describe('the audit log', () => {
  it('lists newest first, filtered by actor, entity and days, paged', async () => {
    const all = await call(admin, get('/api/admin/audit-log?itemsPerPage=100'));
    // Two accounts deactivated and reactivated, two role changes, a grant and a revocation of free
    // access, an invitation sent again.
    expect(all.body.total).toBe(9);
    const times = all.body.items.map((e) => Date.parse(e.at as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const adminId = await userId(ACCOUNTS.admin);
    expect((await call(admin, get(`/api/admin/audit-log?actorId=${adminId}`))).body.total).toBe(all.body.total);
    expect((await call(admin, get(`/api/admin/audit-log?actorId=${randomUUID()}`))).body.total).toBe(0);
    expect((await call(admin, get('/api/admin/audit-log?entityType=CATALOG_ITEM'))).body.total).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    expect((await call(admin, get(`/api/admin/audit-log?from=${today}&to=${today}`))).body.total).toBe(all.body.total);
    expect((await call(admin, get('/api/admin/audit-log?from=2020-01-01&to=2020-12-31'))).body.total).toBe(0);

    const page = await call(admin, get('/api/admin/audit-log?itemsPerPage=2&page=2'));
    expect(page.body.items.map((e) => e.id)).toEqual(all.body.items.slice(2, 4).map((e) => e.id));
  });

  it('commits a change and its entries together: a change that fails leaves neither', async () => {
    const [actor] = await t.query<UserRow>(sql`select id::text as id, email, first_name as "firstName", last_name as "lastName" from users where email = ${ACCOUNTS.admin}`);
    const id = await userId('educator09@northwind.example.org');
    const changes = createAdminChanges(t.db);
    const failing = changes.apply(actor!, async ({ repos, record }) => {
      await repos.users.setFreeAccess(id, true);
      record({ action: 'user.freeAccessGranted', entityType: 'USER', entityId: id, entityLabel: 'x', before: { hasFreeAccess: false }, after: { hasFreeAccess: true } });
      throw new Error('the next step failed');
    });
    await expect(failing).rejects.toThrow('the next step failed');
    const [row] = await t.query<{ free: boolean }>(sql`select has_free_access as free from users where id = ${id}::uuid`);
    expect(row!.free).toBe(false);
    expect(await auditOf(id)).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers 400 with the error body, naming the field, never 500', async () => {
    const id = await userId(ACCOUNTS.educator);
    const cases: [InjectOptions, string][] = [
      [patch(id, {}), 'body'],
      [patch(id, { role: 'KING' }), 'role'],
      [patch(id, { deactivated: 'yes' }), 'deactivated'],
      [patch(id, { hasFreeAccess: true, nickname: 'x' }), 'body'],
      [patch('not-a-uuid', { deactivated: true }), 'id'],
      [get('/api/admin/users?itemsPerPage=1000'), 'itemsPerPage'],
      [get('/api/admin/users?role=KING'), 'role'],
      [get('/api/admin/users?sortBy=password'), 'sortBy'],
      [get('/api/admin/users?organizationId=nope'), 'organizationId'],
      [get('/api/admin/users/nope'), 'id'],
      [get('/api/admin/audit-log?from=yesterday'), 'from'],
      [get('/api/admin/audit-log?entityType=PLANET'), 'entityType'],
      [get('/api/admin/audit-log?actorId=42'), 'actorId'],
      [get('/api/admin/audit-log?page=0'), 'page'],
    ];
    for (const [request, field] of cases) {
      const res = await call(admin, request);
      expect(res.status, `${request.method} ${request.url} ${JSON.stringify(request.payload)}`).toBe(400);
      expect(res.body).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
      if (field !== 'body') expect(res.body.error.message.toLowerCase()).toContain(field.toLowerCase());
    }
  });
});
