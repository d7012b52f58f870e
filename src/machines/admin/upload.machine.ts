import { assign, emit, fromCallback, setup } from 'xstate';
import { placeholderActor } from '@/machines/shared/placeholders';
import type { ChosenFile, SendInput, UploadContext, UploadEmitted, UploadEvent, UploadInput, UploadKind } from './upload.types';

// One file field of the admin site: a chosen file is sent to the media storage with its progress
// shown, and the stored file (with a video's length, read in the browser first) is told to the
// field's owner. Sending can be cancelled; a refusal shows the server's words and can be tried
// again with the same file. The field's value belongs to its owner: this machine only changes it.

export const UNREADABLE_VIDEO = 'This video cannot be played in the browser: choose a WebM or MP4 file';

const NO_PROGRESS = { loaded: 0, total: 0 };

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
    emitted: {} as UploadEmitted,
    tags: {} as 'busy',
  },
  actors: {
    /** A video's length in seconds, from its metadata (a <video> element in the browser). */
    readDuration: placeholderActor<number, { file: ChosenFile }>('readDuration'),
    /** Sends the file; reports `upload.progress`, then `upload.stored` or `upload.failed`; stopping it cancels. */
    sendFile: fromCallback<UploadEvent, SendInput>(() => {
      throw new Error('The actor "sendFile" was not provided: supply it with machine.provide()');
    }),
  },
  actions: {
    takeFile: assign((_, params: { file: ChosenFile }) => ({ file: params.file, progress: { loaded: 0, total: params.file.size }, durationSeconds: null, error: null })),
    takeDuration: assign((_, params: { seconds: number }) => ({ durationSeconds: params.seconds })),
    takeProgress: assign((_, params: { progress: UploadContext['progress'] }) => ({ progress: params.progress })),
    takeError: assign((_, params: { message: string }) => ({ error: params.message })),
    reset: assign({ file: null, progress: NO_PROGRESS, durationSeconds: null, error: null }),
    tellStored: emit(({ context }, params: { upload: Extract<UploadEvent, { type: 'upload.stored' }>['upload'] }) => {
      // The preview address stays with the field (keepPreview): the form stores the file's address.
      const { previewUrl: _, ...upload } = params.upload;
      return { type: 'upload.changed' as const, value: context.durationSeconds === null ? upload : { ...upload, durationSeconds: context.durationSeconds } };
    }),
    tellRemoved: emit({ type: 'upload.changed' as const, value: null }),
    keepPreview: assign((_, params: { upload: Extract<UploadEvent, { type: 'upload.stored' }>['upload'] }) => ({
      preview: { url: params.upload.url, previewUrl: params.upload.previewUrl },
    })),
  },
  guards: {
    isVideo: ({ context }) => context.kind === 'video',
  },
}).createMachine({
  id: 'upload',
  context: ({ input }: { input: UploadInput }) => ({ kind: input.kind as UploadKind, file: null, progress: NO_PROGRESS, durationSeconds: null, error: null, preview: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'upload.choose': { target: 'starting', actions: { type: 'takeFile', params: ({ event }) => ({ file: event.file }) } },
        'upload.remove': { actions: 'tellRemoved' },
      },
    },
    starting: {
      always: [{ guard: 'isVideo', target: 'measuring' }, { target: 'uploading' }],
    },
    measuring: {
      tags: ['busy'],
      invoke: {
        src: 'readDuration',
        input: ({ context }) => ({ file: context.file! }),
        onDone: { target: 'uploading', actions: { type: 'takeDuration', params: ({ event }) => ({ seconds: event.output }) } },
        onError: { target: 'failed', actions: { type: 'takeError', params: { message: UNREADABLE_VIDEO } } },
      },
      on: { 'upload.cancel': { target: 'idle', actions: 'reset' } },
    },
    uploading: {
      tags: ['busy'],
      invoke: { src: 'sendFile', input: ({ context }) => ({ kind: context.kind, file: context.file! }) },
      on: {
        'upload.progress': { actions: { type: 'takeProgress', params: ({ event }) => ({ progress: event.progress }) } },
        'upload.stored': {
          target: 'idle',
          actions: [{ type: 'keepPreview', params: ({ event }) => ({ upload: event.upload }) }, { type: 'tellStored', params: ({ event }) => ({ upload: event.upload }) }, 'reset'],
        },
        'upload.failed': { target: 'failed', actions: { type: 'takeError', params: ({ event }) => ({ message: messageOf(event.error) }) } },
        // Leaving the state stops the sending.
        'upload.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    failed: {
      on: {
        'upload.retry': { target: 'starting', actions: { type: 'takeFile', params: ({ context }) => ({ file: context.file! }) } },
        'upload.choose': { target: 'starting', actions: { type: 'takeFile', params: ({ event }) => ({ file: event.file }) } },
        'upload.dismiss': { target: 'idle', actions: 'reset' },
        'upload.remove': { target: 'idle', actions: ['reset', 'tellRemoved'] },
      },
    },
  },
});

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The file could not be uploaded, please try again';
}
