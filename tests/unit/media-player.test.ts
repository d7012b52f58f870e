import { describe, expect, it } from 'vitest';
import { chapterIndexAt, chaptersOf, clockTime, cueIndexAt, matchingCues, parseRate, splitMatches } from '@/machines/media-player/media-player.logic';

const CUES = [
  { start: 0, end: 4, text: 'Concept Carousel' },
  { start: 4, end: 7, text: 'Groups rotate between posters with prompts' },
  { start: 7, end: 10, text: 'Step 1: Hang four or five posters.' },
  { start: 10, end: 12, text: 'around the room.' },
  // A gap from 12 to 13.
  { start: 13, end: 16, text: 'Step 2: Give each group a marker.' },
  { start: 16, end: 20, text: 'Step 3: Rotate groups, café style.' },
];

describe('the transcript', () => {
  it('finds the cue being spoken, none before the first, in a gap or after the last', () => {
    expect(cueIndexAt(CUES, 0)).toBe(0);
    expect(cueIndexAt(CUES, 3.99)).toBe(0);
    expect(cueIndexAt(CUES, 4)).toBe(1);
    expect(cueIndexAt(CUES, 12.5)).toBe(-1);
    expect(cueIndexAt(CUES, 19.9)).toBe(5);
    expect(cueIndexAt(CUES, 20)).toBe(-1);
    expect(cueIndexAt([], 3)).toBe(-1);
  });

  it('matches a search in any case, ignoring accents and extra spaces, and nothing for a blank one', () => {
    expect(matchingCues(CUES, 'posters')).toEqual([1, 2]);
    expect(matchingCues(CUES, 'STEP')).toEqual([2, 4, 5]);
    expect(matchingCues(CUES, 'cafe')).toEqual([5]);
    expect(matchingCues(CUES, 'each   group')).toEqual([4]);
    expect(matchingCues(CUES, '   ')).toEqual([]);
    expect(matchingCues(CUES, 'whiteboard')).toEqual([]);
  });

  it('cuts a cue into the words that match and the rest, every match marked', () => {
    expect(splitMatches('Step 1: Hang posters, then step back', 'step')).toEqual([
      { text: 'Step', match: true },
      { text: ' 1: Hang posters, then ', match: false },
      { text: 'step', match: true },
      { text: ' back', match: false },
    ]);
    expect(splitMatches('No match here', 'zebra')).toEqual([{ text: 'No match here', match: false }]);
    expect(splitMatches('Anything', '')).toEqual([{ text: 'Anything', match: false }]);
  });
});

describe('chapters', () => {
  it('start where the captions read each step out, and each runs to the next or the end', () => {
    const chapters = chaptersOf(CUES, 21);
    expect(chapters).toEqual([
      { number: 1, title: 'Hang four or five posters.', start: 7, end: 13 },
      { number: 2, title: 'Give each group a marker.', start: 13, end: 16 },
      { number: 3, title: 'Rotate groups, café style.', start: 16, end: 21 },
    ]);
    expect(chapterIndexAt(chapters, 2)).toBe(-1);
    expect(chapterIndexAt(chapters, 7)).toBe(0);
    expect(chapterIndexAt(chapters, 15.9)).toBe(1);
    expect(chapterIndexAt(chapters, 20.5)).toBe(2);
  });

  it('are none when the captions name no step, and a step read out twice starts once', () => {
    expect(chaptersOf(CUES.slice(0, 2), 10)).toEqual([]);
    const twice = [...CUES, { start: 20, end: 22, text: 'Step 1: Hang four or five posters.' }];
    expect(chaptersOf(twice, 22).map((c) => c.number)).toEqual([1, 2, 3]);
  });
});

describe('the player', () => {
  it('takes back only a speed it offers', () => {
    expect(parseRate('1.5')).toBe(1.5);
    expect(parseRate('2')).toBe(2);
    expect(parseRate('3')).toBeNull();
    expect(parseRate('fast')).toBeNull();
    expect(parseRate(null)).toBeNull();
  });

  it('writes times as a clock', () => {
    expect(clockTime(0)).toBe('0:00');
    expect(clockTime(83.9)).toBe('1:23');
    expect(clockTime(3723)).toBe('1:02:03');
    expect(clockTime(-4)).toBe('0:00');
  });
});
