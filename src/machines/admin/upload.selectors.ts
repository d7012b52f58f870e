import type { SnapshotFrom } from 'xstate';
import type { uploadMachine } from './upload.machine';

type Snapshot = SnapshotFrom<typeof uploadMachine>;

export const selectIsUploading = (s: Snapshot) => s.hasTag('busy');
export const selectHasFailed = (s: Snapshot) => s.matches('failed');
export const selectUploadError = (s: Snapshot) => s.context.error;
/** The name of the file being sent (or that failed). */
export const selectChosenName = (s: Snapshot) => s.context.file?.name ?? null;
/** Whole percent sent, 0 to 100. */
export const selectPercent = (s: Snapshot) => {
  const { loaded, total } = s.context.progress;
  return total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
};
