import type { ApiClient } from '@/api/client';
import { ApiError, toApiError } from '@/api/errors';
import { settle } from '@/api/operations/call';
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
  const { data, error, response } = await settle(
    client.POST('/admin/uploads', {
      params: { query: { kind, fileName: file.name } },
      body: file as never,
      bodySerializer: (body: unknown) => body as never,
      headers: { 'Content-Type': 'application/octet-stream' },
      signal,
      fetch: (request: Request) => sendWithProgress(request, file, onProgress),
    }),
  );
  if (!response.ok || data === undefined) throw uploadError(response.status, error);
  return data;
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

/** The server's own words for a refused file (the size rule's message, the expected types), else the usual mapping. */
function uploadError(status: number, body: unknown): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  if (status === 413 && typeof error?.message === 'string' && error.message) return new ApiError(status, typeof error.code === 'string' ? error.code : 'FILE_TOO_LARGE', error.message);
  return toApiError(status, body);
}
