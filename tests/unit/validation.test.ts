import { describe, expect, it } from 'vitest';
import { EMAIL_RULES, NAME_RULES } from '@/lib/validation/fields';
import {
  alpha,
  between,
  email,
  humanSize,
  length,
  max,
  min,
  minSelection,
  numeric,
  plural,
  required,
  size,
  titleCase,
  validate,
  westernDigits,
  type Rule,
} from '@/lib/validation/rules';
import { milestoneProgress } from '@/lib/milestones';

// Every rule of spec §5 with its exact message, value by value.

type Row = [description: string, rule: Rule, value: unknown, expected: true | string];

const file = (bytes: number) => ({ name: 'notes.pdf', size: bytes });

const ROWS: Row[] = [
  // required: null, empty array, false and blank strings fail
  ['required: a word', required(), 'Ada', true],
  ['required: zero', required(), 0, true],
  ['required: true', required(), true, true],
  ['required: a list with one entry', required(), ['x'], true],
  ['required: null', required(), null, 'The First Name field is required'],
  ['required: undefined', required(), undefined, 'The First Name field is required'],
  ['required: empty string', required(), '', 'The First Name field is required'],
  ['required: blank string', required(), '  \t ', 'The First Name field is required'],
  ['required: empty array', required(), [], 'The First Name field is required'],
  ['required: false', required(), false, 'The First Name field is required'],
  // min / max: characters, not bytes; empty passes
  ['min: exactly 2', min(2), 'Al', true],
  ['min: 1 of 2', min(2), 'A', 'The First Name must have at least 2 characters'],
  ['min: empty passes', min(2), '', true],
  ['min: accented letters count once', min(2), 'Zoë', true],
  ['min: one emoji is one character', min(2), '👩🏽‍🏫', 'The First Name must have at least 2 characters'],
  ['max: exactly 50', max(50), 'a'.repeat(50), true],
  ['max: 51', max(50), 'a'.repeat(51), 'The First Name must not exceed 50 characters'],
  ['max: empty passes', max(50), '', true],
  ['min: counted trimmed, "A " is one', min(2), 'A ', 'The First Name must have at least 2 characters'],
  ['min: counted trimmed, " A" is one', min(2), ' A', 'The First Name must have at least 2 characters'],
  ['max: counted trimmed, spaces around do not count', max(50), ` ${'a'.repeat(50)}  `, true],
  // numeric: digits only, Arabic-Indic too
  ['numeric: digits', numeric(), '2026', true],
  ['numeric: a whole number', numeric(), 42, true],
  ['numeric: Arabic-Indic digits', numeric(), '٢٠٢٦', true],
  ['numeric: Extended Arabic-Indic digits', numeric(), '۱۲۳', true],
  ['numeric: letters', numeric(), '12a', 'The First Name must be a number'],
  ['numeric: a sign', numeric(), '-3', 'The First Name must be a number'],
  ['numeric: a decimal point', numeric(), '1.5', 'The First Name must be a number'],
  ['numeric: empty passes', numeric(), '', true],
  // between: inclusive; equal bounds have their own message
  ['between: low bound', between(1, 5), '1', true],
  ['between: high bound', between(1, 5), 5, true],
  ['between: inside, Arabic-Indic', between(1, 5), '٣', true],
  ['between: a decimal inside', between(1, 5), '2.5', true],
  ['between: below', between(1, 5), 0, 'The First Name must be a value between 1 and 5'],
  ['between: above', between(1, 5), '6', 'The First Name must be a value between 1 and 5'],
  ['between: not a number', between(1, 5), 'three', 'The First Name must be a value between 1 and 5'],
  ['between: equal bounds, equal', between(4, 4), '4', true],
  ['between: equal bounds, other', between(4, 4), 3, 'The First Name must be equal 4'],
  ['between: empty passes', between(1, 5), '', true],
  // size: N × 1000 bytes, human-readable
  ['size: at the limit', size(500), file(500_000), true],
  ['size: one byte over', size(500), file(500_001), 'File size must be less than 500 kB'],
  ['size: megabytes', size(2000), file(3_000_000), 'File size must be less than 2 MB'],
  ['size: fractional megabytes', size(1500), file(2_000_000), 'File size must be less than 1.5 MB'],
  ['size: every file of a list', size(1), [file(10), file(1001)], 'File size must be less than 1 kB'],
  ['size: no file passes', size(1), null, true],
  // min_selection: pluralised noun
  ['min_selection: enough', minSelection(1, 'interest'), ['a'], true],
  ['min_selection: none of 1', minSelection(1, 'interest'), [], 'Please select at least 1 interest'],
  ['min_selection: 1 of 2', minSelection(2, 'interest'), ['a'], 'Please select at least 2 interests'],
  ['min_selection: default noun', minSelection(3), [], 'Please select at least 3 items'],
  ['min_selection: -y nouns', minSelection(2, 'category'), [], 'Please select at least 2 categories'],
  ['min_selection: not a list', minSelection(1), null, 'Please select at least 1 item'],
  // email: empty passes
  ['email: an address', email(), 'ada@example.org', true],
  ['email: subdomains and plus', email(), 'ada+pd@maple.northwind.example.org', true],
  ['email: empty passes', email(), '', true],
  ['email: no @', email(), 'ada.example.org', 'The First Name must be a valid email address'],
  ['email: no domain dot', email(), 'ada@example', 'The First Name must be a valid email address'],
  ['email: a space', email(), 'ada lovelace@example.org', 'The First Name must be a valid email address'],
  ['email: two @', email(), 'ada@@example.org', 'The First Name must be a valid email address'],
  // …as the server's contract judges it too (tests/api/form-rules.test.ts sends these)
  ['email: spaces around are trimmed', email(), '  ada@example.org ', true],
  ['email: a non-ASCII local part', email(), 'josé@example.org', 'The First Name must be a valid email address'],
  ['email: two dots in a row', email(), 'a..b@example.org', 'The First Name must be a valid email address'],
  ['email: a label starting with a hyphen', email(), 'x@-bad.org', 'The First Name must be a valid email address'],
  ['email: a trailing dot', email(), 'ada.@example.org', 'The First Name must be a valid email address'],
  ['email: 254 characters', email(), `${'a'.repeat(242)}@example.org`, true],
  ['email: 255 characters', email(), `${'a'.repeat(243)}@example.org`, 'The First Name must be a valid email address'],
  // alpha: letters of any script
  ['alpha: letters', alpha(), 'Ada', true],
  ['alpha: accents and ß', alpha(), 'Jürgenß', true],
  ['alpha: Cyrillic', alpha(), 'Анна', true],
  ['alpha: Arabic', alpha(), 'مريم', true],
  ['alpha: a digit', alpha(), 'Ada1', 'The First Name may only contain letters'],
  ['alpha: a space', alpha(), 'Ada L', 'The First Name may only contain letters'],
  ['alpha: empty passes', alpha(), '', true],
  // length: exactly N
  ['length: exact', length(5), '12345', true],
  ['length: short', length(5), '1234', 'The First Name must be exactly 5 characters long'],
  ['length: long', length(5), '123456', 'The First Name must be exactly 5 characters long'],
  ['length: empty passes', length(5), '', true],
];

describe('form rules (spec §5)', () => {
  it.each(ROWS)('%s', (_description, rule, value, expected) => {
    expect(rule(value, 'First Name')).toBe(expected);
  });
});

describe('field names and sizes in messages', () => {
  it.each([
    ['email', 'Email'],
    ['firstName', 'First Name'],
    ['last_name', 'Last Name'],
    ['postal-code', 'Postal Code'],
    ['card number', 'Card Number'],
    ['cvc2', 'Cvc2'],
  ])('titleCase(%s) is %s', (name, label) => expect(titleCase(name)).toBe(label));

  it.each([
    [999, '999 B'],
    [1000, '1 kB'],
    [1500, '1.5 kB'],
    [1_000_000, '1 MB'],
    [2_500_000_000, '2.5 GB'],
  ])('humanSize(%d) is %s', (bytes, text) => expect(humanSize(bytes)).toBe(text));

  it('reads Arabic-Indic digits as Western ones', () => expect(westernDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789 0123456789'));

  it('pluralises the nouns forms use', () => {
    expect([plural('item', 1), plural('item', 2), plural('class', 2), plural('day', 2)]).toEqual(['item', 'items', 'classes', 'days']);
  });
});

describe('validate', () => {
  it('shows at most one message by default, the first rule that fails', () => {
    expect(validate('', NAME_RULES, 'First Name')).toEqual(['The First Name field is required']);
    expect(validate('A', NAME_RULES, 'Last Name')).toEqual(['The Last Name must have at least 2 characters']);
    expect(validate('Ada', NAME_RULES, 'First Name')).toEqual([]);
  });

  it('shows more when asked', () => {
    expect(validate('x', [min(2), alpha(), length(3)], 'Code', 3)).toEqual(['The Code must have at least 2 characters', 'The Code must be exactly 3 characters long']);
  });

  it('checks an e-mail field for presence first, then its shape', () => {
    expect(validate(' ', EMAIL_RULES, 'Email')).toEqual(['The Email field is required']);
    expect(validate('ada@', EMAIL_RULES, 'Email')).toEqual(['The Email must be a valid email address']);
  });
});

describe('milestones', () => {
  it.each([
    [0, { reached: 0, next: 1, percent: 0 }],
    [1, { reached: 1, next: 5, percent: 0 }],
    [3, { reached: 1, next: 5, percent: 50 }],
    [10, { reached: 10, next: 25, percent: 0 }],
    [499, { reached: 250, next: 500, percent: 100 }],
    [500, { reached: 500, next: null, percent: 100 }],
  ])('%d achieved', (value, expected) => expect(milestoneProgress(value)).toEqual(expected));
});
