import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../support/app.ts';
import { findOperation, validateResponse } from '../support/contract.ts';
import { ACCOUNTS } from '../support/world.ts';
import { writeMissingCues } from '../../server/repositories/transcripts.ts';

/**
 * The catalogue search finds words spoken in a video (its captions, catalog_item_cues): a match
 * carries the best matching cue's text and start; an uploaded captions file's words become
 * searchable when an item plays it, and those of the file it replaces stop matching; generated
 * captions follow the item's text; the search's filters and who may see what still hold. Every
 * response is checked against the contract.
 */
let t: TestApp;
let admin: string;
let educator: string;
let noAccess: string;
let audienceId: string;
let strategyId: string;
/** Made-up words no seeded item has: each test's own. */
const SPOKEN = 'Quillifrond';
const REPLACED = 'Marrowgast';
const TITLED = 'Plinkerwhist';

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
type Hit = { id: string; title: string; transcriptMatch?: { startSeconds: number; text: string } };
const search = async (token: string, query: string) => {
  const res = await call(token, { method: 'GET', url: `/api/catalog/search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Hit[]; total: number };
};
const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) => call(admin, { method, url, payload });

async function uploadCaptions(fileName: string, text: string) {
  return call(admin, { method: 'POST', url: `/api/admin/uploads?kind=captions&fileName=${fileName}`, headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from(text) });
}

const rubric = [1, 2, 3, 4].map((value) => ({ value, title: `Level ${value}`, description: `What level ${value} looks like in class.` }));
/** A published learning object playing these captions (an upload's address, or the generated ones when null). */
async function publishedItem(title: string, captionsUrl: string | null, description = 'Students write one thing they learned on a card as they leave.') {
  const created = await send('POST', '/api/admin/catalog/items', {
    resourceType: 'LEARNING_OBJECT',
    title,
    description,
    nasotItemIds: [strategyId],
    audienceIds: [audienceId],
    rubric,
    video: { url: '/media/videos/strategy-01.webm', mimeType: 'video/webm', durationSeconds: 120, posterUrl: null, captionsUrl },
  });
  expect(created.statusCode, created.body).toBe(201);
  const item = created.json() as { id: string; publicId: string };
  if (captionsUrl === null) {
    // The generated captions are named by the item's public id.
    const generated = await send('PATCH', `/api/admin/catalog/items/${item.id}`, {
      video: { url: '/media/videos/strategy-01.webm', mimeType: 'video/webm', durationSeconds: 120, posterUrl: null, captionsUrl: `/media/captions/${item.publicId}.en.vtt` },
    });
    expect(generated.statusCode, generated.body).toBe(200);
  }
  expect((await send('PUT', `/api/admin/catalog/items/${item.id}/status`, { status: 'PUBLISHED' })).statusCode).toBe(200);
  return item;
}

const vtt = (...cues: [string, string][]) => `WEBVTT\n\n${cues.map(([timing, text]) => `${timing}\n${text}\n`).join('\n')}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(ACCOUNTS.admin);
  educator = await t.login(ACCOUNTS.educator);
  noAccess = await t.login(ACCOUNTS.noAccess);
  const [strategy] = await t.query<{ id: string }>(sql`select id::text as id from nasot_items where type = 'STRATEGY' order by position limit 1`);
  strategyId = strategy!.id;
  audienceId = ((await call(educator, { method: 'GET', url: '/api/catalog/audiences' })).json().data as { id: string }[])[0]!.id;
});
afterAll(() => t?.close());

describe('a word spoken in a video', () => {
  let spokenItem: { id: string; publicId: string };
  let firstUpload: string;

  it('finds the item, with the cue that says it and when', async () => {
    const uploaded = await uploadCaptions(
      'think-aloud.en.vtt',
      vtt(['00:00:02.000 --> 00:00:05.000', 'Welcome back.'], ['00:01:23.500 --> 00:01:27.000', `<v Teacher>Now the ${SPOKEN.toLowerCase()} routine: &amp; think aloud.</v>`], ['00:02:00.000 --> 00:02:04.000', `${REPLACED} once`]),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    firstUpload = uploaded.json().url;
    spokenItem = await publishedItem('Thinking aloud while modelling', firstUpload);

    const found = await search(educator, `q=${SPOKEN}`);
    expect(found.total).toBe(1);
    expect(found.items).toEqual([expect.objectContaining({ id: spokenItem.id, transcriptMatch: { startSeconds: 83.5, text: `Now the ${SPOKEN.toLowerCase()} routine: & think aloud.` } })]);
    // English stemming, as for the rest of the search: "routines" finds "routine" in the same cue.
    const stemmed = await search(educator, `q=${encodeURIComponent(`${SPOKEN} routines`)}`);
    expect(stemmed.items.map((i) => [i.id, i.transcriptMatch?.startSeconds])).toEqual([[spokenItem.id, 83.5]]);
    // A phrase is matched within a cue.
    expect((await search(educator, `q=${encodeURIComponent(`"${SPOKEN} routine"`)}`)).items.map((i) => i.id)).toEqual([spokenItem.id]);
    expect((await search(educator, `q=${encodeURIComponent(`"routine ${SPOKEN}"`)}`)).items).toEqual([]);
  });

  it("ranks below items whose own words match, and a match of both carries its cue", async () => {
    const cued = await uploadCaptions('titled.en.vtt', vtt(['00:00:10.000 --> 00:00:12.000', `We call it ${TITLED} practice.`]));
    const spokenOnly = await publishedItem('Modelling a routine', cued.json().url);
    const titled = await publishedItem(`${TITLED} practice`, null);
    const both = await publishedItem(`${TITLED} in pairs`, cued.json().url);
    const found = await search(educator, `q=${TITLED}`);
    expect(found.total).toBe(3);
    const order = found.items.map((i) => i.id);
    expect(order.indexOf(spokenOnly.id)).toBe(2);
    expect(new Set(order.slice(0, 2))).toEqual(new Set([titled.id, both.id]));
    expect(found.items.find((i) => i.id === both.id)!.transcriptMatch).toEqual({ startSeconds: 10, text: `We call it ${TITLED} practice.` });
    // Generated captions start with the title: the match is the title's cue, at 0.
    expect(found.items.find((i) => i.id === titled.id)!.transcriptMatch).toEqual({ startSeconds: 0, text: `${TITLED} practice` });
    // Paging runs over both kinds of match.
    const second = await search(educator, `q=${TITLED}&limit=2&offset=2`);
    expect(second.items.map((i) => i.id)).toEqual([spokenOnly.id]);
    expect(second.total).toBe(3);
  });

  it('follows the captions: a new file replaces the words of the old one', async () => {
    expect((await search(educator, `q=${REPLACED}`)).items.map((i) => i.id)).toEqual([spokenItem.id]);
    const replacement = await uploadCaptions('think-aloud-v2.en.vtt', vtt(['00:00:30.000 --> 00:00:33.000', 'Only the new words: metacognition.']));
    const changed = await send('PATCH', `/api/admin/catalog/items/${spokenItem.id}`, {
      video: { url: '/media/videos/strategy-01.webm', mimeType: 'video/webm', durationSeconds: 120, posterUrl: null, captionsUrl: replacement.json().url },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await search(educator, `q=${REPLACED}`)).items).toEqual([]);
    expect((await search(educator, `q=${SPOKEN}`)).items).toEqual([]);
    const now = await search(educator, 'q=metacognition');
    expect(now.items.find((i) => i.id === spokenItem.id)?.transcriptMatch).toEqual({ startSeconds: 30, text: 'Only the new words: metacognition.' });
    // Back to the first file: its words match again (an upload keeps its cues).
    await send('PATCH', `/api/admin/catalog/items/${spokenItem.id}`, {
      video: { url: '/media/videos/strategy-01.webm', mimeType: 'video/webm', durationSeconds: 120, posterUrl: null, captionsUrl: firstUpload },
    });
    expect((await search(educator, `q=${REPLACED}`)).items.map((i) => i.id)).toEqual([spokenItem.id]);
    // A word left out is left out of all that is said, not only of the matching cue.
    expect((await search(educator, `q=${encodeURIComponent(`${REPLACED} -welcome`)}`)).items).toEqual([]);
    expect((await search(educator, `q=${encodeURIComponent(`${REPLACED} -goodbye`)}`)).items.map((i) => i.id)).toEqual([spokenItem.id]);
  });

  it('of generated captions follows the item: an edited description is spoken at once', async () => {
    const word = 'Brindleworth';
    const item = await publishedItem('Sentence stems for discussion', null);
    expect((await search(educator, `q=${word}`)).items).toEqual([]);
    const edited = await send('PATCH', `/api/admin/catalog/items/${item.id}`, { description: `Students use ${word} stems to build on each other's ideas.` });
    expect(edited.statusCode, edited.body).toBe(200);
    const found = await search(educator, `q=${word}`);
    expect(found.items.map((i) => i.id)).toEqual([item.id]);
    // The description's cue follows the title's (4 s).
    expect(found.items[0]!.transcriptMatch).toEqual({ startSeconds: 4, text: `Students use ${word} stems to build on each other's ideas.` });
  });

  it('is written at start-up for items that have none (items from before the cues were kept)', async () => {
    await t.query(sql`delete from catalog_item_cues where item_id = ${spokenItem.id}::uuid`);
    expect((await search(educator, `q=${REPLACED}`)).items).toEqual([]);
    expect(await writeMissingCues(t.db)).toBeGreaterThanOrEqual(1);
    expect((await search(educator, `q=${REPLACED}`)).items.map((i) => i.id)).toEqual([spokenItem.id]);
    // A captions file uploaded before its cues were read at upload is read from the media storage.
    const [upload] = await t.query<{ id: string }>(sql`select id::text as id from media_uploads where file_name = 'think-aloud.en.vtt'`);
    await t.query(sql`update media_uploads set cues = null where id = ${upload!.id}::uuid`);
    await t.query(sql`delete from catalog_item_cues where item_id = ${spokenItem.id}::uuid`);
    // Storage that fails while it is read (here: the key names a folder) leaves the file for the next start.
    const [stored] = await t.query<{ key: string }>(sql`select storage_key as key from media_uploads where id = ${upload!.id}::uuid`);
    const folder = stored!.key.slice(0, stored!.key.lastIndexOf('/'));
    await t.query(sql`update media_uploads set storage_key = ${folder} where id = ${upload!.id}::uuid`);
    expect(await t.app.uploads.readOlderCaptions()).toBe(1);
    const [unread] = await t.query<{ cues: unknown }>(sql`select cues from media_uploads where id = ${upload!.id}::uuid`);
    expect(unread!.cues).toBeNull();
    await t.query(sql`update media_uploads set storage_key = ${stored!.key} where id = ${upload!.id}::uuid`);
    expect(await t.app.uploads.readOlderCaptions()).toBe(1);
    expect(await writeMissingCues(t.db)).toBeGreaterThanOrEqual(1);
    const found = await search(educator, `q=${SPOKEN}`);
    expect(found.items.map((i) => [i.id, i.transcriptMatch?.startSeconds])).toEqual([[spokenItem.id, 83.5]]);
    expect(await t.app.uploads.readOlderCaptions()).toBe(0);
    // Seeded items have theirs: nothing is missing but what gives no cues.
    const [missing] = await t.query<{ n: number }>(
      sql`select count(*)::int as n from catalog_items ci where ci.video_id is not null and not exists (select 1 from catalog_item_cues c where c.item_id = ci.id)`,
    );
    expect(missing!.n).toBe(0);
  });
});

describe("the search's rules hold for spoken words", () => {
  it('filters by type, audience, framework item and progress', async () => {
    const { id } = (await search(educator, `q=${SPOKEN}`)).items[0]!;
    const [otherAudience] = await t.query<{ id: string }>(sql`select id::text as id from audiences where id <> ${audienceId}::uuid limit 1`);
    const [otherStrategy] = await t.query<{ id: string }>(sql`select id::text as id from nasot_items where type = 'STRATEGY' and id <> ${strategyId}::uuid limit 1`);
    const ids = async (filters: string) => (await search(educator, `q=${SPOKEN}&${filters}`)).items.map((i) => i.id);
    expect(await ids('resourceType=LEARNING_OBJECT')).toEqual([id]);
    expect(await ids('resourceType=LIVESTREAM&resourceType=PLAYLIST')).toEqual([]);
    expect(await ids(`audienceIds=${audienceId}`)).toEqual([id]);
    expect(await ids(`audienceIds=${otherAudience!.id}`)).toEqual([]);
    expect(await ids(`nasotItemIds=${strategyId}`)).toEqual([id]);
    expect(await ids(`nasotItemIds=${otherStrategy!.id}`)).toEqual([]);
    expect(await ids('progress=NOT_STARTED')).toEqual([id]);
    expect(await ids('progress=SAVED')).toEqual([]);
    expect((await call(educator, { method: 'POST', url: '/api/profile/bookmarks', payload: { catalogItemId: id } })).statusCode).toBe(201);
    expect(await ids('progress=SAVED')).toEqual([id]);
    expect(await ids('progress=NOT_STARTED')).toEqual([id]);
    expect(await ids('progress=COMPLETED')).toEqual([]);
  });

  it('leaves out archived items and drafts', async () => {
    const file = await uploadCaptions('archived.en.vtt', vtt(['00:00:01.000 --> 00:00:02.000', 'Gorvenwald is said here.']));
    const item = await publishedItem('To be archived', file.json().url);
    expect((await search(educator, 'q=gorvenwald')).items.map((i) => i.id)).toEqual([item.id]);
    await send('PUT', `/api/admin/catalog/items/${item.id}/status`, { status: 'ARCHIVED' });
    expect((await search(educator, 'q=gorvenwald')).items).toEqual([]);
  });

  it('matches spoken words for those with access only: they are paid content, like the captions file', async () => {
    const found = await search(noAccess, `q=${SPOKEN}`);
    expect(found).toMatchObject({ items: [], total: 0 });
    // Their search still finds items by their own words, without cues.
    const titled = await search(noAccess, `q=${TITLED}`);
    expect(titled.total).toBe(2);
    expect(titled.items.every((i) => i.transcriptMatch === undefined)).toBe(true);
  });

  it('answers bad input with 400, as before', async () => {
    for (const query of ['', 'q=', `q=${'a'.repeat(201)}`, `q=${SPOKEN}&limit=0`, `q=${SPOKEN}&offset=-1`, `q=${SPOKEN}&resourceType=VIDEO`, `q=${SPOKEN}&audienceIds=nope`]) {
      const res = await call(educator, { method: 'GET', url: `/api/catalog/search?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
  });
});

describe('an uploaded captions file', () => {
  const uploads = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from media_uploads`))[0]!.n;

  it('that cannot be read is refused with 400 naming the line, and nothing is kept', async () => {
    const before = await uploads();
    const bad = await uploadCaptions('broken.en.vtt', 'WEBVTT\n\n00:01.000 --> 00:02.000\nFine\n\n00:03 --> soon\nBroken\n');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({ code: 'INVALID_CAPTIONS', message: 'Line 6: "00:03 --> soon" is not a cue timing like 00:01.000 --> 00:04.000' });
    const empty = await uploadCaptions('empty.en.vtt', 'WEBVTT\n\nNOTE nothing said yet\n');
    expect(empty.json().error).toEqual({ code: 'INVALID_CAPTIONS', message: 'The captions file has no cues with text' });
    expect(await uploads()).toBe(before);
  });
});
