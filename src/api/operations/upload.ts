import { transportOf, type ApiClient } from '@/api/client';
import { ApiError, networkError, toApiError } from '@/api/errors';
import type { components } from '@/api/schema';

// An upload to the media storage (POST /admin/uploads): the file is the body, and the progress of
// sending it is reported as it goes, which only XMLHttpRequest can do. The request carries the
// same bearer token as the typed client's and a 401 ends the session the same way.

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

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

export async function uploadFile(client: ApiClient, { kind, file, onProgress, signal }: UploadRequest): Promise<Upload> {
  const { baseUrl, getAccessToken, reportUnauthorized } = transportOf(client);
  if (signal?.aborted) throw abortError();
  const token = await getAccessToken();
  return new Promise<Upload>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ kind, fileName: file.name });
    xhr.open('POST', `${baseUrl}/admin/uploads?${query}`);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status === 201 && body && typeof body === 'object') return resolve(body as Upload);
      if (xhr.status === 401) reportUnauthorized({ method: 'POST', schemaPath: '/admin/uploads' });
      reject(uploadError(xhr.status, body));
    };
    xhr.onerror = () => {
      settle();
      reject(networkError(new Error('The upload could not reach the server')));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
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
