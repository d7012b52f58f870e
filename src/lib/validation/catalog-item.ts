import { max, min, minSelection, required, type Rule } from './rules.ts';

// The admin site's catalogue item rules (spec §5 messages), shared by its forms and the server.

/** Characters of a title: long enough to mean something, short enough for a card. */
export const TITLE_RULES: readonly Rule[] = [required(), min(3), max(150)];
/** The summary shown on cards and at the top of the item. */
export const DESCRIPTION_RULES: readonly Rule[] = [max(2000)];
/** What publishing needs of the description. */
export const DESCRIPTION_TO_PUBLISH: readonly Rule[] = [required(), max(2000)];
/** Lower-case words joined by hyphens, as public links use them. */
export const PUBLIC_ID_RULES: readonly Rule[] = [required(), min(3), max(100)];
export const RESOURCE_TITLE_RULES: readonly Rule[] = [required(), max(150)];
export const RESOURCE_DESCRIPTION_RULES: readonly Rule[] = [max(500)];
export const RUBRIC_TITLE_RULES: readonly Rule[] = [required(), max(80)];
export const RUBRIC_DESCRIPTION_RULES: readonly Rule[] = [required(), max(500)];
export const URL_RULES: readonly Rule[] = [max(2000)];

/** What a learning object needs before educators see it. */
export const FRAMEWORK_TO_PUBLISH: Rule = minSelection(1, 'framework item');
export const AUDIENCES_TO_PUBLISH: Rule = minSelection(1, 'audience');
export const ENTRIES_TO_PUBLISH: Rule = minSelection(1, 'published item');

/** The reflection rubric's levels, 1 to 4, each once. */
export const RUBRIC_LEVELS = [1, 2, 3, 4] as const;
export const RUBRIC_MESSAGE = 'The Reflection Rubric must have the 4 levels 1, 2, 3 and 4, each once';

/** A web address people can open: https (or http), or a path on this site. */
export function isWebAddress(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A public id from a title: lower-case words joined by hyphens, at most 80 characters. */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug.length >= 3 ? slug : `item-${slug || 'new'}`;
}
