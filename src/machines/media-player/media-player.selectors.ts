import type { SnapshotFrom } from 'xstate';
import { chapterIndexAt, chaptersOf, cueIndexAt, matchingCues } from './media-player.logic';
import type { MediaPlayerMachine } from './media-player.machine';
import type { Chapter } from './media-player.types';

type MediaPlayerSnapshot = SnapshotFrom<MediaPlayerMachine>;

export const selectCues = (s: MediaPlayerSnapshot) => s.context.cues;
export const selectHasTranscript = (s: MediaPlayerSnapshot): boolean => s.matches({ transcript: 'shown' });
export const selectTranscriptLoading = (s: MediaPlayerSnapshot): boolean => s.matches({ transcript: 'waiting' });
export const selectActiveCue = (s: MediaPlayerSnapshot): number => cueIndexAt(s.context.cues, s.context.time);
export const selectRate = (s: MediaPlayerSnapshot) => s.context.rate;
export const selectFollow = (s: MediaPlayerSnapshot): boolean => s.context.follow;
export const selectQuery = (s: MediaPlayerSnapshot): string => s.context.query;

const NONE: number[] = [];
const matchCache = new WeakMap<readonly unknown[], Map<string, number[]>>();
/** The cues that match the search (the same array while cues and query are the same, for useSelector). */
export function selectMatches(s: MediaPlayerSnapshot): number[] {
  if (!s.matches({ search: 'searching' })) return NONE;
  const { cues, query } = s.context;
  let byQuery = matchCache.get(cues);
  if (!byQuery) matchCache.set(cues, (byQuery = new Map()));
  let matches = byQuery.get(query);
  if (!matches) byQuery.set(query, (matches = matchingCues(cues, query)));
  return matches;
}
/** The current match's cue, or null without a query or a match. */
export const selectCurrentMatch = (s: MediaPlayerSnapshot): number | null => selectMatches(s)[s.context.matchIndex] ?? null;

const chapterCache = new WeakMap<readonly unknown[], Chapter[]>();
/** The guide's steps on the timeline (the same array while the cues are the same, for useSelector). */
export function selectChapters(s: MediaPlayerSnapshot): Chapter[] {
  let chapters = chapterCache.get(s.context.cues);
  if (!chapters) {
    chapters = chaptersOf(s.context.cues, 0);
    chapterCache.set(s.context.cues, chapters);
  }
  return chapters;
}
export const selectChapterIndex = (s: MediaPlayerSnapshot): number => chapterIndexAt(selectChapters(s), s.context.time);
