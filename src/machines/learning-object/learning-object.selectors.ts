import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { VideoProgressMachine } from '@/machines/video-progress/video-progress.machine';
import { LEARNING_OBJECT_VIDEO_ID, type LearningObjectMachine } from './learning-object.machine';

type LearningObjectSnapshot = SnapshotFrom<LearningObjectMachine>;

export const selectLearningObject = (s: LearningObjectSnapshot) => s.context.loaded;
/** Null while the related strategies are on their way. */
export const selectRelated = (s: LearningObjectSnapshot) => s.context.related;
export const selectLearningObjectLoading = (s: LearningObjectSnapshot): boolean => s.hasTag('loading');
export const selectLearningObjectFailed = (s: LearningObjectSnapshot): boolean => s.matches('failed');
export const selectLearningObjectBusy = (s: LearningObjectSnapshot): boolean => s.hasTag('busy');
export const selectUserRating = (s: LearningObjectSnapshot) => s.context.rating;
export const selectUserRubricScore = (s: LearningObjectSnapshot) => s.context.rubricScore;
export const selectIsBookmarked = (s: LearningObjectSnapshot): boolean => s.context.loaded?.bookmarked ?? false;
export const selectVideoRef = (s: LearningObjectSnapshot): ActorRefFrom<VideoProgressMachine> | undefined =>
  s.children[LEARNING_OBJECT_VIDEO_ID] as ActorRefFrom<VideoProgressMachine> | undefined;
export const selectLearningObjectNotFound = (s: LearningObjectSnapshot): boolean => s.matches('notFound');
