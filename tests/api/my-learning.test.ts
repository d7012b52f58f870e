import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { bookmarks, catalogItems, learnerProgress, videos } from '../../server/db/schema.ts';
import { createTestApp, ORIGIN, type TestApp } from '../support/app.ts';
import { pdfText } from '../support/pdf.ts';
import { ACCOUNTS } from '../support/world.ts';
import { watchVideo } from '../support/watching.ts';

/**
 * My learning: the progress table (paging, sorting, filters), its CSV export, and learning
 * certificates (hours, the PDF, the public verification page). Expectations come from direct
 * SQL over the stored rows, not from the server's own queries.
 */
let t: TestApp;
let token: string;
let learner: { id: string; name: string; email: string };
let other: { id: string; name: string; email: string; token: string };
/** The learning objects the learner has rows for, and the ones with tricky titles among them. */
let items: { id: string; title: string }[];
const TRICKY = ['=HYPERLINK("http://evil.example","click")', '+1+2', '-3 minutes of fame', '@SUM(A1:A2)', 'Say "hi", then\nleave, politely'];
/** Video lengths (seconds) the learner's strategies get, so that the hours are not all zero. */
const LENGTHS = [1234.5, 2718.25, 599.75];

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);

const get = (url: string, as = token) => t.request(as, { method: 'GET', url });
const listAll = async (query: string) => {
  const res = await get(`/api/profile/interactions?limit=-1&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Interaction[]; total: number }>();
};
type Interaction = {
  catalogItemId: string;
  strategyTitle: string;
  categoryTitle: string | null;
  elementTitle: string | null;
  progress: Step;
  watched: Step;
  downloaded: Step;
  rubricScored: Step;
  rated: Step;
  applied: Step;
  lastInteractionAt: string | null;
};
type Step = 'YES' | 'NO' | 'PARTIAL';

/** The learner's row states: every sixth kind repeats, with the 90 % boundary on both sides. */
function stateOf(i: number, at: Date) {
  const all = { areReproduciblesDownloaded: true, isCatalogItemRated: true, isRubricScoreSaved: true, isStrategyApplied: true };
  switch (i % 6) {
    case 0:
      return { videoProgress: 100, ...all, completedAt: at };
    case 1:
      return { videoProgress: 90, ...all, completedAt: at };
    case 2:
      return { videoProgress: 95, areReproduciblesDownloaded: i % 4 === 0, isCatalogItemRated: true, isRubricScoreSaved: false, isStrategyApplied: i % 3 === 0 };
    case 3:
      return { videoProgress: 89.9, ...all };
    case 4:
      return null; // saved only
    default:
      return { videoProgress: 0 };
  }
}

// ───────────────────────────── setup ─────────────────────────────

async function userRow(email: string) {
  const [row] = await t.query<{ id: string; name: string; email: string }>(
    sql`select id::text as id, trim(first_name || ' ' || last_name) as name, email from users where email = ${email}`,
  );
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  learner = await userRow(ACCOUNTS.free);
  token = await t.login(ACCOUNTS.free);
  other = { ...(await userRow(ACCOUNTS.educator)), token: await t.login(ACCOUNTS.educator) };

  const long = await t.db
    .insert(videos)
    .values(LENGTHS.map((durationSeconds, i) => ({ url: `/media/videos/long-${i}.webm`, mimeType: 'video/webm', durationSeconds })))
    .returning({ id: videos.id });
  const tricky = await t.db
    .insert(catalogItems)
    .values(TRICKY.map((title, i) => ({ publicId: `tricky-title-${i}`, resourceType: 'LEARNING_OBJECT' as const, title, videoId: long[i % long.length]!.id })))
    .returning({ id: catalogItems.id, title: catalogItems.title });
  const seeded = await t.query<{ id: string; title: string }>(
    sql`select id::text as id, title from catalog_items where resource_type = 'LEARNING_OBJECT' and public_id not like 'tricky-title-%' order by public_id limit 150`,
  );
  items = [...tricky, ...seeded];
  for (const [i, item] of items.entries()) {
    await t.db.execute(sql`update catalog_items set video_id = ${long[i % long.length]!.id}::uuid where id = ${item.id}::uuid`);
  }
  const started = items.flatMap((item, i) => {
    const at = new Date(Date.now() - (i * 7 + 1) * 3600_000);
    const state = stateOf(i, at);
    return state ? [{ userId: learner.id, catalogItemId: item.id, lastInteractionAt: at, ...state }] : [];
  });
  await t.db.insert(learnerProgress).values(started);
  await t.db.insert(bookmarks).values(items.flatMap((item, i) => (i % 6 === 4 || i % 7 === 0 ? [{ userId: learner.id, catalogItemId: item.id }] : [])));
});
afterAll(() => t?.close());

// ───────────────────────────── oracles ─────────────────────────────

/** The learner's learning objects, started or saved, with the table's facts, in plain SQL. */
const mine = (userId: string) => sql`
  select ci.id, ci.title, p.user_id is not null as started, b.user_id is not null as saved,
    coalesce(p.video_progress, 0) as video,
    coalesce((p.video_progress >= 90)::int + p.are_reproducibles_downloaded::int + p.is_catalog_item_rated::int
      + p.is_rubric_score_saved::int + p.is_strategy_applied::int, 0) as steps,
    coalesce(p.is_catalog_item_rated, false) as rated,
    (select lower(n.title) from catalog_item_nasot_items x join nasot_items n on n.id = x.nasot_item_id
      where x.catalog_item_id = ci.id and n.type = 'CATEGORY' order by n.position limit 1) as category,
    (select lower(n.title) from catalog_item_nasot_items x join nasot_items n on n.id = x.nasot_item_id
      where x.catalog_item_id = ci.id and n.type = 'ELEMENT' order by n.position limit 1) as element
  from catalog_items ci
  left join learner_progress p on p.catalog_item_id = ci.id and p.user_id = ${userId}::uuid
  left join bookmarks b on b.catalog_item_id = ci.id and b.user_id = ${userId}::uuid
  where ci.resource_type = 'LEARNING_OBJECT' and (p.user_id is not null or b.user_id is not null)`;

const FILTER: Record<string, SQL> = {
  ALL: sql`true`,
  COMPLETED: sql`started and steps = 5`,
  IN_PROGRESS: sql`started and steps < 5`,
  SAVED: sql`saved`,
};
const KEY: Record<string, SQL> = {
  strategyTitle: sql`lower(title)`,
  progress: sql`steps`,
  categoryTitle: sql`category`,
  elementTitle: sql`element`,
  watched: sql`video`,
  rated: sql`rated`,
};

async function expectedIds(filter: string, sortBy: string, order: 'ASC' | 'DESC') {
  const found = await t.query<{ id: string }>(
    sql`select id::text as id from (${mine(learner.id)}) m where ${FILTER[filter]!}
        order by ${KEY[sortBy]!} ${order === 'DESC' ? sql`desc` : sql`asc`} nulls last, lower(title), id`,
  );
  return found.map((r) => r.id);
}

/** A CSV parser after RFC 4180, to read the export back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  expect(cell, 'the file ends with a line end').toBe('');
  return rows;
}

const STEP = { YES: 'Yes', NO: 'No', PARTIAL: 'Partial' } as const;
const asText = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

// ───────────────────────────── progress table ─────────────────────────────

describe('the progress table', () => {
  it('counts every filter as the stored rows do', async () => {
    for (const filter of Object.keys(FILTER)) {
      const [expected] = await t.query<{ n: number }>(sql`select count(*)::int as n from (${mine(learner.id)}) m where ${FILTER[filter]!}`);
      const page = (await get(`/api/profile/interactions?filter=${filter}&limit=10`)).json();
      expect(page.total, filter).toBe(expected!.n);
      expect(page.items).toHaveLength(Math.min(10, expected!.n));
    }
    const [all] = await t.query<{ n: number }>(sql`select count(*)::int as n from (${mine(learner.id)}) m`);
    expect(all!.n).toBeGreaterThan(150);
  });

  it('sorts as asked and pages without gaps or overlaps', async () => {
    const combos: [string, string, 'ASC' | 'DESC'][] = [
      ['ALL', 'strategyTitle', 'ASC'],
      ['ALL', 'progress', 'DESC'],
      ['ALL', 'categoryTitle', 'ASC'],
      ['IN_PROGRESS', 'watched', 'DESC'],
      ['SAVED', 'elementTitle', 'DESC'],
      ['COMPLETED', 'rated', 'ASC'],
      ['ALL', 'rated', 'DESC'],
    ];
    for (const [filter, sortBy, order] of combos) {
      const expected = await expectedIds(filter, sortBy, order);
      const paged: string[] = [];
      for (let offset = 0; offset < expected.length; offset += 10) {
        const page = (await get(`/api/profile/interactions?filter=${filter}&sortBy=${sortBy}&sortOrder=${order}&limit=10&offset=${offset}`)).json();
        expect(page.total).toBe(expected.length);
        paged.push(...page.items.map((r: Interaction) => r.catalogItemId));
      }
      expect(paged, `${filter} ${sortBy} ${order}`).toEqual(expected);
      expect((await listAll(`filter=${filter}&sortBy=${sortBy}&sortOrder=${order}`)).items.map((r) => r.catalogItemId)).toEqual(expected);
    }
    const [all] = await t.query<{ n: number }>(sql`select count(*)::int as n from (${mine(learner.id)}) m`);
    for (const query of ['offset=100000&limit=10', 'limit=0', 'offset=3&limit=0']) {
      const page = (await get(`/api/profile/interactions?${query}`)).json();
      expect(page, query).toEqual({ items: [], total: all!.n });
    }
  });

  it('reads the 90 % boundary and the five steps as the screen shows them', async () => {
    const rows = new Map((await listAll('filter=ALL')).items.map((r) => [r.catalogItemId, r]));
    expect(rows.get(items[1]!.id)).toMatchObject({ progress: 'YES', watched: 'YES' }); // 90 %, every step
    expect(rows.get(items[3]!.id)).toMatchObject({ progress: 'PARTIAL', watched: 'PARTIAL', applied: 'YES' }); // 89.9 %
    expect(rows.get(items[4]!.id)).toMatchObject({ progress: 'NO', watched: 'NO', lastInteractionAt: null }); // saved only
  });
});

// ───────────────────────────── CSV export ─────────────────────────────

describe('the CSV export', () => {
  const HEADER = ['Learning Strategy', 'Progress', 'Category', 'Element', 'Watched', 'Downloaded', 'Rubric Score', 'Rated', 'Applied', 'Last Interaction'];

  it('holds the rows of the listing, in its order, as the screen shows them', async () => {
    const queries = [
      '',
      'filter=COMPLETED&sortBy=progress&sortOrder=DESC',
      'filter=IN_PROGRESS&sortBy=watched&sortOrder=ASC',
      'filter=SAVED&sortBy=categoryTitle',
      'sortBy=elementTitle&sortOrder=DESC',
      'sortBy=rated&sortOrder=ASC',
    ];
    for (const query of queries) {
      const res = await get(`/api/profile/interactions/export?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="my-learning-${today()}.csv"`);
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      const [header, ...rows] = parseCsv(res.body.slice(1));
      expect(header).toEqual(HEADER);
      const listing = await listAll(query);
      expect(rows, query).toEqual(
        listing.items.map((r) => [
          asText(r.strategyTitle),
          STEP[r.progress],
          r.categoryTitle ?? '',
          r.elementTitle ?? '',
          STEP[r.watched],
          STEP[r.downloaded],
          STEP[r.rubricScored],
          STEP[r.rated],
          STEP[r.applied],
          r.lastInteractionAt?.slice(0, 10) ?? '',
        ]),
      );
      expect(rows.length).toBe(listing.total);
    }
  });

  it('keeps formulas from running and quotes what needs quoting', async () => {
    const text = (await get('/api/profile/interactions/export?filter=ALL')).body;
    const titles = parseCsv(text.slice(1)).map((r) => r[0]);
    expect(titles).toContain(`'=HYPERLINK("http://evil.example","click")`);
    expect(titles).toContain("'+1+2");
    expect(titles).toContain("'-3 minutes of fame");
    expect(titles).toContain("'@SUM(A1:A2)");
    expect(titles).toContain('Say "hi", then\nleave, politely');
    expect(text).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');
    expect(text).toContain('"Say ""hi"", then\nleave, politely"');
  });

  it('gives dates in the time zone asked for', async () => {
    const utc = parseCsv((await get('/api/profile/interactions/export?sortBy=strategyTitle')).body.slice(1));
    const tokyo = parseCsv((await get('/api/profile/interactions/export?sortBy=strategyTitle&timeZone=Asia/Tokyo')).body.slice(1));
    const listing = await listAll('sortBy=strategyTitle');
    listing.items.forEach((r, i) => {
      if (!r.lastInteractionAt) return;
      expect(tokyo[i + 1]![9]).toBe(new Date(Date.parse(r.lastInteractionAt) + 9 * 3600_000).toISOString().slice(0, 10));
      expect(utc[i + 1]![9]).toBe(r.lastInteractionAt.slice(0, 10));
    });
    const unknown = await get('/api/profile/interactions/export?timeZone=Mars/Olympus');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('timeZone');
  });
});

// ───────────────────────────── certificates ─────────────────────────────

const createCertificate = (body: object, as = token) => t.request(as, { method: 'POST', url: '/api/profile/certificates', payload: body });

/** What a certificate for the range must hold, computed from the stored rows. */
async function expectedCertificate(userId: string, from: string, to: string, timeZone = 'UTC') {
  const found = await t.query<{ title: string; seconds: number }>(sql`
    select ci.title, round((coalesce(v.duration_seconds, 0) * least(p.video_progress, 100) / 100)::numeric, 1)::float8 as seconds
    from learner_progress p join catalog_items ci on ci.id = p.catalog_item_id left join videos v on v.id = ci.video_id
    where p.user_id = ${userId}::uuid and ci.resource_type = 'LEARNING_OBJECT'
      and p.video_progress >= 90 and p.are_reproducibles_downloaded and p.is_catalog_item_rated and p.is_rubric_score_saved and p.is_strategy_applied
      and (p.completed_at at time zone ${timeZone})::date between ${from}::date and ${to}::date
    order by p.completed_at, lower(ci.title), ci.id`);
  const [hours] = await t.query<{ hours: string }>(sql`
    select round((coalesce(sum(round((coalesce(v.duration_seconds, 0) * least(p.video_progress, 100) / 100)::numeric, 1)), 0) / 3600)::numeric, 1)::text as hours
    from learner_progress p join catalog_items ci on ci.id = p.catalog_item_id left join videos v on v.id = ci.video_id
    where p.user_id = ${userId}::uuid and ci.resource_type = 'LEARNING_OBJECT'
      and p.video_progress >= 90 and p.are_reproducibles_downloaded and p.is_catalog_item_rated and p.is_rubric_score_saved and p.is_strategy_applied
      and (p.completed_at at time zone ${timeZone})::date between ${from}::date and ${to}::date`);
  return { titles: found.map((r) => r.title), seconds: found.map((r) => r.seconds), hours: Number(hours!.hours) };
}

describe('completion times', () => {
  it('are kept for every completed item, seeded ones included', async () => {
    const [undated] = await t.query<{ n: number }>(sql`
      select count(*)::int as n from learner_progress p join catalog_items ci on ci.id = p.catalog_item_id
      where p.completed_at is null and p.video_progress >= 90
        and (ci.resource_type <> 'LEARNING_OBJECT' or (p.are_reproducibles_downloaded and p.is_catalog_item_rated and p.is_rubric_score_saved and p.is_strategy_applied))`);
    expect(undated!.n).toBe(0);
  });

  it('are stamped when the last step is done, and kept when a step is undone', async () => {
    const [item] = await t.query<{ id: string; title: string }>(
      sql`select id::text as id, title from catalog_items ci where resource_type = 'LEARNING_OBJECT'
          and not exists (select 1 from learner_progress p where p.catalog_item_id = ci.id and p.user_id = ${learner.id}::uuid)
          order by public_id limit 1`,
    );
    const base = `/api/catalog/items/${item!.id}`;
    const completedAt = async () =>
      (await t.query<{ at: number | null }>(
        sql`select (extract(epoch from completed_at) * 1000)::float8 as at from learner_progress where user_id = ${learner.id}::uuid and catalog_item_id = ${item!.id}::uuid`,
      ))[0]?.at ?? null;
    expect(await watchVideo(t, token, item!.id, 100)).toMatchObject({ accepted: 1 });
    await get(`${base}/reproducibles?archiveName=files`);
    await t.request(token, { method: 'PUT', url: `${base}/rubric-scores`, payload: { value: 3 } });
    const rating = await t.request(token, { method: 'POST', url: `${base}/ratings`, payload: { value: 5 } });
    expect(await completedAt()).toBeNull();
    const before = Date.now();
    expect((await t.request(token, { method: 'POST', url: `${base}/strategy-application` })).statusCode).toBe(201);
    const first = await completedAt();
    expect(first).not.toBeNull();
    expect(Math.abs(first! - before)).toBeLessThan(60_000);

    // Undone and done again: still completed when it was first completed.
    await t.request(token, { method: 'DELETE', url: `${base}/ratings/${rating.json().id}` });
    expect(await completedAt()).toBe(first);
    const todays = await createCertificate({ from: daysAgo(1), to: today() });
    expect(todays.statusCode, todays.body).toBe(201);
    expect(todays.json().strategies.map((s: { title: string }) => s.title)).not.toContain(item!.title);
    await t.request(token, { method: 'POST', url: `${base}/ratings`, payload: { value: 4 } });
    expect(await completedAt()).toBe(first);
  });
});

describe('learning certificates', () => {
  let issued: { code: string; hours: number; strategies: { title: string; minutes: number; completedAt: string }[]; from: string; to: string; verifyUrl: string; pdfUrl: string };
  let others: { code: string };

  beforeAll(async () => {
    // The other educator completes one strategy of their own, so they can have a certificate too.
    const [theirs] = await t.query<{ id: string }>(
      sql`select id::text as id from catalog_items where resource_type = 'LEARNING_OBJECT' order by public_id desc limit 1`,
    );
    await t.query(sql`
      insert into learner_progress (user_id, catalog_item_id, last_interaction_at, video_progress, are_reproducibles_downloaded,
        is_catalog_item_rated, is_rubric_score_saved, is_strategy_applied, completed_at)
      values (${other.id}::uuid, ${theirs!.id}::uuid, now() - interval '2 days', 100, true, true, true, true, now() - interval '2 days')
      on conflict (user_id, catalog_item_id) do update set video_progress = 100, are_reproducibles_downloaded = true, is_catalog_item_rated = true,
        is_rubric_score_saved = true, is_strategy_applied = true, completed_at = now() - interval '2 days'`);
    const res = await createCertificate({ from: daysAgo(30), to: today() }, other.token);
    expect(res.statusCode, res.body).toBe(201);
    others = res.json();
  });

  it('counts the hours of video watched of the completed strategies, as the stored rows give them', async () => {
    const from = daysAgo(20);
    const to = today();
    const res = await createCertificate({ from, to });
    expect(res.statusCode, res.body).toBe(201);
    issued = res.json();
    const expected = await expectedCertificate(learner.id, from, to);
    expect(expected.titles.length).toBeGreaterThan(10);
    expect(expected.hours).toBeGreaterThan(5);
    expect(issued.hours).toBe(expected.hours);
    expect(issued.strategies.map((s) => s.title)).toEqual(expected.titles);
    expect(issued.strategies.map((s) => s.minutes)).toEqual(expected.seconds.map((s) => Math.round(s / 6) / 10));
    expect(issued).toMatchObject({ from, to, timeZone: 'UTC' });
    expect(issued.code).toMatch(/^[A-Z2-7]{16}$/);
    expect(issued.verifyUrl).toBe(`${ORIGIN}/verify/${issued.code}`);
    expect(issued.pdfUrl).toBe(`/api/profile/certificates/${issued.code}/pdf`);
    // A narrower range counts fewer.
    const week = (await createCertificate({ from: daysAgo(7), to })).json();
    expect(week.strategies.length).toBe((await expectedCertificate(learner.id, daysAgo(7), to)).titles.length);
    expect(week.strategies.length).toBeLessThan(issued.strategies.length);
  });

  it('counts the days in the time zone asked for', async () => {
    // Beyond every generated row (the oldest is about 45 days old).
    const day = daysAgo(100);
    const item = items.findLast((_, i) => i % 6 === 5);
    await t.query(sql`update learner_progress set video_progress = 100, are_reproducibles_downloaded = true, is_catalog_item_rated = true,
                        is_rubric_score_saved = true, is_strategy_applied = true, completed_at = ${`${day}T03:00:00Z`}::timestamptz
                      where user_id = ${learner.id}::uuid and catalog_item_id = ${item!.id}::uuid`);
    const utc = (await createCertificate({ from: day, to: day })).json();
    expect(utc.strategies.map((s: { title: string }) => s.title)).toEqual([item!.title]);
    // 03:00 UTC is the evening before in Chicago.
    expect((await createCertificate({ from: day, to: day, timeZone: 'America/Chicago' })).statusCode).toBe(422);
    const chicago = await createCertificate({ from: daysAgo(101), to: daysAgo(101), timeZone: 'America/Chicago' });
    expect(chicago.json().strategies.map((s: { title: string }) => s.title)).toEqual([item!.title]);
    expect(chicago.json()).toMatchObject({ timeZone: 'America/Chicago', from: daysAgo(101) });
  });

  it('refuses ranges it cannot certify, naming the field', async () => {
    const cases: [object, number, string][] = [
      [{ from: today(), to: daysAgo(1) }, 400, 'body/to: The To date must be on or after the From date'],
      [{ from: daysAgo(1), to: daysAgo(-2) }, 400, 'body/to: The To date must not be after today'],
      [{ from: '2021-01-01', to: '2024-01-02' }, 400, 'body/to: The To date must be at most 3 years after the From date'],
      [{ from: '1999-12-31', to: '2000-01-05' }, 400, 'body/from: The From date must be 2000-01-01 or later'],
      [{ from: '2026-02-30', to: today() }, 400, 'body/from'],
      [{ from: daysAgo(1), to: today(), timeZone: 'Nowhere/Else' }, 400, 'body/timeZone'],
      [{ from: today() }, 400, 'to'],
      [{ from: '2020-01-01', to: '2020-12-31' }, 422, 'You completed no strategies in this period'],
    ];
    for (const [body, status, message] of cases) {
      const res = await createCertificate(body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().error.message).toContain(message);
    }
    // Three years to the day is allowed.
    expect((await createCertificate({ from: '2021-01-01', to: '2024-01-01' })).statusCode).toBe(422);
  });

  it('lists the learner\'s own certificates, newest first, as issued', async () => {
    // A step undone after issuing changes nothing on the certificate.
    const first = issued.strategies[0]!;
    const row = items.find((i) => i.title === first.title)!;
    await t.query(sql`update learner_progress set is_strategy_applied = false where user_id = ${learner.id}::uuid and catalog_item_id = ${row.id}::uuid`);
    const list = (await get('/api/profile/certificates')).json().data as { code: string; issuedAt: string }[];
    const times = list.map((c) => Date.parse(c.issuedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.map((c) => c.code)).toContain(issued.code);
    expect(list.map((c) => c.code)).not.toContain(others.code);
    expect(list.find((c) => c.code === issued.code)).toEqual(issued);
  });

  it('hands the PDF to its owner only', async () => {
    const res = await get(issued.pdfUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="learning-certificate-${issued.from}-${issued.to}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(issued.code);
    expect(text).toContain(learner.name);
    expect(text).toContain(issued.verifyUrl);
    expect(text).toContain(`${issued.hours.toFixed(1)} h`);
    expect(text).toContain(`${issued.strategies.length} strategies`);
    expect(text).toContain(issued.strategies[0]!.title.replace('\n', ' ').slice(0, 12));
    // Codes are read case-insensitively.
    expect((await get(issued.pdfUrl.replace(issued.code, issued.code.toLowerCase()))).statusCode).toBe(200);

    // Someone else's code reads exactly like a code nobody has.
    const theirs = await get(`/api/profile/certificates/${others.code}/pdf`);
    const nobodys = await get(`/api/profile/certificates/${'A'.repeat(16)}/pdf`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: { code: 'CERTIFICATE_NOT_FOUND', message: 'Certificate not found' } });
    expect(theirs.body).toBe(nobodys.body);
    expect((await get(`/api/profile/certificates/${issued.code}/pdf`, other.token)).statusCode).toBe(404);
    // Their own opens for them, with their organization.
    const own = await get(`/api/profile/certificates/${others.code}/pdf`, other.token);
    expect(own.statusCode).toBe(200);
    const [org] = await t.query<{ name: string }>(sql`select o.name from users u join organizations o on o.id = u.organization_id where u.id = ${other.id}::uuid`);
    expect(pdfText(own.rawPayload)).toContain(org!.name);
  });
});

describe('the public verification page', () => {
  const page = (code: string) => t.app.inject({ method: 'GET', url: `/verify/${code}` });
  let mineCode: string;
  let theirsCode: string;

  beforeAll(async () => {
    const list = (await get('/api/profile/certificates')).json().data;
    mineCode = list[0].code;
    theirsCode = (await get('/api/profile/certificates', other.token)).json().data[0].code;
  });

  it('shows only the owner\'s name, the hours, the range, the count and the issue date', async () => {
    const [cert] = await t.query<{ fromDay: string; toDay: string; n: number; seconds: number; issued: string }>(sql`
      select from_date::text as "fromDay", to_date::text as "toDay", jsonb_array_length(strategies)::int as n, total_seconds as seconds,
        to_char(issued_at at time zone time_zone, 'YYYY-MM-DD') as issued
      from certificates where code = ${mineCode}`);
    const res = await page(mineCode);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('This certificate is valid');
    expect(html).toContain(learner.name);
    expect(html).toContain(`${(Math.round(cert!.seconds / 360) / 10).toFixed(1)} hours`);
    expect(html).toContain(`<dd>${cert!.n}</dd>`);
    for (const day of [cert!.fromDay, cert!.toDay, cert!.issued]) expect(html).toContain(`<time datetime="${day}">`);
    expect(html).not.toContain(other.name);
    expect(html).not.toContain(learner.email);
    expect(html).not.toContain(items[0]!.title);

    const theirs = (await page(theirsCode)).body;
    expect(theirs).toContain(other.name);
    expect(theirs).not.toContain(learner.name);
    expect(theirs).not.toContain(other.email);
    // Lower case and grouped codes are the same code.
    expect((await page(`${mineCode.slice(0, 8).toLowerCase()}-${mineCode.slice(8)}`)).statusCode).toBe(200);
  });

  it('is accessible markup under the strict policy: a language, one heading, labelled facts, no script or inline style', async () => {
    for (const code of [mineCode, 'ZZZZZZZZZZZZZZZZ']) {
      const html = (await page(code)).body;
      expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(html.match(/<h1[ >]/g)).toHaveLength(1);
      expect(html).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1">/);
      expect(html).not.toMatch(/<script|\sstyle=|<style|\son[a-z]+=/i);
      expect(html).toContain('<main>');
    }
    expect((await page(mineCode)).body).toMatch(/<dl class="facts" aria-label="Certificate details">/);
    for (const sheet of ['/u/styles.css', '/verify/verify.css']) {
      const css = await t.app.inject({ method: 'GET', url: sheet });
      expect(css.statusCode, sheet).toBe(200);
      expect(css.headers['content-type']).toMatch(/^text\/css/);
    }
  });

  it('says that an unknown code is not a valid certificate', async () => {
    for (const code of ['ZZZZZZZZZZZZZZZZ', 'not-a-code', 'A'.repeat(300), encodeURIComponent('<script>')]) {
      const res = await page(code);
      expect(res.statusCode, code).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('This is not a valid certificate');
      expect(res.body).not.toContain('<script>');
    }
  });

  it('is limited per address like the sign-in pages', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_SIGN_IN: '3' } });
    try {
      const check = () => limited.app.inject({ method: 'GET', url: '/verify/ZZZZZZZZZZZZZZZZ' });
      for (let i = 0; i < 3; i++) expect((await check()).statusCode).toBe(404);
      const blocked = await check();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(blocked.body).toContain('Too many checks');
      expect(blocked.headers['retry-after']).toBeDefined();
      // Another address is not held up.
      expect((await limited.app.inject({ method: 'GET', url: '/verify/ZZZZZZZZZZZZZZZZ', remoteAddress: '10.9.8.7' })).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
