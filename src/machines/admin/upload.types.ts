import type { Upload, UploadKind, UploadProgress } from '@/api/operations/upload';

export type { Upload, UploadKind, UploadProgress };

/**
 * What an upload field holds: the file's address, id, kind, name, type and size (the server's
 * answer, or what a stored address tells) and, for a video, its length in seconds as the browser
 * read it. The preview address is the field's own (UploadContext), never the form's.
 */
export type UploadValue = Omit<Upload, 'previewUrl'> & { durationSeconds?: number };

/** The chosen file (a File in the browser). */
export type ChosenFile = Blob & { name: string };

export type UploadInput = { kind: UploadKind };

/** What the sending gets: the kind of upload and the file. */
export type SendInput = { kind: UploadKind; file: ChosenFile };

export type UploadContext = {
  kind: UploadKind;
  file: ChosenFile | null;
  progress: UploadProgress;
  /** A video's length, read before it is sent. */
  durationSeconds: number | null;
  /** What went wrong, in words to show (the server's message when it gave one). */
  error: string | null;
  /** The last file this field stored, and the address its uploader may open it at now (a paid file's is signed). */
  preview: { url: string; previewUrl: string } | null;
};

export type UploadEvent =
  | { type: 'upload.choose'; file: ChosenFile }
  | { type: 'upload.cancel' }
  | { type: 'upload.retry' }
  | { type: 'upload.dismiss' }
  | { type: 'upload.remove' }
  // From the sending itself.
  | { type: 'upload.progress'; progress: UploadProgress }
  | { type: 'upload.stored'; upload: Upload }
  | { type: 'upload.failed'; error: unknown };

/** Told to whoever holds the field's value: the new value, or null once removed. */
export type UploadEmitted = { type: 'upload.changed'; value: UploadValue | null };
