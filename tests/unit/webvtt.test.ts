import { describe, expect, it } from 'vitest';
import { cueText, parseWebVtt } from '../../server/media/webvtt.ts';
import { renderCaptions, captionCues } from '../../server/media/captions.ts';

/** Uploaded captions read for the search (server/media/webvtt.ts): what players accept, and errors that name the line. */
describe('parseWebVtt', () => {
  it('reads cues with identifiers, settings, hours or not, markup and entities, either line ending', () => {
    const file = [
      '\ufeffWEBVTT - English',
      'Kind: captions',
      '',
      'NOTE written by the teacher',
      'over two lines',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      'intro',
      '00:00:01.000 --> 00:00:04.500 align:start line:90%',
      '<v Ms. Rivera>Turn to your <b>partner</b></v>',
      'and explain &amp; compare &lt;answers&gt;.',
      '',
      '',
      '01:23.500 --> 01:27.000',
      'Exit tickets<00:01:25.000> close the lesson.',
    ].join('\r\n');
    expect(parseWebVtt(file)).toEqual({
      ok: true,
      cues: [
        { start: 1, end: 4.5, text: 'Turn to your partner and explain & compare <answers>.' },
        { start: 83.5, end: 87, text: 'Exit tickets close the lesson.' },
      ],
    });
  });

  it('reads the captions the server generates, cue for cue', () => {
    const input = { title: 'Think, pair, share', description: 'Learners think alone, then talk in pairs & share.', guide: '1. Ask <a question>.\n2. Pair up.', durationSeconds: 30 };
    const parsed = parseWebVtt(renderCaptions(input));
    expect(parsed.ok && parsed.cues.map((c) => c.text)).toEqual(captionCues(input).map((c) => c.text));
    expect(parsed.ok && parsed.cues.map((c) => c.start)).toEqual(captionCues(input).map((c) => Math.round(c.start * 1000) / 1000));
  });

  it('skips cues without text', () => {
    expect(parseWebVtt('WEBVTT\n\n00:01.000 --> 00:02.000\n<i></i>\n\n00:03.000 --> 00:04.000\nHello\n')).toEqual({ ok: true, cues: [{ start: 3, end: 4, text: 'Hello' }] });
  });

  it.each([
    ['no signature', 'WEBVT\n\n00:01.000 --> 00:02.000\nHi\n', 'A WebVTT file starts with the line WEBVTT'],
    ['no cue', 'WEBVTT\n', 'The captions file has no cues with text'],
    ['a timing without milliseconds', 'WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n\n00:03 --> 00:04\nThere\n', 'Line 6: "00:03 --> 00:04" is not a cue timing like 00:01.000 --> 00:04.000'],
    ['minutes past 59', 'WEBVTT\n\n00:61:00.000 --> 00:62:00.000\nHi\n', 'Line 3: "00:61:00.000 --> 00:62:00.000" is not a cue timing like 00:01.000 --> 00:04.000'],
    ['an end before the start', 'WEBVTT\n\nx\n00:05.000 --> 00:04.000\nHi\n', 'Line 4: the cue ends before it starts'],
    ['text where a timing belongs', 'WEBVTT\n\nHello there\nhow are you\n', 'Line 3: a cue needs a timing line like 00:01.000 --> 00:04.000'],
  ])('refuses %s, naming the line', (_, file, message) => {
    expect(parseWebVtt(file)).toEqual({ ok: false, message });
  });
});

describe('cueText', () => {
  it('keeps words, drops tags, reads numeric entities and leaves unknown ones', () => {
    expect(cueText('<c.loud>caf&#233;</c> &#x2014; &bogus; <00:00:01.000>now')).toBe('café — &bogus; now');
  });
});
