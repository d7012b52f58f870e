import type { SnapshotFrom } from 'xstate';
import type { Audience, AudiencesMachine, NasotItem, NasotItemsMachine } from '@/machines/reference-data/reference-data.machine';

type NasotItemsSnapshot = SnapshotFrom<NasotItemsMachine>;
type AudiencesSnapshot = SnapshotFrom<AudiencesMachine>;

/** Levels of the framework (spec §3), root to leaf, with their labels. */
export const NASOT_LEVELS = {
  CATEGORY: 'Category',
  STRAND: 'Strand',
  ELEMENT: 'Element',
  STRATEGY: 'Strategy',
} as const;

export type NasotNode = NasotItem & { locked: boolean; children: NasotNode[] };

const NO_ITEMS: NasotItem[] = [];
const NO_AUDIENCES: Audience[] = [];

export const selectNasotItems = (s: NasotItemsSnapshot): NasotItem[] => s.context.data ?? NO_ITEMS;
export const selectAudiences = (s: AudiencesSnapshot): Audience[] => s.context.data ?? NO_AUDIENCES;
export const selectIsNasotInitialized = (s: NasotItemsSnapshot) => s.matches('loaded');
export const selectAreAudiencesInitialized = (s: AudiencesSnapshot) => s.matches('loaded');

/** Both lists are in (spec §4: catalogue loads wait for both). */
export const isReferenceDataReady = (nasot: NasotItemsSnapshot, audiences: AudiencesSnapshot) =>
  selectIsNasotInitialized(nasot) && selectAreAudiencesInitialized(audiences);
/** One of the lists failed: screens then show what they can, or offer a retry. */
export const hasReferenceDataFailed = (nasot: NasotItemsSnapshot, audiences: AudiencesSnapshot) =>
  nasot.matches('failed') || audiences.matches('failed');

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
export const selectStrands = (s: NasotItemsSnapshot): NasotNode[] =>
  buildNasotTree(selectNasotItems(s)).flatMap((category) => category.children.filter((strand) => strand.children.length > 0));
