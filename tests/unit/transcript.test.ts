import { describe, expect, it } from 'vitest';
import { cueTime, markedCue, searchWords } from '../../src/lib/transcript.ts';

describe('cueTime', () => {
  it('shows minutes and seconds, hours past an hour, whole seconds down', () => {
    expect([0, 4.9, 83.5, 600, 3599, 3723].map(cueTime)).toEqual(['0:00', '0:04', '1:23', '10:00', '59:59', '1:02:03']);
  });
});

describe('searchWords', () => {
  it('keeps the words that find something, without quotes, "or" or left-out words', () => {
    expect(searchWords('  "Think aloud" or routines -feedback ')).toEqual(['think', 'aloud', 'routines']);
  });
});

describe('markedCue', () => {
  const marked = (text: string, search: string) => markedCue(text, search).map((p) => (p.marked ? `[${p.text}]` : p.text)).join('');

  it('marks the words the search found, in any case and form, and keeps the text whole', () => {
    expect(marked('Now the routine: think ALOUD, students!', 'routines "think aloud"')).toBe('Now the [routine]: [think] [ALOUD], students!');
    expect(marked("The student's thinking", 'students think')).toBe("The [student's] [thinking]");
    expect(markedCue('Turn to your partner.', 'partner').map((p) => p.text).join('')).toBe('Turn to your partner.');
  });

  it('marks nothing for words left out or missing', () => {
    expect(marked('Give feedback often.', '-feedback often')).toBe('Give feedback [often].');
    expect(marked('Give feedback often.', 'rubric')).toBe('Give feedback often.');
  });
});
