import { email, max, min, required, type Rule } from './rules.ts';

// Rule sets more than one form uses.

/** An e-mail address that must be given. */
export const EMAIL_RULES: readonly Rule[] = [required(), email()];

/** A first or last name (spec §5, §9: required, 2 to 50 characters). */
export const NAME_RULES: readonly Rule[] = [required(), min(2), max(50)];
