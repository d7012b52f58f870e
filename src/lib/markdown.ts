import { micromark } from 'micromark';

/**
 * Markdown as CommonMark has it (emphasis, quotes, numbered and bulleted lists, links), through
 * micromark: HTML written in the text is shown as text, not run, and `javascript:` and other
 * unsafe link targets are dropped, so authors' text can go into the page as markup. Headings move
 * down below the page's own: a guide's `##` (its top level; `#` too) becomes `firstHeading`, `###`
 * the level under it, and so on.
 */
export function markdownHtml(source: string, firstHeading: 2 | 3 = 3): string {
  return micromark(source).replace(/<(\/?)h([1-6])>/g, (_, slash: string, level: string) => `<${slash}h${Math.min(6, Math.max(firstHeading, Number(level) + firstHeading - 2))}>`);
}
