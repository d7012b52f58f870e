import type { SnapshotFrom } from 'xstate';
import { watchedPercent } from './video-progress.logic';
import type { VideoProgressMachine } from './video-progress.machine';

type VideoProgressSnapshot = SnapshotFrom<VideoProgressMachine>;

export const selectVideoSource = (s: VideoProgressSnapshot) => s.context.source;
export const selectVideoFailed = (s: VideoProgressSnapshot): boolean => s.matches('failed');
/** The view calls element.play() while this is true and the element is paused (autoplay). */
export const selectShouldPlay = (s: VideoProgressSnapshot): boolean => s.matches('playing');
export const selectIsVideoCompleted = (s: VideoProgressSnapshot): boolean => s.matches('completed');
/** Where to set currentTime once the metadata loaded: the learner's last position. */
export const selectResumePosition = (s: VideoProgressSnapshot): number => s.context.position;
export const selectWatchedPercent = (s: VideoProgressSnapshot): number => watchedPercent(s.context);
