import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createTestApp, ORIGIN, type TestApp } from '../support/app.ts';
import { findOperation, operations, validateResponse } from '../support/contract.ts';
import { ACCOUNTS, loadWorld } from '../support/world.ts';
import { readZip } from '../support/zip.ts';
import { readOutbox } from '../support/outbox.ts';
import { oneRoster12, restRoster, startOneRosterServer, zipOf } from '../support/oneroster.ts';

/**
 * Calls every operation of openapi.yaml against the seeded app and validates each response
 * (success and failure alike) against the schema the contract gives for its status.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof loadWorld>>;
const succeeded = new Set<string>();

async function call(token: string | null, opts: InjectOptions) {
  const res = await t.request(token, opts);
  const op = findOperation(opts.method as string, opts.url as string);
  expect(op, `${opts.method} ${opts.url} is not in the contract`).toBeDefined();
  const type = res.headers['content-type'] as string | undefined;
  // An event stream stays open: its status and type are checked, not a body.
  if (opts.payloadAsStream) res.stream().destroy();
  const body = opts.payloadAsStream ? '' : type?.startsWith('application/json') ? res.json() : res.body;
  expect(validateResponse(op!.operationId, res.statusCode, type, body), `${op!.operationId} ${res.statusCode}: ${opts.payloadAsStream ? 'a stream' : res.body.slice(0, 300)}`).toEqual([]);
  if (res.statusCode < 300) succeeded.add(op!.operationId);
  return res;
}

beforeAll(async () => {
  t = await createTestApp();
  world = await loadWorld(t);
});
afterAll(() => t?.close());

describe('catalog', () => {
  it('searches, lists and reads items', async () => {
    const user = world.tokens.user;
    const [word] = await t.query<{ word: string }>(sql`select split_part(title, ' ', 1) as word from catalog_items where resource_type = 'LEARNING_OBJECT' and length(split_part(title, ' ', 1)) > 4 limit 1`);
    const search = await call(user, { method: 'GET', url: `/api/catalog/search?q=${encodeURIComponent(word!.word)}&limit=5` });
    expect(search.statusCode).toBe(200);
    expect(search.json().total).toBeGreaterThan(0);
    // A word spoken in the video (the generated captions say the title): the match carries its cue.
    expect(search.json().items.some((i: { transcriptMatch?: { startSeconds: number; text: string } }) => i.transcriptMatch?.text.includes(word!.word))).toBe(true);

    const list = await call(user, { method: 'GET', url: '/api/catalog/items?limit=20&sortBy=title&sortOrder=ASC&resourceType=LEARNING_OBJECT' });
    expect(list.json().items).toHaveLength(20);
    const titles = list.json().items.map((i: { title: string }) => i.title.toLowerCase());
    expect(titles).toEqual([...titles].sort((a: string, b: string) => a.localeCompare(b, 'en')));

    const byPublicId = await call(user, { method: 'GET', url: `/api/catalog/items/${world.item.publicId}` });
    const byId = await call(user, { method: 'GET', url: `/api/catalog/items/${world.item.id}` });
    expect(byPublicId.json().id).toBe(world.item.id);
    expect(byId.json().publicId).toBe(world.item.publicId);
    expect(byId.json().rubric).toHaveLength(4);

    const missing = await call(user, { method: 'GET', url: '/api/catalog/items/no-such-item' });
    expect(missing.statusCode).toBe(404);

    expect((await call(user, { method: 'GET', url: '/api/catalog/audiences' })).json().data.length).toBeGreaterThanOrEqual(6);
    expect((await call(user, { method: 'GET', url: '/api/catalog/nasot/items' })).json().data.length).toBeGreaterThan(150);
  });

  it('acts on a learning object', async () => {
    const user = world.tokens.user;
    const base = `/api/catalog/items/${world.item.id}`;
    const rating = await call(user, { method: 'POST', url: `${base}/ratings`, payload: { value: 4 } });
    expect(rating.statusCode).toBe(201);
    expect((await call(user, { method: 'DELETE', url: `${base}/ratings/${rating.json().id}` })).statusCode).toBe(204);
    expect((await call(user, { method: 'DELETE', url: `${base}/ratings/${rating.json().id}` })).statusCode).toBe(404);

    const video = await call(user, { method: 'GET', url: `${base}/video` });
    expect(video.json().url).toMatch(/^\/media\/videos\/.+\.webm\?expires=\d+&user=[\w-]+&signature=[\w-]+$/);

    const zip = await call(user, { method: 'GET', url: `${base}/reproducibles?archiveName=My%20strategy%20files` });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toContain('filename="My strategy files.zip"');
    const entries = await readZip(zip.rawPayload);
    expect(entries.size).toBeGreaterThan(0);

    expect((await call(user, { method: 'PUT', url: `${base}/rubric-scores`, payload: { value: 3 } })).json().value).toBe(3);
    expect((await call(user, { method: 'POST', url: `${base}/strategy-application` })).statusCode).toBe(201);
    expect((await call(user, { method: 'DELETE', url: `${base}/strategy-application` })).statusCode).toBe(204);
  });

  it('recommends', async () => {
    const user = world.tokens.user;
    for (const list of ['featured', 'recommended', 'recommended-playlists', 'new', 'in-progress']) {
      const res = await call(user, { method: 'GET', url: `/api/catalog/recommendations/${list}` });
      expect(res.statusCode).toBe(200);
    }
    const related = await call(user, { method: 'GET', url: `/api/catalog/recommendations/recommended?catalogItemId=${world.item.id}` });
    expect(related.json().data.map((i: { id: string }) => i.id)).not.toContain(world.item.id);
    const playlists = await call(user, { method: 'GET', url: '/api/catalog/recommendations/recommended-playlists' });
    expect(playlists.json().data).toHaveLength(3);
    expect(playlists.json().data.every((i: { resourceType: string }) => i.resourceType === 'PLAYLIST')).toBe(true);
  });
});

describe('identity', () => {
  it('signs in, describes the user and signs out', async () => {
    const login = await call(null, { method: 'POST', url: '/api/identity/local/authorize', payload: { email: ACCOUNTS.free, password: 'Welcome-2026!' } });
    const token = login.json().accessToken;
    expect((await call(token, { method: 'GET', url: '/api/identity/me' })).json().email).toBe(ACCOUNTS.free);
    const startUp = (await call(token, { method: 'GET', url: '/api/identity/start' })).json();
    expect(startUp.user.email).toBe(ACCOUNTS.free);
    expect(startUp.profile.status).toBe(200);
    expect((await call(null, { method: 'POST', url: '/api/identity/local/authorize', payload: { email: ACCOUNTS.free, password: 'wrong password' } })).statusCode).toBe(401);
    // With the embedded provider the password form takes every account: the same answer whether or not the address has one.
    expect((await call(null, { method: 'POST', url: '/api/identity/authorize', payload: { email: ACCOUNTS.free } })).json().loginMethod).toBe('LOCAL');
    const link = await call(token, { method: 'GET', url: `/api/identity/password-change-url?returnUrl=${encodeURIComponent('/profile')}&ttl=600` });
    expect(link.json().url).toMatch(/^http:\/\/localhost:3000\/account\/password\?ticket=/);
    expect((await call(token, { method: 'POST', url: '/api/identity/logout' })).statusCode).toBe(204);
    expect((await call(token, { method: 'GET', url: '/api/identity/me' })).statusCode).toBe(401);
  });

  it('signs out everywhere', async () => {
    const login = async () => (await call(null, { method: 'POST', url: '/api/identity/local/authorize', payload: { email: ACCOUNTS.trial, password: 'Welcome-2026!' } })).json().accessToken as string;
    const [here, there] = [await login(), await login()];
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await call(here, { method: 'POST', url: '/api/identity/sign-out-everywhere' })).statusCode).toBe(204);
    for (const token of [here, there]) expect((await call(token, { method: 'GET', url: '/api/identity/me' })).json().error.code).toBe('SESSION_ENDED');
    expect((await call(await login(), { method: 'GET', url: '/api/identity/me' })).statusCode).toBe(200);
  });

  it('starts a demo from its e-mailed link, once, and hands its registration a ticket', async () => {
    const email = `demo.${randomUUID().slice(0, 8)}@example.org`;
    const asked = await call(null, { method: 'POST', url: '/api/identity/demo', payload: { email: email.toUpperCase() } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().email).toBe(email);
    const ticket = t.demoTicket(email);
    const demo = await call(null, { method: 'POST', url: '/api/identity/demo/session', payload: { ticket } });
    expect(demo.statusCode).toBe(200);
    expect((await call(null, { method: 'POST', url: '/api/identity/demo/session', payload: { ticket } })).json().error.code).toBe('TOKEN_USED');
    expect((await call(demo.json().accessToken, { method: 'GET', url: '/api/identity/me' })).json()).toMatchObject({ role: 'DEMO', verified: true });
    const registration = await call(demo.json().accessToken, { method: 'POST', url: '/api/identity/demo/registration-ticket' });
    expect(registration.json().ticket).toEqual(expect.any(String));
    expect((await call(null, { method: 'POST', url: '/api/identity/demo', payload: { email: ACCOUNTS.educator } })).statusCode).toBe(409);
  });

  it("confirms an account's e-mail once, with a new link on request", async () => {
    const email = `unverified.${randomUUID().slice(0, 8)}@example.org`;
    // An account as a sign-up leaves it: a password, its address not proven yet.
    await t.query(sql`with made as (insert into users (role, email, first_name, last_name, password_hash)
                        select 'USER', ${email}, 'Una', 'Verified', password_hash from users where email = ${ACCOUNTS.educator} returning id)
                      insert into profiles (user_id) select id from made`);
    const token = await t.login(email);
    expect((await call(token, { method: 'GET', url: '/api/profile' })).json().error.code).toBe('EMAIL_NOT_VERIFIED');
    expect((await call(token, { method: 'POST', url: '/api/identity/verification-email' })).statusCode).toBe(204);
    const first = /verification-token=([A-Za-z0-9_-]+)/.exec(readOutbox(t.outboxDir, email))![1];
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await call(token, { method: 'POST', url: '/api/identity/verification-email' })).statusCode).toBe(204);
    const second = /verification-token=([A-Za-z0-9_-]+)/.exec(readOutbox(t.outboxDir, email))![1]!;
    expect(second).not.toBe(first);
    expect((await call(null, { method: 'POST', url: `/api/identity/verify-email/${second}` })).json()).toEqual({ verified: true, email });
    expect((await call(null, { method: 'POST', url: `/api/identity/verify-email/${second}` })).statusCode).toBe(410);
    expect((await call(token, { method: 'GET', url: '/api/identity/me' })).json()).toMatchObject({ role: 'USER', verified: true });
    expect((await call(token, { method: 'GET', url: '/api/profile' })).statusCode).toBe(200);
  });
});

describe('learner and profile', () => {
  it('records events and reads progress', async () => {
    const token = world.tokens.user;
    const event = { id: randomUUID(), type: 'VIDEO_PLAYED', timeStamp: new Date().toISOString(), data: { catalogItemId: world.item.id, position: 0 } };
    const first = await call(null, { method: 'POST', url: '/api/learner/events', headers: { origin: ORIGIN }, payload: { accessToken: token, data: [event] } });
    expect(first.json()).toEqual({ accepted: 1, duplicates: 0, rejected: 0, results: [{ id: event.id, status: 'accepted' }] });
    const unwatched = { ...event, id: randomUUID(), type: 'VIDEO_TIMEUPDATED', data: { catalogItemId: world.item.id, watched: [[0, 12]], position: 12 } };
    const refused = await call(null, { method: 'POST', url: '/api/learner/events', headers: { origin: ORIGIN }, payload: { accessToken: token, data: [unwatched] } });
    expect(refused.json()).toMatchObject({ accepted: 0, rejected: 1, results: [{ id: unwatched.id, status: 'rejected', reason: 'PLAY_SESSION_REQUIRED' }] });
    const progress = await call(token, { method: 'GET', url: '/api/progress' });
    expect(progress.json().catalogItemsProgress.find((p: { catalogItemId: string }) => p.catalogItemId === world.item.id)).toBeDefined();
  });

  it('reads and changes the profile', async () => {
    const token = world.tokens.user;
    const profile = await call(token, { method: 'GET', url: '/api/profile' });
    const [audience] = (await call(token, { method: 'GET', url: '/api/catalog/audiences' })).json().data;
    const patched = await call(token, { method: 'PATCH', url: '/api/profile', payload: { audienceId: audience.id, experienceLevel: 'VETERAN' } });
    expect(patched.json()).toMatchObject({ audienceId: audience.id, experienceLevel: 'VETERAN', interestIds: profile.json().interestIds });
    expect((await call(token, { method: 'GET', url: '/api/profile/achievements' })).json().data).toHaveLength(7);
    expect((await call(token, { method: 'GET', url: '/api/profile/in-progress' })).statusCode).toBe(200);
    expect((await call(token, { method: 'GET', url: '/api/profile/system-streaks?timeZone=America/Chicago' })).json().days).toHaveLength(7);
    const rows = await call(token, { method: 'GET', url: '/api/profile/interactions?filter=ALL&sortBy=progress&sortOrder=DESC&limit=5' });
    expect(rows.json().items.length).toBeGreaterThan(0);
    // A bookmark written answers the profile as it is now, the client's new state.
    const saved = await call(token, { method: 'POST', url: '/api/profile/bookmarks', payload: { catalogItemId: world.item.id } });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ experienceLevel: 'VETERAN', bookmarks: expect.arrayContaining([expect.objectContaining({ catalogItemId: world.item.id })]) });
    const removed = await call(token, { method: 'DELETE', url: `/api/profile/bookmarks?catalogItemId=${world.item.id}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().bookmarks.some((b: { catalogItemId: string }) => b.catalogItemId === world.item.id)).toBe(false);
    expect(removed.json()).toEqual((await call(token, { method: 'GET', url: '/api/profile' })).json());
  });
});

describe('my learning', () => {
  it('exports the progress table and issues a learning certificate', async () => {
    const token = world.tokens.user;
    const csv = await call(token, { method: 'GET', url: '/api/profile/interactions/export?filter=ALL&sortBy=strategyTitle&sortOrder=ASC&timeZone=America/Chicago' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFLearning Strategy,Progress,Category,Element,Watched,Downloaded,Rubric Score,Rated,Applied,Last Interaction');

    const { sub } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string };
    await t.query(sql`
      insert into learner_progress (user_id, catalog_item_id, last_interaction_at, video_progress, are_reproducibles_downloaded,
        is_catalog_item_rated, is_rubric_score_saved, is_strategy_applied, completed_at)
      values (${sub}::uuid, ${world.item.id}::uuid, now() - interval '1 day', 100, true, true, true, true, now() - interval '1 day')
      on conflict (user_id, catalog_item_id) do update set video_progress = 100, are_reproducibles_downloaded = true, is_catalog_item_rated = true,
        is_rubric_score_saved = true, is_strategy_applied = true, completed_at = now() - interval '1 day'`);
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const issued = await call(token, { method: 'POST', url: '/api/profile/certificates', payload: { from: day(30), to: day(0), timeZone: 'UTC' } });
    expect(issued.statusCode).toBe(201);
    expect(issued.json().strategies.length).toBeGreaterThan(0);
    expect((await call(token, { method: 'POST', url: '/api/profile/certificates', payload: { from: '2020-01-01', to: '2020-02-01' } })).statusCode).toBe(422);
    expect((await call(token, { method: 'POST', url: '/api/profile/certificates', payload: { from: day(0), to: day(1) } })).statusCode).toBe(400);
    expect((await call(token, { method: 'GET', url: '/api/profile/certificates' })).json().data[0]).toEqual(issued.json());
    const pdf = await call(token, { method: 'GET', url: issued.json().pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await call(token, { method: 'GET', url: `/api/profile/certificates/${'B'.repeat(16)}/pdf` })).statusCode).toBe(404);
  });
});

describe('billing', () => {
  it('registers a subscription and manages it', async () => {
    const token = await t.login(ACCOUNTS.noAccess);
    expect((await call(token, { method: 'GET', url: '/api/customers/current/subscriptions' })).statusCode).toBe(404);
    expect((await call(token, { method: 'GET', url: '/api/customers/payment-gateway-tokens' })).json()).toMatchObject({ environment: 'sandbox', tokenizeUrl: '/sandbox-gateway/v1/tokens' });
    const registered = await call(token, {
      method: 'POST',
      url: '/api/customers/registration',
      headers: { 'idempotency-key': `contract-${randomUUID()}` },
      payload: { paymentMethodToken: 'tok_visa', billingName: 'No Access', postalCode: '97201' },
    });
    expect(registered.statusCode).toBe(201);
    const id = registered.json().subscription.id;
    const subs = await call(token, { method: 'GET', url: '/api/customers/current/subscriptions?include=paymentMethod' });
    expect(subs.json().data[0]).toMatchObject({ id, isActive: true, paymentMethod: { last4: '4242' } });
    expect((await call(token, { method: 'GET', url: `/api/customers/current/subscriptions/${id}/payment-method` })).json().brand).toBe('Visa');
    expect((await call(token, { method: 'PUT', url: `/api/customers/current/subscriptions/${id}/payment-method`, payload: { paymentMethodToken: 'tok_mastercard' } })).json().last4).toBe('4444');
    const transactions = (await call(token, { method: 'GET', url: '/api/customers/current/transactions' })).json().data;
    expect(transactions.length).toBeGreaterThan(0);
    const receipt = await call(token, { method: 'GET', url: `/api/customers/current/transactions/${transactions[0].id}/receipt` });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await call(token, { method: 'GET', url: `/api/customers/current/transactions/${randomUUID()}/receipt` })).statusCode).toBe(404);
    expect((await call(token, { method: 'DELETE', url: `/api/customers/current/subscriptions/${id}` })).json().cancelAtPeriodEnd).toBe(true);
    expect((await call(token, { method: 'PUT', url: `/api/customers/current/subscriptions/${id}` })).json().cancelAtPeriodEnd).toBe(false);
  });
});

describe('reporting and organizations', () => {
  it('reports usage, lists users and records page views', async () => {
    const admin = world.tokens.districtAdmin;
    const report = await call(admin, { method: 'GET', url: '/api/reporting' });
    expect(report.json().organizationId).toBe(world.orgs.northwind.id);
    const users = await call(admin, { method: 'GET', url: `/api/users?organizationId=${world.orgs.ownSchool.id}&page=1&itemsPerPage=5&sortBy=email&sortAsc=true` });
    expect(users.json().items.length).toBeLessThanOrEqual(5);
    expect((await call(null, { method: 'POST', url: '/api/reporting/event', payload: { event: 'PAGE_VIEW', properties: { from: '/', to: '/catalog' } } })).statusCode).toBe(204);
    expect((await call(admin, { method: 'POST', url: '/api/reporting/event', payload: { event: 'PAGE_VIEW', properties: { from: '/catalog', to: '/usage' } } })).statusCode).toBe(204);
  });

  it('reports a range, the framework heatmap, and exports the educators', async () => {
    const admin = world.tokens.districtAdmin;
    const report = await call(admin, { method: 'GET', url: '/api/reporting?from=2026-10-01&to=2026-10-31&timeZone=America/Chicago' });
    expect(report.json()).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(report.json().logins.days).toHaveLength(31);
    expect((await call(admin, { method: 'GET', url: '/api/reporting?from=2026-10-31&to=2026-10-01' })).statusCode).toBe(400);
    const heatmap = await call(admin, { method: 'GET', url: `/api/reporting/framework?organizationId=${world.orgs.ownSchool.id}&timeZone=Europe/Berlin` });
    expect(heatmap.json().elements.length).toBeGreaterThan(10);
    expect((await call(admin, { method: 'GET', url: '/api/reporting/framework?timeZone=Nowhere/Special' })).statusCode).toBe(400);
    const users = await call(admin, { method: 'GET', url: '/api/users?itemsPerPage=-1&sortBy=createdAt&sortAsc=false' });
    expect(users.json().items.some((u: { invitation: unknown }) => u.invitation !== null)).toBe(true);
    const csv = await call(admin, { method: 'GET', url: '/api/users/export?sortBy=createdAt&sortAsc=false&timeZone=UTC' });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFEmail,First Name,Last Name,Completed Onboarding,Created At,Invitation');
  });

  it('imports educators from a file and sends an invitation again', async () => {
    const admin = world.tokens.districtAdmin;
    const school = world.orgs.ownSchool.id;
    const email = `imported.${randomUUID().slice(0, 8)}@example.org`;
    const csv = `email,firstName,lastName\r\n${email},Grace,Hopper\r\nnot-an-email,Al,Bo\r\n`;
    const dry = await call(admin, { method: 'POST', url: `/api/organizations/${school}/users/import`, payload: { csv, dryRun: true } });
    expect(dry.json()).toMatchObject({ dryRun: true, invited: 0, valid: [{ line: 2, email }], invalid: [{ line: 3 }] });
    const real = await call(admin, { method: 'POST', url: `/api/organizations/${school}/users/import`, payload: { csv, dryRun: false } });
    expect(real.json()).toMatchObject({ dryRun: false, invited: 1 });
    expect((await call(admin, { method: 'POST', url: `/api/organizations/${school}/users/import`, payload: { csv: 'name\r\nx\r\n', dryRun: true } })).statusCode).toBe(422);
    const [user] = await t.query<{ id: string }>(sql`select id::text as id from users where email = ${email}`);
    const resent = await call(admin, { method: 'POST', url: `/api/organizations/${school}/users/${user!.id}/invitation` });
    expect(resent.json()).toMatchObject({ id: user!.id, email, invitation: { status: 'PENDING' } });
    const [member] = await t.query<{ id: string }>(sql`select id::text as id from users where email = ${ACCOUNTS.educator}`);
    expect((await call(admin, { method: 'POST', url: `/api/organizations/${school}/users/${member!.id}/invitation` })).statusCode).toBe(409);
    expect((await call(admin, { method: 'POST', url: `/api/organizations/${school}/users/${randomUUID()}/invitation` })).statusCode).toBe(404);
    expect((await call(admin, { method: 'POST', url: `/api/organizations/${school}/users/import`, payload: { csv: 'x'.repeat(500_001), dryRun: true } })).statusCode).toBe(413);
  });

  it('lists schools and invites an educator', async () => {
    const admin = world.tokens.districtAdmin;
    const schools = await call(admin, { method: 'GET', url: '/api/organizations?name=&itemsPerPage=20&type=SCHOOL' });
    expect(schools.json().items.length).toBe(world.orgs.northwindSchools.length);
    const email = `invited.${randomUUID().slice(0, 8)}@example.org`;
    const invited = await call(admin, { method: 'POST', url: `/api/organizations/${world.orgs.ownSchool.id}/users`, payload: { email, firstName: 'Grace', lastName: 'Hopper' } });
    expect(invited.json()).toMatchObject({ email, organizationId: world.orgs.ownSchool.id, role: 'USER', completedOnboarding: false });
    expect((await call(admin, { method: 'POST', url: `/api/organizations/${world.orgs.ownSchool.id}/users`, payload: { email, firstName: 'Grace', lastName: 'Hopper' } })).statusCode).toBe(409);
  });
});

describe('admin', () => {
  it('lists, reads and changes accounts, sends an invitation again, and lists the audit log', async () => {
    const admin = world.tokens.admin;
    const list = await call(admin, { method: 'GET', url: `/api/admin/users?filter=northwind&organizationId=${world.orgs.northwind.id}&status=ACTIVE&page=1&itemsPerPage=5&sortBy=createdAt&sortAsc=false` });
    expect(list.json().items).toHaveLength(5);
    const [educator] = await t.query<{ id: string }>(sql`select id::text as id from users where email = 'educator11@northwind.example.org'`);
    expect((await call(admin, { method: 'GET', url: `/api/admin/users/${educator!.id}` })).json()).toMatchObject({ email: 'educator11@northwind.example.org' });
    const changed = await call(admin, { method: 'PATCH', url: `/api/admin/users/${educator!.id}`, payload: { hasFreeAccess: true, deactivated: true } });
    expect(changed.json()).toMatchObject({ hasFreeAccess: true, deactivatedAt: expect.any(String) });
    await call(admin, { method: 'PATCH', url: `/api/admin/users/${educator!.id}`, payload: { hasFreeAccess: false, deactivated: false } });
    expect((await call(admin, { method: 'PATCH', url: `/api/admin/users/${educator!.id}`, payload: { role: 'DISTRICT_ADMIN' } })).statusCode).toBe(409);
    const [invited] = await t.query<{ id: string }>(sql`select id::text as id from users where email = 'iris.novak@northwind.example.org'`);
    expect((await call(admin, { method: 'POST', url: `/api/admin/users/${invited!.id}/invitation` })).json().invitation).toMatchObject({ status: 'PENDING' });
    const log = await call(admin, { method: 'GET', url: `/api/admin/audit-log?entityType=USER&entityId=${educator!.id}&page=1&itemsPerPage=10` });
    expect(log.json().items.map((e: { action: string }) => e.action)).toEqual(['user.reactivated', 'user.freeAccessRevoked', 'user.deactivated', 'user.freeAccessGranted']);
    expect((await call(world.tokens.districtAdmin, { method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(403);
  });
});

describe('system', () => {
  it('answers health, readiness and features', async () => {
    expect((await call(null, { method: 'GET', url: '/api/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await call(null, { method: 'GET', url: '/api/readyz' })).json()).toEqual({ status: 'ok', dependencies: { database: 'ok' } });
    expect((await call(null, { method: 'GET', url: `/api/flags/api/features/${t.config.growthbook.clientKey}` })).json().features).toHaveProperty('local-login');
    expect((await call(null, { method: 'GET', url: '/api/flags/api/features/wrong-key' })).statusCode).toBe(404);
    const evaluated = await call(null, { method: 'POST', url: `/api/flags/api/eval/${t.config.growthbook.clientKey}`, payload: { attributes: { id: 'someone', role: 'ADMIN' } } });
    expect(evaluated.json().features['statechart-viewer']).toEqual({ defaultValue: true });
    const stream = await call(null, { method: 'GET', url: `/api/flags/sub/${t.config.growthbook.clientKey}`, payloadAsStream: true });
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  });
});

describe('admin catalogue', () => {
  it('lists, creates, reads, changes, reorders and publishes items', async () => {
    const admin = world.tokens.admin;
    const list = await call(admin, { method: 'GET', url: '/api/admin/catalog/items?q=a&status=PUBLISHED&resourceType=LEARNING_OBJECT&sortBy=title&sortOrder=ASC&page=2&itemsPerPage=5' });
    expect(list.json().items).toHaveLength(5);
    const [entry] = list.json().items;
    const created = await call(admin, { method: 'POST', url: '/api/admin/catalog/items', payload: { resourceType: 'PLAYLIST', title: 'Contract playlist', description: 'Two items.' } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const changed = await call(admin, { method: 'PATCH', url: `/api/admin/catalog/items/${id}`, payload: { entryIds: [world.item.id, entry.id], audienceIds: [] } });
    expect(changed.json().entries).toHaveLength(2);
    const reordered = await call(admin, { method: 'PUT', url: `/api/admin/catalog/items/${id}/entries`, payload: { itemIds: [entry.id, world.item.id] } });
    expect(reordered.json().entries[0].item.id).toBe(entry.id);
    expect((await call(admin, { method: 'PUT', url: `/api/admin/catalog/items/${id}/status`, payload: { status: 'PUBLISHED' } })).json().status).toBe('PUBLISHED');
    expect((await call(admin, { method: 'GET', url: `/api/admin/catalog/items/${id}` })).json().status).toBe('PUBLISHED');
    expect((await call(admin, { method: 'PUT', url: `/api/admin/catalog/items/${id}/status`, payload: { status: 'DRAFT' } })).statusCode).toBe(200);
    expect((await call(admin, { method: 'PUT', url: `/api/admin/catalog/items/${id}/status`, payload: { status: 'ARCHIVED' } })).statusCode).toBe(409);
    expect((await call(admin, { method: 'PATCH', url: `/api/admin/catalog/items/${id}`, payload: { title: 'x' } })).statusCode).toBe(400);
    expect((await call(world.tokens.user, { method: 'GET', url: '/api/admin/catalog/items' })).statusCode).toBe(403);
  });
});

describe('admin organizations', () => {
  it('lists, creates, reads, renames and moves organizations, sets and lapses a subscription, adds and removes members', async () => {
    const admin = world.tokens.admin;
    const list = await call(admin, { method: 'GET', url: `/api/admin/organizations?q=e&type=SCHOOL&parentId=${world.orgs.northwind.id}&page=1&itemsPerPage=2` });
    expect(list.json().items).toHaveLength(2);
    const created = await call(admin, { method: 'POST', url: '/api/admin/organizations', payload: { name: 'Contract School', type: 'SCHOOL', parentId: world.orgs.northwind.id } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await call(admin, { method: 'GET', url: `/api/admin/organizations/${id}` })).json()).toMatchObject({ parentName: 'Northwind School District' });
    expect((await call(admin, { method: 'PATCH', url: `/api/admin/organizations/${id}`, payload: { name: 'Contract Academy', parentId: null } })).json()).toMatchObject({ name: 'Contract Academy', parentId: null });
    expect((await call(admin, { method: 'PATCH', url: `/api/admin/organizations/${world.orgs.northwind.id}`, payload: { parentId: world.orgs.lakeside.id } })).statusCode).toBe(409);
    const sub = await call(admin, { method: 'PUT', url: `/api/admin/organizations/${id}/subscription`, payload: { seats: 10, startsOn: '2026-01-01', endsOn: '2099-12-31', amount: 99.5 } });
    expect(sub.json().subscription).toMatchObject({ state: 'ACTIVE', seats: 10, amount: 99.5 });
    expect((await call(admin, { method: 'PUT', url: `/api/admin/organizations/${id}/subscription`, payload: { seats: 10, startsOn: '2026-01-02', endsOn: '2026-01-01', amount: 1 } })).statusCode).toBe(422);
    const added = await call(admin, { method: 'POST', url: `/api/admin/organizations/${id}/members`, payload: { email: 'new.teacher@example.org', role: 'SCHOOL_ADMIN' } });
    expect(added.json()).toMatchObject({ role: 'SCHOOL_ADMIN', organizationName: 'Contract Academy' });
    expect((await call(admin, { method: 'GET', url: `/api/admin/organizations/${id}/members?filter=teacher&page=1&itemsPerPage=5` })).json().total).toBe(1);
    expect((await call(admin, { method: 'DELETE', url: `/api/admin/organizations/${id}/members/${added.json().id}` })).json()).toMatchObject({ role: 'USER', organizationId: null });
    expect((await call(admin, { method: 'POST', url: `/api/admin/organizations/${id}/subscription/lapse` })).json().subscription.state).toBe('LAPSED');
    expect((await call(world.tokens.districtAdmin, { method: 'GET', url: '/api/admin/organizations' })).statusCode).toBe(403);
    // Its single sign-on (Contract Academy is on its own now): connected, read, disconnected.
    expect((await call(admin, { method: 'GET', url: `/api/admin/organizations/${id}/sso-connection` })).statusCode).toBe(404);
    const connection = { protocol: 'OIDC', displayName: 'Contract IdP', issuer: 'https://idp.contract.example.org', clientId: 'contract', clientSecret: 's3cret', domains: ['contract.example.org'] };
    expect((await call(admin, { method: 'PUT', url: `/api/admin/organizations/${id}/sso-connection`, payload: connection })).json()).toMatchObject({ hasClientSecret: true, domains: ['contract.example.org'] });
    expect((await call(admin, { method: 'GET', url: `/api/admin/organizations/${id}/sso-connection` })).json()).toMatchObject({ displayName: 'Contract IdP' });
    expect((await call(admin, { method: 'DELETE', url: `/api/admin/organizations/${id}/sso-connection` })).statusCode).toBe(204);
  });
});

describe('admin framework and audiences', () => {
  it('lists, creates, changes, moves and deletes framework items and audiences', async () => {
    const admin = world.tokens.admin;
    const tree = await call(admin, { method: 'GET', url: '/api/admin/framework/items' });
    const element = tree.json().data.find((i: { type: string }) => i.type === 'ELEMENT');
    const created = await call(admin, { method: 'POST', url: '/api/admin/framework/items', payload: { parentId: element.id, title: 'Contract strategy', communityUrl: 'https://community.example.org/c/contract' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ type: 'STRATEGY', parentId: element.id });
    const id = created.json().id;
    expect((await call(admin, { method: 'PATCH', url: `/api/admin/framework/items/${id}`, payload: { description: 'Checked by the contract.' } })).json().description).toBe('Checked by the contract.');
    expect((await call(admin, { method: 'PUT', url: `/api/admin/framework/items/${id}/position`, payload: { position: 1 } })).json().position).toBe(1);
    expect((await call(admin, { method: 'POST', url: '/api/admin/framework/items', payload: { parentId: element.id, title: 'contract STRATEGY' } })).statusCode).toBe(409);
    expect((await call(admin, { method: 'POST', url: '/api/admin/framework/items', payload: { parentId: id, title: 'Below a strategy' } })).statusCode).toBe(422);
    expect((await call(admin, { method: 'DELETE', url: `/api/admin/framework/items/${element.id}` })).statusCode).toBe(409);
    expect((await call(admin, { method: 'DELETE', url: `/api/admin/framework/items/${id}` })).statusCode).toBe(204);
    expect((await call(admin, { method: 'DELETE', url: `/api/admin/framework/items/${id}` })).statusCode).toBe(404);

    const audiences = await call(admin, { method: 'GET', url: '/api/admin/audiences' });
    expect(audiences.json().data.length).toBeGreaterThanOrEqual(6);
    const audience = await call(admin, { method: 'POST', url: '/api/admin/audiences', payload: { name: 'Contract audience' } });
    expect(audience.statusCode).toBe(201);
    const audienceId = audience.json().id;
    expect((await call(admin, { method: 'PATCH', url: `/api/admin/audiences/${audienceId}`, payload: { name: 'Contract audience, renamed' } })).json().name).toBe('Contract audience, renamed');
    expect((await call(admin, { method: 'PUT', url: `/api/admin/audiences/${audienceId}/position`, payload: { position: 2 } })).json().position).toBe(2);
    expect((await call(admin, { method: 'DELETE', url: `/api/admin/audiences/${audienceId}` })).statusCode).toBe(204);
    expect((await call(admin, { method: 'DELETE', url: `/api/admin/audiences/${audiences.json().data[0].id}` })).statusCode).toBe(409);
    expect((await call(world.tokens.user, { method: 'GET', url: '/api/admin/audiences' })).statusCode).toBe(403);
  });
});

describe('admin uploads', () => {
  it('stores a file and refuses one of the wrong type or size', async () => {
    const admin = world.tokens.admin;
    const upload = (kind: string, body: Buffer, contentType = 'application/octet-stream') =>
      call(admin, { method: 'POST', url: `/api/admin/uploads?kind=${kind}&fileName=contract.vtt`, headers: { 'content-type': contentType }, payload: body });
    const stored = await upload('captions', Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n'));
    expect(stored.statusCode).toBe(201);
    expect(stored.json()).toMatchObject({ kind: 'captions', mimeType: 'text/vtt', fileName: 'contract.vtt' });
    expect((await upload('video', Buffer.from('WEBVTT\n\n'))).statusCode).toBe(415);
    expect((await upload('captions', Buffer.concat([Buffer.from('WEBVTT\n\n'), Buffer.alloc(1_000_001)]))).statusCode).toBe(413);
    expect((await upload('captions', Buffer.from('{}'), 'application/json')).statusCode).toBe(415);
    expect((await call(world.tokens.user, { method: 'POST', url: '/api/admin/uploads?kind=captions&fileName=c.vtt', headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from('WEBVTT\n') })).statusCode).toBe(403);
  });
});

describe('rostering', () => {
  it('reads a district roster, applies it, lists it, and pulls one from a REST endpoint', async () => {
    const admin = world.tokens.admin;
    const district = (await call(admin, { method: 'POST', url: '/api/admin/organizations', payload: { name: 'Contract Roster District', type: 'DISTRICT' } })).json().id as string;
    const orgs = [
      { sourcedId: 'crd', name: 'Contract Roster District', type: 'district' },
      { sourcedId: 'crd-1', name: 'Contract Roster School', type: 'school', parent: 'crd' },
    ];
    const people = [{ sourcedId: 'crd-t1', givenName: 'Conny', familyName: 'Tract', email: 'contract.roster@example.org', role: 'teacher', org: 'crd-1' }];
    const base = `/api/organizations/${district}`;
    const zip = (files: Record<string, string>) => zipOf(files);
    const created = await call(admin, { method: 'POST', url: `${base}/roster-imports?fileName=contract.zip`, headers: { 'content-type': 'application/zip' }, payload: await zip(oneRoster12(orgs, people)) });
    expect(created.statusCode).toBe(201);
    expect(created.json().counts).toMatchObject({ accountsToAdd: 1, schoolsToCreate: 1 });
    const id = created.json().id as string;
    expect((await call(admin, { method: 'GET', url: `${base}/roster-imports/${id}?accountKind=ADD&page=1&itemsPerPage=10` })).json().accounts.total).toBe(1);
    expect((await call(admin, { method: 'POST', url: `${base}/roster-imports/${id}/apply` })).json().status).toBe('APPLIED');
    expect((await call(admin, { method: 'POST', url: `${base}/roster-imports/${id}/apply` })).statusCode).toBe(409);
    expect((await call(admin, { method: 'GET', url: `${base}/roster-imports?page=1&itemsPerPage=5` })).json().items[0].status).toBe('APPLIED');
    const notZip = await call(admin, { method: 'POST', url: `${base}/roster-imports`, headers: { 'content-type': 'application/zip' }, payload: Buffer.from('not a zip') });
    expect(notZip.json().error.code).toBe('ROSTER_NOT_A_ZIP');
    expect((await call(admin, { method: 'GET', url: `${base}/roster-source` })).statusCode).toBe(404);

    const server = await startOneRosterServer({ clientId: 'contract', clientSecret: 'contract-secret' }, restRoster(orgs, people));
    try {
      const source = { baseUrl: server.baseUrl, tokenUrl: server.tokenUrl, clientId: 'contract', clientSecret: 'contract-secret', autoApply: false };
      expect((await call(admin, { method: 'PUT', url: `${base}/roster-source`, payload: source })).json()).toMatchObject({ clientId: 'contract', lastResult: null });
      const pulled = await call(admin, { method: 'POST', url: `${base}/roster-source/pull` });
      expect(pulled.statusCode).toBe(201);
      expect(pulled.json()).toMatchObject({ source: 'PULL', status: 'PENDING', counts: { accountsToAdd: 0, unchanged: 1 } });
      expect((await call(admin, { method: 'GET', url: `${base}/roster-source` })).json().lastResult).toMatchObject({ ok: true, importId: pulled.json().id });
      await call(admin, { method: 'PUT', url: `${base}/roster-source`, payload: { ...source, clientSecret: 'not-the-secret' } });
      expect((await call(admin, { method: 'POST', url: `${base}/roster-source/pull` })).statusCode).toBe(502);
      expect((await call(admin, { method: 'DELETE', url: `${base}/roster-source` })).statusCode).toBe(204);
    } finally {
      await server.close();
    }
  });
});

describe('coverage', () => {
  it('called every operation of the contract with a successful, valid response', () => {
    const missing = operations.map((o) => o.operationId).filter((id) => !succeeded.has(id));
    expect(missing).toEqual([]);
  });
});

describe('catalogue order', () => {
  it('lists the newest items first by default and sorts as asked', async () => {
    const user = world.tokens.user;
    const dates = (res: { json: () => { items: { createdAt: string }[] } }) => res.json().items.map((i) => Date.parse(i.createdAt));
    const newest = dates(await call(user, { method: 'GET', url: '/api/catalog/items?limit=10' }));
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    const oldest = dates(await call(user, { method: 'GET', url: '/api/catalog/items?limit=10&sortBy=createdAt&sortOrder=ASC' }));
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
    expect(oldest[0]).toBeLessThan(newest[0]!);
  });
});
