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
/**
 * Where the field's file opens: a poster at its own (public) address; a paid file at the preview
 * address signed for the admin who just uploaded it here, else nowhere (a file the form read back
 * from a stored address opens only at a signed address, which the admin site does not get).
 */
export const selectPreviewUrl = (s: Snapshot, value: { url: string } | null) => {
  if (!value) return null;
  if (s.context.kind === 'poster') return value.url;
  return s.context.preview?.url === value.url ? s.context.preview.previewUrl : null;
};
