import { formatCount } from '@/views/usage/charts/format';
import type { FrameworkElementUsage } from '@/views/usage/charts/types';

export type MeasureKey = 'watched' | 'rated' | 'applied' | 'rubricsScored';

/** The heatmap's columns; `short` is the header on a narrow card. */
export const MEASURES: readonly { key: MeasureKey; label: string; short: string }[] = [
  { key: 'watched', label: 'Watched', short: 'Watch' },
  { key: 'rated', label: 'Rated', short: 'Rate' },
  { key: 'applied', label: 'Applied', short: 'Apply' },
  { key: 'rubricsScored', label: 'Reflections', short: 'Reflect' },
];

export type ElementGroup = {
  key: string;
  strandTitle: string | null;
  categoryTitle: string | null;
  elements: FrameworkElementUsage[];
};

/** Consecutive elements of one strand (or, without strands, one category), in framework order. */
export function groupElements(elements: readonly FrameworkElementUsage[]): ElementGroup[] {
  const groups: ElementGroup[] = [];
  for (const element of elements) {
    const last = groups.at(-1);
    if (last && last.strandTitle === element.strandTitle && last.categoryTitle === element.categoryTitle) {
      last.elements.push(element);
    } else {
      groups.push({ key: element.id, strandTitle: element.strandTitle, categoryTitle: element.categoryTitle, elements: [element] });
    }
  }
  return groups;
}

export const hasGroupHeading = (group: ElementGroup) => Boolean(group.strandTitle ?? group.categoryTitle);

export const groupHeading = ({ strandTitle, categoryTitle }: ElementGroup) =>
  [categoryTitle, strandTitle].filter((part, index, parts) => part && parts.indexOf(part) === index).join(' · ');

export const isHeatmapEmpty = (elements: readonly FrameworkElementUsage[]) =>
  elements.every((element) => MEASURES.every(({ key }) => element[key] === 0));

export function columnMaxima(elements: readonly FrameworkElementUsage[]): Record<MeasureKey, number> {
  const maxima = { watched: 0, rated: 0, applied: 0, rubricsScored: 0 };
  for (const element of elements) for (const { key } of MEASURES) maxima[key] = Math.max(maxima[key], element[key]);
  return maxima;
}

export const HEATMAP_CAPTION = 'Usage by framework element';

/** What a screen reader announces for the heatmap: the totals and each column's leading element. */
export function heatmapDescription(elements: readonly FrameworkElementUsage[]): string {
  if (isHeatmapEmpty(elements)) return `${HEATMAP_CAPTION}: no activity`;
  const totals = MEASURES.map(({ key, label }) => {
    const total = elements.reduce((sum, element) => sum + element[key], 0);
    return `${formatCount(total)} ${label.toLowerCase()}`;
  });
  const leaders = MEASURES.flatMap(({ key, label }) => {
    const leader = elements.reduce<FrameworkElementUsage | null>((best, element) => (element[key] > (best?.[key] ?? 0) ? element : best), null);
    return leader ? [`${label}: ${leader.title} (${formatCount(leader[key])})`] : [];
  });
  const count = elements.length === 1 ? '1 element' : `${elements.length} elements`;
  return `${HEATMAP_CAPTION}, ${count}: ${totals.join(', ')}. Most in each column — ${leaders.join('; ')}.`;
}
