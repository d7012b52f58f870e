import { describe, expect, it } from 'vitest';
import { searchWords } from '../../server/repositories/catalog.ts';

/** Which searches are answered from their words' rows (server/repositories/catalog.ts). */
describe('searchWords', () => {
  it('reads the words of a query made of words, "and" and phrases', () => {
    expect(searchWords("'feedback'")).toEqual(['feedback']);
    expect(searchWords("'student' & 'discuss'")).toEqual(['student', 'discuss']);
    expect(searchWords("'exit' <-> 'ticket'")).toEqual(['exit', 'ticket']);
    expect(searchWords("'think' <2> 'aloud' & ( 'a' <-> 'b' )")).toEqual(['think', 'aloud', 'a', 'b']);
    expect(searchWords("'student' & 'student'")).toEqual(['student']);
    // PostgreSQL doubles a quote and escapes a backslash in a word.
    expect(searchWords("'o''neil' & 'c\\\\d'")).toEqual(["o'neil", 'c\\d']);
  });

  it('leaves every other query to the documents', () => {
    expect(searchWords('')).toBeNull();
    expect(searchWords("'feedback' | 'discuss'")).toBeNull();
    expect(searchWords("'student' & !'quiz'")).toBeNull();
    expect(searchWords("'stud':*")).toBeNull();
    expect(searchWords("'stud':AB")).toBeNull();
    expect(searchWords("'unclosed")).toBeNull();
    expect(searchWords("'a' <x> 'b'")).toBeNull();
  });
});
