import { max, min, required, type Rule } from './rules.ts';

// The admin site's framework and audience rules (spec §5 messages), shared by its forms and the server.

export type FrameworkLevel = 'CATEGORY' | 'STRAND' | 'ELEMENT' | 'STRATEGY';

/** The framework's levels from the root down: a child is always one level below its parent. */
export const FRAMEWORK_LEVELS: readonly FrameworkLevel[] = ['CATEGORY', 'STRAND', 'ELEMENT', 'STRATEGY'];

export const LEVEL_LABELS: Record<FrameworkLevel, string> = { CATEGORY: 'Category', STRAND: 'Strand', ELEMENT: 'Element', STRATEGY: 'Strategy' };

/** The level of a new item under this parent (null: a category); null when the parent is a strategy. */
export function childLevel(parent: FrameworkLevel | null): FrameworkLevel | null {
  if (parent === null) return 'CATEGORY';
  return FRAMEWORK_LEVELS[FRAMEWORK_LEVELS.indexOf(parent) + 1] ?? null;
}

/** A title short enough for a filter chip and a table column. */
export const FRAMEWORK_TITLE_RULES: readonly Rule[] = [required(), min(2), max(150)];
export const FRAMEWORK_DESCRIPTION_RULES: readonly Rule[] = [max(2000)];
export const COMMUNITY_URL_RULES: readonly Rule[] = [max(2000)];
/** An audience's name, as the onboarding question and the catalogue's filter show it. */
export const AUDIENCE_NAME_RULES: readonly Rule[] = [required(), min(2), max(80)];
