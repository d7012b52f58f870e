import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { UNREADABLE_VIDEO } from '@/machines/admin/upload.machine';
import { selectChosenName, selectHasFailed, selectIsUploading, selectPercent, selectPreviewUrl, selectUploadError } from '@/machines/admin/upload.selectors';
import { fakeFile, startUpload, storedAs } from './upload.fixtures';

// One upload field: a chosen file is sent with its progress, its stored answer told to the form
// (a video with its length, read first); cancel stops the sending, a refusal shows the server's
// words and the same file can be tried again.

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('upload machine', () => {
  it('sends a chosen file with its progress and tells the form what was stored', async () => {
    const u = startUpload('captions');
    const file = fakeFile('exit-tickets.en.vtt', 2000);
    u.intents.choose(file);
    expect(selectIsUploading(u.snapshot())).toBe(true);
    expect(u.last().input).toEqual({ kind: 'captions', file });
    expect(selectChosenName(u.snapshot())).toBe('exit-tickets.en.vtt');
    expect(selectPercent(u.snapshot())).toBe(0);
    u.last().sendBack({ type: 'upload.progress', progress: { loaded: 1000, total: 2000 } });
    expect(selectPercent(u.snapshot())).toBe(50);
    u.last().sendBack({ type: 'upload.progress', progress: { loaded: 2000, total: 2000 } });
    expect(selectPercent(u.snapshot())).toBe(100);
    const { previewUrl, ...stored } = storedAs('captions', file);
    u.last().sendBack({ type: 'upload.stored', upload: { ...stored, previewUrl } });
    // The form gets the address to store; the field keeps the one its uploader opens the file at.
    expect(u.changes).toEqual([stored]);
    expect(selectPreviewUrl(u.snapshot(), stored)).toBe(previewUrl);
    expect(selectPreviewUrl(u.snapshot(), { url: '/media/uploads/another/file.vtt' })).toBeNull();
    expect(u.snapshot().value).toBe('idle');
    expect(u.last().stopped).toBe(true);
    // Nothing left over for the next file.
    expect(selectChosenName(u.snapshot())).toBeNull();
  });

  it("reads a video's length before sending it, and gives it with the stored file", async () => {
    const u = startUpload('video');
    const file = fakeFile('lesson.webm');
    u.intents.choose(file);
    expect(u.snapshot().value).toBe('measuring');
    expect(selectIsUploading(u.snapshot())).toBe(true);
    await settle();
    expect(u.snapshot().value).toBe('uploading');
    u.last().sendBack({ type: 'upload.stored', upload: storedAs('video', file) });
    const { previewUrl: _, ...stored } = storedAs('video', file);
    expect(u.changes).toEqual([{ ...stored, durationSeconds: 42.5 }]);
  });

  it('refuses a video the browser cannot read, without sending it; another file can be chosen', async () => {
    const u = startUpload('video', { duration: () => Promise.reject(new Error('no metadata')) });
    u.intents.choose(fakeFile('broken.webm'));
    await settle();
    expect(selectHasFailed(u.snapshot())).toBe(true);
    expect(selectUploadError(u.snapshot())).toBe(UNREADABLE_VIDEO);
    expect(u.sends).toHaveLength(0);
  });

  it("shows the server's refusal, and tries the same file again", () => {
    const u = startUpload('poster');
    const file = fakeFile('poster.png');
    u.intents.choose(file);
    u.last().sendBack({ type: 'upload.failed', error: new ApiError(413, 'FILE_TOO_LARGE', 'File size must be less than 5 MB') });
    expect(selectHasFailed(u.snapshot())).toBe(true);
    expect(selectUploadError(u.snapshot())).toBe('File size must be less than 5 MB');
    expect(selectChosenName(u.snapshot())).toBe('poster.png');
    expect(u.changes).toEqual([]);
    u.intents.retry();
    expect(u.sends).toHaveLength(2);
    expect(u.last().input.file).toBe(file);
    expect(selectUploadError(u.snapshot())).toBeNull();
    u.last().sendBack({ type: 'upload.stored', upload: storedAs('poster', file) });
    expect(u.changes).toHaveLength(1);
  });

  it('stops sending on cancel and keeps the value the form has', () => {
    const u = startUpload('reproducible');
    u.intents.choose(fakeFile('cards.pdf'));
    u.intents.cancel();
    expect(u.last().stopped).toBe(true);
    expect(u.snapshot().value).toBe('idle');
    expect(u.changes).toEqual([]);
    // A late answer from the cancelled sending changes nothing.
    u.last().sendBack({ type: 'upload.stored', upload: storedAs('reproducible', fakeFile('cards.pdf')) });
    expect(u.changes).toEqual([]);
  });

  it('removes the stored file, and dismisses a refusal', () => {
    const u = startUpload('captions');
    u.intents.remove();
    expect(u.changes).toEqual([null]);
    u.intents.choose(fakeFile('c.vtt'));
    u.last().sendBack({ type: 'upload.failed', error: new Error('This file is not a captions file: upload a WebVTT file') });
    u.intents.dismiss();
    expect(u.snapshot().value).toBe('idle');
    expect(selectUploadError(u.snapshot())).toBeNull();
    expect(u.changes).toEqual([null]);
  });

  it('ignores a second file while one is being sent', () => {
    const u = startUpload('captions');
    u.intents.choose(fakeFile('one.vtt'));
    u.intents.choose(fakeFile('two.vtt'));
    expect(u.sends).toHaveLength(1);
    expect(selectChosenName(u.snapshot())).toBe('one.vtt');
  });
});
