import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import { openDatabase, rows, type Database } from '../../server/db/client.ts';
import { DEMO_PASSWORD, countTables, seedDemo, type SeedSummary } from '../../server/db/seed/seed.ts';
import { seedDistrict } from '../../server/db/seed/district.ts';
import { POSTER_DIR, POSTER_EXT } from '../../server/media/posters.ts';
import { CAPTIONS_DIR, CAPTIONS_EXT } from '../../server/media/captions.ts';

const NOW = new Date('2026-03-15T15:00:00Z');
const DAY = 86_400_000;
const publicDir = fileURLToPath(new URL('../../public', import.meta.url));

let database: Database;
let summary: SeedSummary;
const q = <T = Record<string, unknown>>(query: SQL) => rows<T>(database.db, query);
const one = async <T = Record<string, unknown>>(query: SQL) => {
  const [row] = await q<T>(query);
  if (!row) throw new Error('no row');
  return row;
};
const n = async (query: SQL) => Number((await one<{ n: number | string }>(query)).n);

/**
 * Every item's thumbnail is its own poster, and every video belongs to one item and shows that
 * item's poster and captions: no clip, poster or caption carries another item's title.
 */
async function expectOwnMedia() {
  const wrong = await q<{ public_id: string }>(sql`
    select ci.public_id from catalog_items ci left join videos v on v.id = ci.video_id
    where ci.thumbnail_url is distinct from ${POSTER_DIR} || ci.public_id || ${POSTER_EXT}
       or (v.id is not null and (v.poster_url is distinct from ci.thumbnail_url
           or v.captions->0->>'src' is distinct from ${CAPTIONS_DIR} || ci.public_id || ${CAPTIONS_EXT}))`);
  expect(wrong.map((r) => r.public_id)).toEqual([]);
  expect(await n(sql`select count(*)::int as n from (select video_id from catalog_items where video_id is not null group by video_id having count(*) > 1) x`)).toBe(0);
  expect(await n(sql`select count(*)::int as n from videos v where not exists (select 1 from catalog_items ci where ci.video_id = v.id)`)).toBe(0);
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  summary = await seedDemo(database.db, { now: NOW });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('seedDemo', () => {
  it('builds the framework tree with ordered positions and community links', async () => {
    const byType = await q<{ type: string; n: number }>(sql`select type, count(*)::int as n from nasot_items group by type`);
    const count = Object.fromEntries(byType.map((r) => [r.type, Number(r.n)]));
    expect(count.CATEGORY).toBe(3);
    expect(count.STRAND).toBeGreaterThanOrEqual(8);
    expect(count.STRAND).toBeLessThanOrEqual(12);
    expect(count.ELEMENT).toBeGreaterThanOrEqual(40);
    expect(count.STRATEGY).toBeGreaterThanOrEqual(150);

    // Each level hangs under the level above it.
    expect(await n(sql`select count(*)::int as n from nasot_items where type = 'CATEGORY' and parent_id is not null`)).toBe(0);
    const wrongParent = await n(sql`
      select count(*)::int as n from nasot_items c join nasot_items p on p.id = c.parent_id
      where (c.type, p.type) not in (('STRAND', 'CATEGORY'), ('ELEMENT', 'STRAND'), ('STRATEGY', 'ELEMENT'))`);
    expect(wrongParent).toBe(0);
    // Positions are 1..n within each parent.
    const badPositions = await n(sql`
      select count(*)::int as n from (
        select coalesce(parent_id::text, 'root') as p, count(*) as c, count(distinct position) as d, min(position) as lo, max(position) as hi
        from nasot_items group by 1
      ) x where c <> d or lo <> 1 or hi <> c`);
    expect(badPositions).toBe(0);
    // 3–5 strategies per element.
    const perElement = await q<{ c: number }>(sql`
      select count(s.id)::int as c from nasot_items e left join nasot_items s on s.parent_id = e.id where e.type = 'ELEMENT' group by e.id`);
    for (const r of perElement) expect(Number(r.c)).toBeGreaterThanOrEqual(3);
    for (const r of perElement) expect(Number(r.c)).toBeLessThanOrEqual(5);
    expect(await n(sql`select count(distinct title)::int as n from nasot_items where type = 'STRATEGY'`)).toBe(count.STRATEGY);
    expect(
      await n(sql`select count(*)::int as n from nasot_items where type in ('ELEMENT', 'STRATEGY') and community_url not like 'https://community.example.org/c/%'`),
    ).toBe(0);
  });

  it('creates a complete learning object per strategy', async () => {
    const los = await q<{
      id: string;
      public_id: string;
      video_id: string | null;
      rubric: { value: number; title: string; description: string }[];
      resources: { url: string }[];
      implementation_guide: string;
      created_at: Date | string;
      featured: boolean;
      duration_seconds: number;
      files: number;
      nasot_types: string[];
      audiences: number;
    }>(sql`
      select ci.id, ci.public_id, ci.video_id, ci.rubric, ci.resources, ci.implementation_guide, ci.created_at, ci.featured, ci.duration_seconds,
        (select count(*)::int from reproducible_files f where f.catalog_item_id = ci.id) as files,
        (select array_agg(ni.type order by ni.type) from catalog_item_nasot_items t join nasot_items ni on ni.id = t.nasot_item_id where t.catalog_item_id = ci.id) as nasot_types,
        (select count(*)::int from catalog_item_audiences a where a.catalog_item_id = ci.id) as audiences
      from catalog_items ci where ci.resource_type = 'LEARNING_OBJECT'`);
    const strategies = await n(sql`select count(*)::int as n from nasot_items where type = 'STRATEGY'`);
    expect(los.length).toBe(strategies);
    expect(los.length).toBeGreaterThanOrEqual(150);
    for (const lo of los) {
      expect(lo.public_id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(lo.video_id).not.toBeNull();
      expect(lo.duration_seconds).toBeGreaterThan(0);
      expect(Number(lo.files)).toBeGreaterThanOrEqual(2);
      expect(Number(lo.files)).toBeLessThanOrEqual(3);
      expect(lo.rubric.map((r) => r.value)).toEqual([1, 2, 3, 4]);
      expect(lo.rubric.map((r) => r.title)).toEqual(['Beginning', 'Developing', 'Applying', 'Innovating']);
      expect(lo.resources.length).toBeGreaterThanOrEqual(2);
      expect(lo.resources.length).toBeLessThanOrEqual(3);
      for (const r of lo.resources) expect(r.url).toMatch(/^https:\/\/resources\.example\.org\//);
      expect(lo.implementation_guide).toContain('## Steps');
      expect(lo.nasot_types).toEqual(['CATEGORY', 'ELEMENT', 'STRAND', 'STRATEGY']);
      expect(Number(lo.audiences)).toBeGreaterThanOrEqual(1);
      expect(Number(lo.audiences)).toBeLessThanOrEqual(3);
      const created = new Date(lo.created_at).getTime();
      expect(created).toBeLessThanOrEqual(NOW.getTime());
      expect(created).toBeGreaterThanOrEqual(NOW.getTime() - 549 * DAY);
    }
    const recent = los.filter((lo) => new Date(lo.created_at).getTime() >= NOW.getTime() - 14 * DAY).length;
    expect(recent).toBeGreaterThanOrEqual(5);
    const featured = los.filter((lo) => lo.featured).length;
    expect(featured / los.length).toBeGreaterThan(0.05);
    expect(featured / los.length).toBeLessThan(0.2);
    // A rubric description names its strategy.
    const sample = await one<{ title: string; rubric: { description: string }[] }>(sql`select title, rubric from catalog_items where resource_type = 'LEARNING_OBJECT' limit 1`);
    expect(sample.rubric[2]?.description).toContain(sample.title);
  });

  it('stores real reproducible files', async () => {
    const files = await q<{ mime_type: string; size: number; bytes: number; position: number; text: string }>(sql`
      select mime_type, size, octet_length(content)::int as bytes, position, convert_from(content, 'UTF8') as text from reproducible_files`);
    for (const f of files) {
      expect(['text/markdown', 'text/csv', 'text/plain']).toContain(f.mime_type);
      expect(f.size).toBe(f.bytes);
      expect(f.size).toBeGreaterThan(100);
      expect(f.position).toBeGreaterThanOrEqual(1);
    }
    const csv = files.find((f) => f.mime_type === 'text/csv');
    expect(csv?.text.startsWith('Look-for,Observed (Y/N)')).toBe(true);
  });

  it('has past livestreams with recordings and upcoming ones with join links', async () => {
    const streams = await q<{ start_date: Date | string; end_date: Date | string; video_id: string | null; join_url: string | null; tags: number; audiences: number }>(sql`
      select start_date, end_date, video_id, join_url,
        (select count(*)::int from catalog_item_nasot_items t where t.catalog_item_id = ci.id) as tags,
        (select count(*)::int from catalog_item_audiences a where a.catalog_item_id = ci.id) as audiences
      from catalog_items ci where resource_type = 'LIVESTREAM'`);
    expect(streams.length).toBeGreaterThanOrEqual(6);
    const past = streams.filter((s) => new Date(s.end_date).getTime() < NOW.getTime());
    const upcoming = streams.filter((s) => new Date(s.start_date).getTime() > NOW.getTime());
    expect(past.length).toBeGreaterThanOrEqual(2);
    expect(upcoming.length).toBeGreaterThanOrEqual(2);
    for (const s of past) expect(s.video_id).not.toBeNull();
    for (const s of upcoming) expect(s.join_url).toMatch(/^https:\/\/live\.example\.org\/[a-z0-9-]+$/);
    for (const s of streams) {
      expect(new Date(s.end_date).getTime()).toBeGreaterThan(new Date(s.start_date).getTime());
      expect(Number(s.tags)).toBeGreaterThanOrEqual(1);
      expect(Number(s.audiences)).toBeGreaterThanOrEqual(1);
    }
  });

  it('has playlists of 4–8 ordered learning objects, 2–3 of them featured', async () => {
    const lists = await q<{ id: string; featured: boolean; positions: number[]; types: string[] }>(sql`
      select ci.id, ci.featured, array_agg(pe.position order by pe.position) as positions, array_agg(distinct i.resource_type) as types
      from catalog_items ci join playlist_entries pe on pe.playlist_id = ci.id join catalog_items i on i.id = pe.item_id
      where ci.resource_type = 'PLAYLIST' group by ci.id, ci.featured`);
    expect(lists.length).toBeGreaterThanOrEqual(8);
    expect(lists.length).toBe(await n(sql`select count(*)::int as n from catalog_items where resource_type = 'PLAYLIST'`));
    for (const l of lists) {
      expect(l.positions.length).toBeGreaterThanOrEqual(4);
      expect(l.positions.length).toBeLessThanOrEqual(8);
      expect(l.positions.map(Number)).toEqual(l.positions.map((_, i) => i + 1));
      expect(l.types).toEqual(['LEARNING_OBJECT']);
    }
    const featured = lists.filter((l) => l.featured).length;
    expect(featured).toBeGreaterThanOrEqual(2);
    expect(featured).toBeLessThanOrEqual(3);
  });

  it('has audiences and the organization structure with subscriptions', async () => {
    expect(await n(sql`select count(*)::int as n from audiences`)).toBeGreaterThanOrEqual(6);
    const orgs = await q<{ name: string; type: string; parent: string | null; schools: number; period_end: Date | string | null }>(sql`
      select o.name, o.type, p.name as parent,
        (select count(*)::int from organizations c where c.parent_id = o.id) as schools,
        (select max(current_period_end) from subscriptions s where s.organization_id = o.id) as period_end
      from organizations o left join organizations p on p.id = o.parent_id`);
    const byName = new Map(orgs.map((o) => [o.name, o]));
    const northwind = byName.get('Northwind School District');
    expect(northwind?.type).toBe('DISTRICT');
    expect(Number(northwind?.schools)).toBeGreaterThanOrEqual(4);
    expect(new Date(northwind!.period_end!).getTime()).toBeGreaterThan(NOW.getTime());
    const lakeside = byName.get('Lakeside Unified');
    expect(Number(lakeside?.schools)).toBe(2);
    expect(new Date(lakeside!.period_end!).getTime()).toBeLessThan(NOW.getTime());
    const harbor = byName.get('Harbor Academy');
    expect(harbor?.type).toBe('SCHOOL');
    expect(harbor?.parent).toBeNull();
    expect(new Date(harbor!.period_end!).getTime()).toBeGreaterThan(NOW.getTime());
  });

  it('creates every role and the documented accounts', async () => {
    const users = await q<{
      email: string;
      role: string;
      org: string | null;
      org_type: string | null;
      parent: string | null;
      password_hash: string | null;
      completed_onboarding: boolean;
      has_free_access: boolean;
      verified_at: Date | null;
      interest_ids: string[] | null;
      audience_id: string | null;
    }>(sql`
      select u.email, u.role, o.name as org, o.type as org_type, p.name as parent, u.password_hash, u.completed_onboarding, u.has_free_access, u.verified_at,
        pr.interest_ids, pr.audience_id
      from users u left join organizations o on o.id = u.organization_id left join organizations p on p.id = o.parent_id
      left join profiles pr on pr.user_id = u.id`);
    const byEmail = new Map(users.map((u) => [u.email, u]));
    expect(new Set(users.map((u) => u.role))).toEqual(new Set(['ADMIN', 'DISTRICT_ADMIN', 'SCHOOL_ADMIN', 'USER', 'DEMO']));
    for (const u of users) expect(u.email).toBe(u.email.toLowerCase());
    expect(summary.accounts.map((a) => a.email).sort()).toEqual(users.map((u) => u.email).sort());

    expect(byEmail.get('admin@example.org')).toMatchObject({ role: 'ADMIN', org: null });
    expect(byEmail.get('district.admin@northwind.example.org')).toMatchObject({ role: 'DISTRICT_ADMIN', org: 'Northwind School District' });
    expect(byEmail.get('district.admin@lakeside.example.org')).toMatchObject({ role: 'DISTRICT_ADMIN', org: 'Lakeside Unified' });
    expect(byEmail.get('school.admin@harbor.example.org')).toMatchObject({ role: 'SCHOOL_ADMIN', org: 'Harbor Academy' });
    const schoolAdmins = users.filter((u) => u.role === 'SCHOOL_ADMIN' && u.parent === 'Northwind School District');
    expect(schoolAdmins.length).toBe(await n(sql`select count(*)::int as n from organizations o join organizations p on p.id = o.parent_id where p.name = 'Northwind School District'`));
    for (const a of schoolAdmins) expect(a.email).toMatch(/^school\.admin@[a-z0-9-]+\.northwind\.example\.org$/);

    const educators = users.filter((u) => /^educator\d\d@northwind\.example\.org$/.test(u.email));
    expect(educators.length).toBeGreaterThanOrEqual(30);
    for (const e of educators) expect(e).toMatchObject({ role: 'USER', parent: 'Northwind School District', org_type: 'SCHOOL' });
    expect(new Set(educators.map((e) => e.org)).size).toBeGreaterThanOrEqual(4);
    expect(users.filter((u) => /^educator\d\d@harbor\.example\.org$/.test(u.email) && u.org === 'Harbor Academy').length).toBeGreaterThanOrEqual(3);

    expect(byEmail.get('lapsed@lakeside.example.org')).toMatchObject({ role: 'USER', parent: 'Lakeside Unified' });
    expect(byEmail.get('noaccess@example.org')).toMatchObject({ role: 'USER', org: null, has_free_access: false });
    expect(byEmail.get('free@example.org')).toMatchObject({ role: 'USER', org: null, has_free_access: true });
    expect(byEmail.get('newbie@example.org')).toMatchObject({ role: 'USER', parent: 'Northwind School District', completed_onboarding: false, interest_ids: [], audience_id: null });
    expect(byEmail.get('demo@example.org')).toMatchObject({ role: 'DEMO', password_hash: null, completed_onboarding: true, verified_at: null });
    expect(byEmail.get('demo.new@example.org')).toMatchObject({ role: 'DEMO', password_hash: null, completed_onboarding: false });

    // Invited educators who have not accepted yet have no password and no verified address.
    const pending = await q<{ email: string; org: string; accepted: Date | null; expires: Date }>(sql`
      select u.email, o.name as org, u.invitation_accepted_at as accepted, u.invitation_expires_at as expires
      from users u join organizations o on o.id = u.organization_id where u.invited_at is not null and u.password_hash is null order by u.email`);
    expect(pending.map((u) => [u.email, u.org])).toEqual([
      ['iris.novak@northwind.example.org', 'Maple Grove Elementary'],
      ['omar.haddad@harbor.example.org', 'Harbor Academy'],
      ['rosa.delgado@northwind.example.org', 'Maple Grove Elementary'],
      ['theo.marsh@northwind.example.org', 'Maple Grove Elementary'],
    ]);
    expect(pending.filter((u) => new Date(u.expires).getTime() <= NOW.getTime()).map((u) => u.email)).toEqual(['iris.novak@northwind.example.org']);
    expect(await n(sql`select count(*)::int as n from users where invitation_accepted_at is not null and password_hash is not null`)).toBe(4);
    for (const u of users.filter((x) => x.role !== 'DEMO' && !pending.some((p) => p.email === x.email))) {
      expect(u.password_hash).toMatch(/^\$argon2/);
      expect(u.verified_at).not.toBeNull();
    }
    expect(await verify(byEmail.get('admin@example.org')!.password_hash!, DEMO_PASSWORD)).toBe(true);
    for (const e of educators) {
      expect(e.completed_onboarding).toBe(true);
      expect(e.interest_ids?.length).toBeGreaterThanOrEqual(2);
      expect(e.interest_ids?.length).toBeLessThanOrEqual(4);
      expect(e.audience_id).not.toBeNull();
    }
  });

  it('creates the personal trial and paid subscriptions', async () => {
    const trial = await one<{ trial_ends_at: Date; current_period_end: Date; amount_cents: number; brand: string; last4: string }>(sql`
      select s.trial_ends_at, s.current_period_end, s.amount_cents, pm.brand, pm.last4
      from subscriptions s join users u on u.id = s.user_id join payment_methods pm on pm.id = s.payment_method_id
      where u.email = 'trial@example.org'`);
    expect(new Date(trial.trial_ends_at).getTime()).toBe(NOW.getTime() + 10 * DAY);
    expect(new Date(trial.current_period_end).getTime()).toBe(NOW.getTime() + 10 * DAY);
    expect(trial).toMatchObject({ amount_cents: 14900, brand: 'Visa', last4: '4242' });
    expect(
      await n(sql`select count(*)::int as n from transactions t join users u on u.id = t.user_id
        where u.email = 'trial@example.org' and t.type = 'VERIFICATION' and t.amount_cents = 0 and t.status = 'SUCCEEDED'`),
    ).toBe(1);

    const paid = await one<{ trial_ends_at: Date; current_period_end: Date }>(sql`
      select s.trial_ends_at, s.current_period_end from subscriptions s join users u on u.id = s.user_id where u.email = 'subscriber@example.org'`);
    expect(new Date(paid.trial_ends_at).getTime()).toBeLessThan(NOW.getTime());
    expect(new Date(paid.current_period_end).getTime()).toBe(NOW.getTime() + 200 * DAY);
    expect(
      await n(sql`select count(*)::int as n from transactions t join users u on u.id = t.user_id
        where u.email = 'subscriber@example.org' and t.type = 'CHARGE' and t.amount_cents = 14900 and t.status = 'SUCCEEDED'`),
    ).toBe(1);
    // A personal subscriber whose canceled subscription ended: card on file, a receipt per transaction, progress kept.
    const lapsed = await one<{ current_period_end: Date; cancel_at_period_end: boolean; brand: string; last4: string; role: string; organization_id: string | null }>(sql`
      select s.current_period_end, s.cancel_at_period_end, pm.brand, pm.last4, u.role, u.organization_id
      from subscriptions s join users u on u.id = s.user_id join payment_methods pm on pm.id = s.payment_method_id
      where u.email = 'lapsed.subscriber@example.org'`);
    expect(lapsed).toMatchObject({ cancel_at_period_end: true, brand: 'Visa', last4: '4242', role: 'USER', organization_id: null });
    expect(new Date(lapsed.current_period_end).getTime()).toBe(NOW.getTime() - 21 * DAY);
    expect(await n(sql`select count(*)::int as n from learner_progress p join users u on u.id = p.user_id where u.email = 'lapsed.subscriber@example.org'`)).toBeGreaterThan(0);
    // Every seeded transaction names its card.
    expect(await n(sql`select count(*)::int as n from transactions where payment_method_id is null`)).toBe(0);
    for (const email of ['noaccess@example.org', 'free@example.org'])
      expect(await n(sql`select count(*)::int as n from subscriptions s join users u on u.id = s.user_id where u.email = ${email}`)).toBe(0);
  });

  it('records varied learner activity in the last 60 days', async () => {
    const total = await n(sql`select count(*)::int as n from learner_events`);
    expect(total).toBeGreaterThanOrEqual(2000);
    expect(total).toBeLessThanOrEqual(5500);
    const range = await one<{ lo: Date; hi: Date }>(sql`select min(occurred_at) as lo, max(occurred_at) as hi from learner_events`);
    expect(new Date(range.lo).getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 60 * DAY);
    expect(new Date(range.hi).getTime()).toBeLessThanOrEqual(NOW.getTime());
    const types = await q<{ type: string }>(sql`select distinct type from learner_events`);
    expect(types.map((r) => r.type).sort()).toEqual(
      [
        'BOOKMARK_UPDATED',
        'CATALOG_ITEM_LEFT',
        'CATALOG_ITEM_RATED',
        'CATALOG_ITEM_VISITED',
        'LEARNER_LOGIN',
        'REPRODUCIBLES_DOWNLOADED',
        'RUBRIC_SCORE_SAVED',
        'STRATEGY_APPLICATION_UPDATED',
        'VIDEO_PAUSED',
        'VIDEO_PLAYED',
        'VIDEO_TIMEUPDATED',
      ].sort(),
    );
    expect(await n(sql`select count(*)::int as n from learner_events where type = 'LEARNER_LOGIN' and (catalog_item_id is not null or data <> '{}'::jsonb)`)).toBe(0);
    expect(
      await n(sql`select count(*)::int as n from learner_events where type <> 'LEARNER_LOGIN' and (catalog_item_id is null or data->>'catalogItemId' <> catalog_item_id::text)`),
    ).toBe(0);
    expect(
      await n(sql`select count(*)::int as n from learner_events where type = 'VIDEO_TIMEUPDATED' and not ((data->>'progress')::real between 0 and 100)`),
    ).toBe(0);
    expect(await n(sql`select count(*)::int as n from learner_events where type = 'LEARNER_LOGIN' and occurred_at > ${NOW.toISOString()}::timestamptz - interval '30 days'`)).toBeGreaterThan(50);
    expect(await n(sql`select count(*)::int as n from learner_events e join users u on u.id = e.user_id where e.occurred_at < u.created_at`)).toBe(0);

    // Per educator: some very active, some light, some inactive.
    const perUser = await q<{ email: string; events: number; logins: number }>(sql`
      select u.email, count(e.id)::int as events, count(e.id) filter (where e.type = 'LEARNER_LOGIN')::int as logins
      from users u left join learner_events e on e.user_id = u.id
      where u.email like 'educator%@northwind.example.org' group by u.email`);
    expect(perUser.filter((u) => u.events >= 200).length).toBeGreaterThanOrEqual(3);
    expect(perUser.filter((u) => u.events > 0 && u.events < 60).length).toBeGreaterThanOrEqual(3);
    expect(perUser.filter((u) => u.events === 0).length).toBeGreaterThanOrEqual(1);
    for (const u of perUser.filter((x) => x.events > 0)) expect(u.logins).toBeGreaterThanOrEqual(2);

    // Streaks of consecutive days that reach today.
    const days = await q<{ email: string; days: string[] }>(sql`
      select u.email, array_agg(distinct to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD')) as days
      from users u join learner_events e on e.user_id = u.id where e.type = 'LEARNER_LOGIN' group by u.email`);
    const streakOf = (list: string[]) => {
      const set = new Set(list);
      let streak = 0;
      while (set.has(new Date(NOW.getTime() - streak * DAY).toISOString().slice(0, 10))) streak++;
      return streak;
    };
    const streaks = days.map((d) => streakOf(d.days)).sort((a, b) => b - a);
    expect(streaks[0]).toBeGreaterThanOrEqual(10);
    expect(streaks.filter((s) => s >= 5).length).toBeGreaterThanOrEqual(4);
  });

  it('derives progress, ratings, rubric scores, applications and bookmarks consistently', async () => {
    const progress = await q<{
      video_progress: number;
      last_interaction_at: Date;
      last_event: Date | null;
      max_progress: number | null;
      are_reproducibles_downloaded: boolean;
      downloaded: boolean;
      is_catalog_item_rated: boolean;
      rated: boolean;
      is_rubric_score_saved: boolean;
      scored: boolean;
      is_strategy_applied: boolean;
      applied: boolean;
    }>(sql`
      select p.video_progress, p.last_interaction_at,
        (select max(e.occurred_at) from learner_events e where e.user_id = p.user_id and e.catalog_item_id = p.catalog_item_id) as last_event,
        (select max((e.data->>'progress')::real) from learner_events e where e.user_id = p.user_id and e.catalog_item_id = p.catalog_item_id and e.type = 'VIDEO_TIMEUPDATED') as max_progress,
        p.are_reproducibles_downloaded,
        exists (select 1 from learner_events e where e.user_id = p.user_id and e.catalog_item_id = p.catalog_item_id and e.type = 'REPRODUCIBLES_DOWNLOADED') as downloaded,
        p.is_catalog_item_rated, exists (select 1 from ratings r where r.user_id = p.user_id and r.catalog_item_id = p.catalog_item_id) as rated,
        p.is_rubric_score_saved, exists (select 1 from rubric_scores r where r.user_id = p.user_id and r.catalog_item_id = p.catalog_item_id) as scored,
        p.is_strategy_applied, exists (select 1 from strategy_applications a where a.user_id = p.user_id and a.catalog_item_id = p.catalog_item_id) as applied
      from learner_progress p`);
    expect(progress.length).toBeGreaterThan(50);
    for (const p of progress) {
      expect(p.last_event).not.toBeNull();
      expect(new Date(p.last_interaction_at).getTime()).toBe(new Date(p.last_event!).getTime());
      expect(p.video_progress).toBeGreaterThanOrEqual(0);
      expect(p.video_progress).toBeLessThanOrEqual(100);
      expect(p.video_progress).toBe(p.max_progress ?? 0);
      expect(p.are_reproducibles_downloaded).toBe(p.downloaded);
      expect(p.is_catalog_item_rated).toBe(p.rated);
      expect(p.is_rubric_score_saved).toBe(p.scored);
      expect(p.is_strategy_applied).toBe(p.applied);
    }
    expect(progress.filter((p) => p.video_progress >= 90).length).toBeGreaterThan(10);
    expect(progress.filter((p) => p.video_progress < 90).length).toBeGreaterThan(10);
    for (const flag of ['rated', 'scored', 'applied', 'downloaded'] as const) expect(progress.some((p) => p[flag])).toBe(true);

    // Every derived row has a progress row and a matching event.
    for (const table of ['ratings', 'rubric_scores', 'strategy_applications', 'bookmarks']) {
      const orphans = await n(
        sql.raw(`select count(*)::int as n from ${table} x where not exists (select 1 from learner_progress p where p.user_id = x.user_id and p.catalog_item_id = x.catalog_item_id)`),
      );
      expect(orphans, table).toBe(0);
    }
    expect(await n(sql`select count(*)::int as n from ratings where value not between 1 and 5`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from rubric_scores where value not between 1 and 4`)).toBe(0);
    expect(
      await n(sql`select count(*)::int as n from ratings r where not exists (
        select 1 from learner_events e where e.user_id = r.user_id and e.catalog_item_id = r.catalog_item_id and e.type = 'CATALOG_ITEM_RATED' and (e.data->>'value')::int = r.value)`),
    ).toBe(0);
    expect(await n(sql`select count(*)::int as n from bookmarks`)).toBeGreaterThan(0);
  });

  it('plays clips that exist under public/, each item with a video row, poster and captions of its own', async () => {
    const videos = await q<{ url: string; mime_type: string; duration_seconds: number; captions: { src: string; srclang: string; default: boolean }[] }>(
      sql`select url, mime_type, duration_seconds, captions from videos`,
    );
    expect(videos.length).toBeGreaterThanOrEqual(150);
    for (const v of videos) {
      expect(v.mime_type).toBe('video/webm');
      expect(v.duration_seconds).toBeGreaterThanOrEqual(15);
      expect(v.duration_seconds).toBeLessThanOrEqual(45);
      expect(v.captions).toHaveLength(1);
      expect(v.captions[0]).toMatchObject({ srclang: 'en', default: true });
    }
    const clipUrls = [...new Set(videos.map((v) => v.url))];
    expect(clipUrls.length).toBeGreaterThanOrEqual(3);
    for (const url of clipUrls) {
      expect(url).toMatch(/^\/media\/videos\/demo-clip-\d+\.webm$/);
      expect(existsSync(`${publicDir}${url}`), url).toBe(true);
      expect(statSync(`${publicDir}${url}`).size).toBeLessThanOrEqual(300 * 1024);
    }
    await expectOwnMedia();
  });

  it('is a no-op the second time', async () => {
    const before = await countTables(database.db);
    const again = await seedDemo(database.db, { now: NOW });
    expect(again.skipped).toBe(true);
    expect(again.accounts).toEqual([]);
    expect(await countTables(database.db)).toEqual(before);
    expect('skipped' in summary).toBe(false);
    expect(summary.counts).toEqual(before);
  });
});

describe('seedDistrict', () => {
  it('adds a catalogue, a district among other organizations, and a school year of events as the app writes them', async () => {
    const before = await countTables(database.db);
    const result = await seedDistrict(database.db, { items: 500, educators: 100, events: 5000, now: NOW });
    const after = await countTables(database.db);
    const added = (table: string) => after[table]! - before[table]!;
    expect(added('catalog_items')).toBe(500);
    expect(await n(sql`select count(*)::int as n from catalog_items where public_id like 'd1-%' and resource_type = 'LEARNING_OBJECT'`)).toBe(420);
    expect(await n(sql`select count(*)::int as n from catalog_items where public_id like 'd1-%' and resource_type = 'LIVESTREAM'`)).toBe(50);
    expect(await n(sql`select count(*)::int as n from catalog_items where public_id like 'd1-%' and resource_type = 'PLAYLIST'`)).toBe(30);
    expect(added('users')).toBe(110);
    expect(added('profiles')).toBe(110);
    expect(added('organizations')).toBe(1 + 40 + 200);
    expect(result.districtName).toBe('Benchmark District');
    expect(await n(sql`select count(*)::int as n from organizations where parent_id = ${result.districtId}::uuid`)).toBe(40);
    // Close to the events asked for (sessions before an account existed are not kept).
    expect(result.added.events).toBe(added('learner_events'));
    expect(result.added.events).toBeGreaterThan(3500);
    expect(result.added.events).toBeLessThan(6500);
    expect(added('learner_progress')).toBe(result.added.learnerProgress);

    // The catalogue: every strategy is a learning object with its rubric, video and a file;
    // recorded livestreams have their video, upcoming ones a join link; playlists 4–8 entries.
    expect(await n(sql`select count(*)::int as n from catalog_items ci where public_id like 'd1-%' and resource_type = 'LEARNING_OBJECT'
      and (video_id is null or jsonb_array_length(rubric) <> 4 or not exists (select 1 from reproducible_files f where f.catalog_item_id = ci.id))`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from catalog_items where public_id like 'd1-%' and resource_type = 'LIVESTREAM'
      and ((end_date <= ${NOW.toISOString()}::timestamptz) <> (video_id is not null) or (join_url is null) = (end_date > ${NOW.toISOString()}::timestamptz))`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from catalog_items ci where public_id like 'd1-%' and resource_type = 'PLAYLIST'
      and (select count(*) from playlist_entries e where e.playlist_id = ci.id) not between 4 and 8`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from catalog_items where search @@ websearch_to_tsquery('english', 'exit tickets')`)).toBeGreaterThan(0);
    await expectOwnMedia();

    // Events: within the school year, a sign-in at most once a day, each counted in learner_logins.
    const range = await one<{ lo: Date; hi: Date }>(sql`select min(occurred_at) as lo, max(occurred_at) as hi from learner_events e join users u on u.id = e.user_id where u.email like 'bench1.%'`);
    expect(new Date(range.lo).getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 366 * DAY);
    expect(new Date(range.hi).getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(await n(sql`select count(*)::int as n from (select 1 from learner_events where type = 'LEARNER_LOGIN' group by user_id, (occurred_at at time zone 'UTC')::date having count(*) > 1) x`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from learner_events e join users u on u.id = e.user_id where u.email like 'bench1.%' and type = 'LEARNER_LOGIN'
      and not exists (select 1 from learner_logins l where l.user_id = e.user_id and l.day = (e.occurred_at at time zone 'UTC')::date)`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from learner_events e join users u on u.id = e.user_id where e.occurred_at < u.created_at or not u.completed_onboarding`)).toBe(0);
    const ofBench = sql`p.user_id in (select id from users where email like 'bench1.%')`;
    // Progress follows its events: watched ranges measure the video progress, watched when 90 % is reached.
    expect(await n(sql`select count(*)::int as n from learner_progress p join catalog_items ci on ci.id = p.catalog_item_id join videos v on v.id = ci.video_id
      where ${ofBench} and abs(p.video_progress - least(100, floor(coalesce((p.watched_ranges->0->>1)::real, 0) / v.duration_seconds * 1000 + 1e-6) / 10)) > 0.01`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from learner_progress p where ${ofBench} and (video_progress >= 90) <> (watched_at is not null)`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from learner_progress p where ${ofBench} and (is_catalog_item_rated <> (rated_at is not null) or is_strategy_applied <> (applied_at is not null)
      or is_rubric_score_saved <> (rubric_scored_at is not null))`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from learner_progress p where p.is_catalog_item_rated <> exists (select 1 from ratings r where r.user_id = p.user_id and r.catalog_item_id = p.catalog_item_id)`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from learner_progress p where p.is_rubric_score_saved <> exists (select 1 from rubric_scores r where r.user_id = p.user_id and r.catalog_item_id = p.catalog_item_id)`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from learner_progress p where p.is_strategy_applied <> exists (select 1 from strategy_applications r where r.user_id = p.user_id and r.catalog_item_id = p.catalog_item_id)`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from learner_progress where completed_at is not null`)).toBeGreaterThan(0);
    // Video events name a play session; the sessions of the last 15 days are kept.
    expect(await n(sql`select count(*)::int as n from learner_events p where ${ofBench} and type in ('VIDEO_PLAYED', 'VIDEO_TIMEUPDATED', 'VIDEO_PAUSED') and data->>'playSessionId' is null`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from play_sessions where started_at < ${new Date(NOW.getTime() - 15 * DAY).toISOString()}::timestamptz`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from play_sessions p join users u on u.id = p.user_id where u.email like 'bench1.%'`)).toBeGreaterThan(0);

    // A second run adds a second benchmark district without clashing.
    const second = await seedDistrict(database.db, { items: 10, educators: 5, events: 50, now: NOW });
    expect(second.districtName).toBe('Benchmark District 2');
    expect((await countTables(database.db)).catalog_items! - after.catalog_items!).toBe(10);
  }, 120_000);
});
