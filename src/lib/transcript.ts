/**
 * A search hit in what is said in a video (the search response's `transcriptMatch`): its time as
 * a player shows it, and which words of the cue the search words found.
 */

/** 83 → "1:23"; an hour or more → "1:02:03". */
export function cueTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor(whole / 60) % 60;
  const s = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The search box's words that find something: not those left out ("-word"), nor "or". */
export function searchWords(search: string): string[] {
  return search
    .split(/\s+/)
    .filter((word) => word && !word.startsWith('-') && word.toLowerCase() !== 'or')
    .flatMap((word) => word.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

/**
 * A word's stem, roughly as the search's English stemmer finds it ("routines", "routine" and
 * "routinely" meet): the server matched the cue, so this only chooses what to emphasise.
 */
function stem(word: string): string {
  const base = word.toLowerCase().replace(/['’]s$/, '');
  const cut = /(?:ing|ed|es|ly|s|e)$/.exec(base);
  return cut && base.length - cut[0].length >= 3 ? base.slice(0, -cut[0].length) : base;
}

export type CuePart = { text: string; marked: boolean };

/** The cue's text in parts, the words the search found marked. */
export function markedCue(text: string, search: string): CuePart[] {
  const stems = new Set(searchWords(search).map(stem));
  const parts: CuePart[] = [];
  const push = (piece: string, marked: boolean) => {
    const last = parts[parts.length - 1];
    if (last && last.marked === marked) last.text += piece;
    else parts.push({ text: piece, marked });
  };
  // Words and what lies between them, in order.
  for (const [piece, word] of text.matchAll(/([\p{L}\p{N}]+(?:['’][\p{L}]+)?)|[^\p{L}\p{N}]+/gu)) {
    push(piece, word !== undefined && stems.has(stem(word)));
  }
  return parts;
}
