import type { ELK, ElkEdgeSection, ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api';
import type { GraphNode, GraphTransition, MachineGraph } from '@/lib/statecharts/graph';

// Lays a machine graph out with elkjs (layered, top to bottom, compound states as nested
// boxes). Text is measured by an estimate, not the DOM, so the same code runs in the browser
// and in Node (scripts/export-statecharts.ts); the SVG uses a monospace font to match.

export const FONT_SIZE = 12;
export const CHAR_WIDTH = 7.3;
export const LINE_HEIGHT = 16;
const TITLE_HEIGHT = 24;
const BOX_PADDING = 10;
const INITIAL_SIZE = 12;

export type Point = { x: number; y: number };
export type Box = { x: number; y: number; width: number; height: number };

export type PlacedState = Box & {
  kind: 'state';
  node: GraphNode;
  /** Text lines under the title: tags, invocations, entry actions, transitions without a target. */
  lines: string[];
  compound: boolean;
};
export type PlacedInitial = Box & { kind: 'initial'; id: string; parentId: string };
export type PlacedEdge = {
  id: string;
  transitionId: string | null;
  points: Point[];
  label: (Box & { lines: string[] }) | null;
};
export type StatechartLayout = {
  width: number;
  height: number;
  states: PlacedState[];
  initials: PlacedInitial[];
  edges: PlacedEdge[];
};

export type ElkFactory = () => Promise<ELK>;

/** The bundled elkjs, loaded on first use so it never lands in the app's first chunk. */
export const loadElk: ElkFactory = async () => {
  const { default: Elk } = await import('elkjs/lib/elk.bundled.js');
  return new Elk();
};

export function textWidth(text: string): number {
  return Math.ceil(text.length * CHAR_WIDTH);
}

function linesOf(graph: MachineGraph, node: GraphNode): string[] {
  const lines: string[] = [];
  if (node.tags.length) lines.push(`tags: ${node.tags.join(', ')}`);
  for (const src of node.invokes) lines.push(`invoke: ${src}`);
  if (node.entry.length) lines.push(`entry / ${node.entry.join(', ')}`);
  for (const transition of graph.transitions) {
    if (transition.sourceId === node.id && transition.targetIds.length === 0) lines.push(transition.label);
  }
  return lines;
}

function headerHeight(lines: readonly string[]): number {
  return TITLE_HEIGHT + lines.length * LINE_HEIGHT + (lines.length ? 4 : 0);
}

function contentWidth(node: GraphNode, lines: readonly string[]): number {
  return Math.max(textWidth(node.key || node.id), ...lines.map(textWidth)) + 2 * BOX_PADDING;
}

const initialId = (parentId: string) => `${parentId}#initial`;

/** The ids from the root down to a node. */
function ancestry(byId: Map<string, GraphNode>, id: string): string[] {
  const chain: string[] = [];
  for (let node = byId.get(id); node; node = node.parentId ? byId.get(node.parentId) : undefined) chain.unshift(node.id);
  return chain;
}

/** ELK's container of an edge: the deepest node holding both ends (an end that is itself an ancestor counts as its own parent's child). */
function container(byId: Map<string, GraphNode>, sourceId: string, targetId: string, rootId: string): string {
  const a = ancestry(byId, sourceId).slice(0, -1);
  const b = ancestry(byId, targetId).slice(0, -1);
  let common = rootId;
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    if (a[index] !== b[index]) break;
    common = a[index] ?? common;
  }
  return common;
}

/** An edge label in up to three lines (`event`, `[guard]`, `/ actions`), so labels stay narrow. */
export function labelLines(transition: GraphTransition): string[] {
  return [transition.event, transition.guard ? `[${transition.guard}]` : '', transition.actions.length ? `/ ${transition.actions.join(', ')}` : ''].filter(Boolean);
}

function edgeLabel(transition: GraphTransition): ElkLabel {
  const text = labelLines(transition);
  return { id: '', text: transition.label, width: Math.max(...text.map(textWidth)) + 8, height: text.length * LINE_HEIGHT + 4 };
}

export async function layoutGraph(graph: MachineGraph, createElk: ElkFactory = loadElk): Promise<StatechartLayout> {
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const lines = new Map(graph.nodes.map((node) => [node.id, linesOf(graph, node)]));
  const children = new Map<string, GraphNode[]>();
  for (const node of graph.nodes) {
    if (node.parentId) children.set(node.parentId, [...(children.get(node.parentId) ?? []), node]);
  }
  const elkNodes = new Map<string, ElkNode>();
  const toElk = (node: GraphNode): ElkNode => {
    const own = lines.get(node.id) ?? [];
    const kids = children.get(node.id) ?? [];
    const elkNode: ElkNode = { id: node.id, edges: [] };
    if (kids.length) {
      elkNode.children = kids.map(toElk);
      if (node.initialId) elkNode.children.unshift({ id: initialId(node.id), width: INITIAL_SIZE, height: INITIAL_SIZE });
      elkNode.layoutOptions = {
        'elk.padding': `[top=${headerHeight(own) + 8},left=${BOX_PADDING + 6},bottom=${BOX_PADDING + 6},right=${BOX_PADDING + 6}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${contentWidth(node, own)}, ${headerHeight(own) + 20})`,
      };
    } else {
      elkNode.width = contentWidth(node, own);
      elkNode.height = headerHeight(own) + (own.length ? 6 : 4);
    }
    elkNodes.set(node.id, elkNode);
    return elkNode;
  };
  const rootNode = byId.get(graph.rootId);
  if (!rootNode) throw new Error(`No root node in ${graph.machineId}`);
  const top = toElk(rootNode);

  const edgeTransition = new Map<string, GraphTransition | null>();
  const addEdge = (id: string, sourceId: string, targetId: string, transition: GraphTransition | null) => {
    const holder = elkNodes.get(container(byId, sourceId, targetId, graph.rootId)) ?? top;
    const edge: ElkExtendedEdge = { id, sources: [sourceId], targets: [targetId], labels: transition ? [{ ...edgeLabel(transition), id: `${id}:label` }] : [] };
    holder.edges = [...(holder.edges ?? []), edge];
    edgeTransition.set(id, transition);
  };
  for (const node of graph.nodes) {
    if (node.initialId && (children.get(node.id) ?? []).length) addEdge(`${node.id}#start`, initialId(node.id), node.initialId, null);
  }
  for (const transition of graph.transitions) {
    transition.targetIds.forEach((targetId, index) => addEdge(`${transition.id}.${index}`, transition.sourceId, targetId, transition));
  }

  const graphRoot: ElkNode = {
    id: '(graph)',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.nodeNode': '32',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeNode': '16',
      'elk.layered.spacing.edgeNodeBetweenLayers': '16',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.edgeLabels.sideSelection': 'ALWAYS_DOWN',
      'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: [top],
    edges: [],
  };
  const elk = await createElk();
  const result = await elk.layout(graphRoot);

  const states: PlacedState[] = [];
  const initials: PlacedInitial[] = [];
  const edges: PlacedEdge[] = [];
  const origin = new Map<string, Point>([['(graph)', { x: 0, y: 0 }]]);
  const collect = (elkNode: ElkNode, parentOrigin: Point, parentId: string | null) => {
    const x = parentOrigin.x + (elkNode.x ?? 0);
    const y = parentOrigin.y + (elkNode.y ?? 0);
    origin.set(elkNode.id, { x, y });
    const box = { x, y, width: elkNode.width ?? 0, height: elkNode.height ?? 0 };
    const node = byId.get(elkNode.id);
    if (node) states.push({ ...box, kind: 'state', node, lines: lines.get(node.id) ?? [], compound: (children.get(node.id) ?? []).length > 0 });
    else if (parentId) initials.push({ ...box, kind: 'initial', id: elkNode.id, parentId });
    for (const child of elkNode.children ?? []) collect(child, { x, y }, elkNode.id);
  };
  for (const child of result.children ?? []) collect(child, { x: 0, y: 0 }, null);

  const collectEdges = (elkNode: ElkNode) => {
    for (const edge of (elkNode.edges ?? []) as (ElkExtendedEdge & { container?: string })[]) {
      // ELK gives edge coordinates relative to the edge's container.
      const base = origin.get(edge.container ?? elkNode.id) ?? { x: 0, y: 0 };
      const shift = (point: Point): Point => ({ x: base.x + point.x, y: base.y + point.y });
      const points = (edge.sections ?? []).flatMap((section: ElkEdgeSection) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(shift));
      const elkLabel = edge.labels?.[0];
      const transition = edgeTransition.get(edge.id) ?? null;
      edges.push({
        id: edge.id,
        transitionId: transition?.id ?? null,
        points,
        label:
          elkLabel && transition
            ? { ...shift({ x: elkLabel.x ?? 0, y: elkLabel.y ?? 0 }), width: elkLabel.width ?? 0, height: elkLabel.height ?? 0, lines: labelLines(transition) }
            : null,
      });
    }
    for (const child of elkNode.children ?? []) collectEdges(child);
  };
  collectEdges(result);
  return { width: Math.ceil(result.width ?? 0), height: Math.ceil(result.height ?? 0), states, initials, edges };
}
