import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createTestApp, ORIGIN, type TestApp } from '../support/app.ts';
import { findOperation, validateResponse } from '../support/contract.ts';
import { ACCOUNTS } from '../support/world.ts';
import { createMediaUrls } from '../../server/media/signed-urls.ts';

/**
 * The catalogue's lifecycle: draft → published → archived (docs/decisions.md, "The catalogue's
 * lifecycle"). A draft is invisible to educators everywhere; a published item is offered; an
 * archived one is offered no more but opens directly and stays in what educators did with it.
 * Every response is checked against the contract.
 */
let t: TestApp;
let admin: string;
let educator: string;
let educatorId: string;
/** The educator's interests and audience, so a matching item heads their recommendations. */
let taste: { interestIds: string[]; audienceId: string };
/** A word no seeded item has, in every title made here (search finds exactly these). */
const WORD = 'Zyxquorbal';

async function call(token: string | null, opts: InjectOptions) {
  const res = await t.request(token, opts);
  const op = findOperation(opts.method as string, (opts.url as string).split('?')[0]!);
  if (op) {
    const type = res.headers['content-type'] as string | undefined;
    const body = type?.startsWith('application/json') ? res.json() : res.body;
    expect(validateResponse(op.operationId, res.statusCode, type, body), `${op.operationId} ${res.statusCode}: ${res.body.slice(0, 300)}`).toEqual([]);
  }
  return res;
}
const get = (token: string, url: string) => call(token, { method: 'GET', url });
const send = (token: string, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) => call(token, { method, url, payload });

type Summary = { id: string; status?: string };
const ids = (items: Summary[]) => items.map((i) => i.id);

/** Every place an educator could meet an item, and whether it is there. */
async function whereEducatorSees(id: string, publicId: string) {
  const list = (await get(educator, `/api/catalog/items?limit=100`)).json().items as Summary[];
  const listAll = (await get(educator, `/api/catalog/items?limit=100&sortBy=title&sortOrder=ASC&resourceType=LEARNING_OBJECT&nasotItemIds=${taste.interestIds[0]}`)).json().items as Summary[];
  const search = (await get(educator, `/api/catalog/search?q=${WORD}&limit=50`)).json().items as Summary[];
  const featured = (await get(educator, '/api/catalog/recommendations/featured')).json().data as Summary[];
  const fresh = (await get(educator, '/api/catalog/recommendations/new')).json().data as Summary[];
  const recommended = (await get(educator, '/api/catalog/recommendations/recommended')).json().data as Summary[];
  const byId = await get(educator, `/api/catalog/items/${id}`);
  const byPublicId = await get(educator, `/api/catalog/items/${publicId}`);
  return {
    list: ids(list).includes(id),
    filteredList: ids(listAll).includes(id),
    search: ids(search).includes(id),
    featured: ids(featured).includes(id),
    new: ids(fresh).includes(id),
    recommended: ids(recommended).includes(id),
    byId: byId.statusCode,
    byPublicId: byPublicId.statusCode,
  };
}

const rubric = [1, 2, 3, 4].map((value) => ({ value, title: `Level ${value}`, description: `What level ${value} looks like in class.` }));

/** A complete learning object, created as a draft, tagged with the educator's interests and audience. */
async function draftLearningObject(title: string) {
  const res = await send(admin, 'POST', '/api/admin/catalog/items', {
    resourceType: 'LEARNING_OBJECT',
    title,
    description: `${WORD}: students write one thing they learned on a card as they leave.`,
    featured: true,
    nasotItemIds: taste.interestIds,
    audienceIds: [taste.audienceId],
    implementationGuide: '## Steps\n\n1. Hand out cards.',
    resources: [{ title: 'Card template', url: 'https://resources.example.org/exit-cards.pdf', description: 'Printable cards.' }],
    rubric,
    video: { url: '/media/videos/strategy-01.webm', mimeType: 'video/webm', durationSeconds: 24, posterUrl: null },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; publicId: string; status: string; entries: unknown[] };
}

const setStatus = (id: string, status: string) => send(admin, 'PUT', `/api/admin/catalog/items/${id}/status`, { status });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(ACCOUNTS.admin);
  educator = await t.login(ACCOUNTS.educator);
  const [user] = await t.query<{ id: string }>(sql`select id::text as id from users where email = ${ACCOUNTS.educator}`);
  educatorId = user!.id;
  const profile = (await get(educator, '/api/profile')).json();
  const audiences = (await get(educator, '/api/catalog/audiences')).json().data as { id: string }[];
  taste = { interestIds: profile.interestIds.length ? profile.interestIds : [], audienceId: profile.audienceId ?? audiences[0]!.id };
  if (!taste.interestIds.length) {
    const [strategy] = await t.query<{ id: string }>(sql`select id::text as id from nasot_items where type = 'STRATEGY' order by position limit 1`);
    taste.interestIds = [strategy!.id];
    await send(educator, 'PATCH', '/api/profile', { interestIds: taste.interestIds });
  }
  if (!profile.audienceId) await send(educator, 'PATCH', '/api/profile', { audienceId: taste.audienceId });
});
afterAll(() => t?.close());

describe('a draft', () => {
  it('is invisible to educators in every list, search, shelf and by id; publishing shows it', async () => {
    const draft = await draftLearningObject(`${WORD} exit tickets`);
    expect(draft).toMatchObject({ status: 'DRAFT', publicId: `${WORD.toLowerCase()}-exit-tickets` });
    // It is the newest, featured, and matches the educator's interests and audience: anywhere it
    // were visible, it would be listed.
    expect(await whereEducatorSees(draft.id, draft.publicId)).toEqual({
      list: false, filteredList: false, search: false, featured: false, new: false, recommended: false, byId: 404, byPublicId: 404,
    });
    // Nor its video, poster, captions, reproducibles, bookmarks, ratings or learner events.
    expect((await get(educator, `/api/catalog/items/${draft.id}/video`)).statusCode).toBe(404);
    expect((await t.request(null, { method: 'GET', url: `/media/posters/${draft.publicId}.svg` })).statusCode).toBe(404);
    // Captions are paid content: even to an address signed as the server signs them.
    const captions = createMediaUrls({ secret: t.config.localTokens.secret, ttlSeconds: 3600 }).sign(`/media/captions/${draft.publicId}.en.vtt`, randomUUID());
    expect((await t.request(null, { method: 'GET', url: captions })).statusCode).toBe(404);
    expect((await get(educator, `/api/catalog/items/${draft.id}/reproducibles?archiveName=x`)).statusCode).toBe(404);
    expect((await send(educator, 'POST', '/api/profile/bookmarks', { catalogItemId: draft.id })).statusCode).toBe(404);
    expect((await send(educator, 'POST', `/api/catalog/items/${draft.id}/ratings`, { value: 5 })).statusCode).toBe(404);
    const event = { id: randomUUID(), type: 'CATALOG_ITEM_VISITED', timeStamp: new Date().toISOString(), data: { catalogItemId: draft.id } };
    const events = await call(null, { method: 'POST', url: '/api/learner/events', headers: { origin: ORIGIN }, payload: { accessToken: educator, data: [event] } });
    expect(events.json()).toMatchObject({ accepted: 0, rejected: 1, results: [{ id: event.id, status: 'rejected', reason: 'UNKNOWN_ITEM' }] });
    // A related strategy's shelf does not offer it either.
    const related = (await get(educator, `/api/catalog/recommendations/recommended?catalogItemId=${(await t.query<{ id: string }>(sql`select id::text as id from catalog_items where resource_type = 'LEARNING_OBJECT' and status = 'PUBLISHED' and nasot_item_ids && ${`{${taste.interestIds.join(',')}}`}::uuid[] limit 1`))[0]?.id ?? draft.id}`)).json().data;
    expect(ids(related)).not.toContain(draft.id);

    const published = await setStatus(draft.id, 'PUBLISHED');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().status).toBe('PUBLISHED');
    expect(await whereEducatorSees(draft.id, draft.publicId)).toEqual({
      list: true, filteredList: true, search: true, featured: true, new: true, recommended: true, byId: 200, byPublicId: 200,
    });
    expect((await get(educator, `/api/catalog/items/${draft.id}`)).json()).toMatchObject({ status: 'PUBLISHED', rubric, hasVideo: true });
    expect((await get(educator, `/api/catalog/items/${draft.id}/video`)).statusCode).toBe(200);
    expect((await t.request(null, { method: 'GET', url: `/media/posters/${draft.publicId}.svg` })).statusCode).toBe(200);
    expect((await t.request(null, { method: 'GET', url: captions })).statusCode).toBe(200);
  });

  it("is left out of a published playlist's entries until it is published", async () => {
    const [published] = await t.query<{ id: string }>(sql`select id::text as id from catalog_items where resource_type = 'LEARNING_OBJECT' and status = 'PUBLISHED' order by public_id limit 1`);
    const draft = await draftLearningObject(`${WORD} playlist member`);
    const created = await send(admin, 'POST', '/api/admin/catalog/items', {
      resourceType: 'PLAYLIST',
      title: `${WORD} first week`,
      description: 'Two strategies for the first week.',
      entryIds: [draft.id, published!.id],
      audienceIds: [taste.audienceId],
    });
    expect(created.statusCode, created.body).toBe(201);
    const playlist = created.json();
    expect(playlist.entries.map((e: { position: number; item: Summary }) => [e.position, e.item.id, e.item.status])).toEqual([
      [1, draft.id, 'DRAFT'],
      [2, published!.id, 'PUBLISHED'],
    ]);
    expect((await setStatus(playlist.id, 'PUBLISHED')).statusCode).toBe(200);
    const seen = (await get(educator, `/api/catalog/items/${playlist.id}`)).json();
    expect(seen.catalogItems.map((e: { item: Summary }) => e.item.id)).toEqual([published!.id]);
    await setStatus(draft.id, 'PUBLISHED');
    const after = (await get(educator, `/api/catalog/items/${playlist.id}`)).json();
    expect(after.catalogItems.map((e: { item: Summary }) => e.item.id)).toEqual([draft.id, published!.id]);

    // Reordering: the same items in a new order; a list that is not the playlist's is refused.
    const reordered = await send(admin, 'PUT', `/api/admin/catalog/items/${playlist.id}/entries`, { itemIds: [published!.id, draft.id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().entries.map((e: { item: Summary }) => e.item.id)).toEqual([published!.id, draft.id]);
    expect((await get(educator, `/api/catalog/items/${playlist.id}`)).json().catalogItems.map((e: { item: Summary }) => e.item.id)).toEqual([published!.id, draft.id]);
    const stale = await send(admin, 'PUT', `/api/admin/catalog/items/${playlist.id}/entries`, { itemIds: [draft.id] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('ENTRIES_CHANGED');
    const notPlaylist = await send(admin, 'PUT', `/api/admin/catalog/items/${draft.id}/entries`, { itemIds: [published!.id] });
    expect(notPlaylist.statusCode).toBe(422);
    // A playlist holds learning objects and livestreams, never another playlist.
    const nested = await send(admin, 'PATCH', `/api/admin/catalog/items/${playlist.id}`, { entryIds: [published!.id, playlist.id] });
    expect(nested.json().error.code).toBe('NESTED_PLAYLIST');
  });
});

describe('an archived item', () => {
  it("is offered no more, opens directly, and stays in the educator's progress", async () => {
    const item = await draftLearningObject(`${WORD} archived later`);
    await setStatus(item.id, 'PUBLISHED');
    // The educator works with it.
    expect((await send(educator, 'POST', `/api/catalog/items/${item.id}/ratings`, { value: 4 })).statusCode).toBe(201);
    expect((await send(educator, 'POST', '/api/profile/bookmarks', { catalogItemId: item.id })).statusCode).toBe(201);

    // Used by an educator: it cannot go back to draft.
    const back = await setStatus(item.id, 'DRAFT');
    expect(back.statusCode).toBe(409);
    expect(back.json().error).toEqual({ code: 'ITEM_IN_USE', message: 'Educators have already used this item, so it cannot go back to draft: archive it instead' });

    expect((await setStatus(item.id, 'ARCHIVED')).json().status).toBe('ARCHIVED');
    expect(await whereEducatorSees(item.id, item.publicId)).toEqual({
      list: false, filteredList: false, search: false, featured: false, new: false, recommended: false, byId: 200, byPublicId: 200,
    });
    expect((await get(educator, `/api/catalog/items/${item.id}`)).json()).toMatchObject({ status: 'ARCHIVED', userRating: { value: 4 } });
    // What the educator did stays.
    const progress = (await get(educator, '/api/progress')).json().catalogItemsProgress as { catalogItemId: string; isCatalogItemRated: boolean }[];
    expect(progress.find((p) => p.catalogItemId === item.id)).toMatchObject({ isCatalogItemRated: true });
    const mine = (await get(educator, '/api/profile/interactions?filter=ALL&limit=-1')).json().items as { catalogItem?: { id: string }; catalogItemId?: string }[];
    expect(JSON.stringify(mine)).toContain(item.id);
    expect((await get(educator, '/api/profile')).json().bookmarks.map((b: { catalogItemId: string }) => b.catalogItemId)).toContain(item.id);
    // Not added to a playlist any more.
    const playlist = await send(admin, 'POST', '/api/admin/catalog/items', { resourceType: 'PLAYLIST', title: `${WORD} archive test`, entryIds: [item.id] });
    expect(playlist.statusCode).toBe(422);
    expect(playlist.json().error.code).toBe('ITEM_ARCHIVED');

    // Published again, it is offered again.
    expect((await setStatus(item.id, 'PUBLISHED')).statusCode).toBe(200);
    expect((await whereEducatorSees(item.id, item.publicId)).search).toBe(true);
  });

  it('cannot be reached from a draft, and a never-used item may go back to draft', async () => {
    const item = await draftLearningObject(`${WORD} never used`);
    const archived = await setStatus(item.id, 'ARCHIVED');
    expect(archived.statusCode).toBe(409);
    expect(archived.json().error.code).toBe('INVALID_TRANSITION');
    await setStatus(item.id, 'PUBLISHED');
    const back = await setStatus(item.id, 'DRAFT');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().status).toBe('DRAFT');
    expect((await get(educator, `/api/catalog/items/${item.id}`)).statusCode).toBe(404);
    // The same status again changes nothing.
    const again = await setStatus(item.id, 'DRAFT');
    expect(again.json().updatedAt).toBe(back.json().updatedAt);
  });
});

describe('the admin catalogue', () => {
  it('lists every item, drafts and archived ones too, filtered, searched and sorted', async () => {
    const draft = await draftLearningObject(`${WORD} listed draft`);
    const drafts = (await get(admin, `/api/admin/catalog/items?status=DRAFT&q=${WORD}&itemsPerPage=100`)).json();
    expect(ids(drafts.items)).toContain(draft.id);
    expect(drafts.items.every((i: Summary) => i.status === 'DRAFT')).toBe(true);
    expect(drafts.total).toBe(drafts.items.length);
    // The last changed first by default.
    const all = (await get(admin, '/api/admin/catalog/items?itemsPerPage=5')).json();
    expect(all.items[0].id).toBe(draft.id);
    expect(all.total).toBeGreaterThan(50);
    const byTitle = (await get(admin, '/api/admin/catalog/items?sortBy=title&resourceType=PLAYLIST&itemsPerPage=100')).json().items as { title: string }[];
    const titles = byTitle.map((i) => i.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    expect((await get(admin, `/api/admin/catalog/items/${draft.id}`)).json()).toMatchObject({ id: draft.id, status: 'DRAFT', rubric });
    expect((await get(admin, `/api/admin/catalog/items/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('searches words of the title and the public id, each typed word the start of one, in any order', async () => {
    const item = await draftLearningObject(`Quillfeather Exit Tickets ${WORD}`);
    const found = async (q: string) => ids((await get(admin, `/api/admin/catalog/items?q=${encodeURIComponent(q)}&itemsPerPage=100`)).json().items);
    for (const q of ['quillfeather', 'QUILL', 'exit tick', 'tickets quill', item.publicId, item.publicId.split('-').slice(1, 3).join(' ')]) {
      expect(await found(q), q).toContain(item.id);
    }
    // Inside a word, or a word it does not have: not found.
    for (const q of ['uillfeather', 'quillfeather zebra']) expect(await found(q), q).not.toContain(item.id);
    // Punctuation alone is looked for as it is.
    expect((await get(admin, '/api/admin/catalog/items?q=%25%25')).statusCode).toBe(200);
  });

  it("checks fields with the spec's messages and what publishing needs", async () => {
    const post = (body: object) => send(admin, 'POST', '/api/admin/catalog/items', body);
    const error = async (res: Promise<{ statusCode: number; json: () => { error: { code: string; message: string } } }>) => {
      const r = await res;
      return [r.statusCode, r.json().error.code, r.json().error.message];
    };
    expect(await error(post({ resourceType: 'LEARNING_OBJECT', title: '  ' }))).toEqual([400, 'VALIDATION_FAILED', 'The Title field is required']);
    expect(await error(post({ resourceType: 'LEARNING_OBJECT', title: 'ab' }))).toEqual([400, 'VALIDATION_FAILED', 'The Title must have at least 3 characters']);
    expect(await error(post({ resourceType: 'LEARNING_OBJECT', title: 'x'.repeat(151) }))).toEqual([400, 'VALIDATION_FAILED', 'The Title must not exceed 150 characters']);
    expect(await error(post({ resourceType: 'LEARNING_OBJECT', title: 'Three levels', rubric: rubric.slice(0, 3) }))).toEqual([
      400, 'VALIDATION_FAILED', 'The Reflection Rubric must have the 4 levels 1, 2, 3 and 4, each once',
    ]);
    expect(await error(post({ resourceType: 'LEARNING_OBJECT', title: 'Has a stream', joinUrl: 'https://stream.example.org/x' }))).toEqual([
      400, 'VALIDATION_FAILED', 'The Stream Link is for livestreams only',
    ]);
    expect(await error(post({ resourceType: 'LEARNING_OBJECT', title: 'Bad link', resources: [{ title: 'A', url: 'javascript:alert(1)' }] }))).toEqual([
      400, 'VALIDATION_FAILED', 'The Resource 1 URL must be a web address (https://…) or a path on this site',
    ]);
    expect(await error(post({ resourceType: 'LEARNING_OBJECT', title: 'Unknown tag', nasotItemIds: [randomUUID()] }))).toEqual([
      400, 'VALIDATION_FAILED', 'The Framework Items must be items of the framework',
    ]);

    const bare = await post({ resourceType: 'LEARNING_OBJECT', title: `${WORD} bare`, description: 'Just a title and this.' });
    expect(bare.statusCode).toBe(201);
    expect(await error(setStatus(bare.json().id, 'PUBLISHED'))).toEqual([422, 'NOT_READY', 'Please select at least 1 framework item']);
    await send(admin, 'PATCH', `/api/admin/catalog/items/${bare.json().id}`, { nasotItemIds: taste.interestIds });
    expect(await error(setStatus(bare.json().id, 'PUBLISHED'))).toEqual([422, 'NOT_READY', 'Please select at least 1 audience']);

    // A published item must stay complete.
    const complete = await draftLearningObject(`${WORD} stays complete`);
    await setStatus(complete.id, 'PUBLISHED');
    expect(await error(send(admin, 'PATCH', `/api/admin/catalog/items/${complete.id}`, { audienceIds: [] }))).toEqual([422, 'NOT_READY', 'Please select at least 1 audience']);
    expect((await get(admin, `/api/admin/catalog/items/${complete.id}`)).json().audienceIds).toEqual([taste.audienceId]);
    // Its public id is fixed; another item's is taken.
    expect((await send(admin, 'PATCH', `/api/admin/catalog/items/${complete.id}`, { publicId: 'a-new-link' })).json().error.code).toBe('PUBLIC_ID_FIXED');
    expect((await post({ resourceType: 'LEARNING_OBJECT', title: 'Same link', publicId: complete.publicId })).statusCode).toBe(409);
    // A second item with the same title gets the next free public id.
    const twin = await draftLearningObject(`${WORD} stays complete`);
    expect(twin.publicId).toBe(`${complete.publicId}-2`);
  });

  it('keeps a livestream in time order and takes its recording after the event', async () => {
    const start = new Date(Date.now() + 86_400_000);
    const end = new Date(start.getTime() + 3_600_000);
    const post = await send(admin, 'POST', '/api/admin/catalog/items', {
      resourceType: 'LIVESTREAM',
      title: `${WORD} live Q&A`,
      description: 'Questions and answers with a coach.',
      startDate: end.toISOString(),
      endDate: start.toISOString(),
    });
    expect(post.json().error).toEqual({ code: 'VALIDATION_FAILED', message: 'The End Date must be after the Start Date' });
    const created = await send(admin, 'POST', '/api/admin/catalog/items', {
      resourceType: 'LIVESTREAM',
      title: `${WORD} live Q&A`,
      description: 'Questions and answers with a coach.',
      startDate: start.toISOString(),
      endDate: end.toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await setStatus(id, 'PUBLISHED')).json().error.message).toBe('The Stream Link field is required');
    await send(admin, 'PATCH', `/api/admin/catalog/items/${id}`, { joinUrl: 'https://stream.example.org/qa' });
    expect((await setStatus(id, 'PUBLISHED')).statusCode).toBe(200);
    const recording = { url: 'https://video.example.org/qa.mp4', mimeType: 'video/mp4', durationSeconds: 3600 };
    const early = await send(admin, 'PATCH', `/api/admin/catalog/items/${id}`, { video: recording });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.code).toBe('LIVESTREAM_NOT_ENDED');
    // After the event.
    await send(admin, 'PATCH', `/api/admin/catalog/items/${id}`, {
      startDate: new Date(Date.now() - 7_200_000).toISOString(),
      endDate: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const later = await send(admin, 'PATCH', `/api/admin/catalog/items/${id}`, { video: recording });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().video).toMatchObject({ url: recording.url, mimeType: 'video/mp4', durationSeconds: 3600 });
    expect((await get(educator, `/api/catalog/items/${id}`)).json()).toMatchObject({ hasVideo: true, joinUrl: 'https://stream.example.org/qa' });
  });

  it('is for platform admins only', async () => {
    expect((await get(educator, '/api/admin/catalog/items')).statusCode).toBe(403);
    expect((await t.request(null, { method: 'GET', url: '/api/admin/catalog/items' })).statusCode).toBe(401);
    void educatorId;
  });
});

describe('the audit log of catalogue changes', () => {
  it('records who created, edited, published and archived what, with before and after', async () => {
    const item = await draftLearningObject(`${WORD} audited strategy`);
    expect((await send(admin, 'PATCH', `/api/admin/catalog/items/${item.id}`, { featured: false })).statusCode).toBe(200);
    expect((await setStatus(item.id, 'PUBLISHED')).statusCode).toBe(200);
    expect((await setStatus(item.id, 'PUBLISHED')).statusCode).toBe(200); // no change, no entry
    expect((await setStatus(item.id, 'ARCHIVED')).statusCode).toBe(200);
    const log = await get(admin, `/api/admin/audit-log?entityType=CATALOG_ITEM&entityId=${item.id}&itemsPerPage=20`);
    expect(log.statusCode, log.body).toBe(200);
    const body = log.json() as { items: { action: string; actor: { email: string }; entityLabel: string; before: unknown; after: unknown }[] };
    // Newest first.
    expect(body.items.map((e) => e.action)).toEqual(['catalogItem.archived', 'catalogItem.published', 'catalogItem.updated', 'catalogItem.created']);
    expect(body.items.every((e) => e.actor.email === ACCOUNTS.admin && e.entityLabel === `${WORD} audited strategy`)).toBe(true);
    expect(body.items[0]).toMatchObject({ before: { status: 'PUBLISHED' }, after: { status: 'ARCHIVED' } });
    expect(body.items[2]).toMatchObject({ before: { featured: true }, after: { featured: false } });
    expect(body.items[3]).toMatchObject({ before: null, after: { resourceType: 'LEARNING_OBJECT', title: `${WORD} audited strategy` } });

    // A refused change leaves no entry.
    expect((await setStatus(item.id, 'DRAFT')).statusCode).toBeGreaterThanOrEqual(200);
    const after = (await get(admin, `/api/admin/audit-log?entityType=CATALOG_ITEM&entityId=${item.id}&itemsPerPage=20`)).json() as { items: unknown[] };
    const draftAgain = (await get(admin, `/api/admin/catalog/items/${item.id}`)).json().status === 'DRAFT';
    expect(after.items).toHaveLength(draftAgain ? 5 : 4);
  });
});
