import { PLAYBACK_RATES, type Chapter, type Cue, type PlaybackRate } from './media-player.types';

// The transcript's arithmetic: which cue is spoken, which cues match a search, and the chapters
// the guide's steps make on the timeline.

/** The cue being spoken at `time`: the last one that has started and not ended; -1 before the first or in a gap. */
export function cueIndexAt(cues: readonly Cue[], time: number): number {
  let low = 0;
  let high = cues.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (cues[middle]!.start <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found !== -1 && time < cues[found]!.end ? found : -1;
}

/** Search words: case and accents ignored, runs of spaces as one. */
export const normalizeText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');

/** The indexes of the cues whose text holds the query (empty for an empty query). */
export function matchingCues(cues: readonly Cue[], query: string): number[] {
  const wanted = normalizeText(query.trim());
  if (!wanted) return [];
  const out: number[] = [];
  cues.forEach((cue, i) => {
    if (normalizeText(cue.text).includes(wanted)) out.push(i);
  });
  return out;
}

/**
 * A cue's text cut into what matches the query and what does not, for highlighting. Matching
 * ignores case; accents are matched exactly here (the cue still counts as a match above).
 */
export function splitMatches(text: string, query: string): { text: string; match: boolean }[] {
  const wanted = query.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!wanted) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(wanted); at !== -1; at = lower.indexOf(wanted, at + wanted.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + wanted.length), match: true });
    from = at + wanted.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}

const STEP = /^Step (\d+):\s*(.*)$/;

/**
 * The guide's steps as chapters: a step starts at the first cue that says "Step n:" (the
 * captions read the guide's numbered steps out), and runs until the next step or the end. A
 * transcript that names no step has no chapters.
 */
export function chaptersOf(cues: readonly Cue[], duration: number): Chapter[] {
  const starts: { number: number; title: string; start: number }[] = [];
  for (const cue of cues) {
    const step = STEP.exec(cue.text);
    if (step && !starts.some((s) => s.number === Number(step[1]))) starts.push({ number: Number(step[1]), title: step[2]!.trim(), start: cue.start });
  }
  const end = Math.max(duration, cues.at(-1)?.end ?? 0);
  return starts.map((s, i) => ({ ...s, end: starts[i + 1]?.start ?? end }));
}

/** The chapter playing at `time`, or -1 before the first. */
export const chapterIndexAt = (chapters: readonly Chapter[], time: number): number => chapters.findLastIndex((c) => c.start <= time && time < c.end);

/** A remembered speed, if it is one the player offers. */
export function parseRate(value: string | null): PlaybackRate | null {
  const rate = Number(value);
  return PLAYBACK_RATES.find((r) => r === rate) ?? null;
}

/** 83 → "1:23"; 3723 → "1:02:03". */
export function clockTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor(whole / 60) % 60;
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
