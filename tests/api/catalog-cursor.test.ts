import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ACCOUNTS } from '../support/world.ts';

/** Keyset paging of the catalogue list: `cursor` / `nextCursor` next to offset paging. */
let t: TestApp;
let token: string;

type Page = { items: { id: string }[]; total: number; totalIsCapped?: boolean; nextCursor?: string | null };
const get = async (url: string): Promise<Page> => {
  const res = await t.request(token, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const SORTS: string[][] = [[], ['createdAt'], ['title'], ['startDate'], ['rating'], ['rating', 'title'], ['startDate', 'rating'], ['title', 'createdAt'], ['rating', 'startDate', 'createdAt']];
const query = (sortBy: string[], order: string | null, extra = '') =>
  `${sortBy.map((k) => `&sortBy=${k}`).join('')}${order ? `&sortOrder=${order}` : ''}${extra}`;

/** Every page by offset, and every page by following nextCursor from the first page. */
async function bothWays(params: string, size: number) {
  const byOffset: string[][] = [];
  for (let offset = 0; ; offset += size) {
    const page = await get(`/api/catalog/items?limit=${size}&offset=${offset}${params}`);
    if (!page.items.length) break;
    byOffset.push(page.items.map((i) => i.id));
  }
  const byCursor: string[][] = [];
  let page = await get(`/api/catalog/items?limit=${size}${params}`);
  // Bounded, so a cursor that were ignored (the first page again and again) fails instead of looping.
  for (let n = 0; n <= byOffset.length; n++) {
    byCursor.push(page.items.map((i) => i.id));
    if (!page.nextCursor) break;
    page = await get(`/api/catalog/items?limit=${size}&cursor=${encodeURIComponent(page.nextCursor)}${params}`);
  }
  return { byOffset, byCursor };
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login(ACCOUNTS.free);
  // Ties on every key: items sharing a title, a creation time, a start date and a rating with
  // others, so pages split inside groups of equal sort values (the id breaks those ties).
  await t.query(sql`
    insert into catalog_items (public_id, resource_type, title, description, created_at, start_date)
    select 'tie-' || g, 'LEARNING_OBJECT', 'Tied title ' || (g % 3), 'Same everything.', timestamptz '2026-03-01T10:00:00.123456Z' + (g % 2) * interval '1 microsecond',
      case when g % 4 = 0 then timestamptz '2026-12-01T09:00:00Z' end
    from generate_series(1, 24) g`);
  await t.query(sql`
    insert into ratings (user_id, catalog_item_id, value)
    select u.id, ci.id, 4 from catalog_items ci, (select id from users order by email limit 1) u where ci.public_id like 'tie-%' and ci.public_id not like 'tie-1%'`);
});
afterAll(() => t?.close());

describe('cursor pages', () => {
  it('are the offset pages, for every sort key and direction, across ties', async () => {
    const total = (await get('/api/catalog/items?limit=1')).total;
    for (const sortBy of SORTS) {
      for (const order of sortBy.length ? ['ASC', 'DESC'] : [null]) {
        const { byOffset, byCursor } = await bothWays(query(sortBy, order), 9);
        expect(byCursor, `${sortBy.join(',')} ${order}`).toEqual(byOffset);
        expect(byCursor.flat()).toHaveLength(total);
        expect(new Set(byCursor.flat()).size).toBe(total);
      }
    }
  });

  it('are the offset pages with filters, and the last page has no next cursor', async () => {
    const { byOffset, byCursor } = await bothWays(query(['title'], 'DESC', '&resourceType=LEARNING_OBJECT&featured=false'), 4);
    expect(byCursor).toEqual(byOffset);
    const lastPage = await get('/api/catalog/items?resourceType=LIVESTREAM&limit=100');
    expect(lastPage.nextCursor).toBeNull();
  });

  it('continue an offset page: its nextCursor gives the page after it', async () => {
    const third = await get('/api/catalog/items?limit=5&offset=10&sortBy=rating&sortOrder=DESC');
    const fourth = await get(`/api/catalog/items?limit=5&sortBy=rating&sortOrder=DESC&cursor=${third.nextCursor}`);
    expect(fourth.items).toEqual((await get('/api/catalog/items?limit=5&offset=15&sortBy=rating&sortOrder=DESC')).items);
    // The total is the list's, whichever way the page was reached.
    expect(fourth.total).toBe(third.total);
  });
});

describe('page size -1 (spec §5: no limit)', () => {
  it('is every match in one answer, in the order of the pages, for the list and for search; 0 is refused', async () => {
    const { byOffset } = await bothWays(query(['title'], 'ASC'), 9);
    const all = await get(`/api/catalog/items?limit=-1${query(['title'], 'ASC')}`);
    expect(all.items.map((i) => i.id)).toEqual(byOffset.flat());
    expect(all.items).toHaveLength(all.total);
    expect(all.items.length).toBeGreaterThan(100);
    expect(all.nextCursor ?? null).toBeNull();
    const found = await get('/api/catalog/search?q=tied&limit=-1');
    expect(found.items.length).toBeGreaterThanOrEqual(24);
    expect(found.items).toHaveLength(found.total);
    for (const url of ['/api/catalog/items?limit=0', '/api/catalog/items?limit=-2', '/api/catalog/search?q=tied&limit=0']) {
      const res = await t.request(token, { method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
    }
  });
});

describe('a cursor that is not one the list gave out', () => {
  const expectError = async (url: string, code: string) => {
    const res = await t.request(token, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: { code, message: expect.any(String) } });
  };
  const cursorOf = async (params: string) => (await get(`/api/catalog/items?limit=3${params}`)).nextCursor!;
  const tamper = (cursor: string, change: (body: { s: string; v: unknown[]; i: string }) => unknown) =>
    Buffer.from(JSON.stringify(change(JSON.parse(Buffer.from(cursor, 'base64url').toString())))).toString('base64url');

  it('is a 400 with the error body when it is not a cursor or its values were changed', async () => {
    const cursor = await cursorOf('&sortBy=createdAt&sortOrder=ASC');
    await expectError('/api/catalog/items?cursor=not-a-cursor', 'INVALID_CURSOR');
    await expectError(`/api/catalog/items?cursor=${cursor.slice(0, -4)}&sortBy=createdAt&sortOrder=ASC`, 'INVALID_CURSOR');
    await expectError(`/api/catalog/items?sortBy=createdAt&sortOrder=ASC&cursor=${tamper(cursor, (b) => ({ ...b, i: 'x' }))}`, 'INVALID_CURSOR');
    await expectError(`/api/catalog/items?sortBy=createdAt&sortOrder=ASC&cursor=${tamper(cursor, (b) => ({ ...b, v: ["2026-01-01'; drop table users; --"] }))}`, 'INVALID_CURSOR');
    await expectError(`/api/catalog/items?sortBy=createdAt&sortOrder=ASC&cursor=${tamper(cursor, (b) => ({ ...b, v: [] }))}`, 'INVALID_CURSOR');
    await expectError(`/api/catalog/items?sortBy=createdAt&sortOrder=ASC&cursor=${tamper(cursor, () => [1, 2])}`, 'INVALID_CURSOR');
    const rating = await cursorOf('&sortBy=rating');
    await expectError(`/api/catalog/items?sortBy=rating&cursor=${tamper(rating, (b) => ({ ...b, v: ['1e999'] }))}`, 'INVALID_CURSOR');
  });

  it('is a 400 when its sort is not the request’s, or an offset is given with it', async () => {
    const cursor = await cursorOf('&sortBy=title&sortOrder=DESC');
    await expectError(`/api/catalog/items?sortBy=title&sortOrder=ASC&cursor=${cursor}`, 'CURSOR_SORT_MISMATCH');
    await expectError(`/api/catalog/items?sortBy=rating&sortOrder=DESC&cursor=${cursor}`, 'CURSOR_SORT_MISMATCH');
    await expectError(`/api/catalog/items?cursor=${cursor}`, 'CURSOR_SORT_MISMATCH');
    await expectError(`/api/catalog/items?sortBy=title&sortOrder=DESC&offset=3&cursor=${cursor}`, 'CURSOR_WITH_OFFSET');
  });
});
