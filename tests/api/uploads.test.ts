import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../support/app.ts';
import { findOperation, validateResponse } from '../support/contract.ts';
import { ACCOUNTS } from '../support/world.ts';
import { readZip } from '../support/zip.ts';

/**
 * Uploads from the admin site: each kind stored and served, the size rule (refused as soon as
 * the limit is passed, nothing kept), the type judged by content, byte ranges, who may upload,
 * the audit entry; on local disk and in S3-compatible storage (s3rver).
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const bytes = (...parts: (string | number[] | Buffer)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const pad = (n: number) => Buffer.alloc(n, 0x2e);
/** The smallest heads each type is recognised by, padded to a realistic few hundred bytes. */
export const FILES = {
  webm: bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm', [0x42, 0x87, 0x81, 0x04], pad(200)),
  mp4: bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0], 'isomiso2', pad(200)),
  vtt: bytes('WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome to exit tickets.\n'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], pad(120)),
  pdf: bytes('%PDF-1.7\n', pad(300), '%%EOF\n'),
};

/** Uploads through the API, checking the answer against the contract. */
async function upload(t: TestApp, token: string | null, kind: string, fileName: string, body: Buffer, contentType = 'application/octet-stream') {
  const url = `/api/admin/uploads?kind=${kind}&fileName=${encodeURIComponent(fileName)}`;
  const res = await t.request(token, { method: 'POST', url, headers: { 'content-type': contentType }, payload: body });
  const op = findOperation('POST', url)!;
  expect(validateResponse(op.operationId, res.statusCode, res.headers['content-type'] as string, res.json()), res.body).toEqual([]);
  return { status: res.statusCode, body: res.json() as Json };
}

const fetchFile = (t: TestApp, url: string, headers: Record<string, string> = {}) => t.request(null, { method: 'GET', url, headers } as InjectOptions);
const storedCount = async (t: TestApp) => (await t.query<{ n: number }>(sql`select count(*)::int as n from media_uploads`))[0]!.n;

/** Every file in the media folder, temporary ones included. */
function filesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** The storage-independent checks, run on local disk and on S3. */
function behaves(name: string, setup: () => Promise<{ t: TestApp; mediaFiles?: () => string[] }>) {
  describe(name, () => {
    let t: TestApp;
    let admin: string;
    let mediaFiles: (() => string[]) | undefined;
    beforeAll(async () => {
      ({ t, mediaFiles } = await setup());
      admin = await t.login(ACCOUNTS.admin);
    });
    afterAll(() => t?.close());

    it('stores each kind and serves it as uploaded, with its type; a poster to anyone for a year, paid files to signed addresses', async () => {
      const cases = [
        ['video', 'Exit tickets.webm', FILES.webm, 'video/webm'],
        ['video', 'clip.mp4', FILES.mp4, 'video/mp4'],
        ['captions', 'exit-tickets.en.vtt', FILES.vtt, 'text/vtt'],
        ['poster', 'poster.png', FILES.png, 'image/png'],
        ['reproducible', 'Exit ticket cards.pdf', FILES.pdf, 'application/pdf'],
      ] as const;
      for (const [kind, fileName, content, mimeType] of cases) {
        const res = await upload(t, admin, kind, fileName, content);
        expect(res.status, `${kind} ${fileName}`).toBe(201);
        expect(res.body).toMatchObject({ kind, mimeType, size: content.length, fileName: fileName.replaceAll(' ', '-') });
        expect(res.body.url).toBe(`/media/uploads/${res.body.id}/${res.body.fileName}`);
        // The admin opens it at its preview address: a paid file's is signed for them.
        const address = res.body.previewUrl;
        expect(address).toMatch(kind === 'poster' ? new RegExp(`^${res.body.url}$`) : new RegExp(`^${res.body.url}\\?expires=\\d+&user=[\\w-]+&signature=[\\w-]+$`));
        const served = await fetchFile(t, address);
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(content)).toBe(true);
        expect(served.headers['content-type']).toBe(mimeType === 'text/vtt' ? 'text/vtt; charset=utf-8' : mimeType);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.headers['accept-ranges']).toBe('bytes');
        expect(served.headers['cache-control']).toMatch(kind === 'poster' ? /^public, .*immutable$/ : /^private, max-age=\d+$/);
        expect(Number(served.headers['content-length'])).toBe(content.length);
        const again = await fetchFile(t, address, { 'if-none-match': served.headers.etag as string });
        expect(again.statusCode).toBe(304);
        if (kind !== 'poster') {
          const unsigned = await fetchFile(t, res.body.url);
          expect(unsigned.statusCode, `${kind} unsigned`).toBe(403);
          expect(unsigned.json().error.code).toBe('MEDIA_SIGNATURE_REQUIRED');
        }
      }
    });

    it('serves byte ranges for seeking (206, Content-Range), and 416 past the end', async () => {
      const { body: stored } = await upload(t, admin, 'video', 'seek.webm', FILES.webm);
      const body = { url: stored.previewUrl as string };
      const size = FILES.webm.length;
      const middle = await fetchFile(t, body.url, { range: 'bytes=4-11' });
      expect(middle.statusCode).toBe(206);
      expect(middle.headers['content-range']).toBe(`bytes 4-11/${size}`);
      expect(middle.rawPayload.equals(FILES.webm.subarray(4, 12))).toBe(true);
      const open = await fetchFile(t, body.url, { range: `bytes=${size - 10}-` });
      expect(open.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
      expect(open.rawPayload.equals(FILES.webm.subarray(size - 10))).toBe(true);
      const suffix = await fetchFile(t, body.url, { range: 'bytes=-5' });
      expect(suffix.statusCode).toBe(206);
      expect(suffix.rawPayload.equals(FILES.webm.subarray(size - 5))).toBe(true);
      const beyond = await fetchFile(t, body.url, { range: `bytes=${size}-` });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
      expect(beyond.json().error.code).toBe('RANGE_NOT_SATISFIABLE');
    });

    it('answers 404 with the error body for an unknown id or another name', async () => {
      const { body } = await upload(t, admin, 'poster', 'poster.png', FILES.png);
      for (const url of [`/media/uploads/00000000-0000-4000-8000-000000000000/poster.png`, `/media/uploads/${body.id}/other.png`, '/media/uploads/not-an-id/poster.png']) {
        const res = await fetchFile(t, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ error: { code: 'NOT_FOUND', message: 'No upload with this name' } });
      }
    });

    it('refuses a file over the size rule with its message as soon as the limit is passed, and keeps nothing', async () => {
      const before = await storedCount(t);
      const filesBefore = mediaFiles?.().length;
      // Videos are limited to 2 kB in this app (UPLOAD_MAX_VIDEO_KB=2): exactly 2,000 bytes pass, one more does not.
      const justUnder = Buffer.concat([FILES.webm, pad(2000 - FILES.webm.length)]);
      expect((await upload(t, admin, 'video', 'limit.webm', justUnder)).status).toBe(201);
      const over = await upload(t, admin, 'video', 'over.webm', Buffer.concat([justUnder, pad(1)]));
      expect(over).toEqual({ status: 413, body: { error: { code: 'FILE_TOO_LARGE', message: 'File size must be less than 2 kB' } } });
      // The real captions limit (1 MB).
      const captions = Buffer.concat([FILES.vtt, pad(1_000_001 - FILES.vtt.length)]);
      expect(await upload(t, admin, 'captions', 'big.vtt', captions)).toEqual({ status: 413, body: { error: { code: 'FILE_TOO_LARGE', message: 'File size must be less than 1 MB' } } });
      expect(await storedCount(t)).toBe(before + 1);
      if (mediaFiles) expect(mediaFiles().length).toBe(filesBefore! + 1);
    });

    it('judges the type by the content, not by the name', async () => {
      const before = await storedCount(t);
      // PDF content named as a video.
      expect(await upload(t, admin, 'video', 'lesson.mp4', FILES.pdf)).toEqual({ status: 415, body: { error: { code: 'UNSUPPORTED_FILE_TYPE', message: 'This file is not a video: upload a WebM or MP4 file' } } });
      expect((await upload(t, admin, 'captions', 'captions.vtt', bytes('1\n00:00.000 --> 00:02.000\nNo header\n'))).body.error.message).toBe('This file is not a captions file: upload a WebVTT file');
      expect((await upload(t, admin, 'poster', 'poster.png', FILES.webm)).body.error.message).toBe('This file is not a poster image: upload a PNG, JPEG or WebP file');
      expect((await upload(t, admin, 'reproducible', 'empty.pdf', Buffer.alloc(0))).status).toBe(415);
      expect(await storedCount(t)).toBe(before);
      // Right content under a misleading name: stored as what it is.
      const png = await upload(t, admin, 'poster', 'poster.jpg', FILES.png);
      expect(png.body).toMatchObject({ mimeType: 'image/png', fileName: 'poster.jpg' });
      expect((await fetchFile(t, png.body.url)).headers['content-type']).toBe('image/png');
      // WebVTT with a byte-order mark.
      expect((await upload(t, admin, 'captions', 'bom.vtt', bytes([0xef, 0xbb, 0xbf], FILES.vtt))).status).toBe(201);
    });

    it('takes the file as application/octet-stream only', async () => {
      const res = await upload(t, admin, 'captions', 'c.vtt', Buffer.from('{}'), 'application/json');
      expect(res).toEqual({ status: 415, body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/octet-stream' } } });
    });

    it('lets platform admins alone upload', async () => {
      expect((await upload(t, null, 'captions', 'c.vtt', FILES.vtt)).status).toBe(401);
      for (const email of [ACCOUNTS.educator, ACCOUNTS.districtAdmin, ACCOUNTS.free]) {
        expect((await upload(t, await t.login(email), 'captions', 'c.vtt', FILES.vtt)).body.error.code, email).toBe('FORBIDDEN_ROLE');
      }
    });

    it("makes a learning object of uploads: the player gets the video's captions, the zip the reproducible files", async () => {
      const [video, captions, poster] = [await upload(t, admin, 'video', 'lesson.webm', FILES.webm), await upload(t, admin, 'captions', 'lesson.en.vtt', FILES.vtt), await upload(t, admin, 'poster', 'lesson.png', FILES.png)];
      const [cards, photo] = [await upload(t, admin, 'reproducible', 'cards.pdf', FILES.pdf), await upload(t, admin, 'reproducible', 'card.png', FILES.png)];
      const [strategy] = await t.query<{ id: string }>(sql`select id::text as id from nasot_items where type = 'STRATEGY' order by position limit 1`);
      const [audience] = await t.query<{ id: string }>(sql`select id::text as id from audiences limit 1`);
      const videoInput = { url: video.body.url, mimeType: video.body.mimeType, durationSeconds: 12.5, posterUrl: poster.body.url, captionsUrl: captions.body.url };
      const created = await t.request(admin, {
        method: 'POST',
        url: '/api/admin/catalog/items',
        payload: {
          resourceType: 'LEARNING_OBJECT',
          title: 'Uploaded captions',
          description: 'A learning object whose video, captions and poster were uploaded.',
          nasotItemIds: [strategy!.id],
          audienceIds: [audience!.id],
          rubric: [1, 2, 3, 4].map((value) => ({ value, title: `Level ${value}`, description: `Level ${value} of the rubric.` })),
          video: videoInput,
          reproducibles: [
            { uploadId: cards.body.id, title: ' Exit ticket cards ' },
            { uploadId: photo.body.id, title: 'A filled-in card' },
          ],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().video).toEqual(videoInput);
      expect(created.json().reproducibles).toEqual([
        { id: expect.any(String), uploadId: cards.body.id, title: 'Exit ticket cards', fileName: 'cards.pdf', mimeType: 'application/pdf', size: FILES.pdf.length },
        { id: expect.any(String), uploadId: photo.body.id, title: 'A filled-in card', fileName: 'card.png', mimeType: 'image/png', size: FILES.png.length },
      ]);
      const id = created.json().id;
      expect((await t.request(admin, { method: 'PUT', url: `/api/admin/catalog/items/${id}/status`, payload: { status: 'PUBLISHED' } })).statusCode).toBe(200);
      const played = await t.request(await t.login(ACCOUNTS.educator), { method: 'GET', url: `/api/catalog/items/${id}/video` });
      const source = played.json();
      expect(source).toMatchObject({ posterUrl: poster.body.url, captions: [{ srclang: 'en', label: 'English', default: true }] });
      expect(source.url).toMatch(new RegExp(`^${video.body.url}\\?expires=\\d+&user=[\\w-]+&signature=[\\w-]+$`));
      expect(source.captions[0].src).toMatch(new RegExp(`^${captions.body.url}\\?expires=`));
      // The educator's signed addresses play the uploads, seeking included; the uploaded files are not public.
      expect((await fetchFile(t, source.url, { range: 'bytes=0-9' })).statusCode).toBe(206);
      expect((await fetchFile(t, source.captions[0].src)).statusCode).toBe(200);
      for (const url of [video.body.url, captions.body.url, cards.body.url]) expect((await fetchFile(t, url)).statusCode, url).toBe(403);
      // The educator's zip holds the uploaded files, read from the storage, in order.
      const zip = await t.request(await t.login(ACCOUNTS.educator), { method: 'GET', url: `/api/catalog/items/${id}/reproducibles?archiveName=Uploaded` });
      expect(zip.statusCode, zip.body.slice(0, 200)).toBe(200);
      const entries = await readZip(zip.rawPayload);
      expect([...entries.keys()]).toEqual(['cards.pdf', 'card.png']);
      expect(Buffer.from(entries.get('cards.pdf')!).equals(FILES.pdf)).toBe(true);
      // Only uploads of reproducible files can be attached, each once, to learning objects.
      const attach = (itemId: string, reproducibles: object[]) => t.request(admin, { method: 'PATCH', url: `/api/admin/catalog/items/${itemId}`, payload: { reproducibles } });
      expect((await attach(id, [{ uploadId: captions.body.id, title: 'Captions' }])).json().error.message).toBe('The Reproducible 1 must be an uploaded reproducible file');
      expect((await attach(id, [{ uploadId: cards.body.id, title: 'One' }, { uploadId: cards.body.id, title: 'Two' }])).json().error.message).toBe('The Reproducible 2 is already in the list');
      expect((await attach(id, [{ uploadId: cards.body.id, title: '' }])).statusCode).toBe(400);
      const kept = await t.request(admin, { method: 'GET', url: `/api/admin/catalog/items/${id}` });
      expect(kept.json().reproducibles.map((r: Json) => r.uploadId)).toEqual([cards.body.id, photo.body.id]);
      // A captions address must be a web address or a path on this site.
      const refused = await t.request(admin, { method: 'PATCH', url: `/api/admin/catalog/items/${id}`, payload: { video: { ...videoInput, captionsUrl: 'javascript:alert(1)' } } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toContain('Captions URL');
    });

    it("keeps an item's files by id beside new uploads: a seeded file survives, titles and order change", async () => {
      const [item] = await t.query<{ id: string; fileId: string; fileName: string }>(
        sql`select ci.id::text as id, f.id::text as "fileId", f.file_name as "fileName" from catalog_items ci join reproducible_files f on f.catalog_item_id = ci.id
            where f.upload_id is null and ci.resource_type = 'LEARNING_OBJECT' order by ci.title limit 1`,
      );
      const [other] = await t.query<{ fileId: string }>(sql`select f.id::text as "fileId" from reproducible_files f where f.catalog_item_id <> ${item!.id}::uuid limit 1`);
      const added = await upload(t, admin, 'reproducible', 'extra.pdf', FILES.pdf);
      const attach = (reproducibles: object[]) => t.request(admin, { method: 'PATCH', url: `/api/admin/catalog/items/${item!.id}`, payload: { reproducibles } });

      const changed = await attach([
        { uploadId: added.body.id, title: 'New first' },
        { id: item!.fileId, title: 'Seeded, renamed' },
      ]);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().reproducibles.map((r: Json) => [r.id === item!.fileId, r.uploadId, r.title])).toEqual([
        [false, added.body.id, 'New first'],
        [true, null, 'Seeded, renamed'],
      ]);
      // The seeded file's bytes are still what the educator downloads, after the upload.
      const zip = await t.request(await t.login(ACCOUNTS.educator), { method: 'GET', url: `/api/catalog/items/${item!.id}/reproducibles?archiveName=Kept` });
      expect([...(await readZip(zip.rawPayload)).keys()]).toEqual(['extra.pdf', item!.fileName]);

      // Another item's file, an entry naming both or neither: refused with the rule's words.
      expect((await attach([{ id: other!.fileId, title: 'Not mine' }])).json().error.message).toBe("The Reproducible 1 is not one of this item's files");
      expect((await attach([{ id: item!.fileId, uploadId: added.body.id, title: 'Both' }])).json().error.message).toBe('The Reproducible 1 must name either an upload or one of the item\'s files');
      expect((await attach([{ title: 'Neither' }])).statusCode).toBe(400);
      expect((await attach([{ id: item!.fileId, title: 'Once' }, { id: item!.fileId, title: 'Twice' }])).json().error.message).toBe('The Reproducible 2 is already in the list');
      // Leaving a file out removes it.
      expect((await attach([{ id: item!.fileId, title: 'Only this' }])).json().reproducibles.map((r: Json) => r.title)).toEqual(['Only this']);
    });

    it('records each upload in the audit log', async () => {
      const { body } = await upload(t, admin, 'captions', 'audited.vtt', FILES.vtt);
      const log = await t.request(admin, { method: 'GET', url: `/api/admin/audit-log?entityType=UPLOAD&entityId=${body.id}` });
      expect(log.json().items).toEqual([
        expect.objectContaining({
          action: 'upload.created',
          entityType: 'UPLOAD',
          entityId: body.id,
          entityLabel: 'audited.vtt',
          actor: expect.objectContaining({ email: ACCOUNTS.admin }),
          before: null,
          after: { kind: 'captions', fileName: 'audited.vtt', mimeType: 'text/vtt', size: FILES.vtt.length },
        }),
      ]);
      const [row] = await t.query<Json>(sql`select kind, storage_key as "storageKey", mime_type as "mimeType", size::int as size, uploaded_by is not null as "byAdmin" from media_uploads where id = ${body.id}::uuid`);
      expect(row).toEqual({ kind: 'captions', storageKey: `uploads/${body.id}`, mimeType: 'text/vtt', size: FILES.vtt.length, byAdmin: true });
    });
  });
}

behaves('uploads on local disk', async () => {
  const t = await createTestApp({ env: { UPLOAD_MAX_VIDEO_KB: '2' } });
  const dir = (t.config.media.storage as { dir: string }).dir;
  expect(dir).toBe(join(t.config.dataDir, 'media'));
  return { t, mediaFiles: () => filesIn(dir) };
});

let s3: { server: S3rver; directory: string } | undefined;
behaves('uploads in S3-compatible storage', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'elp-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'media-test' }] });
  const { port } = await server.run();
  s3 = { server, directory };
  // The SDK's default credential chain reads these.
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  const t = await createTestApp({
    env: { UPLOAD_MAX_VIDEO_KB: '2', MEDIA_S3_BUCKET: 'media-test', MEDIA_S3_ENDPOINT: `http://127.0.0.1:${port}`, MEDIA_S3_PREFIX: 'test/' },
  });
  expect(t.config.media.storage).toMatchObject({ kind: 's3', bucket: 'media-test', forcePathStyle: true });
  return { t, mediaFiles: () => filesIn(directory).filter((f) => f.endsWith('._S3rver_object')) };
});

afterAll(async () => {
  await s3?.server.close();
  if (s3) rmSync(s3.directory, { recursive: true, force: true });
});
