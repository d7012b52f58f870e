import type { ChosenFile, UploadEvent } from './upload.types';

/** What an upload field asks of its actor. */
export const uploadIntents = (send: (event: UploadEvent) => void) => ({
  choose: (file: ChosenFile) => send({ type: 'upload.choose', file }),
  cancel: () => send({ type: 'upload.cancel' }),
  retry: () => send({ type: 'upload.retry' }),
  dismiss: () => send({ type: 'upload.dismiss' }),
  remove: () => send({ type: 'upload.remove' }),
});
