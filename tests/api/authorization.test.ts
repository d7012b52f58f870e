import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { POLICY, type Authentication } from '../../server/auth/policy.ts';
import { createTestApp, ORIGIN, SEED_PASSWORD, type TestApp } from '../support/app.ts';
import { findOperation, operationById, operations, validateResponse } from '../support/contract.ts';
import { ACCOUNTS, ROLE_NAMES, loadWorld, type RoleName } from '../support/world.ts';
import { oneRoster12, zipOf } from '../support/oneroster.ts';

/**
 * Authorization table: operation × role × tenant relation → the answer the server must give
 * (DESIGN.md, "Tenancy"; STYLE.md, "Authorization as a table"). One loop runs every row against
 * the real app, in table order and on one database, so a row may rely on the rows above it
 * (a rating is rated before it is withdrawn; `register` creates the subscription later rows use).
 *
 * Which operations there are comes from the server's policy table (server/auth/policy.ts), which
 * must in turn cover openapi.yaml; what each role gets back is written here, never read from the
 * policy, so a wrong rule there fails a row here.
 */

/**
 * Whose organization a row acts on. `own` is the actor's organization (the district itself for
 * the district admin; the school admin's school for actors without one); `sameDistrict` is
 * another Northwind school; `otherDistrict` is a Lakeside school. Operations without tenancy
 * use `own` only.
 */
type Relation = 'own' | 'sameDistrict' | 'otherDistrict';
const RELATIONS: Relation[] = ['own', 'sameDistrict', 'otherDistrict'];

type Outcome = { status: number; code?: string; listed?: boolean };
type Cell = number | Outcome;
/** One cell per role, in the order of ROLE_NAMES. */
type Cells = readonly [anonymous: Cell, demo: Cell, user: Cell, schoolAdmin: Cell, districtAdmin: Cell, admin: Cell];

type Actor = {
  role: RoleName;
  token: string | null;
  relation: Relation;
  /** The organization the relation picks for this actor. */
  org: string;
  /** The actor's own organization, null for the admin, the demo and anonymous. */
  home: string | null;
  email: string;
  userId: string | null;
  /** Unique per row, for e-mail addresses and idempotency keys. */
  tag: string;
};

type Entry = {
  op: string;
  relation?: Relation;
  /** What the row acts on, when the operation and relation alone do not say it. */
  subject?: string;
  cells: Cells;
  request: (actor: Actor) => InjectOptions | Promise<InjectOptions>;
  /** Sign in again first: the row revokes the token it uses. */
  freshToken?: true;
  /** The row ends every session of its user: the rows after it sign in again. */
  endsSessions?: true;
};

/**
 * Reference data the same for everyone, answered `private, no-cache` with an ETag so that a
 * browser asks "changed?" and gets an empty 304. Every other answer of the API is `no-store`:
 * whatever carries the caller's own data (or a token) must not stay in a shared computer's cache.
 */
const REVALIDATED: ReadonlySet<string> = new Set(['listAudiences', 'listNasotItems']);

const ANON: Outcome = { status: 401, code: 'UNAUTHORIZED' };
const DEMO: Outcome = { status: 403, code: 'DEMO_ACCOUNT' };
const ROLE: Outcome = { status: 403, code: 'FORBIDDEN_ROLE' };
const TENANT: Outcome = { status: 403, code: 'FORBIDDEN_ORGANIZATION' };
const MANAGED: Outcome = { status: 403, code: 'ORGANIZATION_SUBSCRIPTION' };
/** A roster is a district's: one of its schools (or an independent school) is refused. */
const SCHOOL: Outcome = { status: 409, code: 'NOT_A_DISTRICT' };
const LISTED: Outcome = { status: 200, listed: true };
const HIDDEN: Outcome = { status: 200, listed: false };

let t: TestApp;
let world: Awaited<ReturnType<typeof loadWorld>>;
let accounts: Record<Exclude<RoleName, 'anonymous'>, { email: string; userId: string; home: string | null }>;

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const itemUrl = (suffix = '') => `/api/catalog/items/${world.item.id}${suffix}`;
const json = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object): InjectOptions => ({ method, url, ...(payload && { payload }) });

async function one(q: ReturnType<typeof sql>): Promise<string> {
  const [row] = await t.query<{ id: string }>(q);
  return row?.id ?? randomUUID();
}
/** A seeded account's id. */
const accountId = (email: string) => one(sql`select id::text as id from users where email = ${email}`);
/** The actor's rating of the table's item (a random id when there is none). */
const ratingOf = (a: Actor) => one(sql`select id::text as id from ratings where user_id = ${a.userId}::uuid and catalog_item_id = ${world.item.id}::uuid`);
/** The actor's personal subscription (created by the `register` row), else a random id. */
const personalSubscription = (a: Actor) => one(sql`select id::text as id from subscriptions where user_id = ${a.userId}::uuid order by created_at desc limit 1`);
/** One of the actor's transactions (the `register` row makes one), else a random id. */
const ownTransaction = (a: Actor) => one(sql`select id::text as id from transactions where user_id = ${a.userId}::uuid order by created_at limit 1`);
/** A transaction of somebody else's (a seeded subscriber's). */
const othersTransaction = (a: Actor) =>
  one(sql`select id::text as id from transactions where user_id <> ${a.userId ?? randomUUID()}::uuid order by created_at limit 1`);
/** The subscription of the actor's school or district, else a random id. */
const organizationSubscription = (a: Actor) =>
  one(sql`select s.id::text as id from subscriptions s join organizations o on o.id = ${a.home}::uuid
          where s.user_id is null and (s.organization_id = o.id or s.organization_id = o.parent_id) limit 1`);

/** The school the admin's `adminCreateOrganization` row opened (a random id before it). */
const authorizationSchool = () => one(sql`select id::text as id from organizations where name = 'Authorization school admin-own'`);
/** Whether an item is featured now. */
const featured = async (id: string) => (await t.query<{ featured: boolean }>(sql`select featured from catalog_items where id = ${id}::uuid`))[0]!.featured;
/** A seeded playlist and its entries in their order. */
async function playlist() {
  const [row] = await t.query<{ id: string; entries: string[] }>(
    sql`select p.id::text as id, array(select e.item_id::text from playlist_entries e where e.playlist_id = p.id order by e.position) as entries
        from catalog_items p where p.resource_type = 'PLAYLIST' order by p.public_id limit 1`,
  );
  return row!;
}

/** A seeded strategy: its id, title and position. */
async function strategy() {
  const [row] = await t.query<{ id: string; title: string; position: number }>(
    sql`select id::text as id, title, position from nasot_items where type = 'STRATEGY' order by title limit 1`,
  );
  return row!;
}
/** A seeded audience: its id, name and position. */
async function audience() {
  const [row] = await t.query<{ id: string; name: string; position: number }>(sql`select id::text as id, name, position from audiences order by position limit 1`);
  return row!;
}
/** The framework item (or audience) the actor's create row of the same table made, else a random id. */
const createdCategory = (a: Actor) => one(sql`select id::text as id from nasot_items where title = ${`Authorization category ${a.tag}`}`);
const createdAudience = (a: Actor) => one(sql`select id::text as id from audiences where name = ${`Authorization audience ${a.tag}`}`);

const today = () => new Date().toISOString().slice(0, 10);
const weekAgo = () => new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
/** The actor completed the table's item an hour ago, so a certificate has something to count. */
async function completedItem(a: Actor) {
  if (!a.userId) return;
  await t.query(sql`
    insert into learner_progress (user_id, catalog_item_id, last_interaction_at, video_progress, are_reproducibles_downloaded,
      is_catalog_item_rated, is_rubric_score_saved, is_strategy_applied, completed_at)
    values (${a.userId}::uuid, ${world.item.id}::uuid, now() - interval '1 hour', 100, true, true, true, true, now() - interval '1 hour')
    on conflict (user_id, catalog_item_id) do update set video_progress = 100, are_reproducibles_downloaded = true, is_catalog_item_rated = true,
      is_rubric_score_saved = true, is_strategy_applied = true, completed_at = now() - interval '1 hour'`);
}
/** The code of a certificate of the actor's (`own`) or of another learner's, else a code nobody has. */
async function certificateCode(a: Actor, whose: 'own' | 'other') {
  const [row] = await t.query<{ code: string }>(
    sql`select code from certificates where ${whose === 'own' ? sql`user_id = ${a.userId}::uuid` : sql`user_id <> ${a.userId ?? randomUUID()}::uuid`} order by issued_at limit 1`,
  );
  return row?.code ?? 'A'.repeat(16);
}

const usageReport = (a: Actor) => get(`/api/reporting?organizationId=${a.org}`);
const userList = (a: Actor) => get(`/api/users?organizationId=${a.org}&itemsPerPage=-1`);
const organizationList = () => get('/api/organizations?itemsPerPage=-1');
const invite = (a: Actor) => json('POST', `/api/organizations/${a.org}/users`, { email: `authz.invite.${a.tag}@example.org`, firstName: 'Invited', lastName: 'Educator' });
const frameworkUsage = (a: Actor) => get(`/api/reporting/framework?organizationId=${a.org}`);
const userExport = (a: Actor) => get(`/api/users/export?organizationId=${a.org}&sortBy=createdAt&sortAsc=false`);
/** Sends again the invitation the actor's `inviteUser` row of the same relation made (a random id where it made none). */
const resend = async (a: Actor) =>
  json('POST', `/api/organizations/${a.org}/users/${await one(sql`select id::text as id from users where email = ${`authz.invite.${a.tag}@example.org`}`)}/invitation`);
const importFile = (a: Actor) =>
  json('POST', `/api/organizations/${a.org}/users/import`, { csv: `email,firstName,lastName\r\nauthz.import.${a.tag}@example.org,Imported,Educator\r\n`, dryRun: false });
/** A district's roster of one teacher, as a OneRoster 1.2 delta zip. */
const rosterFile = async (a: Actor): Promise<InjectOptions> => ({
  method: 'POST',
  url: `/api/organizations/${a.org}/roster-imports?fileName=authz.zip`,
  headers: { 'content-type': 'application/zip' },
  payload: await zipOf(
    oneRoster12([{ sourcedId: 'authz-district', name: 'Northwind School District', type: 'district' }], [{ sourcedId: `authz-${a.tag}`, givenName: 'Rostered', familyName: 'Educator', email: `authz.roster.${a.tag}@example.org`, role: 'teacher', org: 'authz-district' }], { orgs: 'delta', users: 'delta' }),
  ),
});
/** The newest roster import of the actor's organization (a random id where there is none). */
const rosterImportOf = (a: Actor) => one(sql`select id::text as id from roster_imports where organization_id = ${a.org}::uuid order by created_at desc limit 1`);
/** An endpoint nothing listens on: a pull of it fails (502), never a 500. */
const rosterSource = (a: Actor) => json('PUT', `/api/organizations/${a.org}/roster-source`, { baseUrl: 'http://127.0.0.1:9/oneroster', tokenUrl: 'http://127.0.0.1:9/token', clientId: 'authz', clientSecret: 'authz-secret' });
const learnerEvents = (a: Actor): InjectOptions => ({
  method: 'POST',
  url: '/api/learner/events',
  headers: { origin: ORIGIN },
  payload: {
    accessToken: a.token ?? 'not-a-valid-access-token',
    data: [{ id: randomUUID(), type: 'VIDEO_TIMEUPDATED', timeStamp: new Date().toISOString(), data: { catalogItemId: world.item.id, position: 2 } }],
  },
});

const TABLE: Entry[] = [
  // ── catalog ──────────────────────────────── anonymous  demo   user  schoolAdmin districtAdmin admin
  { op: 'searchCatalog',             cells: [ANON,      200,   200,  200,        200,          200],  request: () => get('/api/catalog/search?q=students') },
  { op: 'listCatalogItems',          cells: [ANON,      200,   200,  200,        200,          200],  request: () => get('/api/catalog/items?limit=5') },
  { op: 'getCatalogItem',            cells: [ANON,      200,   200,  200,        200,          200],  request: () => get(itemUrl()) },
  { op: 'listAudiences',             cells: [ANON,      200,   200,  200,        200,          200],  request: () => get('/api/catalog/audiences') },
  { op: 'listNasotItems',            cells: [ANON,      200,   200,  200,        200,          200],  request: () => get('/api/catalog/nasot/items') },
  { op: 'getCatalogItemVideo',       cells: [ANON,      200,   200,  200,        200,          200],  request: () => get(itemUrl('/video')) },
  { op: 'getFeaturedItems',          cells: [ANON,      200,   200,  200,        200,          200],  request: () => get('/api/catalog/recommendations/featured') },
  { op: 'getRecommendedItems',       cells: [ANON,      200,   200,  200,        200,          200],  request: () => get('/api/catalog/recommendations/recommended') },
  { op: 'getRecommendedPlaylists',   cells: [ANON,      200,   200,  200,        200,          200],  request: () => get('/api/catalog/recommendations/recommended-playlists') },
  { op: 'getNewItems',               cells: [ANON,      200,   200,  200,        200,          200],  request: () => get('/api/catalog/recommendations/new') },
  { op: 'getInProgressItems',        cells: [ANON,      200,   200,  200,        200,          200],  request: () => get('/api/catalog/recommendations/in-progress') },
  { op: 'rateCatalogItem',           cells: [ANON,      DEMO,  201,  201,        201,          ROLE], request: () => json('POST', itemUrl('/ratings'), { value: 4 }) },
  { op: 'deleteRating',              cells: [ANON,      DEMO,  204,  204,        204,          ROLE], request: async (a) => json('DELETE', itemUrl(`/ratings/${await ratingOf(a)}`)) },
  { op: 'downloadReproducibles',     cells: [ANON,      DEMO,  200,  200,        200,          ROLE], request: () => get(itemUrl('/reproducibles?archiveName=strategy')) },
  { op: 'saveRubricScore',           cells: [ANON,      DEMO,  200,  200,        200,          ROLE], request: () => json('PUT', itemUrl('/rubric-scores'), { value: 3 }) },
  { op: 'applyStrategy',             cells: [ANON,      DEMO,  201,  201,        201,          ROLE], request: () => json('POST', itemUrl('/strategy-application')) },
  { op: 'removeStrategyApplication', cells: [ANON,      DEMO,  204,  204,        204,          ROLE], request: () => json('DELETE', itemUrl('/strategy-application')) },

  // ── identity (authorizeEmail, verifyEmail, startDemo, startDemoSession and localLogin skip authentication)
  { op: 'getCurrentUser',            cells: [ANON,      200,   200,  200,        200,          200],  request: () => get('/api/identity/me') },
  { op: 'getStartUp',                cells: [ANON,      200,   200,  200,        200,          200],  request: () => get('/api/identity/start') },
  { op: 'authorizeEmail',            cells: [200,       200,   200,  200,        200,          200],  request: (a) => json('POST', '/api/identity/authorize', { email: a.email }) },
  { op: 'getPasswordChangeUrl',      cells: [ANON,      DEMO,  200,  200,        200,          200],  request: () => get('/api/identity/password-change-url?returnUrl=%2Fprofile') },
  { op: 'verifyEmail', subject: 'unknown token',
                                     cells: [404,       404,   404,  404,        404,          404],  request: () => json('POST', '/api/identity/verify-email/no-such-verification-token') },
  { op: 'startDemo',                 cells: [202,       202,   202,  202,        202,          202],  request: (a) => json('POST', '/api/identity/demo', { email: `authz.demo.${a.tag}@example.org` }) },
  { op: 'startDemoSession', subject: 'a ticket that is not one',
                                     cells: [404,       404,   404,  404,        404,          404],  request: () => json('POST', '/api/identity/demo/session', { ticket: 'not-a-demo-link-ticket' }) },
  { op: 'issueDemoRegistrationTicket',
                                     cells: [ANON,      200,   ROLE, ROLE,       ROLE,         ROLE], request: () => json('POST', '/api/identity/demo/registration-ticket') },
  { op: 'localLogin',                cells: [200,       200,   200,  200,        200,          200],  request: () => json('POST', '/api/identity/local/authorize', { email: ACCOUNTS.educator, password: SEED_PASSWORD }) },
  { op: 'sendVerificationEmail', subject: 'seeded accounts are verified, the demo by its link',
                                     cells: [ANON,      { status: 409, code: 'ALREADY_VERIFIED' }, { status: 409, code: 'ALREADY_VERIFIED' }, { status: 409, code: 'ALREADY_VERIFIED' }, { status: 409, code: 'ALREADY_VERIFIED' }, { status: 409, code: 'ALREADY_VERIFIED' }],
                                     request: () => json('POST', '/api/identity/verification-email') },
  { op: 'logout', freshToken: true,  cells: [ANON,      204,   204,  204,        204,          204],  request: () => json('POST', '/api/identity/logout') },
  { op: 'signOutEverywhere', endsSessions: true,
                                     cells: [ANON,      204,   204,  204,        204,          204],  request: () => json('POST', '/api/identity/sign-out-everywhere') },

  // ── learner (the beacon carries its token in the body: without a valid one it is 401);
  // the platform admin works in the admin site and has no learner records
  { op: 'getProgress',               cells: [ANON,      200,   200,  200,        200,          ROLE],  request: () => get('/api/progress') },
  { op: 'recordLearnerEvents',       cells: [{ status: 401, code: 'INVALID_TOKEN' },
                                                        200,   200,  200,        200,          ROLE], request: learnerEvents },

  // ── profile
  { op: 'getProfile',                cells: [ANON,      200,   200,  200,        200,          200],  request: () => get('/api/profile') },
  { op: 'updateProfile',             cells: [ANON,      200,   200,  200,        200,          ROLE],  request: () => json('PATCH', '/api/profile', { experienceLevel: 'ESTABLISHED' }) },
  { op: 'getAchievements',           cells: [ANON,      200,   200,  200,        200,          ROLE],  request: () => get('/api/profile/achievements') },
  { op: 'getProfileInProgress',      cells: [ANON,      200,   200,  200,        200,          ROLE],  request: () => get('/api/profile/in-progress') },
  { op: 'getSystemStreaks',          cells: [ANON,      200,   200,  200,        200,          ROLE],  request: () => get('/api/profile/system-streaks?timeZone=UTC') },
  { op: 'listInteractions',          cells: [ANON,      200,   200,  200,        200,          ROLE],  request: () => get('/api/profile/interactions') },
  { op: 'exportInteractions',        cells: [ANON,      200,   200,  200,        200,          ROLE],  request: () => get('/api/profile/interactions/export?filter=ALL&sortBy=progress&sortOrder=DESC') },
  // A learning record to hand in is a full account's; another learner's certificate is not found.
  { op: 'createCertificate',         cells: [ANON,      DEMO,  201,  201,        201,          ROLE], request: async (a) => (await completedItem(a), json('POST', '/api/profile/certificates', { from: weekAgo(), to: today() })) },
  { op: 'listCertificates',          cells: [ANON,      DEMO,  200,  200,        200,          ROLE], request: () => get('/api/profile/certificates') },
  { op: 'getCertificatePdf', subject: 'own certificate',
                                     cells: [ANON,      DEMO,  200,  200,        200,          ROLE], request: async (a) => get(`/api/profile/certificates/${await certificateCode(a, 'own')}/pdf`) },
  { op: 'getCertificatePdf', subject: "another learner's certificate",
                                     cells: [ANON,      DEMO,  404,  404,        404,          ROLE], request: async (a) => get(`/api/profile/certificates/${await certificateCode(a, 'other')}/pdf`) },
  { op: 'addBookmark',               cells: [ANON,      DEMO,  201,  201,        201,          ROLE], request: () => json('POST', '/api/profile/bookmarks', { catalogItemId: world.item.id }) },
  { op: 'removeBookmark',            cells: [ANON,      DEMO,  200,  200,        200,          ROLE], request: () => json('DELETE', `/api/profile/bookmarks?catalogItemId=${world.item.id}`) },

  // ── billing: no seeded role account has a personal subscription, so `register` starts a trial
  // that the rows below it read, change, cancel and reactivate; the subscription of the
  // actor's organization is the organization's to manage.
  { op: 'register',                  cells: [ANON,      DEMO,  201,  201,        201,          ROLE], request: (a) => ({ ...json('POST', '/api/customers/registration', { paymentMethodToken: 'tok_visa' }), headers: { 'idempotency-key': `authz-${a.tag}` } }) },
  { op: 'listSubscriptions',         cells: [ANON,      DEMO,  200,  200,        200,          ROLE], request: () => get('/api/customers/current/subscriptions?include=paymentMethod') },
  { op: 'listTransactions',          cells: [ANON,      DEMO,  200,  200,        200,          ROLE], request: () => get('/api/customers/current/transactions') },
  { op: 'getReceipt', subject: 'own transaction',
                                     cells: [ANON,      DEMO,  200,  200,        200,          ROLE], request: async (a) => get(`/api/customers/current/transactions/${await ownTransaction(a)}/receipt`) },
  { op: 'getReceipt', subject: "another user's transaction",
                                     cells: [ANON,      DEMO,  404,  404,        404,          ROLE], request: async (a) => get(`/api/customers/current/transactions/${await othersTransaction(a)}/receipt`) },
  { op: 'getPaymentGatewayToken',    cells: [ANON,      DEMO,  200,  200,        200,          ROLE], request: () => get('/api/customers/payment-gateway-tokens') },
  { op: 'getPaymentMethod', subject: 'personal subscription',
                                     cells: [ANON,      DEMO,  200,  200,        200,          ROLE], request: async (a) => get(`/api/customers/current/subscriptions/${await personalSubscription(a)}/payment-method`) },
  { op: 'updatePaymentMethod', subject: 'personal subscription',
                                     cells: [ANON,      DEMO,  200,  200,        200,          ROLE], request: async (a) => json('PUT', `/api/customers/current/subscriptions/${await personalSubscription(a)}/payment-method`, { paymentMethodToken: 'tok_mastercard' }) },
  { op: 'cancelSubscription', subject: 'personal subscription',
                                     cells: [ANON,      DEMO,  200,  200,        200,          ROLE], request: async (a) => json('DELETE', `/api/customers/current/subscriptions/${await personalSubscription(a)}`) },
  { op: 'reactivateSubscription', subject: 'personal subscription',
                                     cells: [ANON,      DEMO,  200,  200,        200,          ROLE], request: async (a) => json('PUT', `/api/customers/current/subscriptions/${await personalSubscription(a)}`) },
  { op: 'getPaymentMethod', subject: 'organization subscription',
                                     cells: [ANON,      DEMO,  MANAGED, MANAGED, MANAGED,      ROLE], request: async (a) => get(`/api/customers/current/subscriptions/${await organizationSubscription(a)}/payment-method`) },
  { op: 'updatePaymentMethod', subject: 'organization subscription',
                                     cells: [ANON,      DEMO,  MANAGED, MANAGED, MANAGED,      ROLE], request: async (a) => json('PUT', `/api/customers/current/subscriptions/${await organizationSubscription(a)}/payment-method`, { paymentMethodToken: 'tok_visa' }) },
  { op: 'cancelSubscription', subject: 'organization subscription',
                                     cells: [ANON,      DEMO,  MANAGED, MANAGED, MANAGED,      ROLE], request: async (a) => json('DELETE', `/api/customers/current/subscriptions/${await organizationSubscription(a)}`) },
  { op: 'reactivateSubscription', subject: 'organization subscription',
                                     cells: [ANON,      DEMO,  MANAGED, MANAGED, MANAGED,      ROLE], request: async (a) => json('PUT', `/api/customers/current/subscriptions/${await organizationSubscription(a)}`) },

  // ── reporting and organizations: tenancy ─── anonymous  demo   user  schoolAdmin districtAdmin admin
  { op: 'getUsageReport',    relation: 'own',           cells: [ANON, ROLE, ROLE, 200,    200,    200],    request: usageReport },
  { op: 'getUsageReport',    relation: 'sameDistrict',  cells: [ANON, ROLE, ROLE, TENANT, 200,    200],    request: usageReport },
  { op: 'getUsageReport',    relation: 'otherDistrict', cells: [ANON, ROLE, ROLE, TENANT, TENANT, 200],    request: usageReport },
  { op: 'getFrameworkUsage', relation: 'own',           cells: [ANON, ROLE, ROLE, 200,    200,    200],    request: frameworkUsage },
  { op: 'getFrameworkUsage', relation: 'sameDistrict',  cells: [ANON, ROLE, ROLE, TENANT, 200,    200],    request: frameworkUsage },
  { op: 'getFrameworkUsage', relation: 'otherDistrict', cells: [ANON, ROLE, ROLE, TENANT, TENANT, 200],    request: frameworkUsage },
  { op: 'listUsers',         relation: 'own',           cells: [ANON, ROLE, ROLE, 200,    200,    200],    request: userList },
  { op: 'listUsers',         relation: 'sameDistrict',  cells: [ANON, ROLE, ROLE, TENANT, 200,    200],    request: userList },
  { op: 'listUsers',         relation: 'otherDistrict', cells: [ANON, ROLE, ROLE, TENANT, TENANT, 200],    request: userList },
  { op: 'exportUsers',       relation: 'own',           cells: [ANON, ROLE, ROLE, 200,    200,    200],    request: userExport },
  { op: 'exportUsers',       relation: 'sameDistrict',  cells: [ANON, ROLE, ROLE, TENANT, 200,    200],    request: userExport },
  { op: 'exportUsers',       relation: 'otherDistrict', cells: [ANON, ROLE, ROLE, TENANT, TENANT, 200],    request: userExport },
  { op: 'inviteUser',        relation: 'own',           cells: [ANON, ROLE, ROLE, 201,    201,    201],    request: invite },
  { op: 'inviteUser',        relation: 'sameDistrict',  cells: [ANON, ROLE, ROLE, TENANT, 201,    201],    request: invite },
  { op: 'inviteUser',        relation: 'otherDistrict', cells: [ANON, ROLE, ROLE, TENANT, TENANT, 201],    request: invite },
  // The invitations the rows above made, sent again.
  { op: 'resendInvitation',  relation: 'own',           cells: [ANON, ROLE, ROLE, 200,    200,    200],    request: resend },
  { op: 'resendInvitation',  relation: 'sameDistrict',  cells: [ANON, ROLE, ROLE, TENANT, 200,    200],    request: resend },
  { op: 'resendInvitation',  relation: 'otherDistrict', cells: [ANON, ROLE, ROLE, TENANT, TENANT, 200],    request: resend },
  { op: 'importUsers',       relation: 'own',           cells: [ANON, ROLE, ROLE, 200,    200,    200],    request: importFile },
  { op: 'importUsers',       relation: 'sameDistrict',  cells: [ANON, ROLE, ROLE, TENANT, 200,    200],    request: importFile },
  { op: 'importUsers',       relation: 'otherDistrict', cells: [ANON, ROLE, ROLE, TENANT, TENANT, 200],    request: importFile },
  // ── a district's roster: its district admins and platform admins; the actors' organizations here are
  // schools (the district admin's own is the district), which are refused for what they are.
  { op: 'createRosterImport', relation: 'own',          cells: [ANON, ROLE, ROLE, ROLE,   201,    SCHOOL], request: rosterFile },
  { op: 'createRosterImport', relation: 'sameDistrict', cells: [ANON, ROLE, ROLE, ROLE,   SCHOOL, SCHOOL], request: rosterFile },
  { op: 'createRosterImport', relation: 'otherDistrict', cells: [ANON, ROLE, ROLE, ROLE,  TENANT, SCHOOL], request: rosterFile },
  { op: 'listRosterImports', relation: 'own',           cells: [ANON, ROLE, ROLE, ROLE,   200,    SCHOOL], request: (a) => get(`/api/organizations/${a.org}/roster-imports`) },
  { op: 'listRosterImports', relation: 'sameDistrict',  cells: [ANON, ROLE, ROLE, ROLE,   SCHOOL, SCHOOL], request: (a) => get(`/api/organizations/${a.org}/roster-imports`) },
  { op: 'listRosterImports', relation: 'otherDistrict', cells: [ANON, ROLE, ROLE, ROLE,   TENANT, SCHOOL], request: (a) => get(`/api/organizations/${a.org}/roster-imports`) },
  { op: 'getRosterImport',   relation: 'own',           cells: [ANON, ROLE, ROLE, ROLE,   200,    SCHOOL], request: async (a) => get(`/api/organizations/${a.org}/roster-imports/${await rosterImportOf(a)}`) },
  { op: 'getRosterImport',   relation: 'sameDistrict',  cells: [ANON, ROLE, ROLE, ROLE,   SCHOOL, SCHOOL], request: async (a) => get(`/api/organizations/${a.org}/roster-imports/${await rosterImportOf(a)}`) },
  { op: 'getRosterImport',   relation: 'otherDistrict', cells: [ANON, ROLE, ROLE, ROLE,   TENANT, SCHOOL], request: async (a) => get(`/api/organizations/${a.org}/roster-imports/${await rosterImportOf(a)}`) },
  { op: 'applyRosterImport', relation: 'own',           cells: [ANON, ROLE, ROLE, ROLE,   200,    SCHOOL], request: async (a) => json('POST', `/api/organizations/${a.org}/roster-imports/${await rosterImportOf(a)}/apply`) },
  { op: 'applyRosterImport', relation: 'sameDistrict',  cells: [ANON, ROLE, ROLE, ROLE,   SCHOOL, SCHOOL], request: async (a) => json('POST', `/api/organizations/${a.org}/roster-imports/${await rosterImportOf(a)}/apply`) },
  { op: 'applyRosterImport', relation: 'otherDistrict', cells: [ANON, ROLE, ROLE, ROLE,   TENANT, SCHOOL], request: async (a) => json('POST', `/api/organizations/${a.org}/roster-imports/${await rosterImportOf(a)}/apply`) },
  { op: 'setRosterSource',   relation: 'own',           cells: [ANON, ROLE, ROLE, ROLE,   200,    SCHOOL], request: rosterSource },
  { op: 'setRosterSource',   relation: 'sameDistrict',  cells: [ANON, ROLE, ROLE, ROLE,   SCHOOL, SCHOOL], request: rosterSource },
  { op: 'setRosterSource',   relation: 'otherDistrict', cells: [ANON, ROLE, ROLE, ROLE,   TENANT, SCHOOL], request: rosterSource },
  { op: 'getRosterSource',   relation: 'own',           cells: [ANON, ROLE, ROLE, ROLE,   200,    SCHOOL], request: (a) => get(`/api/organizations/${a.org}/roster-source`) },
  { op: 'getRosterSource',   relation: 'sameDistrict',  cells: [ANON, ROLE, ROLE, ROLE,   SCHOOL, SCHOOL], request: (a) => get(`/api/organizations/${a.org}/roster-source`) },
  { op: 'getRosterSource',   relation: 'otherDistrict', cells: [ANON, ROLE, ROLE, ROLE,   TENANT, SCHOOL], request: (a) => get(`/api/organizations/${a.org}/roster-source`) },
  { op: 'pullRosterSource',  relation: 'own',           cells: [ANON, ROLE, ROLE, ROLE,   { status: 502, code: 'ROSTER_SOURCE_FAILED' }, SCHOOL], request: (a) => json('POST', `/api/organizations/${a.org}/roster-source/pull`) },
  { op: 'pullRosterSource',  relation: 'sameDistrict',  cells: [ANON, ROLE, ROLE, ROLE,   SCHOOL, SCHOOL], request: (a) => json('POST', `/api/organizations/${a.org}/roster-source/pull`) },
  { op: 'pullRosterSource',  relation: 'otherDistrict', cells: [ANON, ROLE, ROLE, ROLE,   TENANT, SCHOOL], request: (a) => json('POST', `/api/organizations/${a.org}/roster-source/pull`) },
  { op: 'deleteRosterSource', relation: 'own',          cells: [ANON, ROLE, ROLE, ROLE,   204,    SCHOOL], request: (a) => json('DELETE', `/api/organizations/${a.org}/roster-source`) },
  { op: 'deleteRosterSource', relation: 'sameDistrict', cells: [ANON, ROLE, ROLE, ROLE,   SCHOOL, SCHOOL], request: (a) => json('DELETE', `/api/organizations/${a.org}/roster-source`) },
  { op: 'deleteRosterSource', relation: 'otherDistrict', cells: [ANON, ROLE, ROLE, ROLE,  TENANT, SCHOOL], request: (a) => json('DELETE', `/api/organizations/${a.org}/roster-source`) },
  // `listed`: whether the relation's organization is among the ids that come back.
  { op: 'listOrganizations', relation: 'own',           cells: [ANON, ROLE, ROLE, LISTED, LISTED, LISTED], request: organizationList },
  { op: 'listOrganizations', relation: 'sameDistrict',  cells: [ANON, ROLE, ROLE, HIDDEN, LISTED, LISTED], request: organizationList },
  { op: 'listOrganizations', relation: 'otherDistrict', cells: [ANON, ROLE, ROLE, HIDDEN, HIDDEN, LISTED], request: organizationList },
  // Page views count for visitors too.
  { op: 'recordPageView',            cells: [204,       204,   204,  204,        204,          204],  request: () => json('POST', '/api/reporting/event', { event: 'PAGE_VIEW', properties: { from: '/', to: '/catalog' } }) },

  // ── the admin site's catalogue: platform admins only, whatever the item
  { op: 'adminListCatalogItems',     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: () => get('/api/admin/catalog/items?status=DRAFT&status=PUBLISHED&itemsPerPage=5') },
  { op: 'adminCreateCatalogItem',    cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         201],  request: (a) => json('POST', '/api/admin/catalog/items', { resourceType: 'LEARNING_OBJECT', title: `Authorization draft ${a.tag}` }) },
  { op: 'adminGetCatalogItem',       cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: () => get(`/api/admin/catalog/items/${world.item.id}`) },
  { op: 'adminUpdateCatalogItem', subject: 'a value it already has',
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: async () => json('PATCH', `/api/admin/catalog/items/${world.item.id}`, { featured: await featured(world.item.id) }) },
  { op: 'adminChangeCatalogItemStatus', subject: 'the status it already has',
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: () => json('PUT', `/api/admin/catalog/items/${world.item.id}/status`, { status: 'PUBLISHED' }) },
  { op: 'adminReorderPlaylistEntries', subject: 'the order it already has',
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: async () => json('PUT', `/api/admin/catalog/items/${(await playlist()).id}/entries`, { itemIds: (await playlist()).entries }) },
  // ── the admin site's framework and audiences: platform admins only
  { op: 'adminListFrameworkItems',   cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: () => get('/api/admin/framework/items') },
  { op: 'adminCreateFrameworkItem',  cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         201],  request: (a) => json('POST', '/api/admin/framework/items', { parentId: null, title: `Authorization category ${a.tag}` }) },
  { op: 'adminUpdateFrameworkItem', subject: 'a value it already has',
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: async () => json('PATCH', `/api/admin/framework/items/${(await strategy()).id}`, { title: (await strategy()).title }) },
  { op: 'adminMoveFrameworkItem', subject: 'the position it already has',
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: async () => json('PUT', `/api/admin/framework/items/${(await strategy()).id}/position`, { position: (await strategy()).position }) },
  { op: 'adminDeleteFrameworkItem', subject: 'the category its create row made',
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         204],  request: async (a) => json('DELETE', `/api/admin/framework/items/${await createdCategory(a)}`) },
  { op: 'adminListAudiences',        cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: () => get('/api/admin/audiences') },
  { op: 'adminCreateAudience',       cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         201],  request: (a) => json('POST', '/api/admin/audiences', { name: `Authorization audience ${a.tag}` }) },
  { op: 'adminUpdateAudience', subject: 'the name it already has',
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: async () => json('PATCH', `/api/admin/audiences/${(await audience()).id}`, { name: (await audience()).name }) },
  { op: 'adminMoveAudience', subject: 'the position it already has',
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: async () => json('PUT', `/api/admin/audiences/${(await audience()).id}/position`, { position: (await audience()).position }) },
  { op: 'adminDeleteAudience', subject: 'the audience its create row made',
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         204],  request: async (a) => json('DELETE', `/api/admin/audiences/${await createdAudience(a)}`) },
  // ── the admin site: platform admins only; every other role is refused whatever the account
  { op: 'adminListUsers',            cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: () => get('/api/admin/users?filter=educator&role=USER&itemsPerPage=5') },
  { op: 'adminGetUser',              cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: async () => get(`/api/admin/users/${await accountId(ACCOUNTS.free)}`) },
  { op: 'adminUpdateUser', subject: 'a value it already has',
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: async () => json('PATCH', `/api/admin/users/${await accountId(ACCOUNTS.free)}`, { hasFreeAccess: true }) },
  { op: 'adminResendInvitation',     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: async () => json('POST', `/api/admin/users/${await accountId('rosa.delgado@northwind.example.org')}/invitation`) },
  { op: 'listAuditEntries',          cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: () => get('/api/admin/audit-log?entityType=USER&itemsPerPage=5') },
  // ── the admin site's districts and schools: platform admins only
  { op: 'adminListOrganizations',    cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: () => get('/api/admin/organizations?type=SCHOOL&q=a&itemsPerPage=5') },
  { op: 'adminCreateOrganization',   cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         201],  request: (a) => json('POST', '/api/admin/organizations', { name: `Authorization school ${a.tag}`, type: 'SCHOOL' }) },
  { op: 'adminGetOrganization',      cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: () => get(`/api/admin/organizations/${world.orgs.harbor.id}`) },
  { op: 'adminUpdateOrganization', subject: 'the name it already has',
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: () => json('PATCH', `/api/admin/organizations/${world.orgs.harbor.id}`, { name: world.orgs.harbor.name }) },
  { op: 'adminSetOrganizationSubscription', subject: "the admin row's new school",
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: async () => json('PUT', `/api/admin/organizations/${await authorizationSchool()}/subscription`, { seats: 5, startsOn: today(), endsOn: today(), amount: 10 }) },
  { op: 'adminLapseOrganizationSubscription', subject: "the admin row's new school",
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: async () => json('POST', `/api/admin/organizations/${await authorizationSchool()}/subscription/lapse`) },
  { op: 'adminListOrganizationMembers', cells: [ANON,   ROLE,  ROLE, ROLE,       ROLE,         200],  request: () => get(`/api/admin/organizations/${world.orgs.harbor.id}/members?itemsPerPage=5`) },
  { op: 'adminAddOrganizationMember', subject: 'a membership it already has',
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: () => json('POST', `/api/admin/organizations/${world.orgs.harbor.id}/members`, { email: 'educator01@harbor.example.org', role: 'USER' }) },
  { op: 'adminRemoveOrganizationMember', subject: "a member of the admin row's new school",
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: async () => {
    const school = await authorizationSchool();
    await t.query(sql`update users set organization_id = ${school}::uuid where email = 'new.teacher@example.org'`);
    return json('DELETE', `/api/admin/organizations/${school}/members/${await accountId('new.teacher@example.org')}`);
  } },
  // the admin site's single sign-on connections: platform admins only
  { op: 'adminSaveSsoConnection', subject: "the admin row's new school",
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: async (a) => json('PUT', `/api/admin/organizations/${await authorizationSchool()}/sso-connection`, { protocol: 'OIDC', displayName: 'Authorization IdP', issuer: 'https://idp.example.org', clientId: 'authz', domains: [`authz-${a.tag}.example.org`] }) },
  { op: 'adminGetSsoConnection', subject: "the admin row's new school",
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         200],  request: async () => get(`/api/admin/organizations/${await authorizationSchool()}/sso-connection`) },
  { op: 'adminDeleteSsoConnection', subject: "the admin row's new school",
                                     cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         204],  request: async () => json('DELETE', `/api/admin/organizations/${await authorizationSchool()}/sso-connection`) },
  // ââ the admin site's uploads: platform admins only
  { op: 'adminUploadFile',           cells: [ANON,      ROLE,  ROLE, ROLE,       ROLE,         201],  request: (a) => ({ method: 'POST', url: `/api/admin/uploads?kind=captions&fileName=authz-${a.tag}.vtt`, headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n') }) },

  // ── flags and system: no authentication
  { op: 'getFeatures',               cells: [200,       200,   200,  200,        200,          200],  request: () => get('/api/flags/api/features/sdk-local') },
  { op: 'evalFeatures',              cells: [200,       200,   200,  200,        200,          200],  request: () => json('POST', '/api/flags/api/eval/sdk-local', { attributes: { id: 'someone' } }) },
  // An event stream stays open: the row reads its status and headers, not a body.
  { op: 'streamFeatures',            cells: [200,       200,   200,  200,        200,          200],  request: () => ({ ...get('/api/flags/sub/sdk-local'), payloadAsStream: true }) },
  { op: 'getHealth',                 cells: [200,       200,   200,  200,        200,          200],  request: () => get('/api/healthz') },
  { op: 'getReadiness',              cells: [200,       200,   200,  200,        200,          200],  request: () => get('/api/readyz') },
];

const TENANT_OPERATIONS = [
  'getUsageReport', 'getFrameworkUsage', 'listUsers', 'exportUsers', 'inviteUser', 'resendInvitation', 'importUsers', 'listOrganizations',
  'createRosterImport', 'listRosterImports', 'getRosterImport', 'applyRosterImport', 'setRosterSource', 'getRosterSource', 'pullRosterSource', 'deleteRosterSource',
];

const POLICY_OPERATIONS: string[] = Object.keys(POLICY);

/** How openapi.yaml says an operation authenticates, as the policy's authentication kinds that fit it. */
function contractAuthentication(security: unknown[] | undefined): Authentication[] {
  const schemes = JSON.stringify(security ?? [{ bearer: [] }]);
  if (schemes === JSON.stringify([{ bearer: [] }])) return ['bearer'];
  if (schemes === JSON.stringify([{}, { bearer: [] }])) return ['optionalBearer'];
  // No scheme the contract can state: nothing, or the beacon's token in the body.
  if (schemes === '[]') return ['none', 'beacon'];
  throw new Error(`unexpected security ${schemes}`);
}

const ROWS = TABLE.flatMap((entry) =>
  ROLE_NAMES.map((role, i) => {
    const cell = entry.cells[i]!;
    const expected: Outcome = typeof cell === 'number' ? { status: cell } : cell;
    return { ...entry, tenancy: entry.relation !== undefined, relation: entry.relation ?? ('own' as Relation), role, expected };
  }),
);

function actorFor(role: RoleName, relation: Relation, token: string | null): Actor {
  const account = role === 'anonymous' ? null : accounts[role];
  const home = account?.home ?? null;
  const org = relation === 'sameDistrict' ? world.orgs.siblingSchool.id : relation === 'otherDistrict' ? world.orgs.otherDistrictSchool.id : (home ?? world.orgs.ownSchool.id);
  return { role, token, relation, org, home, email: account?.email ?? 'nobody@example.org', userId: account?.userId ?? null, tag: `${role}-${relation}`.toLowerCase() };
}

/** A new token for the role, signed in through the real operations (t.login caches its tokens). */
async function freshToken(role: RoleName) {
  if (role === 'anonymous') return null;
  if (role === 'demo') return t.demo(ACCOUNTS.demo);
  const res = await t.app.inject({ method: 'POST', url: '/api/identity/local/authorize', payload: { email: accounts[role].email, password: SEED_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ accessToken: string }>().accessToken;
}

beforeAll(async () => {
  t = await createTestApp();
  world = await loadWorld(t);
  const emails = {
    demo: ACCOUNTS.demo,
    user: ACCOUNTS.educator,
    schoolAdmin: world.schoolAdminEmail,
    districtAdmin: ACCOUNTS.districtAdmin,
    admin: ACCOUNTS.admin,
  };
  const found = await t.query<{ email: string; id: string; organizationId: string | null }>(
    sql`select email, id::text as id, organization_id::text as "organizationId" from users where email in (${sql.join(Object.values(emails).map((e) => sql`${e}`), sql`, `)})`,
  );
  const of = (email: string) => {
    const user = found.find((u) => u.email === email);
    if (!user) throw new Error(`seeded account ${email} is missing`);
    return { email, userId: user.id, home: user.organizationId };
  };
  accounts = { demo: of(emails.demo), user: of(emails.user), schoolAdmin: of(emails.schoolAdmin), districtAdmin: of(emails.districtAdmin), admin: of(emails.admin) };
});
afterAll(() => t?.close());

describe('authorization table', () => {
  it('has rows for every operation of the policy table, and only for those', () => {
    const inTable = new Set(TABLE.map((e) => e.op));
    expect(POLICY_OPERATIONS.filter((id) => !inTable.has(id))).toEqual([]);
    expect([...inTable].filter((id) => !POLICY_OPERATIONS.includes(id))).toEqual([]);
    for (const op of TENANT_OPERATIONS) expect(TABLE.filter((e) => e.op === op).map((e) => e.relation), op).toEqual(RELATIONS);
  });

  it('has a policy for every operation of openapi.yaml, and only for those', () => {
    expect(operations.map((o) => o.operationId).filter((id) => !POLICY_OPERATIONS.includes(id))).toEqual([]);
    expect(POLICY_OPERATIONS.filter((id) => !operationById.has(id))).toEqual([]);
  });

  it('scopes to a tenant exactly the operations this table runs per tenant relation', () => {
    const scoped = Object.entries(POLICY).flatMap(([op, policy]) => ('tenancy' in policy && policy.tenancy ? [op] : []));
    expect(scoped.sort()).toEqual([...TENANT_OPERATIONS].sort());
  });

  it("authenticates each operation the way openapi.yaml's security says", () => {
    const mismatched = operations.flatMap((o) => {
      const policy = POLICY[o.operationId as keyof typeof POLICY];
      const allowed = contractAuthentication(o.security);
      return policy && !allowed.includes(policy.authentication) ? [`${o.operationId}: ${policy.authentication}, contract allows ${allowed.join(' or ')}`] : [];
    });
    expect(mismatched).toEqual([]);
  });

  it('runs on the tenant relations it assumes', () => {
    const { northwind, lakeside, ownSchool, siblingSchool, otherDistrictSchool } = world.orgs;
    expect(accounts.schoolAdmin.home).toBe(ownSchool.id);
    expect(accounts.districtAdmin.home).toBe(northwind.id);
    expect(accounts.admin.home).toBeNull();
    expect([ownSchool.parentId, siblingSchool.parentId, otherDistrictSchool.parentId]).toEqual([northwind.id, northwind.id, lakeside.id]);
    expect(siblingSchool.id).not.toBe(ownSchool.id);
  });

  for (const row of ROWS) {
    const { op, role, relation, subject, expected } = row;
    const what = [op, role, row.tenancy && relation, subject].filter(Boolean).join(' · ');
    const name = `${what} → ${expected.status}${expected.code ? ` ${expected.code}` : ''}`;
    it(name, async () => {
      const token = row.freshToken ? await freshToken(role) : world.token(role);
      const actor = actorFor(role, relation, token);
      const request = await row.request(actor);
      expect(findOperation(request.method as string, request.url as string)?.operationId, 'the row calls another operation').toBe(op);

      const res = await t.request(token, request);
      if (row.endsSessions && role !== 'anonymous') {
        await new Promise((resolve) => setTimeout(resolve, 2));
        t.forgetLogin(actor.email);
        world.tokens[role] = (await freshToken(role))!;
      }
      const type = res.headers['content-type'] as string | undefined;
      const streamed = 'payloadAsStream' in request && request.payloadAsStream === true;
      if (streamed) res.stream().destroy();
      const body: unknown = streamed ? '' : type?.startsWith('application/json') ? res.json() : res.body;
      expect(res.statusCode, streamed ? 'a stream' : res.body.slice(0, 300)).toBe(expected.status);
      if (res.statusCode >= 400) {
        expect(body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
        if (expected.code) expect((body as { error: { code: string } }).error.code).toBe(expected.code);
      }
      expect(validateResponse(op, res.statusCode, type, body)).toEqual([]);
      // Every operation the contract secures (bearer by default), and the public ones too.
      expect(res.headers['cache-control'], 'cache-control').toBe(REVALIDATED.has(op) && res.statusCode === 200 ? 'private, no-cache' : 'no-store');
      if (expected.listed !== undefined) {
        const ids = (body as { items: { id: string }[] }).items.map((o) => o.id);
        expect(ids.includes(actor.org), `organization ${actor.org} listed`).toBe(expected.listed);
      }
    });
  }
});

/** Every call an admin may make about an organization, aimed at `org` (a member of it where one is needed). */
async function callsAbout(org: string): Promise<InjectOptions[]> {
  const member = await one(sql`select id::text as id from users where organization_id = ${org}::uuid and role = 'USER' order by email limit 1`);
  return [
    get(`/api/reporting?organizationId=${org}`),
    get(`/api/reporting/framework?organizationId=${org}`),
    get(`/api/users?organizationId=${org}`),
    get(`/api/users/export?organizationId=${org}`),
    json('POST', `/api/organizations/${org}/users`, { email: `tenancy.${org.slice(0, 8)}@example.org`, firstName: 'Out', lastName: 'Side' }),
    json('POST', `/api/organizations/${org}/users/${member}/invitation`),
    json('POST', `/api/organizations/${org}/users/import`, { csv: `email,firstName,lastName\nimport.${org.slice(0, 8)}@example.org,Out,Side\n`, dryRun: false }),
  ];
}

describe('tenancy', () => {
  it("a school admin can never read or change another school's report, framework usage, users or invitations", async () => {
    const orgs = await t.query<{ id: string; name: string }>(sql`select id::text as id, name from organizations order by name`);
    const admins = await t.query<{ email: string; organizationId: string }>(
      sql`select email, organization_id::text as "organizationId" from users where role = 'SCHOOL_ADMIN' order by email`,
    );
    expect(admins.length).toBeGreaterThan(1);
    for (const admin of admins) {
      const token = await t.login(admin.email);
      for (const org of orgs.filter((o) => o.id !== admin.organizationId)) {
        for (const call of await callsAbout(org.id)) {
          const res = await t.request(token, call);
          expect(res.statusCode, `${admin.email} → ${org.name}: ${call.method} ${call.url}`).toBe(403);
          expect(res.json().error.code).toBe('FORBIDDEN_ORGANIZATION');
        }
      }
    }
  });

  it("a district admin can never read or change another district's (or an independent school's)", async () => {
    const admins = await t.query<{ email: string; organizationId: string }>(
      sql`select email, organization_id::text as "organizationId" from users where role = 'DISTRICT_ADMIN' order by email`,
    );
    expect(admins.length).toBeGreaterThan(1);
    for (const admin of admins) {
      const token = await t.login(admin.email);
      const outside = await t.query<{ id: string; name: string }>(
        sql`select id::text as id, name from organizations where id <> ${admin.organizationId}::uuid and parent_id is distinct from ${admin.organizationId}::uuid order by name`,
      );
      expect(outside.length).toBeGreaterThan(0);
      for (const org of outside) {
        for (const call of await callsAbout(org.id)) {
          const res = await t.request(token, call);
          expect(res.statusCode, `${admin.email} → ${org.name}: ${call.method} ${call.url}`).toBe(403);
          expect(res.json().error.code).toBe('FORBIDDEN_ORGANIZATION');
        }
      }
      // Their own district's lists name only their own schools' educators.
      const listed = (await t.request(token, get('/api/users?itemsPerPage=-1'))).json<{ items: { organizationId: string }[] }>().items;
      const own = new Set([admin.organizationId, ...(await t.query<{ id: string }>(sql`select id::text as id from organizations where parent_id = ${admin.organizationId}::uuid`)).map((o) => o.id)]);
      expect(listed.filter((u) => !own.has(u.organizationId))).toEqual([]);
      const exported = (await t.request(token, get('/api/users/export'))).body.split('\r\n').slice(1, -1);
      expect(exported).toHaveLength(listed.length);
    }
  });
});
