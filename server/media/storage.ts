import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { MediaConfig } from '../config.ts';

/** Bytes `start` to `end`, both included (as an HTTP byte range counts them). */
export type ByteRange = { start: number; end: number };

/**
 * Where uploaded files are kept. Keys are the storage's own names (`uploads/<id>`); what a file
 * is (its name, type and size) lives in the database, so the storage stores bytes only.
 */
export type MediaStorage = {
  /** Writes the stream under the key; a failed or aborted stream leaves nothing behind. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The stored bytes (only the range when given), or null when the key holds nothing. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  delete(key: string): Promise<void>;
};

export function createMediaStorage(config: MediaConfig['storage']): MediaStorage {
  return config.kind === 's3' ? s3Storage(config) : localStorage(config.dir);
}

/**
 * Files under one folder. A file is written under a temporary name beside the others and renamed
 * once complete, so a reader never sees half a file and a failed upload leaves only a temporary
 * file, removed at once.
 */
export function localStorage(root: string): MediaStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`storage key outside the media folder: ${key}`);
    return path;
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = join(dirname(path), `.${randomBytes(8).toString('hex')}.partial`);
      try {
        await pipeline(body, createWriteStream(temporary, { flags: 'wx' }));
        await rename(temporary, path);
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
    },
    async get(key, range) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        return null;
      }
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, …) through the AWS SDK. Credentials come from the SDK's
 * default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role). Large
 * files go up as a multipart upload of 5 MB parts, so memory stays small whatever the size; an
 * upload that fails or is cut short is aborted, and S3 keeps none of its parts.
 */
export function s3Storage(config: Extract<MediaConfig['storage'], { kind: 's3' }>, client?: S3Client): MediaStorage {
  const s3 = client ?? new S3Client({ region: config.region, forcePathStyle: config.forcePathStyle, ...(config.endpoint && { endpoint: config.endpoint }) });
  const Key = (key: string) => `${config.prefix}${key}`;
  return {
    async put(key, body, contentType) {
      const upload = new Upload({ client: s3, params: { Bucket: config.bucket, Key: Key(key), Body: body, ContentType: contentType }, leavePartsOnError: false });
      // The SDK reads the stream; an error in it (the size limit, a cut connection) must end the upload.
      const failed = new Promise<never>((_, reject) =>
        body.once('error', (err) => {
          void upload.abort().catch(() => {});
          reject(err);
        }),
      );
      await Promise.race([upload.done(), failed]);
    },
    async get(key, range) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: config.bucket, Key: Key(key), ...(range && { Range: `bytes=${range.start}-${range.end}` }) }));
        // In Node the SDK's body is the response stream itself.
        if (!(object.Body instanceof Readable)) throw new Error('the S3 client answered without a stream');
        return object.Body;
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: Key(key) }));
    },
  };
}
