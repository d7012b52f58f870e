import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, onUnauthorized } from '@/api/client';
import { uploadFile } from '@/api/operations/upload';

// The upload call: through the typed client (its token, its 401 handling), sent by
// XMLHttpRequest for the progress, the server's words kept for a refused file.

type Sent = { method: string; url: string; headers: Record<string, string>; body: unknown };

/** A stand-in XMLHttpRequest that reports progress and answers as told. */
function fakeXhr(answer: { status: number; body: string }, sent: Sent[]) {
  return class {
    upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = false;
    status = 0;
    responseText = '';
    private request: Sent = { method: '', url: '', headers: {}, body: null };
    open(method: string, url: string) {
      this.request = { ...this.request, method, url };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    getResponseHeader() {
      return 'application/json';
    }
    abort() {
      this.onabort?.();
    }
    send(body: Blob) {
      sent.push({ ...this.request, body });
      this.upload.onprogress?.({ loaded: body.size / 2, total: body.size, lengthComputable: true });
      this.upload.onprogress?.({ loaded: body.size, total: body.size, lengthComputable: true });
      this.status = answer.status;
      this.responseText = answer.body;
      queueMicrotask(() => this.onload?.());
    }
  };
}

const original = globalThis.XMLHttpRequest;
afterEach(() => void (globalThis.XMLHttpRequest = original));

const file = Object.assign(new Blob(['WEBVTT\n\n']), { name: 'exit tickets.vtt' });
const client = () => createApiClient({ getAccessToken: async () => 'token-123', baseUrl: 'http://localhost/api' });

describe('uploadFile', () => {
  it("sends the file with the client's token and reports the progress", async () => {
    const sent: Sent[] = [];
    const stored = { id: '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5', kind: 'captions', url: '/media/uploads/6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5/exit-tickets.vtt', fileName: 'exit-tickets.vtt', mimeType: 'text/vtt', size: 8 };
    globalThis.XMLHttpRequest = fakeXhr({ status: 201, body: JSON.stringify(stored) }, sent) as never;
    const progress: number[] = [];
    const upload = await uploadFile(client(), { kind: 'captions', file, onProgress: (p) => progress.push(p.loaded / p.total) });
    expect(upload).toEqual(stored);
    expect(progress).toEqual([0.5, 1]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe('http://localhost/api/admin/uploads?kind=captions&fileName=exit%20tickets.vtt');
    expect(sent[0]!.headers).toMatchObject({ authorization: 'Bearer token-123', 'content-type': 'application/octet-stream' });
    expect(sent[0]!.body).toBe(file);
  });

  it("keeps the server's words for a file too large, and ends the session on a 401", async () => {
    globalThis.XMLHttpRequest = fakeXhr({ status: 413, body: JSON.stringify({ error: { code: 'FILE_TOO_LARGE', message: 'File size must be less than 1 MB' } }) }, []) as never;
    await expect(uploadFile(client(), { kind: 'captions', file })).rejects.toMatchObject({ status: 413, message: 'File size must be less than 1 MB' });
    globalThis.XMLHttpRequest = fakeXhr({ status: 415, body: JSON.stringify({ error: { code: 'UNSUPPORTED_FILE_TYPE', message: 'This file is not a captions file: upload a WebVTT file' } }) }, []) as never;
    await expect(uploadFile(client(), { kind: 'captions', file })).rejects.toMatchObject({ status: 415, message: 'This file is not a captions file: upload a WebVTT file' });
    const unauthorized: string[] = [];
    const stop = onUnauthorized((e) => void unauthorized.push(`${e.method} ${e.schemaPath}`));
    globalThis.XMLHttpRequest = fakeXhr({ status: 401, body: JSON.stringify({ error: { code: 'SESSION_ENDED', message: 'Please sign in again' } }) }, []) as never;
    await expect(uploadFile(client(), { kind: 'captions', file })).rejects.toMatchObject({ status: 401 });
    stop();
    expect(unauthorized).toEqual(['POST /admin/uploads']);
  });
});
