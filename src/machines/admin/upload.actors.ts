import { fromCallback, fromPromise } from 'xstate';
import { uploadFile } from '@/api/operations/upload';
import { errorMessage } from '@/lib/messages';
import { defineScreen } from '@/machines/shared/screen';
import { uploadMachine } from './upload.machine';
import type { ChosenFile, SendInput, UploadEvent } from './upload.types';

/** A video file's length in seconds, read by the browser from its metadata (nothing is played). */
export function readVideoDuration(file: ChosenFile, signal?: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = () => {
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      video.load();
    };
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      const seconds = video.duration;
      done();
      if (Number.isFinite(seconds) && seconds > 0) resolve(Math.round(seconds * 10) / 10);
      else reject(new Error('The video has no length'));
    };
    video.onerror = () => {
      done();
      reject(new Error('The video cannot be read'));
    };
    signal?.addEventListener('abort', () => {
      done();
      reject(new DOMException('Cancelled', 'AbortError'));
    });
    video.src = url;
  });
}

/** An upload field of the admin site, sending to the API with its progress. */
export const uploadScreen = defineScreen('upload', ({ api }) =>
  uploadMachine.provide({
    actors: {
      readDuration: fromPromise<number, { file: ChosenFile }>(({ input, signal }) => readVideoDuration(input.file, signal)),
      sendFile: fromCallback<UploadEvent, SendInput>(({ input, sendBack }) => {
        const controller = new AbortController();
        uploadFile(api, { kind: input.kind, file: input.file, signal: controller.signal, onProgress: (progress) => sendBack({ type: 'upload.progress', progress }) }).then(
          (upload) => sendBack({ type: 'upload.stored', upload }),
          (error: unknown) => {
            if (!controller.signal.aborted) sendBack({ type: 'upload.failed', error: new Error(errorMessage(error)) });
          },
        );
        return () => controller.abort();
      }),
    },
  }),
);
