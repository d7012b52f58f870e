import { oneLine } from './text.ts';

/**
 * English WebVTT captions of an item's demo clip, written from the item itself: the first cue is
 * its title, then its description and the numbered steps of its guide, spread over the clip.
 * Served by GET /media/captions/{publicId}.en.vtt (server/routes/media.ts).
 */

export const CAPTIONS_DIR = '/media/captions/';
export const CAPTIONS_EXT = '.en.vtt';
export const captionsPath = (publicId: string) => `${CAPTIONS_DIR}${publicId}${CAPTIONS_EXT}`;

export type CaptionsInput = {
  title: string;
  description?: string | null;
  /** Markdown: its numbered list items become "Step n: …" cues. */
  guide?: string | null;
  durationSeconds: number;
};

export type Cue = { start: number; end: number; text: string };

/** How long the title stays up, and the shortest time any other cue is shown. */
const TITLE_SECONDS = 4;
const MIN_CUE_SECONDS = 3;
/** Longest cue text: two lines of about 42 characters, as caption guidelines advise. */
const MAX_CUE_CHARS = 84;

/** Plain text of a markdown fragment: links become their text, emphasis marks go. */
const plain = (markdown: string) =>
  oneLine(
    markdown
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[*_`]+/g, '')
      .replace(/^>\s*/, ''),
  );

/** Cue text may not hold markup or the cue arrow: &, < and > are written as entities. */
export const vttEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Splits text into pieces of at most MAX_CUE_CHARS, at sentence ends first, then between words. */
function pieces(text: string): string[] {
  const out: string[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    let piece = '';
    for (const word of sentence.split(' ')) {
      if (!word) continue;
      if (piece && piece.length + 1 + word.length > MAX_CUE_CHARS) {
        out.push(piece);
        piece = '';
      }
      piece = piece ? `${piece} ${word}` : word.slice(0, MAX_CUE_CHARS);
    }
    if (piece) out.push(piece);
  }
  return out;
}

/** Breaks a cue's text into two balanced lines when it is longer than one. */
function twoLines(text: string): string {
  if (text.length <= 42) return text;
  const middle = text.length / 2;
  let best = -1;
  for (let i = text.indexOf(' '); i !== -1; i = text.indexOf(' ', i + 1)) if (best === -1 || Math.abs(i - middle) < Math.abs(best - middle)) best = i;
  return best === -1 ? text : `${text.slice(0, best)}\n${text.slice(best + 1)}`;
}

export function captionCues({ title, description, guide, durationSeconds }: CaptionsInput): Cue[] {
  const duration = Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : TITLE_SECONDS;
  const heading = oneLine(title) || 'Untitled';
  const titleEnd = Math.min(TITLE_SECONDS, duration);
  const cues: Cue[] = [{ start: 0, end: titleEnd, text: heading }];
  const steps = (guide ?? '')
    .split('\n')
    .map((line) => /^\s*(\d+)\.\s+(.+)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => `Step ${m[1]}: ${plain(m[2]!)}`);
  const texts = [...pieces(plain(description ?? '')), ...steps.flatMap(pieces)];
  const room = duration - titleEnd;
  const count = Math.min(texts.length, Math.floor(room / MIN_CUE_SECONDS));
  if (count === 0) {
    cues[0]!.end = duration;
    return cues;
  }
  const slot = room / count;
  for (let i = 0; i < count; i++) cues.push({ start: titleEnd + i * slot, end: i === count - 1 ? duration : titleEnd + (i + 1) * slot, text: texts[i]! });
  return cues;
}

const timestamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};

/** The captions as a WebVTT file. */
export function renderCaptions(input: CaptionsInput): string {
  const cues = captionCues(input);
  return ['WEBVTT', '', ...cues.map((c, i) => `${i + 1}\n${timestamp(c.start)} --> ${timestamp(c.end)}\n${vttEscape(twoLines(c.text))}\n`)].join('\n');
}
