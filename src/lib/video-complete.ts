// Spec §9: a video counts as watched (complete) at progress 90 or more. The one definition:
// the server's progress queries, the app's selectors and the video-progress machine read it here.

export const VIDEO_COMPLETE_PERCENT = 90;

export const isVideoComplete = (progress: { videoProgress?: number | null } | undefined): boolean =>
  (progress?.videoProgress ?? 0) >= VIDEO_COMPLETE_PERCENT;
