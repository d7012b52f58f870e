import type { ApiClient } from '@/api/client';
import type { Middleware } from 'openapi-fetch';
import { ApiError } from '@/api/errors';
import { unwrap } from '@/api/operations/call';
import type { components } from '@/api/schema';

// An upload to the media storage (POST /admin/uploads): the file is the body, and the progress of
// sending it is reported as it goes, which only XMLHttpRequest can do (fetch reports no upload
// progress). The call still goes through the typed client, so its middleware adds the same bearer
// token and handles a 401 the same way; only the last step, the sending, is XMLHttpRequest's.

export type UploadKind = components['schemas']['UploadKind'];
/** A stored file, as the server answers an upload (201). */
export type Upload = components['schemas']['Upload'];

export type UploadProgress = { loaded: number; total: number };

export type UploadRequest = {
  kind: UploadKind;
  file: Blob & { name: string };
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

export async function uploadFile(client: ApiClient, { kind, file, onProgress, signal }: UploadRequest): Promise<Upload> {
  return unwrap(
    client.POST('/admin/uploads', {
      params: { query: { kind, fileName: file.name } },
      body: file as never,
      bodySerializer: (body: unknown) => body as never,
      headers: { 'Content-Type': 'application/octet-stream' },
      signal,
      fetch: (request: Request) => sendWithProgress(request, file, onProgress),
      middleware: [refusedFile],
    }),
  );
}

/** Sends the request prepared by the client (its address and headers) with the file as body, as fetch would answer. */
function sendWithProgress(request: Request, file: Blob, onProgress?: (progress: UploadProgress) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
    request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    const onAbort = () => xhr.abort();
    request.signal.addEventListener('abort', onAbort, { once: true });
    const done = () => request.signal.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      resolve(new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' } }));
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('The upload could not reach the server'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    xhr.send(file);
  });
}

/**
 * A file refused as too large is told in the server's own words (the size rule's message, the
 * expected types). A call's own middleware answers before the client's, whose error middleware
 * maps every other error (and this one when the server gave no message).
 */
const refusedFile: Middleware = {
  async onResponse({ response }) {
    if (response.status !== 413) return undefined;
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => undefined);
    const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    if (typeof error?.message === 'string' && error.message) throw new ApiError(413, typeof error.code === 'string' ? error.code : 'FILE_TOO_LARGE', error.message);
    return undefined;
  },
};
