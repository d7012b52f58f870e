import type { ResourceType } from '../contract.ts';
import { hash32, oneLine, xmlEscape } from './text.ts';

/**
 * Posters and thumbnails of catalogue items, drawn as SVG from the item's own title, kind and
 * place in the teaching framework: every category has a colour family and a pattern, every strand
 * a shade of its category's colour, so a page of the catalogue looks varied while items of one
 * strand look related. Served by GET /media/posters/{publicId}.svg (server/routes/media.ts).
 */

export const WIDTH = 640;
export const HEIGHT = 360;

/** A node of the framework the item is tagged with: its title and its position among siblings (1-based). */
export type FrameworkPlace = { title: string; position: number };

export type PosterInput = {
  title: string;
  kind: ResourceType;
  /** The framework category (colour family and pattern); none for an untagged item. */
  category?: FrameworkPlace | null;
  /** The strand (shade, and the line under the title). */
  strand?: FrameworkPlace | null;
};

export const POSTER_DIR = '/media/posters/';
export const POSTER_EXT = '.svg';
export const posterPath = (publicId: string) => `${POSTER_DIR}${publicId}${POSTER_EXT}`;

/** The label in the corner, as a learner would name the kind of resource. */
export const KIND_LABEL: Record<ResourceType, string> = { LEARNING_OBJECT: 'Strategy', LIVESTREAM: 'Livestream', PLAYLIST: 'Playlist' };

/** Shades per category, in framework order; white text on each has at least 4.5:1 contrast. */
export const PALETTES: readonly (readonly string[])[] = [
  ['#1e3a8a', '#1e40af', '#3730a3', '#075985'], // blues: planning and instruction
  ['#115e59', '#166534', '#0f766e', '#14532d'], // greens: assessment and feedback
  ['#9f1239', '#9a3412', '#86198f', '#991b1b'], // warm: culture and community
];
const NEUTRAL = '#334155';

export type PosterTheme = { colour: string; pattern: 'rings' | 'bars' | 'dots' | 'stripes' };
const PATTERNS = ['rings', 'bars', 'dots'] as const;

/** Colour and pattern of a place in the framework: category picks the family, strand the shade. */
export function posterTheme(category?: FrameworkPlace | null, strand?: FrameworkPlace | null): PosterTheme {
  const family = category ? PALETTES[(category.position - 1) % PALETTES.length] : undefined;
  if (!family || !category) return { colour: NEUTRAL, pattern: 'stripes' };
  const shade = strand ? (strand.position - 1) % family.length : 0;
  return { colour: family[shade]!, pattern: PATTERNS[(category.position - 1) % PATTERNS.length]! };
}

/** Darker copy of a #rrggbb colour (for the gradient's far corner). */
function darken(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(v * (1 - amount)));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

// ---- text layout. SVG text does not wrap: lines are measured here with generous widths per
// character (close to DejaVu Sans Bold, the widest of the usual sans-serif fonts), so that a
// title set in any of them stays inside the poster.
const NARROW = new Set([...'ijl.,:;!|\'`’ ']);
const SEMI = new Set([...'frt()[]-"“”/']);
const WIDE = new Set([...'mwMW@%']);
function charEm(ch: string): number {
  if (NARROW.has(ch)) return 0.36;
  if (SEMI.has(ch)) return 0.52;
  if (WIDE.has(ch)) return 1.08;
  if (ch >= 'A' && ch <= 'Z') return 0.8;
  return 0.72;
}
export const textWidth = (text: string, fontSize: number) => [...text].reduce((w, ch) => w + charEm(ch), 0) * fontSize;

/** Greedy word wrap; a word longer than a line is cut. */
function wrap(text: string, fontSize: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, fontSize) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (textWidth(line, fontSize) > maxWidth) {
      let cut = line.length - 1;
      while (cut > 1 && textWidth(line.slice(0, cut), fontSize) > maxWidth) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Shortens a line until it fits with an ellipsis after it. */
function ellipsize(line: string, fontSize: number, maxWidth: number): string {
  let text = line;
  while (text.length > 1 && textWidth(`${text}…`, fontSize) > maxWidth) text = text.slice(0, -1);
  return `${text.replace(/[\s,.;:–-]+$/, '')}…`;
}

/** The title in at most three lines: the largest size that fits, else the smallest size cut short. */
export function layoutTitle(title: string, maxWidth: number): { fontSize: number; lines: string[] } {
  const sizes = [46, 40, 34];
  for (const fontSize of sizes) {
    const lines = wrap(title, fontSize, maxWidth);
    if (lines.length <= (fontSize === 46 ? 2 : 3)) return { fontSize, lines };
  }
  const fontSize = sizes[sizes.length - 1]!;
  const lines = wrap(title, fontSize, maxWidth);
  return { fontSize, lines: [...lines.slice(0, 2), ellipsize(lines.slice(2).join(' '), fontSize, maxWidth)] };
}

const FONT = `system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`;
const r1 = (n: number) => Math.round(n * 10) / 10;

function pattern(kind: PosterTheme['pattern'], seed: number): string {
  const jitter = (bits: number, range: number) => ((seed >>> bits) % (2 * range + 1)) - range;
  switch (kind) {
    case 'rings': {
      const cx = 540 + jitter(0, 40);
      const cy = 250 + jitter(8, 50);
      return [60, 120, 180, 240, 300]
        .map((r) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#fff" stroke-opacity="0.11" stroke-width="22"/>`)
        .join('');
    }
    case 'bars': {
      const bars: string[] = [];
      for (let i = 0; i < 6; i++) {
        const h = 90 + i * 34 + jitter(i * 4, 18);
        bars.push(`<rect x="${392 + i * 42}" y="${HEIGHT - h}" width="30" height="${h}" rx="6" fill="#fff" fill-opacity="${r1(0.07 + i * 0.012)}"/>`);
      }
      return bars.join('');
    }
    case 'dots': {
      const dots: string[] = [];
      const ox = jitter(0, 20);
      for (let row = 0; row < 4; row++)
        for (let col = 0; col < 4; col++) {
          const x = 420 + ox + col * 64 + (row % 2) * 32;
          const y = 168 + row * 64;
          dots.push(`<circle cx="${x}" cy="${y}" r="${22 + ((seed >>> (row * 4 + col)) % 3) * 4}" fill="#fff" fill-opacity="0.1"/>`);
        }
      return dots.join('');
    }
    case 'stripes': {
      const lines: string[] = [];
      for (let i = 0; i < 9; i++) lines.push(`<path d="M${360 + i * 40} ${HEIGHT} L${520 + i * 40} 0" stroke="#fff" stroke-opacity="0.09" stroke-width="16"/>`);
      return lines.join('');
    }
  }
}

/**
 * The kind's sign, 14 units wide around (0, 0), placed and sized by `transform`: small before the
 * label, large in the middle of a thumbnail. A play sign, a broadcast sign or a list (not a
 * button: the poster is a picture).
 */
function kindSign(kind: ResourceType, colour: string, transform: string): string {
  const glyph = {
    LEARNING_OBJECT: `<path d="M-6 -7 L-6 7 L6 0 Z" fill="${colour}"/>`,
    LIVESTREAM:
      `<circle r="3.5" fill="${colour}"/>` +
      `<path d="M-6 -6 A8.5 8.5 0 0 0 -6 6 M6 -6 A8.5 8.5 0 0 1 6 6" fill="none" stroke="${colour}" stroke-width="2.5" stroke-linecap="round"/>`,
    PLAYLIST: `<path d="M-7 -6 H7 M-7 0 H7 M-7 6 H1" stroke="${colour}" stroke-width="2.5" stroke-linecap="round"/>`,
  }[kind];
  return `<g transform="${transform}">${glyph}</g>`;
}

/** Up to this width (CSS px, as drawn) a poster is a thumbnail: its sign instead of its words. */
const SMALL_MAX = 480;

/** The poster as a standalone SVG document (640x360, 16:9) whose accessible name is the title. */
export function renderPoster(input: PosterInput): string {
  const title = oneLine(input.title) || 'Untitled';
  const theme = posterTheme(input.category, input.strand);
  const seed = hash32(title);
  const label = KIND_LABEL[input.kind].toUpperCase();
  const margin = 40;
  const labelText = Math.ceil(textWidth(label, 15) + 1.5 * label.length);
  const labelWidth = 16 + 14 + 10 + labelText + 10;
  const { fontSize, lines } = layoutTitle(title, WIDTH - 2 * margin);
  const lineHeight = Math.round(fontSize * 1.14);
  const subtitle = oneLine(input.strand?.title ?? input.category?.title ?? 'Educator Learning Platform');
  const subtitleText = textWidth(subtitle, 18) > WIDTH - 2 * margin ? ellipsize(subtitle, 18, WIDTH - 2 * margin) : subtitle;
  // The words sit in the upper part: a video player's controls cover the bottom of its poster.
  const firstBaseline = 96 + Math.round(fontSize * 0.9);
  const titleText = lines.map((line, i) => `<tspan x="${margin}" y="${firstBaseline + i * lineHeight}">${xmlEscape(line)}</tspan>`).join('');
  const subtitleBaseline = firstBaseline + (lines.length - 1) * lineHeight + 38;
  const description = `${KIND_LABEL[input.kind]} poster: ${title}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="poster-title" aria-describedby="poster-desc">`,
    `<title id="poster-title">${xmlEscape(title)}</title>`,
    `<desc id="poster-desc">${xmlEscape(description)}</desc>`,
    `<defs><linearGradient id="poster-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${theme.colour}"/><stop offset="1" stop-color="${darken(theme.colour, 0.35)}"/></linearGradient>`,
    `<linearGradient id="poster-shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="0.7" stop-color="#000" stop-opacity="0"/></linearGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#poster-bg)"/>`,
    `<g aria-hidden="true">${pattern(theme.pattern, seed)}</g>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#poster-shade)"/>`,
    // Drawn small (a card's thumbnail, whose title and type are written beside it), the words
    // give way to the kind's sign, large in the middle; drawn large (a video's poster), the words
    // show. The media queries measure the picture as drawn, not the window.
    `<style>@media (max-width: ${SMALL_MAX}px) { .words { display: none } } @media (min-width: ${SMALL_MAX + 0.02}px) { .sign { display: none } }</style>`,
    `<g class="sign" aria-hidden="true"><circle cx="${WIDTH / 2}" cy="${HEIGHT / 2}" r="64" fill="#fff" fill-opacity="0.95"/>${kindSign(input.kind, theme.colour, `translate(${WIDTH / 2} ${HEIGHT / 2}) scale(3.4)`)}</g>`,
    `<g class="words" aria-hidden="true">`,
    `<rect x="${margin}" y="36" width="${labelWidth}" height="34" rx="17" fill="#fff" fill-opacity="0.95"/>`,
    kindSign(input.kind, theme.colour, `translate(${margin + 23} 53)`),
    `<text x="${margin + 40}" y="58.5" fill="${theme.colour}" font-family="${FONT}" font-size="15" font-weight="700" letter-spacing="1.5">${xmlEscape(label)}</text>`,
    `<text fill="#fff" font-family="${FONT}" font-size="${fontSize}" font-weight="700">${titleText}</text>`,
    `<text x="${margin}" y="${subtitleBaseline}" fill="#fff" fill-opacity="0.88" font-family="${FONT}" font-size="18">${xmlEscape(subtitleText)}</text>`,
    `</g>`,
    `</svg>`,
    '',
  ].join('\n');
}
