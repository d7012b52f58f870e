import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Schemas, UploadKind } from '../contract.ts';
import type { MediaConfig } from '../config.ts';
import type { UserRow } from '../auth/principal.ts';
import { badRequest, HttpError } from '../errors.ts';
import type { Cue } from '../media/captions.ts';
import { parseWebVtt } from '../media/webvtt.ts';
import { SNIFF_BYTES, safeFileName, sniff, typeFor, wrongTypeMessage } from '../media/file-types.ts';
import type { ByteRange, MediaStorage } from '../media/storage.ts';
import type { UploadRow, UploadsRepository } from '../repositories/uploads.ts';
import type { AdminChanges } from './admin-changes.ts';
import { humanSize } from '../../src/lib/validation/rules.ts';

/** A stored upload as the admin site gets it, less the preview address its handler signs for the caller. */
export type Upload = Omit<Schemas['Upload'], 'previewUrl'>;

/** Where an upload is served: its id (immutable) and the name it was given. */
export const uploadUrl = (row: Pick<UploadRow, 'id' | 'fileName'>) => `/media/uploads/${row.id}/${row.fileName}`;

export const fileTooLarge = (maxKb: number) => new HttpError(413, 'FILE_TOO_LARGE', `File size must be less than ${humanSize(maxKb * 1000)}`);

/**
 * Uploads for the admin site: a file is streamed to the media storage while it arrives, its type
 * judged by its first bytes and its size counted on the way, then recorded (with its audit entry)
 * once stored. A refused file stops the reading at once and leaves nothing stored.
 */
export function createUploads(deps: { storage: MediaStorage; maxKb: MediaConfig['maxKb']; uploads: UploadsRepository; adminChanges: AdminChanges }) {
  const { storage, maxKb, adminChanges } = deps;
  return {
    async upload(actor: UserRow, kind: UploadKind, givenName: string, body: Readable): Promise<Upload> {
      const limit = maxKb[kind] * 1000;
      // Reading stops at a refusal, but the connection is not cut: what the client still sends is
      // discarded unread, so it gets the answer (a browser shows a reset connection, not the message).
      const source = body.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>;
      const stop = () => {
        void source.return?.();
        body.resume();
      };
      // The first bytes decide the type before anything is stored.
      const head: Buffer[] = [];
      let size = 0;
      let ended = false;
      while (size < SNIFF_BYTES) {
        const next = await source.next();
        if (next.done) {
          ended = true;
          break;
        }
        head.push(next.value);
        size += next.value.length;
      }
      const fileName = safeFileName(givenName);
      const type = typeFor(kind, sniff(Buffer.concat(head)), fileName);
      if (!type) {
        stop();
        throw new HttpError(415, 'UNSUPPORTED_FILE_TYPE', wrongTypeMessage(kind));
      }
      if (size > limit) {
        stop();
        throw fileTooLarge(maxKb[kind]);
      }
      // A captions file is also kept in memory (1 MB by default) to read its cues once stored.
      const kept: Buffer[] | null = kind === 'captions' ? [...head] : null;
      const counted = Readable.from(
        (async function* () {
          yield* head;
          while (!ended) {
            const next = await source.next();
            if (next.done) break;
            size += next.value.length;
            // The limit is passed: no more is read, and the storage drops what it has.
            if (size > limit) throw fileTooLarge(maxKb[kind]);
            kept?.push(next.value);
            yield next.value;
          }
        })(),
        { objectMode: false },
      );
      const id = randomUUID();
      const row: UploadRow = { id, kind, storageKey: `uploads/${id}`, fileName, mimeType: type.mimeType, size: 0 };
      try {
        await storage.put(row.storageKey, counted, type.mimeType);
      } catch (err) {
        stop();
        throw err;
      }
      row.size = size;
      // The cues the search will match once an item plays these captions: a file they cannot be
      // read from is refused (400, naming the line), and nothing of it is kept.
      let cues: Cue[] | null = null;
      if (kept) {
        const parsed = parseWebVtt(Buffer.concat(kept).toString('utf8'));
        if (!parsed.ok) {
          await storage.delete(row.storageKey).catch(() => {});
          throw badRequest(parsed.message, 'INVALID_CAPTIONS');
        }
        cues = parsed.cues;
      }
      try {
        await adminChanges.apply(actor, async ({ repos, record }) => {
          await repos.uploads.insert({ ...row, uploadedBy: actor.id, cues });
          record({ action: 'upload.created', entityType: 'UPLOAD', entityId: id, entityLabel: fileName, before: null, after: { kind, fileName, mimeType: row.mimeType, size } });
        });
      } catch (err) {
        await storage.delete(row.storageKey).catch(() => {});
        throw err;
      }
      return { id, kind, url: uploadUrl(row), fileName, mimeType: row.mimeType, size };
    },

    /**
     * Reads the cues of captions files uploaded before cues were read at upload, once (at
     * start-up): a file that cannot be read, or is gone, keeps no cues rather than being read
     * again. Answers how many files were read; the items playing them get their cues next
     * (writeMissingCues).
     */
    async readOlderCaptions(): Promise<number> {
      const older = await deps.uploads.captionsWithoutCues();
      for (const row of older) {
        // Storage that fails now (a blip at start-up) leaves the file for the next start; a file that
        // is gone, or cannot be parsed, is kept as giving no cues.
        const chunks: Buffer[] = [];
        try {
          const body = await storage.get(row.storageKey);
          if (body) for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
        } catch {
          continue;
        }
        const parsed = parseWebVtt(Buffer.concat(chunks).toString('utf8'));
        await deps.uploads.setCues(row.id, parsed.ok ? parsed.cues : []);
      }
      return older.length;
    },

    /** The upload with this id and name, and its bytes (a range of them when asked); undefined when there is none. */
    async find(id: string, fileName: string): Promise<UploadRow | undefined> {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
      const row = await deps.uploads.find(id);
      return row && row.fileName === fileName ? row : undefined;
    },

    open(row: Pick<UploadRow, 'storageKey'>, range?: ByteRange) {
      return storage.get(row.storageKey, range);
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
