import type { SnapshotFrom } from 'xstate';
import type { NasotItem, ReferenceDataMachine } from '@/machines/reference-data/reference-data.machine';

type ReferenceDataSnapshot = SnapshotFrom<ReferenceDataMachine>;

/** Levels of the framework (spec §3), root to leaf, with their labels. */
export const NASOT_LEVELS = {
  CATEGORY: 'Category',
  STRAND: 'Strand',
  ELEMENT: 'Element',
  STRATEGY: 'Strategy',
} as const;

export type NasotNode = NasotItem & { locked: boolean; children: NasotNode[] };

export const selectIsNasotInitialized = (s: ReferenceDataSnapshot) => s.matches({ nasot: 'loaded' });
export const selectAreAudiencesInitialized = (s: ReferenceDataSnapshot) => s.matches({ audiences: 'loaded' });
export const selectIsReferenceDataReady = (s: ReferenceDataSnapshot) => selectIsNasotInitialized(s) && selectAreAudiencesInitialized(s);
export const selectReferenceDataFailed = (s: ReferenceDataSnapshot) => s.matches({ nasot: 'failed' }) || s.matches({ audiences: 'failed' });
export const selectAudiences = (s: ReferenceDataSnapshot) => s.context.audiences;

/** The framework as a tree, each level sorted by position; `locked` for anything not a strategy. */
export function buildNasotTree(items: readonly NasotItem[]): NasotNode[] {
  const nodes = new Map<string, NasotNode>(items.map((item) => [item.id, { ...item, locked: item.type !== 'STRATEGY', children: [] }]));
  const roots: NasotNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: NasotNode[]) => {
    list.sort((a, b) => a.position - b.position);
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

/** Strands are the top-level items that have children: the categories' children here. */
export const selectStrands = (s: ReferenceDataSnapshot): NasotNode[] =>
  buildNasotTree(s.context.nasotItems).flatMap((category) => category.children.filter((strand) => strand.children.length > 0));
