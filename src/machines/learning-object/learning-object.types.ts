import type { LearnerEventData, LearnerEventType } from '@/machines/learner-events/learner-events.types';
import type { ProgressPatch } from '@/machines/progress/progress.types';
import type { SnackbarRequest } from '@/machines/snackbar/snackbar.types';
import type { CatalogItem, CatalogItemSummary } from '@/machines/catalog/catalog.types';
import type { VideoSource } from '@/machines/video-progress/video-progress.types';

/** What the page needs when it opens: the item and the learner's state of it. */
export type LearningObjectLoaded = {
  item: CatalogItem;
  bookmarked: boolean;
  /** Watched percent so far, for the video actor. */
  videoProgress: number;
  /** Where the learner stopped last time, in seconds: the video resumes there. */
  videoPosition: number;
  /** The playlist the strategy was opened from (`?playlist=`), when it holds the strategy. */
  playlist: PlaylistContext | null;
  /**
   * The player's source, asked for with the item rather than after the page renders
   * (its poster is the page's largest picture): the video actor takes this request's answer.
   */
  videoSource?: Promise<VideoSource>;
};

/** A playlist being worked through: its entries in order, so the page can say "3 of 6" and link the next. */
export type PlaylistContext = { publicId: string; title: string; entries: CatalogItemSummary[] };

export type LearningObjectLoadInput = { publicId: string; playlistId: string | null };

/** One learner action on the page; each is one API call. */
export type LearningObjectAction =
  | { kind: 'rate'; value: number }
  | { kind: 'rubric'; value: number }
  | { kind: 'apply'; applied: boolean }
  | { kind: 'bookmark'; saved: boolean }
  | { kind: 'download' };

export type ActionInput = { action: LearningObjectAction; item: CatalogItem; publicId: string };

/** A file for the browser's download. */
export type SavedFile = { blob: Blob; fileName: string };

/**
 * What the server answered: a download its file; a rating or rubric score the value saved; a
 * bookmark the saved state (the profile it answered is set app-wide by the effect).
 */
export type ActionOutput = {
  file: SavedFile | null;
  saved?: Partial<Pick<LearningObjectContext, 'rating' | 'rubricScore'>> & { bookmarked?: boolean };
  /** Made offline: kept on the device and sent when the browser is back online. */
  queued?: boolean;
};

/** What a change made offline tells the learner. */
export const QUEUED_OFFLINE_MESSAGE = 'Saved on this device. It is sent when you are back online.';

export type LearningObjectInput = {
  publicId: string;
  playVideo?: boolean;
  playlistId?: string | null;
  /** Where the video starts, in seconds (a search hit's `?t=`), instead of where the learner left it. */
  startAt?: number | null;
};

export type LearningObjectContext = {
  publicId: string;
  playlistId: string | null;
  playVideo: boolean;
  startAt: number | null;
  loaded: LearningObjectLoaded | null;
  /**
   * Strategies related to this one, asked for once the page shows (the page does not wait for
   * them: they sit beside or below the video). Null until they arrive; none when the request fails.
   */
  related: CatalogItemSummary[] | null;
  /** The learner's own rating and rubric score, updated locally after a save. */
  rating: number | null;
  rubricScore: number | null;
  pending: LearningObjectAction | null;
  error: unknown;
  /** On the page: set on the visit, cleared on leaving, so a leave is recorded once. */
  here: boolean;
};

export type LearningObjectEvent =
  | { type: 'lo.retry' }
  /** The learner leaves (navigates away, or the page itself goes): pauses the video and records CATALOG_ITEM_LEFT. */
  | { type: 'screen.leave' }
  /** The page is shown again from the back/forward cache: records CATALOG_ITEM_VISITED. */
  | { type: 'lo.pageRestored' }
  | { type: 'lo.rate'; value: number }
  | { type: 'lo.saveRubric'; value: number }
  | { type: 'lo.setApplied'; applied: boolean }
  | { type: 'lo.setBookmarked'; saved: boolean }
  | { type: 'lo.download' };

export type RecordEventParams = { eventType: LearnerEventType; data: LearnerEventData };
export type PatchProgressParams = { catalogItemId: string; patch: ProgressPatch };
export type NotifyParams = SnackbarRequest;

/** Spec §8: demo accounts (403 DEMO_ACCOUNT) are told to register. */
export const DEMO_ACCOUNT_CODE = 'DEMO_ACCOUNT';
export const DEMO_ACCOUNT_MESSAGE = 'Register for a full account to do this.';
