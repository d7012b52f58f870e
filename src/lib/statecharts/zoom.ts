// How large a statechart is drawn in a frame of a given width. Text is 12 px at 100 %: below
// READABLE_SCALE it is too small to read, so a wide frame never shrinks a drawing further and
// pans instead, while a phone-sized frame shows the whole drawing and lets the reader zoom in.

export const READABLE_SCALE = 0.8;
/** Frames narrower than this show the whole drawing at first. */
export const OVERVIEW_FRAME_WIDTH = 600;
export const ZOOM_LEVELS: readonly number[] = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2];

export type Zoom = { kind: 'auto' } | { kind: 'fit' } | { kind: 'scale'; scale: number };

/** The scale that makes the drawing exactly as wide as the frame (never enlarged). */
export function fitScale(frameWidth: number, drawingWidth: number): number {
  if (frameWidth <= 0 || drawingWidth <= 0) return 1;
  return Math.min(1, frameWidth / drawingWidth);
}

export function scaleFor(zoom: Zoom, frameWidth: number, drawingWidth: number): number {
  const fit = fitScale(frameWidth, drawingWidth);
  if (zoom.kind === 'scale') return zoom.scale;
  if (zoom.kind === 'fit' || frameWidth < OVERVIEW_FRAME_WIDTH) return fit;
  return Math.max(fit, READABLE_SCALE);
}

function levels(fit: number): number[] {
  return [...new Set([fit, ...ZOOM_LEVELS])].sort((a, b) => a - b);
}

/** The next larger zoom level, or null at the largest. */
export function zoomedIn(scale: number, fit: number): number | null {
  return levels(fit).find((level) => level > scale * 1.01) ?? null;
}

/** The next smaller zoom level, or null at the smallest. */
export function zoomedOut(scale: number, fit: number): number | null {
  return levels(fit).findLast((level) => level < scale * 0.99) ?? null;
}
