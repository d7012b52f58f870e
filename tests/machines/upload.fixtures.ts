import { createActor, fromCallback, fromPromise } from 'xstate';
import { uploadMachine } from '@/machines/admin/upload.machine';
import { uploadIntents } from '@/machines/admin/upload.intents';
import type { ChosenFile, SendInput, Upload, UploadEvent, UploadKind, UploadValue } from '@/machines/admin/upload.types';
import { bindIntents } from '@/machines/shared/intents';

// An upload actor whose sending and video reading the test drives (machine and component tests).

export function fakeFile(name: string, size = 1000): ChosenFile {
  return Object.assign(new Blob([new Uint8Array(size)]), { name });
}

export function storedAs(kind: UploadKind, file: ChosenFile): Upload {
  const url = `/media/uploads/6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5/${file.name}`;
  return { id: '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5', kind, url, previewUrl: `${url}?expires=1&user=u&signature=s`, fileName: file.name, mimeType: 'video/webm', size: file.size };
}

/** An upload actor whose sending the test drives: progress, then stored or refused. */
export function startUpload(kind: UploadKind, options: { duration?: () => Promise<number> } = {}) {
  const sends: { input: SendInput; sendBack: (event: UploadEvent) => void; stopped: boolean }[] = [];
  const changes: (UploadValue | null)[] = [];
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        readDuration: fromPromise<number, { file: ChosenFile }>(() => (options.duration ?? (async () => 42.5))()),
        sendFile: fromCallback<UploadEvent, SendInput>(({ input, sendBack }) => {
          const send = { input, sendBack, stopped: false };
          sends.push(send);
          return () => void (send.stopped = true);
        }),
      },
    }),
    { input: { kind } },
  );
  actor.on('upload.changed', (event) => void changes.push(event.value));
  actor.start();
  const intents = bindIntents(actor, uploadIntents);
  const last = () => sends[sends.length - 1]!;
  return { actor, intents, sends, changes, last, snapshot: () => actor.getSnapshot() };
}

