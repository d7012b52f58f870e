import { and, not, or, type AnyStateMachine } from 'xstate';

// The statechart of a machine as plain data: state nodes (nested), transitions labelled
// `event [guard] / actions` with named guards and actions. Read from xstate's public StateNode
// properties, typed loosely here so this module does not depend on xstate's internal generics.
// Used by the viewer (src/views/statecharts) and by scripts/export-statecharts.ts.

type StateNodeLike = {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  states: Record<string, StateNodeLike>;
  initial?: { target: StateNodeLike[] };
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
  invoke: { id: string; src: unknown }[];
  tags: string[];
  entry: unknown[];
};
type TransitionLike = { target?: StateNodeLike[]; guard?: unknown; actions: unknown[] };

export type StateType = StateNodeLike['type'];

export type GraphNode = {
  /** xstate's state node id, e.g. `auth.authenticated`; unique within the machine. */
  id: string;
  key: string;
  /** Keys from the machine root down to this node; empty for the root. */
  path: string[];
  parentId: string | null;
  type: StateType;
  /** The child a compound node starts in. */
  initialId: string | null;
  tags: string[];
  invokes: string[];
  entry: string[];
};

export type GraphTransition = {
  id: string;
  sourceId: string;
  /** Empty for a transition that stays in its state (no target). */
  targetIds: string[];
  event: string;
  guard: string;
  actions: string[];
  /** `event [guard] / actions`. */
  label: string;
};

export type MachineGraph = {
  machineId: string;
  rootId: string;
  nodes: GraphNode[];
  transitions: GraphTransition[];
};

// xstate's and/or/not guards are told apart by their shared `check` function: their function
// names are gone once a bundler minifies the app.
const checkOf = (guard: unknown) => (guard as { check?: unknown }).check;
const CHECK = { and: checkOf(and([])), or: checkOf(or([])), not: checkOf(not('')) };

export function guardText(guard: unknown): string {
  if (guard === undefined || guard === null) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const composed = (guard as { guards?: unknown[] }).guards;
    if (Array.isArray(composed)) {
      const parts = composed.map(guardText);
      if (checkOf(guard) === CHECK.not) return `!${parts[0] ?? ''}`;
      return `(${parts.join(checkOf(guard) === CHECK.or ? ' || ' : ' && ')})`;
    }
    return guard.name || 'inline';
  }
  if (typeof guard === 'object' && 'type' in guard) return String(guard.type);
  return 'inline';
}

export function actionText(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const type = (action as { type?: unknown }).type;
    return typeof type === 'string' ? type.replace(/^xstate\./, '') : action.name || 'inline';
  }
  if (typeof action === 'object' && action !== null && 'type' in action) {
    // Fixed params say which way a shared action goes (redirect to where, fail at which step).
    const params = 'params' in action ? action.params : undefined;
    if (typeof params !== 'object' || params === null) return String(action.type);
    const shown = Object.entries(params).map(([key, value]) => `${key}=${String(value)}`);
    return `${String(action.type)}(${shown.join(', ')})`;
  }
  return 'inline';
}

function invokeSource(node: StateNodeLike, id: string): string {
  const found = node.invoke.find((invoke) => invoke.id === id);
  return typeof found?.src === 'string' ? found.src : id;
}

/** Internal event names read as what they mean. */
function eventText(node: StateNodeLike, eventType: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done?.[1]) return `done: ${invokeSource(node, done[1])}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error?.[1]) return `error: ${invokeSource(node, error[1])}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after?.[1]) return `after ${after[1]}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

export function transitionLabel(event: string, guard: string, actions: readonly string[]): string {
  return `${event}${guard ? ` [${guard}]` : ''}${actions.length ? ` / ${actions.join(', ')}` : ''}`;
}

export function extractGraph(machine: AnyStateMachine): MachineGraph {
  const root = machine.root as unknown as StateNodeLike;
  const nodes: GraphNode[] = [];
  const transitions: GraphTransition[] = [];
  const visit = (node: StateNodeLike, parent: GraphNode | null) => {
    const entry: GraphNode = {
      id: node.id,
      key: node.key,
      path: parent ? [...parent.path, node.key] : [],
      parentId: parent?.id ?? null,
      type: node.type,
      initialId: node.type === 'compound' ? (node.initial?.target[0]?.id ?? null) : null,
      tags: [...node.tags],
      invokes: node.invoke.map((invoke) => invokeSource(node, invoke.id)),
      entry: node.entry.map(actionText),
    };
    nodes.push(entry);
    const add = (event: string, transition: TransitionLike) => {
      const guard = guardText(transition.guard);
      const actions = transition.actions.map(actionText);
      transitions.push({
        id: `t${transitions.length}`,
        sourceId: node.id,
        targetIds: (transition.target ?? []).map((target) => target.id),
        event,
        guard,
        actions,
        label: transitionLabel(event, guard, actions),
      });
    };
    for (const [eventType, list] of node.transitions) for (const transition of list) add(eventText(node, eventType), transition);
    for (const transition of node.always ?? []) add('always', transition);
    for (const child of Object.values(node.states)) visit(child, entry);
  };
  visit(root, null);
  return { machineId: root.id, rootId: root.id, nodes, transitions };
}

/** A node's path below the root as text (`regular.loadingAccess`); the root is `(machine)`. */
export function nodePath(node: GraphNode): string {
  return node.path.length ? node.path.join('.') : '(machine)';
}

/** Whether the state node at `path` is active in a snapshot's `value`. */
export function isActivePath(value: unknown, path: readonly string[]): boolean {
  let current: unknown = value;
  for (const [index, key] of path.entries()) {
    if (typeof current === 'string') return current === key && index === path.length - 1;
    if (typeof current !== 'object' || current === null || !(key in current)) return false;
    current = (current as Record<string, unknown>)[key];
  }
  return true;
}

/** The ids of the nodes active in a snapshot value (the root is always active). */
export function activeNodeIds(graph: MachineGraph, value: unknown): Set<string> {
  return new Set(graph.nodes.filter((node) => isActivePath(value, node.path)).map((node) => node.id));
}
