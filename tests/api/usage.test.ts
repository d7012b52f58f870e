import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { outboxMessages } from '../support/outbox.ts';
import { ACCOUNTS, loadWorld } from '../support/world.ts';
import { openVideo, videoEvent } from '../support/watching.ts';

/**
 * The Educator Usage report, its framework heatmap, the educators' list with invitations, its CSV
 * export, and invitations (sent again, imported from a file), on the demo seed. The report's
 * figures are checked against the stored rows read here directly and counted in JavaScript
 * (days in a time zone by Intl), not with the server's SQL.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof loadWorld>>;
let admin: string;

const MEMBER_ROLES = ['USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN'];
/** A timestamp column as ISO 8601 text in UTC (null stays null). */
const utc = (column: ReturnType<typeof sql>) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** YYYY-MM-DD of an instant in a time zone, by Intl (independent of the server's SQL). */
const dayIn = (at: Date | string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
const shift = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const daysFrom = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = shift(d, 1)) out.push(d);
  return out;
};
/** Today in UTC, as the server (on the real clock here) counts it. */
const todayUtc = () => dayIn(new Date(), 'UTC');
/** The year up to today: every row of the demo seed, which places its activity in the last 60 days. */
const lastYear = () => ({ from: shift(todayUtc(), -364), to: todayUtc() });
/** The first instant of a day (UTC) and of the day after another, bounds for the raw rows of a range. */
const startOf = (day: string) => `${day}T00:00:00Z`;
const inRange = (at: Date | string | null, from: string, to: string, timeZone: string) => {
  if (!at) return false;
  const day = dayIn(at, timeZone);
  return day >= from && day <= to;
};

/** What the report must say, counted from the raw rows of the organizations' members. */
async function expectedReport(organizationIds: string[], from: string, to: string, timeZone: string) {
  const ids = sql.join(organizationIds.map((id) => sql`${id}::uuid`), sql`, `);
  const members = await t.query<{ id: string; role: string; onboarded: boolean; createdAt: string }>(
    sql`select id::text as id, role, completed_onboarding as onboarded, ${utc(sql`created_at`)} as "createdAt" from users where organization_id in (${ids})`,
  );
  const memberIds = new Set(members.filter((m) => MEMBER_ROLES.includes(m.role)).map((m) => m.id));
  const logins = await t.query<{ userId: string; at: string }>(sql`select user_id::text as "userId", ${utc(sql`occurred_at`)} as at from learner_events where type = 'LEARNER_LOGIN'`);
  const progress = await t.query<{ userId: string; watched: string | null; rated: string | null; applied: string | null; scored: string | null }>(
    sql`select user_id::text as "userId", ${utc(sql`watched_at`)} as watched, ${utc(sql`rated_at`)} as rated, ${utc(sql`applied_at`)} as applied,
          ${utc(sql`rubric_scored_at`)} as scored from learner_progress`,
  );
  const pgDate = (text: string) => new Date(text);
  const perDay = new Map<string, number>();
  for (const l of logins) {
    if (!memberIds.has(l.userId) || !inRange(pgDate(l.at), from, to, timeZone)) continue;
    const day = dayIn(pgDate(l.at), timeZone);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const count = (key: 'watched' | 'rated' | 'applied' | 'scored') =>
    progress.filter((p) => memberIds.has(p.userId) && p[key] && inRange(pgDate(p[key]!), from, to, timeZone)).length;
  const endOfRange = (() => {
    // The first instant of the day after `to` in the time zone: the first hour whose local day is later.
    let at = Date.parse(`${shift(to, 1)}T00:00:00Z`) - 36 * 3600_000;
    while (dayIn(new Date(at), timeZone) <= to) at += 60_000;
    return at;
  })();
  const days = daysFrom(from, to).map((date) => ({ date, count: perDay.get(date) ?? 0 }));
  return {
    from,
    to,
    activeUsers: { count: members.filter((m) => MEMBER_ROLES.includes(m.role) && m.onboarded && pgDate(m.createdAt).getTime() < endOfRange).length },
    logins: { count: days.reduce((n, d) => n + d.count, 0), days },
    aggregation: { strategiesWatched: count('watched'), strategiesRated: count('rated'), strategiesApplied: count('applied'), rubricsScored: count('scored') },
  };
}

const report = async (query: string, token = admin) => {
  const res = await t.request(token, { method: 'GET', url: `/api/reporting?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const framework = async (query: string, token = admin) => {
  const res = await t.request(token, { method: 'GET', url: `/api/reporting/framework?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ elements: { id: string; title: string; strandTitle: string | null; categoryTitle: string | null; watched: number; rated: number; applied: number; rubricsScored: number }[] }>();
};
const sumOf = (elements: { watched: number; rated: number; applied: number; rubricsScored: number }[]) => ({
  strategiesWatched: elements.reduce((n, e) => n + e.watched, 0),
  strategiesRated: elements.reduce((n, e) => n + e.rated, 0),
  strategiesApplied: elements.reduce((n, e) => n + e.applied, 0),
  rubricsScored: elements.reduce((n, e) => n + e.rubricsScored, 0),
});
const userId = async (email: string) => (await t.query<{ id: string }>(sql`select id::text as id from users where email = ${email}`))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  world = await loadWorld(t);
  admin = world.tokens.districtAdmin;
});
afterAll(() => t?.close());

describe('usage report', () => {
  const today = () => dayIn(new Date(), 'UTC');

  it('matches the stored rows for a school, by default over the 30 days up to today', async () => {
    const school = world.orgs.ownSchool.id;
    const got = await report(`organizationId=${school}`);
    const expected = await expectedReport([school], shift(today(), -29), today(), 'UTC');
    expect(got).toEqual({ organizationId: school, ...expected });
    expect(got.logins.days).toHaveLength(30);
    expect(got.activeUsers.count).toBeGreaterThan(0);
    expect(got.logins.count).toBeGreaterThan(0);
  });

  it('rolls every school of the district up, in a time zone and over a range that is not the default', async () => {
    const ids = [world.orgs.northwind.id, ...world.orgs.northwindSchools.map((s) => s.id)];
    for (const timeZone of ['America/Chicago', 'Asia/Kolkata', 'Pacific/Chatham']) {
      const to = shift(dayIn(new Date(), timeZone), -3);
      const from = shift(to, -44);
      const got = await report(`from=${from}&to=${to}&timeZone=${encodeURIComponent(timeZone)}`);
      expect(got).toEqual({ organizationId: world.orgs.northwind.id, ...(await expectedReport(ids, from, to, timeZone)) });
      const s = got.aggregation;
      expect(s.strategiesWatched + s.strategiesRated + s.strategiesApplied + s.rubricsScored, timeZone).toBeGreaterThan(0);
    }
    // The district's figures are its own members' (its admin) and its schools' together.
    const year = lastYear();
    const district = await report(`from=${year.from}&to=${year.to}`);
    const [own] = await t.query<{ n: number }>(
      sql`select count(*)::int as n from users where organization_id = ${world.orgs.northwind.id}::uuid and completed_onboarding and role in ('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN')`,
    );
    expect(own!.n).toBeGreaterThan(0);
    let active = own!.n;
    let logins = 0;
    for (const s of world.orgs.northwindSchools) {
      const one = await report(`organizationId=${s.id}&from=${year.from}&to=${year.to}`);
      active += one.activeUsers.count;
      logins += one.logins.count;
    }
    expect([district.activeUsers.count, district.logins.count]).toEqual([active, logins]);
  });

  it('lists every day of the range, zeros included, in order', async () => {
    // Years long before the demo seed's activity (the last 60 days), whatever day this runs.
    const got = await report('from=2015-02-20&to=2015-03-02&timeZone=Europe/Paris');
    expect(got.logins).toEqual({ count: 0, days: daysFrom('2015-02-20', '2015-03-02').map((date) => ({ date, count: 0 })) });
    expect(got.logins.days.map((d: { date: string }) => d.date)).toContain('2015-02-28');
    expect(got.aggregation).toEqual({ strategiesWatched: 0, strategiesRated: 0, strategiesApplied: 0, rubricsScored: 0 });
    expect((await report('from=2016-02-28&to=2016-03-01')).logins.days.map((d: { date: string }) => d.date)).toEqual(['2016-02-28', '2016-02-29', '2016-03-01']);
    // Only educators whose account existed by the end of the range are active.
    const [oldest] = await t.query<{ day: string }>(sql`select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD') as day from users where role in ('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN')`);
    expect((await report(`from=${shift(oldest!.day, -30)}&to=${shift(oldest!.day, -1)}`)).activeUsers.count).toBe(0);
  });

  it('answers 400 when the range runs backwards, is longer than 731 days, or the time zone is unknown', async () => {
    for (const query of ['from=2026-05-02&to=2026-05-01', 'from=2024-01-01&to=2026-01-01', 'timeZone=Mars/Olympus']) {
      const res = await t.request(admin, { method: 'GET', url: `/api/reporting?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
    expect((await report('from=2024-01-01&to=2025-12-31')).logins.days).toHaveLength(731);
  });
});

describe('framework usage', () => {
  it('has every element in framework order, zeros included, and sums to the report', async () => {
    const elements = await t.query<{ id: string; title: string; strand: string; category: string }>(sql`
      select e.id::text as id, e.title, st.title as strand, c.title as category from nasot_items e
      join nasot_items st on st.id = e.parent_id join nasot_items c on c.id = st.parent_id
      where e.type = 'ELEMENT' order by c.position, st.position, e.position`);
    // Each learning object of the demo seed has exactly one element, so the split adds up.
    const [multi] = await t.query<{ n: number }>(sql`select count(*)::int as n from (select catalog_item_id from catalog_item_elements group by 1 having count(*) > 1) x`);
    expect(multi!.n).toBe(0);
    const ninetyDays = `from=${shift(todayUtc(), -92)}&to=${shift(todayUtc(), -3)}&timeZone=America/New_York`;
    for (const query of ['', ninetyDays, `organizationId=${world.orgs.ownSchool.id}`]) {
      const got = await framework(query);
      expect(got.elements.map((e) => [e.id, e.title, e.strandTitle, e.categoryTitle])).toEqual(elements.map((e) => [e.id, e.title, e.strand, e.category]));
      expect(sumOf(got.elements), query).toEqual((await report(query)).aggregation);
    }
    const year = lastYear();
    const wide = await framework(`from=${year.from}&to=${year.to}`);
    expect(wide.elements.some((e) => e.watched > 0)).toBe(true);
    // Elements nobody worked on are there with zeros (a month long before the seed's activity).
    const quiet = await framework('from=2015-01-01&to=2015-01-31');
    expect(quiet.elements).toHaveLength(elements.length);
    expect(quiet.elements.every((e) => e.watched + e.rated + e.applied + e.rubricsScored === 0)).toBe(true);
  });

  it("counts each step on the element of the item's strategy", async () => {
    const educatorId = await userId('educator03@harbor.example.org');
    const [item] = await t.query<{ id: string; element: string }>(sql`
      select ci.id::text as id, s.parent_id::text as element from catalog_items ci
      join catalog_item_nasot_items cin on cin.catalog_item_id = ci.id join nasot_items s on s.id = cin.nasot_item_id and s.type = 'STRATEGY'
      where ci.resource_type = 'LEARNING_OBJECT' and ci.id not in (select catalog_item_id from learner_progress where user_id = ${educatorId}::uuid)
      order by ci.public_id desc limit 1`);
    const harborAdmin = await t.login('school.admin@harbor.example.org');
    const harborEducator = await t.login('educator03@harbor.example.org');
    const before = (await framework('', harborAdmin)).elements.find((e) => e.id === item!.element)!;
    expect((await t.request(harborEducator, { method: 'POST', url: `/api/catalog/items/${item!.id}/ratings`, payload: { value: 5 } })).statusCode).toBe(201);
    expect((await t.request(harborEducator, { method: 'POST', url: `/api/catalog/items/${item!.id}/strategy-application` })).statusCode).toBe(201);
    const after = (await framework('', harborAdmin)).elements.find((e) => e.id === item!.element)!;
    expect(after).toEqual({ ...before, rated: before.rated + 1, applied: before.applied + 1 });
  });
});

describe('what the figures follow', () => {
  it("counts a learner's steps and sign-ins for the organization they are a member of now", async () => {
    const email = 'educator04@northwind.example.org';
    const id = await userId(email);
    const [{ from: home } = { from: '' }] = await t.query<{ from: string }>(sql`select organization_id::text as "from" from users where id = ${id}::uuid`);
    const to = world.orgs.northwindSchools.find((s) => s.id !== home)!.id;
    const year = lastYear();
    const range = `from=${year.from}&to=${year.to}`;
    const [homeBefore, toBefore] = [await report(`organizationId=${home}&${range}`), await report(`organizationId=${to}&${range}`)];
    const [since, until] = [startOf(year.from), startOf(shift(year.to, 1))];
    const [mine] = await t.query<{ logins: number; watched: number }>(sql`
      select (select count(*)::int from learner_events where user_id = ${id}::uuid and type = 'LEARNER_LOGIN'
                and occurred_at >= ${since}::timestamptz and occurred_at < ${until}::timestamptz) as logins,
             (select count(*)::int from learner_progress where user_id = ${id}::uuid
                and watched_at >= ${since}::timestamptz and watched_at < ${until}::timestamptz) as watched`);
    expect(mine!.logins).toBeGreaterThan(0);
    await t.query(sql`update users set organization_id = ${to}::uuid where id = ${id}::uuid`);
    const [homeAfter, toAfter] = [await report(`organizationId=${home}&${range}`), await report(`organizationId=${to}&${range}`)];
    expect([homeAfter.logins.count, toAfter.logins.count]).toEqual([homeBefore.logins.count - mine!.logins, toBefore.logins.count + mine!.logins]);
    expect(toAfter.aggregation.strategiesWatched).toBe(toBefore.aggregation.strategiesWatched + mine!.watched);
    // Not a member any more (a demo account, say): counted nowhere.
    await t.query(sql`update users set role = 'DEMO' where id = ${id}::uuid`);
    expect((await report(`organizationId=${to}&${range}`)).logins.count).toBe(toBefore.logins.count);
    await t.query(sql`update users set role = 'USER', organization_id = ${home}::uuid where id = ${id}::uuid`);
    expect((await report(`organizationId=${home}&${range}`)).logins).toEqual(homeBefore.logins);
  });

  it("splits by the element of the item's strategy as it is tagged now", async () => {
    const [item] = await t.query<{ id: string; element: string; strategy: string }>(sql`
      select ce.catalog_item_id::text as id, ce.element_id::text as element, s.id::text as strategy from catalog_item_elements ce
      join learner_progress p on p.catalog_item_id = ce.catalog_item_id and p.watched_at is not null
      join catalog_item_nasot_items cin on cin.catalog_item_id = ce.catalog_item_id join nasot_items s on s.id = cin.nasot_item_id and s.type = 'STRATEGY'
      join users u on u.id = p.user_id and u.organization_id = ${world.orgs.ownSchool.id}::uuid
      order by p.watched_at desc limit 1`);
    const [other] = await t.query<{ id: string; element: string }>(sql`
      select id::text as id, parent_id::text as element from nasot_items where type = 'STRATEGY' and parent_id <> ${item!.element}::uuid order by position limit 1`);
    const year = lastYear();
    const range = `organizationId=${world.orgs.ownSchool.id}&from=${year.from}&to=${year.to}`;
    const watched = async () => Object.fromEntries((await framework(range)).elements.map((e) => [e.id, e.watched]));
    const before = await watched();
    const [n] = await t.query<{ n: number }>(sql`
      select count(*)::int as n from learner_progress p join users u on u.id = p.user_id
      where p.catalog_item_id = ${item!.id}::uuid and u.organization_id = ${world.orgs.ownSchool.id}::uuid
        and p.watched_at >= ${startOf(year.from)}::timestamptz and p.watched_at < ${startOf(shift(year.to, 1))}::timestamptz`);
    expect(n!.n).toBeGreaterThan(0);
    // Tagged with a second strategy of another element: counted for both.
    await t.query(sql`insert into catalog_item_nasot_items (catalog_item_id, nasot_item_id) values (${item!.id}::uuid, ${other!.id}::uuid)`);
    const both = await watched();
    expect([both[item!.element], both[other!.element]]).toEqual([before[item!.element], before[other!.element]! + n!.n]);
    // Its first strategy taken away: only the new element.
    await t.query(sql`delete from catalog_item_nasot_items where catalog_item_id = ${item!.id}::uuid and nasot_item_id = ${item!.strategy}::uuid`);
    const moved = await watched();
    expect([moved[item!.element], moved[other!.element]]).toEqual([before[item!.element]! - n!.n, before[other!.element]! + n!.n]);
    // And back as it was.
    await t.query(sql`insert into catalog_item_nasot_items (catalog_item_id, nasot_item_id) values (${item!.id}::uuid, ${item!.strategy}::uuid)`);
    await t.query(sql`delete from catalog_item_nasot_items where catalog_item_id = ${item!.id}::uuid and nasot_item_id = ${other!.id}::uuid`);
    expect(await watched()).toEqual(before);
  });
});

describe('first-done times', () => {
  it('are set by the step, kept while it stays done, and cleared when it is undone', async () => {
    const educator = await t.login('educator22@northwind.example.org');
    const id = await userId('educator22@northwind.example.org');
    const [item] = await t.query<{ id: string }>(sql`
      select id::text as id from catalog_items where resource_type = 'LEARNING_OBJECT'
        and id not in (select catalog_item_id from learner_progress where user_id = ${id}::uuid) order by public_id limit 1`);
    const base = `/api/catalog/items/${item!.id}`;
    const row = async () =>
      (
        await t.query<{ rated: string | null; applied: string | null; scored: string | null }>(
          sql`select rated_at::text as rated, applied_at::text as applied, rubric_scored_at::text as scored from learner_progress where user_id = ${id}::uuid and catalog_item_id = ${item!.id}::uuid`,
        )
      )[0];
    const school = (await t.query<{ id: string }>(sql`select organization_id::text as id from users where id = ${id}::uuid`))[0]!.id;
    const today = dayIn(new Date(), 'UTC');
    const counts = async () => (await report(`organizationId=${school}&from=${today}&to=${today}`)).aggregation;
    const before = await counts();

    const rating = await t.request(educator, { method: 'POST', url: `${base}/ratings`, payload: { value: 4 } });
    expect(rating.statusCode).toBe(201);
    const first = (await row())!.rated;
    expect(first).not.toBeNull();
    expect(await counts()).toEqual({ ...before, strategiesRated: before.strategiesRated + 1 });
    // Rating again keeps the first time.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await t.request(educator, { method: 'POST', url: `${base}/ratings`, payload: { value: 2 } });
    expect((await row())!.rated).toBe(first);
    // Un-rated: no longer counts.
    expect((await t.request(educator, { method: 'DELETE', url: `${base}/ratings/${again.json().id}` })).statusCode).toBe(204);
    // Its only step undone: the item is not started any more, and has no row.
    expect(await row()).toBeUndefined();
    expect(await counts()).toEqual(before);

    expect((await t.request(educator, { method: 'POST', url: `${base}/strategy-application` })).statusCode).toBe(201);
    expect((await t.request(educator, { method: 'PUT', url: `${base}/rubric-scores`, payload: { value: 3 } })).statusCode).toBe(200);
    expect(await row()).toMatchObject({ applied: expect.any(String), scored: expect.any(String) });
    expect(await counts()).toEqual({ ...before, strategiesApplied: before.strategiesApplied + 1, rubricsScored: before.rubricsScored + 1 });
    expect((await t.request(educator, { method: 'DELETE', url: `${base}/strategy-application` })).statusCode).toBe(204);
    expect((await row())!.applied).toBeNull();
    expect(await counts()).toEqual({ ...before, rubricsScored: before.rubricsScored + 1 });
    // A step done yesterday (in the report's zone) is not today's.
    await t.query(sql`update learner_progress set rubric_scored_at = now() - interval '2 days' where user_id = ${id}::uuid and catalog_item_id = ${item!.id}::uuid`);
    expect(await counts()).toEqual(before);
  });

  it('date a watched video by the event that reached 90 %', async () => {
    const email = 'educator23@northwind.example.org';
    const educator = await t.login(email);
    const id = await userId(email);
    const [item] = await t.query<{ id: string }>(sql`
      select id::text as id from catalog_items where resource_type = 'LEARNING_OBJECT'
        and id not in (select catalog_item_id from learner_progress where user_id = ${id}::uuid) order by public_id desc limit 1`);
    const session = await openVideo(t, educator, item!.id, 2 * 3600);
    const at = new Date(Date.now() - 60_000);
    const earlier = new Date(Date.now() - 50 * 60_000);
    const event = (percent: number, when: Date) =>
      videoEvent('VIDEO_TIMEUPDATED', item!.id, session, { watched: [[0, (session.durationSeconds * percent) / 100]], position: 1 }, when);
    const send = (events: object[]) => t.app.inject({ method: 'POST', url: '/api/learner/events', headers: { origin: 'http://localhost:3000' }, payload: { accessToken: educator, data: events } });
    expect((await send([event(50, earlier), event(95, at)])).json()).toMatchObject({ accepted: 2 });
    const watched = async () => (await t.query<{ at: string | null }>(sql`select to_char(watched_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at from learner_progress where user_id = ${id}::uuid and catalog_item_id = ${item!.id}::uuid`))[0]!.at;
    expect(await watched()).toBe(at.toISOString());
    // A later event at 100 % changes nothing; it was watched then.
    await send([event(100, new Date())]);
    expect(await watched()).toBe(at.toISOString());
  });
});

describe('educators and their invitations', () => {
  it('lists members with their invitations', async () => {
    const maple = world.orgs.northwindSchools.find((s) => s.name.startsWith('Maple'))!.id;
    const list = (await t.request(admin, { method: 'GET', url: `/api/users?organizationId=${maple}&itemsPerPage=-1&sortBy=email` })).json();
    const status = Object.fromEntries(list.items.map((u: { email: string; invitation: { status: string } | null }) => [u.email, u.invitation?.status ?? null]));
    expect(status).toMatchObject({
      'rosa.delgado@northwind.example.org': 'PENDING',
      'theo.marsh@northwind.example.org': 'PENDING',
      'iris.novak@northwind.example.org': 'EXPIRED',
      'educator08@northwind.example.org': 'ACCEPTED',
      'educator03@northwind.example.org': null,
      'school.admin@maple.northwind.example.org': null,
    });
    const rosa = list.items.find((u: { email: string }) => u.email === 'rosa.delgado@northwind.example.org');
    expect(Date.parse(rosa.invitation.expiresAt) - Date.parse(rosa.invitation.sentAt)).toBe(14 * 86_400_000);
    expect(rosa.invitation).toMatchObject({ acceptedAt: null, invitedAt: rosa.invitation.sentAt });
  });

  it('lists the active (the Active Educators figure), the not yet active, or everyone', async () => {
    const maple = world.orgs.northwindSchools.find((s) => s.name.startsWith('Maple'))!.id;
    const list = async (status?: string) =>
      (await t.request(admin, { method: 'GET', url: `/api/users?organizationId=${maple}&itemsPerPage=-1&sortBy=email${status ? `&status=${status}` : ''}` })).json() as {
        items: { email: string; completedOnboarding: boolean }[];
        total: number;
      };
    const [all, active, notActive] = await Promise.all([list(), list('ACTIVE'), list('NOT_ACTIVE')]);
    expect(active.items.every((u) => u.completedOnboarding)).toBe(true);
    expect(notActive.items.every((u) => !u.completedOnboarding)).toBe(true);
    expect(notActive.items.map((u) => u.email)).toContain('rosa.delgado@northwind.example.org');
    expect(active.total + notActive.total).toBe(all.total);
    expect(active.total).toBeGreaterThan(0);
    expect(notActive.total).toBeGreaterThan(0);
    // The card and the Active tab count the same people.
    const report = (await t.request(admin, { method: 'GET', url: `/api/reporting?organizationId=${maple}` })).json();
    expect(report.activeUsers.count).toBe(active.total);
    // The export follows the tab.
    const csv = (await t.request(admin, { method: 'GET', url: `/api/users/export?organizationId=${maple}&status=NOT_ACTIVE&sortBy=email` })).body;
    expect(csv.trim().split('\r\n')).toHaveLength(notActive.total + 1);
    expect((await t.request(admin, { method: 'GET', url: '/api/users?status=SLEEPING' })).statusCode).toBe(400);
  });

  it('shows an invitation EXPIRED once its link stops working', async () => {
    const email = `expiring.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const school = world.orgs.ownSchool.id;
    expect((await t.request(admin, { method: 'POST', url: `/api/organizations/${school}/users`, payload: { email, firstName: 'Exp', lastName: 'Iring' } })).statusCode).toBe(201);
    const statusOf = async () =>
      (await t.request(admin, { method: 'GET', url: `/api/users?organizationId=${school}&filter=${email}` })).json().items[0].invitation.status;
    expect(await statusOf()).toBe('PENDING');
    await t.query(sql`update users set invitation_expires_at = now() - interval '1 second' where email = ${email}`);
    expect(await statusOf()).toBe('EXPIRED');
  });

  it('exports every member listUsers gives, in its order, as CSV', async () => {
    for (const query of ['sortBy=email&sortAsc=true', 'sortBy=createdAt&sortAsc=false', 'sortBy=lastName&sortAsc=true&filter=a', 'sortBy=completedOnboarding&sortAsc=false', `organizationId=${world.orgs.ownSchool.id}&sortBy=firstName`]) {
      const pages: { email: string; firstName: string; lastName: string; completedOnboarding: boolean; createdAt: string; invitation: { status: string } | null }[] = [];
      for (let page = 1; ; page++) {
        const res = (await t.request(admin, { method: 'GET', url: `/api/users?${query}&page=${page}&itemsPerPage=7` })).json();
        pages.push(...res.items);
        if (pages.length >= res.total) break;
      }
      const res = await t.request(admin, { method: 'GET', url: `/api/users/export?${query}&timeZone=America/Los_Angeles` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="educators-${dayIn(new Date(), 'America/Los_Angeles')}.csv"`);
      const label = { PENDING: 'Pending', EXPIRED: 'Expired', ACCEPTED: 'Accepted' } as Record<string, string>;
      const expected = [
        'Email,First Name,Last Name,Completed Onboarding,Created At,Invitation',
        ...pages.map((u) =>
          [u.email, u.firstName, u.lastName, u.completedOnboarding ? 'Yes' : 'No', dayIn(u.createdAt, 'America/Los_Angeles'), u.invitation ? label[u.invitation.status] : ''].join(','),
        ),
      ];
      expect(res.body, query).toBe(`\uFEFF${expected.join('\r\n')}\r\n`);
    }
  });
});

describe('sending an invitation again', () => {
  const resend = (org: string, user: string, token = admin) => t.request(token, { method: 'POST', url: `/api/organizations/${org}/users/${user}/invitation` });
  const maple = () => world.orgs.northwindSchools.find((s) => s.name.startsWith('Maple'))!.id;

  it('sends a new link, later, with the same words, from the school or its district', async () => {
    const email = 'iris.novak@northwind.example.org';
    const id = await userId(email);
    const before = outboxMessages(t.outboxDir, email).length;
    for (const [org, token] of [
      [maple(), await t.login('school.admin@maple.northwind.example.org')],
      [world.orgs.northwind.id, admin],
    ] as const) {
      const res = await resend(org, id, token);
      expect(res.statusCode, res.body).toBe(200);
      const member = res.json();
      expect(member).toMatchObject({ id, email, invitation: { status: 'PENDING', acceptedAt: null } });
      expect(Date.parse(member.invitation.sentAt)).toBeGreaterThan(Date.parse(member.invitation.invitedAt));
      expect(Date.parse(member.invitation.expiresAt) - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    }
    const mails = outboxMessages(t.outboxDir, email);
    expect(mails).toHaveLength(before + 2);
    expect(mails.at(-1)!.subject).toBe("You're invited to the Educator Learning Platform");
    expect(mails.at(-1)!.text).toContain('invited you to join Maple Grove Elementary on the Educator Learning Platform.');
    const links = mails.slice(-2).map((m) => /ticket=([\w.-]+)/.exec(m.text)![1]);
    expect(links[0]).not.toBe(links[1]);
  });

  it('refuses members who accepted or were never invited, and people who are not members', async () => {
    const accepted = await resend(maple(), await userId('educator08@northwind.example.org'));
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error).toEqual({ code: 'INVITATION_ACCEPTED', message: 'This educator has already accepted the invitation' });
    const uninvited = await resend(maple(), await userId('educator03@northwind.example.org'));
    expect(uninvited.statusCode).toBe(409);
    expect(uninvited.json().error).toEqual({ code: 'NOT_INVITED', message: 'This educator joined without an invitation' });
    // Another school's member, through this school: not found; another district's: not the admin's to see.
    const other = await resend(maple(), await userId('educator01@northwind.example.org'));
    expect(other.statusCode).toBe(404);
    const harbor = await resend(world.orgs.harbor.id, await userId('omar.haddad@harbor.example.org'));
    expect(harbor.statusCode).toBe(403);
    expect(harbor.json().error.code).toBe('FORBIDDEN_ORGANIZATION');
    const schoolAdmin = await t.login('school.admin@maple.northwind.example.org');
    const sibling = await resend(world.orgs.northwind.id, await userId('theo.marsh@northwind.example.org'), schoolAdmin);
    expect(sibling.statusCode).toBe(403);
  });

  it('is limited to 5 an hour per member', async () => {
    const id = await userId('theo.marsh@northwind.example.org');
    for (let i = 0; i < 5; i++) expect((await resend(maple(), id)).statusCode).toBe(200);
    const limited = await resend(maple(), id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // Another member's budget is their own.
    expect((await resend(world.orgs.northwind.id, await userId('rosa.delgado@northwind.example.org'))).statusCode).toBe(200);
  });
});

describe('importing educators from a file', () => {
  const school = () => world.orgs.ownSchool.id;
  const importCsv = (csv: string, dryRun: boolean, org = school()) => t.request(admin, { method: 'POST', url: `/api/organizations/${org}/users/import`, payload: { csv, dryRun } });
  const unique = crypto.randomUUID().slice(0, 8);
  const addr = (name: string) => `${name}.${unique}@example.org`;
  const FILE = [
    '\uFEFFLastName,Notes,EMAIL,firstname',
    `Hopper,"Navy, retired",${addr('grace')},Grace`,
    '',
    `"O""Brien","two`,
    `lines",${addr('conan')},Conan`,
    `Lovelace,,,Ada`,
    `Turing,,not-an-email,Alan`,
    `Liskov,,${addr('barbara')},B`,
    `${'L'.repeat(51)},,${addr('long')},Long`,
    `Hopper,,${addr('GRACE')},Grace`,
    `Chen,,${ACCOUNTS.free},Free`,
    `Lee,,school.admin@alder.northwind.example.org,Already`,
    '',
  ].join('\r\n');

  it('checks a file without creating or sending anything in a dry run', async () => {
    const [before] = await t.query<{ n: number }>(sql`select count(*)::int as n from users`);
    const res = await importCsv(FILE, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      dryRun: true,
      invited: 0,
      valid: [
        { line: 2, email: addr('grace'), firstName: 'Grace', lastName: 'Hopper' },
        { line: 4, email: addr('conan'), firstName: 'Conan', lastName: 'O"Brien' },
      ],
      invalid: [
        { line: 6, email: '', errors: ['The Email field is required'] },
        { line: 7, email: 'not-an-email', errors: ['The Email must be a valid email address'] },
        { line: 8, email: addr('barbara'), errors: ['The First Name must have at least 2 characters'] },
        { line: 9, email: addr('long'), errors: ['The Last Name must not exceed 50 characters'] },
        { line: 10, email: addr('GRACE'), errors: ['This e-mail appears earlier in the file (line 2)'] },
        { line: 11, email: ACCOUNTS.free, errors: ['This e-mail already has an account; the educator can contact support to join your organization'] },
        { line: 12, email: 'school.admin@alder.northwind.example.org', errors: ['This educator is already a member of this organization'] },
      ],
    });
    const [after] = await t.query<{ n: number }>(sql`select count(*)::int as n from users`);
    expect(after!.n).toBe(before!.n);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outboxMessages(t.outboxDir, addr('grace'))).toEqual([]);
  });

  it('invites the valid rows, skips the others, and e-mails each invitation', async () => {
    const res = await importCsv(FILE, false);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ dryRun: false, invited: 2 });
    expect(body.valid.map((r: { email: string }) => r.email)).toEqual([addr('grace'), addr('conan')]);
    expect(body.invalid.map((r: { line: number }) => r.line)).toEqual([6, 7, 8, 9, 10, 11, 12]);
    const created = await t.query<{ email: string; firstName: string; lastName: string; organizationId: string; invitedBy: string; password: string | null; profiles: number }>(sql`
      select email, first_name as "firstName", last_name as "lastName", organization_id::text as "organizationId", invited_by::text as "invitedBy",
        password_hash as password, (select count(*)::int from profiles p where p.user_id = u.id) as profiles
      from users u where email in (${addr('grace')}, ${addr('conan')}) order by email`);
    const adminId = await userId(ACCOUNTS.districtAdmin);
    expect(created).toEqual([
      { email: addr('conan'), firstName: 'Conan', lastName: 'O"Brien', organizationId: school(), invitedBy: adminId, password: null, profiles: 1 },
      { email: addr('grace'), firstName: 'Grace', lastName: 'Hopper', organizationId: school(), invitedBy: adminId, password: null, profiles: 1 },
    ]);
    // E-mailed after the import committed, in the background.
    const mailed = () => [addr('grace'), addr('conan')].every((email) => outboxMessages(t.outboxDir, email).length > 0);
    for (let i = 0; i < 250 && !mailed(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const email of [addr('grace'), addr('conan')]) {
      const [mail] = outboxMessages(t.outboxDir, email);
      expect(mail?.subject).toBe("You're invited to the Educator Learning Platform");
      expect(mail?.text).toContain(`/invite?email=${encodeURIComponent(email)}&ticket=`);
    }
    // Imported again: every row is now an existing account.
    const again = (await importCsv(FILE, false)).json();
    expect(again).toMatchObject({ invited: 0, valid: [] });
    expect(again.invalid.find((r: { line: number }) => r.line === 2).errors).toEqual(['This educator is already a member of this organization']);
  });

  it('reads LF line ends, any column order and case, and skips blank lines', async () => {
    const res = await importCsv(`\n\nFIRSTNAME,email,lastname\n\nZoe,${addr('zoe')},Quinn\n,,\n`, true);
    expect(res.json()).toEqual({ dryRun: true, invited: 0, valid: [{ line: 5, email: addr('zoe'), firstName: 'Zoe', lastName: 'Quinn' }], invalid: [] });
  });

  it('refuses a file without the columns, without educators, with too many, or that cannot be read', async () => {
    const refused = async (csv: string, status: number, code: string, message?: string) => {
      const res = await importCsv(csv, true);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
      if (message) expect(res.json().error.message).toBe(message);
    };
    await refused('email,first,lastName\r\na@example.org,Ann,Lee\r\n', 422, 'CSV_COLUMNS', 'The file needs the columns email, firstName and lastName');
    await refused('', 422, 'CSV_COLUMNS');
    await refused('email,firstName,lastName\r\n\r\n,,\r\n', 422, 'CSV_EMPTY', 'The file has no educators in it');
    const rows = (n: number) => ['email,firstName,lastName', ...Array.from({ length: n }, (_, i) => `bulk${i}.${unique}@example.org,Bulk,Row`)].join('\n');
    await refused(rows(1001), 422, 'CSV_TOO_MANY_ROWS', 'A file can invite at most 1,000 educators');
    await refused('email,firstName,lastName\r\n"a@example.org,Ann,Lee\r\n', 422, 'CSV_MALFORMED');
    const thousand = await importCsv(rows(1000), true);
    expect(thousand.statusCode).toBe(200);
    expect(thousand.json().valid).toHaveLength(1000);
  });

  it('takes a file of 500,000 bytes and refuses one of 500,001 with the size rule', async () => {
    const header = 'email,firstName,lastName,notes\r\n';
    const row = (i: number) => `size${i}.${unique}@example.org,Size,Row,`;
    let csv = header;
    for (let i = 0; i < 1000; i++) csv += `${row(i)}${'n'.repeat(400)}\r\n`;
    // Pad the last row's notes (with a multi-byte character, so bytes and characters differ) to exactly 500,000 bytes.
    const missing = 500_000 - Buffer.byteLength(csv, 'utf8');
    expect(missing).toBeGreaterThan(10);
    csv = csv.slice(0, -2) + 'é'.repeat(Math.floor(missing / 2)) + 'n'.repeat(missing % 2) + '\r\n';
    expect(Buffer.byteLength(csv, 'utf8')).toBe(500_000);
    const fits = await importCsv(csv, true);
    expect(fits.statusCode, fits.body.slice(0, 200)).toBe(200);
    expect(fits.json().valid).toHaveLength(1000);
    const over = await importCsv(`${csv}n`, true);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: { code: 'FILE_TOO_LARGE', message: 'File size must be less than 500 kB' } });
  });

  it('answers 413 with the error body, not a 500, to a body above the limit', async () => {
    const res = await importCsv('x'.repeat(2_100_000), true);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { code: 'FILE_TOO_LARGE', message: 'File size must be less than 500 kB' } });
  });
});
