// The general form rules of spec §5, each with its exact message. A rule is a function of the
// value and the field's label that answers `true` or the message to show, so a form (and the
// form machine) can list rules per field and show the first failure.

export type Rule = (value: unknown, label: string) => true | string;

/** 'firstName' → 'First Name', 'postal_code' → 'Postal Code': the field name as messages show it. */
export function titleCase(name: string): string {
  return name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .split(/[\s_-]+/u)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase() + word.slice(1))
    .join(' ');
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Characters as a person counts them (an emoji or an accented letter is one). */
function characterCount(value: string): number {
  const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
  return segmenter ? [...segmenter.segment(value)].length : [...value].length;
}

// Arabic-Indic (U+0660–0669) and Extended Arabic-Indic (U+06F0–06F9) digits count as digits.
const DIGITS = /^[0-9\u0660-\u0669\u06F0-\u06F9]+$/u;
const NUMBER = /^[+-]?(?:[0-9\u0660-\u0669\u06F0-\u06F9]+(?:[.,][0-9\u0660-\u0669\u06F0-\u06F9]+)?|[.,][0-9\u0660-\u0669\u06F0-\u06F9]+)$/u;

/** '٤٢' → '42': Arabic-Indic digits read as the Western digits they are. */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/gu, (digit) => String(digit.charCodeAt(0) & 0xf));
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !NUMBER.test(value.trim())) return null;
  return Number(westernDigits(value.trim()).replace(',', '.'));
}

/** Fails for null, undefined, an empty array, false and a blank string. */
export const required =
  (): Rule =>
  (value, label) =>
    isBlank(value) || value === false || (Array.isArray(value) && value.length === 0) ? `The ${label} field is required` : true;

/**
 * At least `n` characters, counted once the value is trimmed (what is saved: "A " is one
 * character); an empty value passes (pair it with `required`).
 */
export const min =
  (n: number): Rule =>
  (value, label) =>
    isBlank(value) || characterCount(String(value).trim()) >= n ? true : `The ${label} must have at least ${n} characters`;

/** At most `n` characters, counted once the value is trimmed. */
export const max =
  (n: number): Rule =>
  (value, label) =>
    isBlank(value) || characterCount(String(value).trim()) <= n ? true : `The ${label} must not exceed ${n} characters`;

/** Digits only, Western or Arabic-Indic. */
export const numeric =
  (): Rule =>
  (value, label) =>
    isBlank(value) || (typeof value === 'number' ? Number.isInteger(value) && value >= 0 : DIGITS.test(String(value).trim())) ? true : `The ${label} must be a number`;

/** A number from `low` to `high`, both included. */
export const between =
  (low: number, high: number): Rule =>
  (value, label) => {
    if (isBlank(value)) return true;
    const number = toNumber(value);
    if (number !== null && number >= low && number <= high) return true;
    return low === high ? `The ${label} must be equal ${low}` : `The ${label} must be a value between ${low} and ${high}`;
  };

/** 1000 → '1 kB', 1500000 → '1.5 MB': decimal units, as the rule counts them. */
export function humanSize(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let size = bytes;
  let unit = 0;
  while (size >= 1000 && unit < units.length - 1) {
    size /= 1000;
    unit += 1;
  }
  return `${Number(size.toFixed(2))} ${units[unit]}`;
}

const sizeOf = (file: unknown): number | null =>
  typeof file === 'object' && file !== null && 'size' in file && typeof file.size === 'number' ? file.size : null;

/** Every file at most `kilobytes` × 1000 bytes. */
export const size =
  (kilobytes: number): Rule =>
  (value) => {
    const files = Array.isArray(value) ? value : isBlank(value) ? [] : [value];
    const limit = kilobytes * 1000;
    return files.every((file) => (sizeOf(file) ?? 0) <= limit) ? true : `File size must be less than ${humanSize(limit)}`;
  };

/** 'item' → 'items', 'category' → 'categories', 'class' → 'classes'. */
export function plural(noun: string, count: number): string {
  if (count === 1) return noun;
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/** An array with at least `n` entries. */
export const minSelection =
  (n: number, noun = 'item'): Rule =>
  (value) =>
    Array.isArray(value) && value.length >= n ? true : `Please select at least ${n} ${plural(noun, n)}`;

/**
 * What "looks like an e-mail address" means, in the app and in the server's contract alike
 * (server/plugins/validation.ts makes it the `email` format): the address as mail servers
 * deliver it without SMTPUTF8 — letters, digits and !#$%&'*+/=?^_`{|}~- in dot-separated
 * parts before the @, then a domain of dot-separated labels that neither start nor end with a
 * hyphen. So `josé@example.org`, `a..b@example.org` and `x@-bad.org` fail on both sides.
 */
const EMAIL_PATTERN = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** The longest address mail can carry (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX = 254;

/** Whether `value`, trimmed, is an e-mail address (the `email` rule and the contract's format). */
export function isEmailAddress(value: string): boolean {
  const address = value.trim();
  return address.length <= EMAIL_MAX && EMAIL_PATTERN.test(address);
}

/** Empty passes; otherwise it must look like an e-mail address. */
export const email =
  (): Rule =>
  (value, label) =>
    isBlank(value) || isEmailAddress(String(value)) ? true : `The ${label} must be a valid email address`;

/** Letters of any script only (é, ß, ñ, Cyrillic, Arabic…); empty passes. */
export const alpha =
  (): Rule =>
  (value, label) =>
    isBlank(value) || /^[\p{L}\p{M}]+$/u.test(String(value)) ? true : `The ${label} may only contain letters`;

/** Exactly `n` characters (or entries, for a list); empty passes. */
export const length =
  (n: number): Rule =>
  (value, label) => {
    if (isBlank(value) || (Array.isArray(value) && value.length === 0)) return true;
    const count = Array.isArray(value) ? value.length : characterCount(String(value));
    return count === n ? true : `The ${label} must be exactly ${n} characters long`;
  };

/** The messages of the rules that fail, at most `maxErrors` of them (spec §5: one by default). */
export function validate(value: unknown, rules: readonly Rule[], label: string, maxErrors = 1): string[] {
  const errors: string[] = [];
  for (const rule of rules) {
    if (errors.length >= maxErrors) break;
    const result = rule(value, label);
    if (result !== true) errors.push(result);
  }
  return errors;
}
