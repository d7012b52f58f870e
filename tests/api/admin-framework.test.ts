import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../support/app.ts';
import { findOperation, validateResponse } from '../support/contract.ts';
import { ACCOUNTS } from '../support/world.ts';

/**
 * The admin site's framework (category › strand › element › strategy) and audiences: each change,
 * what keeps an item in use from being deleted, the audit entry of every change, and the
 * catalogue's token moving with every write, so educators read the new titles on their next
 * request. (Who may call them is in the authorization table; generated bad input in bad-input.test.ts.)
 */
let t: TestApp;
let admin: string;
let educator: string;

type Json = Record<string, unknown>;
type Item = { id: string; parentId: string | null; type: string; title: string; description: string; position: number; communityUrl: string | null; catalogItemCount: number; learnerCount: number };
type Audience = { id: string; name: string; position: number; catalogItemCount: number; learnerCount: number };

/** A call checked against the contract, answering status and body. */
async function call<B = Json>(token: string | null, opts: InjectOptions) {
  const res = await t.request(token, opts);
  const op = findOperation(opts.method as string, opts.url as string);
  expect(op, `${opts.method} ${opts.url} is not in the contract`).toBeDefined();
  const type = res.headers['content-type'] as string | undefined;
  const body = type?.startsWith('application/json') ? res.json() : res.body;
  expect(validateResponse(op!.operationId, res.statusCode, type, body), `${op!.operationId} ${res.statusCode}: ${res.body.slice(0, 300)}`).toEqual([]);
  return { status: res.statusCode, body: body as B & { error: { code: string; message: string } } };
}

const items = async () => (await call<{ data: Item[] }>(admin, { method: 'GET', url: '/api/admin/framework/items' })).body.data;
const audiences = async () => (await call<{ data: Audience[] }>(admin, { method: 'GET', url: '/api/admin/audiences' })).body.data;
const create = (payload: object) => call<Item>(admin, { method: 'POST', url: '/api/admin/framework/items', payload });
const update = (id: string, payload: object) => call<Item>(admin, { method: 'PATCH', url: `/api/admin/framework/items/${id}`, payload });
const move = (id: string, position: number) => call<Item>(admin, { method: 'PUT', url: `/api/admin/framework/items/${id}/position`, payload: { position } });
const remove = (id: string) => call(admin, { method: 'DELETE', url: `/api/admin/framework/items/${id}` });

/** The audit entries of one entity, newest first. */
async function auditOf(entityType: 'NASOT_ITEM' | 'AUDIENCE', id: string) {
  const res = await call<{ items: Json[] }>(admin, { method: 'GET', url: `/api/admin/audit-log?entityType=${entityType}&entityId=${id}&itemsPerPage=100` });
  return res.body.items;
}

const childrenOf = (list: Item[], parentId: string | null) => list.filter((i) => i.parentId === parentId).sort((a, b) => a.position - b.position);

/** A strategy tagged on catalogue items, its element and the number of items. */
async function taggedStrategy() {
  const [row] = await t.query<{ id: string; n: number }>(
    sql`select x.nasot_item_id::text as id, count(*)::int as n from catalog_item_nasot_items x join nasot_items s on s.id = x.nasot_item_id
        where s.type = 'STRATEGY' group by 1 order by 2 desc, 1 limit 1`,
  );
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(ACCOUNTS.admin);
  educator = await t.login(ACCOUNTS.educator);
});
afterAll(() => t?.close());

describe('the framework tree', () => {
  it('lists every framework item with how much it is used, each level in its order', async () => {
    const list = await items();
    const educatorsView = (await call<{ data: Json[] }>(educator, { method: 'GET', url: '/api/catalog/nasot/items' })).body.data;
    expect(list.map((i) => i.id).sort()).toEqual(educatorsView.map((i) => i.id as string).sort());
    for (const type of ['CATEGORY', 'STRAND', 'ELEMENT', 'STRATEGY']) expect(list.some((i) => i.type === type), type).toBe(true);
    const tagged = await taggedStrategy();
    expect(list.find((i) => i.id === tagged.id)!.catalogItemCount).toBe(tagged.n);
    const [interest] = await t.query<{ id: string; n: number }>(
      sql`select i.id::text as id, count(*)::int as n from profiles p cross join lateral unnest(p.interest_ids) as i(id) group by 1 order by 2 desc limit 1`,
    );
    expect(list.find((i) => i.id === interest!.id)!.learnerCount).toBe(interest!.n);
    // Positions are 1…n among siblings.
    for (const parentId of new Set(list.map((i) => i.parentId))) {
      expect(childrenOf(list, parentId).map((i) => i.position)).toEqual(childrenOf(list, parentId).map((_, n) => n + 1));
    }
  });

  it('creates a category, a strand, an element and a strategy, each last under its parent and one level below it', async () => {
    const before = await items();
    const category = await create({ parentId: null, title: '  Classroom culture  ', description: 'How a room feels.' });
    expect(category.status).toBe(201);
    expect(category.body).toMatchObject({ type: 'CATEGORY', parentId: null, title: 'Classroom culture', position: childrenOf(before, null).length + 1, communityUrl: null, catalogItemCount: 0 });
    const strand = await create({ parentId: category.body.id, title: 'Routines' });
    expect(strand.body).toMatchObject({ type: 'STRAND', parentId: category.body.id, position: 1, description: '' });
    const element = await create({ parentId: strand.body.id, title: 'Transitions', communityUrl: 'https://community.example.org/c/transitions' });
    expect(element.body).toMatchObject({ type: 'ELEMENT', position: 1, communityUrl: 'https://community.example.org/c/transitions' });
    const strategy = await create({ parentId: element.body.id, title: 'Countdown timers' });
    expect(strategy.body).toMatchObject({ type: 'STRATEGY', position: 1 });
    expect((await create({ parentId: element.body.id, title: 'Hand signals' })).body.position).toBe(2);

    const below = await create({ parentId: strategy.body.id, title: 'Too deep' });
    expect(below.status).toBe(422);
    expect(below.body.error).toEqual({ code: 'NO_CHILDREN', message: 'A strategy is the framework’s last level: it cannot have items under it' });

    // Educators read the new items on their next request.
    const educatorsView = (await call<{ data: Json[] }>(educator, { method: 'GET', url: '/api/catalog/nasot/items' })).body.data;
    expect(educatorsView.find((i) => i.id === strategy.body.id)).toMatchObject({ title: 'Countdown timers', type: 'STRATEGY', parentId: element.body.id });

    const [entry] = await auditOf('NASOT_ITEM', strategy.body.id);
    expect(entry).toMatchObject({
      action: 'nasotItem.created',
      entityLabel: 'Countdown timers',
      actor: { email: ACCOUNTS.admin },
      before: null,
      after: { parentId: element.body.id, type: 'STRATEGY', title: 'Countdown timers', position: 1 },
    });
  });

  it('keeps titles unique among siblings (whatever the case), and checks each field with the spec’s messages', async () => {
    const list = await items();
    const element = list.find((i) => i.type === 'ELEMENT' && childrenOf(list, i.id).length >= 2)!;
    const [first, second] = childrenOf(list, element.id);
    const taken = await create({ parentId: element.id, title: ` ${first!.title.toUpperCase()} ` });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({ code: 'TITLE_TAKEN', message: `The element "${element.title}" already has a strategy called "${first!.title.toUpperCase()}"` });
    const renamedOnto = await update(second!.id, { title: first!.title });
    expect(renamedOnto.status).toBe(409);
    expect(renamedOnto.body.error.code).toBe('TITLE_TAKEN');
    const category = childrenOf(list, null)[0]!;
    expect((await create({ parentId: null, title: category.title })).body.error.message).toBe(`There is already a category called "${category.title}"`);
    // The same title under another parent is another item.
    const other = list.find((i) => i.type === 'ELEMENT' && i.id !== element.id)!;
    expect((await create({ parentId: other.id, title: first!.title })).status).toBe(201);

    const refused: [object, string][] = [
      [{ parentId: element.id, title: '   ' }, 'The Title field is required'],
      [{ parentId: element.id, title: 'x' }, 'The Title must have at least 2 characters'],
      [{ parentId: element.id, title: 'x'.repeat(151) }, 'The Title must not exceed 150 characters'],
      [{ parentId: element.id, title: 'Long description', description: 'd'.repeat(2001) }, 'The Description must not exceed 2000 characters'],
      [{ parentId: element.id, title: 'Script link', communityUrl: 'javascript:alert(1)' }, 'The Community Link must be a web address (https://…) or a path on this site'],
      [{ parentId: randomUUID(), title: 'Orphan' }, 'The Parent must be an item of the framework'],
    ];
    for (const [payload, message] of refused) {
      const res = await create(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.error).toEqual({ code: 'VALIDATION_FAILED', message });
    }
    expect((await items()).length).toBe(list.length + 1);
  });

  it('edits a title, a description and a community link, recording only what changed', async () => {
    const list = await items();
    const strategy = list.find((i) => i.type === 'STRATEGY' && i.communityUrl !== null)!;
    const changed = await update(strategy.id, { title: 'Renamed strategy', description: strategy.description, communityUrl: '' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: strategy.id, title: 'Renamed strategy', description: strategy.description, communityUrl: null, position: strategy.position });
    const [entry] = await auditOf('NASOT_ITEM', strategy.id);
    expect(entry).toMatchObject({
      action: 'nasotItem.updated',
      entityLabel: 'Renamed strategy',
      before: { title: strategy.title, communityUrl: strategy.communityUrl },
      after: { title: 'Renamed strategy', communityUrl: null },
    });
    expect(Object.keys(entry!.before as Json).sort()).toEqual(['communityUrl', 'title']);
    // The same values again change and record nothing.
    expect((await update(strategy.id, { title: 'Renamed strategy' })).status).toBe(200);
    expect(await auditOf('NASOT_ITEM', strategy.id)).toHaveLength(1);
    expect((await update(randomUUID(), { title: 'Nobody' })).status).toBe(404);
  });

  it('moves an item among its siblings (clamped to the ends), the others closing up', async () => {
    const list = await items();
    const element = list.find((i) => i.type === 'ELEMENT' && childrenOf(list, i.id).length >= 3)!;
    const siblings = childrenOf(list, element.id);
    const last = siblings[siblings.length - 1]!;
    const earlier = (await auditOf('NASOT_ITEM', last.id)).length;
    const moved = await move(last.id, 1);
    expect(moved.body).toMatchObject({ id: last.id, position: 1, parentId: element.id });
    const after = childrenOf(await items(), element.id);
    expect(after.map((i) => i.id)).toEqual([last.id, ...siblings.slice(0, -1).map((i) => i.id)]);
    expect(after.map((i) => i.position)).toEqual(siblings.map((_, n) => n + 1));
    expect((await move(last.id, 999)).body.position).toBe(siblings.length);
    expect(childrenOf(await items(), element.id).map((i) => i.id)).toEqual(siblings.map((i) => i.id));
    const entries = (await auditOf('NASOT_ITEM', last.id)).slice(0, -earlier || undefined);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['nasotItem.moved', { position: 1 }, { position: siblings.length }],
      ['nasotItem.moved', { position: siblings.length }, { position: 1 }],
    ]);
    // Where it already is: nothing recorded.
    await move(last.id, siblings.length);
    expect(await auditOf('NASOT_ITEM', last.id)).toHaveLength(earlier + 2);
    expect((await move(randomUUID(), 1)).status).toBe(404);
  });

  it('refuses to delete an item in use, saying why (409), and deletes one nothing uses', async () => {
    const list = await items();
    const element = list.find((i) => i.type === 'ELEMENT' && childrenOf(list, i.id).length > 1)!;
    const withChildren = await remove(element.id);
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.error).toEqual({
      code: 'NASOT_ITEM_IN_USE',
      message: `This element has ${childrenOf(list, element.id).length} strategies under it; delete them first`,
    });

    const tagged = await taggedStrategy();
    const inUse = await remove(tagged.id);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toEqual({
      code: 'NASOT_ITEM_IN_USE',
      message: tagged.n === 1 ? 'This strategy is tagged on 1 catalogue item; remove it from that item first' : `This strategy is tagged on ${tagged.n} catalogue items; remove it from them first`,
    });

    const [interest] = await t.query<{ id: string; type: string }>(
      sql`select n.id::text as id, n.type from nasot_items n where exists (select 1 from profiles p where n.id = any(p.interest_ids))
          and not exists (select 1 from nasot_items c where c.parent_id = n.id)
          and not exists (select 1 from catalog_item_nasot_items x where x.nasot_item_id = n.id) limit 1`,
    );
    if (interest) {
      const chosen = await remove(interest.id);
      expect(chosen.status).toBe(409);
      expect(chosen.body.error.message).toMatch(/^This (strand|element|strategy|category) is an interest of \d+ educators?, so it cannot be deleted$/);
    }
    expect((await items()).length).toBe(list.length);

    // A new strategy in the middle of its element: deleted, the ones after it move up.
    const siblings = childrenOf(list, element.id);
    const created = (await create({ parentId: element.id, title: 'Short-lived strategy' })).body;
    await move(created.id, 2);
    const deleted = await remove(created.id);
    expect(deleted.status).toBe(204);
    const after = childrenOf(await items(), element.id);
    expect(after.map((i) => i.id)).toEqual(siblings.map((i) => i.id));
    expect(after.map((i) => i.position)).toEqual(siblings.map((_, n) => n + 1));
    const [entry] = await auditOf('NASOT_ITEM', created.id);
    expect(entry).toMatchObject({ action: 'nasotItem.deleted', entityLabel: 'Short-lived strategy', before: { title: 'Short-lived strategy', type: 'STRATEGY', position: 2 }, after: null });
    expect((await remove(created.id)).status).toBe(404);
  });
});

describe('audiences', () => {
  it('creates, renames, moves and deletes an audience, each change in the audit log', async () => {
    const before = await audiences();
    expect(before.map((a) => a.position)).toEqual(before.map((_, n) => n + 1));
    const created = await call<Audience>(admin, { method: 'POST', url: '/api/admin/audiences', payload: { name: ' Library Media Specialists ' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Library Media Specialists', position: before.length + 1, catalogItemCount: 0, learnerCount: 0 });
    const id = created.body.id;

    const taken = await call(admin, { method: 'POST', url: '/api/admin/audiences', payload: { name: before[0]!.name.toLowerCase() } });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({ code: 'NAME_TAKEN', message: `There is already an audience called "${before[0]!.name.toLowerCase()}"` });
    const blank = await call(admin, { method: 'PATCH', url: `/api/admin/audiences/${id}`, payload: { name: ' ' } });
    expect(blank.body.error).toEqual({ code: 'VALIDATION_FAILED', message: 'The Name field is required' });
    expect((await call(admin, { method: 'PATCH', url: `/api/admin/audiences/${id}`, payload: { name: 'x'.repeat(81) } })).body.error.message).toBe('The Name must not exceed 80 characters');

    const renamed = await call<Audience>(admin, { method: 'PATCH', url: `/api/admin/audiences/${id}`, payload: { name: 'Reading Specialists' } });
    expect(renamed.body).toMatchObject({ id, name: 'Reading Specialists' });
    const moved = await call<Audience>(admin, { method: 'PUT', url: `/api/admin/audiences/${id}/position`, payload: { position: 1 } });
    expect(moved.body.position).toBe(1);
    expect((await audiences()).map((a) => a.id)).toEqual([id, ...before.map((a) => a.id)]);
    // Educators see it in the new order and under its new name.
    const educatorsView = (await call<{ data: Audience[] }>(educator, { method: 'GET', url: '/api/catalog/audiences' })).body.data;
    expect(educatorsView[0]).toMatchObject({ id, name: 'Reading Specialists', position: 1 });

    expect((await call(admin, { method: 'DELETE', url: `/api/admin/audiences/${id}` })).status).toBe(204);
    const after = await audiences();
    expect(after.map((a) => a.id)).toEqual(before.map((a) => a.id));
    expect(after.map((a) => a.position)).toEqual(before.map((_, n) => n + 1));
    expect((await auditOf('AUDIENCE', id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['audience.deleted', { name: 'Reading Specialists', position: 1 }, null],
      ['audience.moved', { position: before.length + 1 }, { position: 1 }],
      ['audience.renamed', { name: 'Library Media Specialists' }, { name: 'Reading Specialists' }],
      ['audience.created', null, { name: 'Library Media Specialists', position: before.length + 1 }],
    ]);
    expect((await call(admin, { method: 'DELETE', url: `/api/admin/audiences/${id}` })).status).toBe(404);
    expect((await call(admin, { method: 'PATCH', url: `/api/admin/audiences/${randomUUID()}`, payload: { name: 'Nobody' } })).status).toBe(404);
  });

  it('refuses to delete an audience in use: tagged on catalogue items, or an educator’s audience', async () => {
    const list = await audiences();
    const tagged = list.find((a) => a.catalogItemCount > 0)!;
    const [count] = await t.query<{ n: number }>(sql`select count(*)::int as n from catalog_item_audiences where audience_id = ${tagged.id}::uuid`);
    expect(tagged.catalogItemCount).toBe(count!.n);
    const res = await call(admin, { method: 'DELETE', url: `/api/admin/audiences/${tagged.id}` });
    expect(res.status).toBe(409);
    expect(count!.n).toBeGreaterThan(1);
    expect(res.body.error).toEqual({ code: 'AUDIENCE_IN_USE', message: `This audience is tagged on ${count!.n} catalogue items; remove it from them first` });

    // An audience no item has, but an educator chose.
    const chosen = (await call<Audience>(admin, { method: 'POST', url: '/api/admin/audiences', payload: { name: 'Chosen by one' } })).body;
    await t.query(sql`update profiles set audience_id = ${chosen.id}::uuid where user_id = (select id from users where email = ${ACCOUNTS.educator})`);
    const mine = await call(admin, { method: 'DELETE', url: `/api/admin/audiences/${chosen.id}` });
    expect(mine.status).toBe(409);
    expect(mine.body.error).toEqual({ code: 'AUDIENCE_IN_USE', message: 'This audience is the audience of 1 educator (their profile), so it cannot be deleted' });
    expect((await audiences()).find((a) => a.id === chosen.id)).toMatchObject({ learnerCount: 1 });
  });
});

describe('framework and audience writes as educators see them', () => {
  it('educators read the new titles, positions and audiences next', async () => {
    const list = await items();
    const strategy = list.find((i) => i.type === 'STRATEGY' && i.catalogItemCount > 0)!;
    // A catalogue list filtered by the strategy's element, read before the change.
    const url = `/api/catalog/items?limit=20&nasotItemIds=${strategy.parentId}`;
    const listBefore = await t.request(educator, { method: 'GET', url });
    expect(listBefore.statusCode).toBe(200);

    await update(strategy.id, { title: 'Cache-busting strategy' });
    await move(strategy.id, 1);
    await call(admin, { method: 'POST', url: '/api/admin/audiences', payload: { name: 'Cache audience' } });
    const educatorsView = (await call<{ data: Json[] }>(educator, { method: 'GET', url: '/api/catalog/nasot/items' })).body.data;
    expect(educatorsView.find((i) => i.id === strategy.id)).toMatchObject({ title: 'Cache-busting strategy', position: 1 });
    expect((await call<{ data: Json[] }>(educator, { method: 'GET', url: '/api/catalog/audiences' })).body.data.some((a) => a.name === 'Cache audience')).toBe(true);
    // The list has the same items.
    const listAfter = await t.request(educator, { method: 'GET', url });
    expect(listAfter.json().items.map((i: Json) => i.id)).toEqual(listBefore.json().items.map((i: Json) => i.id));
  });

  it('writes nothing, and records nothing, when a change is refused', async () => {
    const before = await items();
    const tagged = await taggedStrategy();
    const entries = (await auditOf('NASOT_ITEM', tagged.id)).length;
    expect((await remove(tagged.id)).status).toBe(409);
    expect((await create({ parentId: null, title: '' })).status).toBe(400);
    expect(await items()).toEqual(before);
    expect(await auditOf('NASOT_ITEM', tagged.id)).toHaveLength(entries);
  });
});

describe("the educators' copy of the reference data", () => {
  /** A GET as the browser makes it once it holds a copy: with the copy's ETag. */
  const fetchWith = (url: string, etag?: string) =>
    t.request(educator, { method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });

  it.each([
    ['framework items', '/api/catalog/nasot/items', async () => (await create({ parentId: null, title: `Cached category ${randomUUID().slice(0, 8)}` })).status],
    ['audiences', '/api/catalog/audiences', async () => (await call(admin, { method: 'POST', url: '/api/admin/audiences', payload: { name: `Cached audience ${randomUUID().slice(0, 8)}` } })).status],
  ])('%s: revalidated with an ETag, empty 304 while unchanged, the new data after an admin change', async (_name, url, change) => {
    const first = await fetchWith(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect((await fetchWith(url)).headers.etag).toBe(etag);

    const unchanged = await fetchWith(url, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    // A list of validators, or the strong form of the same one, match too.
    expect((await fetchWith(url, `"other", ${etag.slice(2)}`)).statusCode).toBe(304);
    expect((await fetchWith(url, 'W/"something-else"')).statusCode).toBe(200);

    expect(await change()).toBe(201);
    const changed = await fetchWith(url, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.length).toBe(first.json().data.length + 1);
  });

  it('framework items: the answer kept per version follows a write made anywhere, and its gzip is the same data', async () => {
    const url = '/api/catalog/nasot/items';
    const zipped = await t.request(educator, { method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    const plain = await t.request(educator, { method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    expect((await t.request(educator, { method: 'GET', url, headers: { 'accept-encoding': 'gzip;q=0' } })).headers['content-encoding']).toBeUndefined();

    // A write this process did not make (another server process, an operator's SQL) shows at once.
    const [leaf] = await t.query<{ id: string }>(sql`select id::text as id from nasot_items where type = 'STRATEGY' order by position limit 1`);
    const title = `Renamed elsewhere ${randomUUID().slice(0, 8)}`;
    await t.query(sql`update nasot_items set title = ${title} where id = ${leaf!.id}::uuid`);
    const after = await t.request(educator, { method: 'GET', url, headers: { 'if-none-match': plain.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.find((i: { id: string }) => i.id === leaf!.id).title).toBe(title);
    // A write rolled back changes nothing: the same validator still answers 304.
    await t.query(sql`do $$ begin update nasot_items set title = 'never' where type = 'CATEGORY'; raise exception 'undo'; exception when others then null; end $$`);
    expect((await t.request(educator, { method: 'GET', url, headers: { 'if-none-match': after.headers.etag as string } })).statusCode).toBe(304);
  });
});
