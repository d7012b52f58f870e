import { EMAIL_MAX, email, max, min, required, type Rule } from './rules.ts';

// Rule sets more than one form uses, and the server's contract checks with (server/plugins/validation.ts).

/** An e-mail address that must be given (a too-long one is told so before it is called invalid). */
export const EMAIL_RULES: readonly Rule[] = [required(), max(EMAIL_MAX), email()];

/** The shortest and longest first or last name (spec §5, §9), counted once trimmed. */
const NAME_MIN = 2;
export const NAME_MAX = 50;

/** A first or last name (spec §5, §9: required, 2 to 50 characters). */
export const NAME_RULES: readonly Rule[] = [required(), min(NAME_MIN), max(NAME_MAX)];
