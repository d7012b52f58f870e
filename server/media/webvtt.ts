import type { Cue } from './captions.ts';
import { oneLine } from './text.ts';

/**
 * Reads the cues of an uploaded WebVTT file (what its words are and when they are spoken), for
 * the catalogue search. Lenient where players are (settings after the timing, cue identifiers,
 * NOTE, STYLE and REGION blocks, markup in the text, either line ending), strict where a player
 * would silently drop a cue: a timing line that cannot be read is an error naming its line, so
 * the admin hears of it instead of finding a caption missing later.
 */

export type ParsedCaptions = { ok: true; cues: Cue[] } | { ok: false; message: string };

/** The most cues a file may hold: a three-hour recording captioned every second. */
export const MAX_CUES = 10_800;

/** `hh:mm:ss.ttt` or `mm:ss.ttt` (hours may have more digits; minutes and seconds below 60). */
const TIME = /^(?:(\d{1,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

function seconds(text: string): number | null {
  const m = TIME.exec(text);
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: ' ', lrm: '', rlm: '', quot: '"', apos: "'" };

/** A cue's text as words: tags (voices, classes, styling, timestamps) go, entities are read. */
export function cueText(payload: string): string {
  const withoutTags = payload.replace(/<[^>]*>/g, '');
  const decoded = withoutTags.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
  return oneLine(decoded);
}

export function parseWebVtt(source: string): ParsedCaptions {
  const lines = source.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) return { ok: false, message: 'A WebVTT file starts with the line WEBVTT' };
  const cues: Cue[] = [];
  let i = 1;
  // The header's own lines run to the first blank line.
  while (i < lines.length && lines[i]!.trim() !== '') i++;
  while (i < lines.length) {
    while (i < lines.length && lines[i]!.trim() === '') i++;
    if (i >= lines.length) break;
    const start = i;
    const block: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '') block.push(lines[i++]!);
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0]!)) continue;
    // An identifier may come before the timing line.
    const timingAt = block[0]!.includes('-->') ? 0 : 1;
    const timing = block[timingAt];
    const line = start + timingAt + 1;
    if (timing === undefined || !timing.includes('-->')) return { ok: false, message: `Line ${start + 1}: a cue needs a timing line like 00:01.000 --> 00:04.000` };
    const [from, rest] = timing.split('-->') as [string, string];
    const to = rest.trim().split(/[ \t]+/)[0] ?? '';
    const startSeconds = seconds(from.trim());
    const endSeconds = seconds(to);
    if (startSeconds === null || endSeconds === null) return { ok: false, message: `Line ${line}: "${oneLine(timing).slice(0, 60)}" is not a cue timing like 00:01.000 --> 00:04.000` };
    if (endSeconds < startSeconds) return { ok: false, message: `Line ${line}: the cue ends before it starts` };
    const text = cueText(block.slice(timingAt + 1).join('\n'));
    if (!text) continue;
    if (cues.length === MAX_CUES) return { ok: false, message: `A captions file may hold at most ${MAX_CUES.toLocaleString('en-US')} cues` };
    cues.push({ start: startSeconds, end: endSeconds, text });
  }
  if (!cues.length) return { ok: false, message: 'The captions file has no cues with text' };
  return { ok: true, cues };
}
