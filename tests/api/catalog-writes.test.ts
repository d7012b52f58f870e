import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ACCOUNTS } from '../support/world.ts';

/** Every write to the catalogue shows in the next list and search, whoever made it. */
type Item = { id: string; title: string; ratingAverage: number | null; ratingCount: number };
type Page = { items: Item[]; total: number };

describe('the catalogue list and search after a write', () => {
  let t: TestApp;
  let token: string;
  const get = async (url: string): Promise<Page> => {
    const res = await t.request(token, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login(ACCOUNTS.free);
  });
  afterAll(() => t?.close());

  it('shows a rating in the next list sorted by rating, and its deletion', async () => {
    // The lowest-rated item this learner has not rated: first when sorted by rating, ascending.
    const [item] = await t.query<{ id: string }>(sql`
      select ci.id::text as id from catalog_items ci
      where ci.rating_average is not null and not exists (
        select 1 from ratings r join users u on u.id = r.user_id where u.email = ${ACCOUNTS.free} and r.catalog_item_id = ci.id)
      order by ci.rating_average, ci.id limit 1`);
    const url = '/api/catalog/items?sortBy=rating&sortOrder=ASC&limit=100';
    const before = await get(url);
    const was = before.items.find((i) => i.id === item!.id)!;
    expect(before.items[0]!.id).toBe(item!.id);
    const rated = await t.request(token, { method: 'POST', url: `/api/catalog/items/${item!.id}/ratings`, payload: { value: 5 } });
    expect(rated.statusCode).toBe(201);
    const after = await get(url);
    const now = after.items.find((i) => i.id === item!.id);
    expect(after.items[0]!.id).not.toBe(item!.id);
    if (now) expect(now).toMatchObject({ ratingCount: was.ratingCount + 1 });
    expect(now?.ratingAverage ?? 5).toBeGreaterThan(was.ratingAverage!);

    await t.request(token, { method: 'DELETE', url: `/api/catalog/items/${item!.id}/ratings/${rated.json().id}` });
    expect(await get(url)).toEqual(before);
  });

  it('shows another learner’s rating in the next search of items not started', async () => {
    const url = '/api/catalog/search?q=students&progress=NOT_STARTED&limit=10';
    const before = await get(url);
    // A shown item the other learner has not rated.
    const [item] = await t.query<{ id: string }>(sql`
      select ci.id::text as id from catalog_items ci where ci.id = any(${`{${before.items.map((i) => i.id).join(',')}}`}::uuid[])
        and not exists (select 1 from ratings r join users u on u.id = r.user_id where u.email = ${ACCOUNTS.subscriber} and r.catalog_item_id = ci.id)
      order by ci.id limit 1`);
    const was = before.items.find((i) => i.id === item!.id)!;
    const other = await t.login(ACCOUNTS.subscriber);
    const rated = await t.request(other, { method: 'POST', url: `/api/catalog/items/${item!.id}/ratings`, payload: { value: 5 } });
    expect(rated.statusCode).toBe(201);
    expect((await get(url)).items.find((i) => i.id === item!.id)).toMatchObject({ ratingCount: was.ratingCount + 1 });
    await t.request(other, { method: 'DELETE', url: `/api/catalog/items/${item!.id}/ratings/${rated.json().id}` });
    expect(await get(url)).toEqual(before);
  });

  it('shows any write to the items in the next list and search', async () => {
    const list = await get('/api/catalog/items?limit=5');
    const first = list.items[0]!;
    await get(`/api/catalog/search?q=${encodeURIComponent(first.title)}`);
    await t.query(sql`update catalog_items set title = 'Quokka observation walk' where id = ${first.id}::uuid`);
    expect((await get('/api/catalog/items?limit=5')).items[0]!.title).toBe('Quokka observation walk');
    expect((await get('/api/catalog/search?q=quokka')).items.map((i) => i.id)).toEqual([first.id]);
    // Tagging an item (a write to a link table) changes the item's listing too.
    const [audience] = await t.query<{ id: string }>(sql`select id::text as id from audiences order by position limit 1`);
    const filtered = `/api/catalog/items?limit=100&audienceIds=${audience!.id}`;
    const inAudience = (await get(filtered)).items.some((i) => i.id === first.id);
    if (inAudience) await t.query(sql`delete from catalog_item_audiences where catalog_item_id = ${first.id}::uuid and audience_id = ${audience!.id}::uuid`);
    else await t.query(sql`insert into catalog_item_audiences (catalog_item_id, audience_id) values (${first.id}::uuid, ${audience!.id}::uuid)`);
    expect((await get(filtered)).items.some((i) => i.id === first.id)).toBe(!inAudience);
  });

  it('answers gzip to a client that takes it, the same JSON as without', async () => {
    const url = '/api/catalog/items?limit=20&sortBy=title&sortOrder=ASC';
    const plain = await t.request(token, { method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    for (const acceptEncoding of ['gzip', 'gzip, deflate']) {
      const res = await t.request(token, { method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
    const refused = await t.request(token, { method: 'GET', url, headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding'] ?? 'identity').toBe('identity');
    expect(refused.json()).toEqual(plain.json());
  });
});
