import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HEIGHT, PALETTES, WIDTH, layoutTitle, posterTheme, renderPoster, textWidth } from '../../server/media/posters.ts';
import { captionCues, renderCaptions, vttEscape } from '../../server/media/captions.ts';
import { xmlEscape } from '../../server/media/text.ts';
import { parseSvg as parse } from '../support/svg.ts';

const luminance = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

describe('posters', () => {
  it('is a well-formed SVG named by its title for any title, however strange', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'binary' }), fc.constantFrom('LEARNING_OBJECT', 'LIVESTREAM', 'PLAYLIST' as const), (title, kind) => {
        const svg = parse(renderPoster({ title, kind, category: { title: 'Category & <Co>', position: 2 }, strand: { title: 'Strand "x"', position: 3 } }));
        expect(svg.tagName).toBe('svg');
        const name = svg.querySelector('title')!.textContent!;
        expect(name.length).toBeGreaterThan(0);
        expect(svg.querySelectorAll('script, foreignObject')).toHaveLength(0);
      }),
      { numRuns: 60 },
    );
  });

  it('escapes the five XML specials and drops characters XML cannot hold', () => {
    expect(xmlEscape(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
    expect(xmlEscape('a\u0000b\u001fc\ud800d\uffff')).toBe('abcd');
    expect(xmlEscape('😀 é')).toBe('😀 é');
  });

  it('sets the title in at most three lines that fit the poster, cutting only what cannot fit', () => {
    const max = WIDTH - 80;
    for (const title of ['Routine Rehearsal', 'Office Hours: Engagement in the Last Period of the Day', 'W'.repeat(80), `${'word '.repeat(60)}end`]) {
      const { fontSize, lines } = layoutTitle(title, max);
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(3);
      for (const line of lines) expect(textWidth(line, fontSize)).toBeLessThanOrEqual(max);
    }
    expect(layoutTitle('Routine Rehearsal', max)).toEqual({ fontSize: 46, lines: ['Routine Rehearsal'] });
    const long = layoutTitle(`${'word '.repeat(60)}end`, max);
    expect(long.lines.at(-1)!.endsWith('…')).toBe(true);
    // Nothing is cut from a title that fits.
    const fits = layoutTitle('Office Hours: Engagement in the Last Period of the Day', max);
    expect(fits.lines.join(' ')).toBe('Office Hours: Engagement in the Last Period of the Day');
  });

  it('gives each category its own colours and pattern, and each strand its own shade', () => {
    const themes = [1, 2, 3].map((c) => [1, 2, 3, 4].map((s) => posterTheme({ title: 'c', position: c }, { title: 's', position: s })));
    expect(new Set(themes.map((row) => row[0]!.pattern)).size).toBe(3);
    expect(new Set(themes.flat().map((theme) => theme.colour)).size).toBe(12);
    expect(posterTheme(null, null).pattern).toBe('stripes');
    for (const colour of PALETTES.flat()) expect((1.05 / (luminance(colour) + 0.05)) >= 4.5, colour).toBe(true);
  });

  it('is 16:9 and labels the kind of resource', () => {
    expect(WIDTH / HEIGHT).toBeCloseTo(16 / 9);
    const labels = (['LEARNING_OBJECT', 'LIVESTREAM', 'PLAYLIST'] as const).map((kind) =>
      [...parse(renderPoster({ title: 'T', kind })).querySelectorAll('text')].map((e) => e.textContent),
    );
    expect(labels.map((l) => l[0])).toEqual(['STRATEGY', 'LIVESTREAM', 'PLAYLIST']);
  });

  it('drawn as a thumbnail (480 px or less) shows the sign of its kind, not the title and type the card writes beside it', () => {
    const svg = parse(renderPoster({ title: 'Routine Rehearsal', kind: 'LEARNING_OBJECT' }));
    const css = svg.querySelector('style')!.textContent!;
    expect(css).toContain('@media (max-width: 480px) { .words { display: none } }');
    expect(css).toContain('@media (min-width: 480.02px) { .sign { display: none } }');
    // Every word is in the group that gives way; the sign is a picture, no text.
    expect([...svg.querySelectorAll('.words text')].map((t) => t.textContent)).toEqual(['STRATEGY', 'Routine Rehearsal', 'Educator Learning Platform']);
    expect(svg.querySelectorAll('.sign path, .sign circle').length).toBeGreaterThan(0);
    expect(svg.querySelectorAll('.sign text')).toHaveLength(0);
  });
});

describe('captions', () => {
  const guide = '## Steps\n\n1. Model the **routine** once.\n2. Rehearse it with [a timer](https://example.org).\n\n## Look-fors\n\n- Calm';

  it('opens with the title, then the description and the steps, ending with the clip', () => {
    const cues = captionCues({ title: 'Routine Rehearsal', description: 'Practise a routine. Then practise it again.', guide, durationSeconds: 24.008 });
    expect(cues.map((c) => c.text)).toEqual([
      'Routine Rehearsal',
      'Practise a routine.',
      'Then practise it again.',
      'Step 1: Model the routine once.',
      'Step 2: Rehearse it with a timer.',
    ]);
    expect(cues[0]).toMatchObject({ start: 0, end: 4 });
    for (let i = 1; i < cues.length; i++) {
      expect(cues[i]!.start).toBeCloseTo(cues[i - 1]!.end);
      expect(cues[i]!.end - cues[i]!.start).toBeGreaterThanOrEqual(3);
    }
    expect(cues.at(-1)!.end).toBe(24.008);
  });

  it('keeps every cue at least 3 s and short enough for two lines, dropping what does not fit', () => {
    const description = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const cues = captionCues({ title: 'T', description, durationSeconds: 22 });
    expect(cues).toHaveLength(1 + 6);
    for (const cue of cues.slice(1)) {
      expect(cue.end - cue.start).toBeGreaterThanOrEqual(3);
      expect(cue.text.length).toBeLessThanOrEqual(84);
    }
    // A clip too short for more than its title shows the title throughout.
    expect(captionCues({ title: 'T', description, durationSeconds: 5 })).toEqual([{ start: 0, end: 5, text: 'T' }]);
  });

  it('writes valid WebVTT with markup escaped', () => {
    expect(vttEscape('a <b> & --> c')).toBe('a &lt;b&gt; &amp; --&gt; c');
    const vtt = renderCaptions({ title: 'A <b>title</b> --> here', description: 'One & two.', durationSeconds: 10 });
    expect(vtt).toBe(
      ['WEBVTT', '', '1', '00:00:00.000 --> 00:00:04.000', 'A &lt;b&gt;title&lt;/b&gt; --&gt; here', '', '2', '00:00:04.000 --> 00:00:10.000', 'One &amp; two.', ''].join('\n'),
    );
  });
});
