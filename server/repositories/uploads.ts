import { and, eq, isNull } from 'drizzle-orm';
import type { UploadKind } from '../contract.ts';
import type { Db } from '../db/client.ts';
import { defineRepository } from './define.ts';
import { mediaUploads } from '../db/schema.ts';

export type UploadRow = {
  id: string;
  kind: UploadKind;
  storageKey: string;
  fileName: string;
  mimeType: string;
  size: number;
};

/** The files the admin site uploaded: what each is and where the media storage keeps it. */
export function createUploadsRepository(db: Db) {
  return {
    /** `cues`: a captions file's, as read at upload (what the search matches once an item plays it). */
    async insert(row: UploadRow & { uploadedBy: string; cues?: { start: number; end: number; text: string }[] | null }) {
      await db.insert(mediaUploads).values(row);
    },

    /** Captions files uploaded before their cues were read at upload (migration 0032). */
    async captionsWithoutCues(): Promise<UploadRow[]> {
      const found = await db
        .select({ id: mediaUploads.id, kind: mediaUploads.kind, storageKey: mediaUploads.storageKey, fileName: mediaUploads.fileName, mimeType: mediaUploads.mimeType, size: mediaUploads.size })
        .from(mediaUploads)
        .where(and(eq(mediaUploads.kind, 'captions'), isNull(mediaUploads.cues)));
      return found.map((row) => ({ ...row, size: Number(row.size) }));
    },

    async setCues(id: string, cues: { start: number; end: number; text: string }[]) {
      await db.update(mediaUploads).set({ cues }).where(eq(mediaUploads.id, id));
    },

    async find(id: string): Promise<UploadRow | undefined> {
      const [row] = await db
        .select({ id: mediaUploads.id, kind: mediaUploads.kind, storageKey: mediaUploads.storageKey, fileName: mediaUploads.fileName, mimeType: mediaUploads.mimeType, size: mediaUploads.size })
        .from(mediaUploads)
        .where(eq(mediaUploads.id, id));
      return row && { ...row, size: Number(row.size) };
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;

declare module './repositories.ts' {
  interface Repositories {
    uploads: UploadsRepository;
  }
}

export default defineRepository('uploads', createUploadsRepository);
