import { Suspense, use, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { activeNodeIds, extractGraph, nodePath, type MachineGraph } from '@/lib/statecharts/graph';
import { layoutGraph, type StatechartLayout } from '@/lib/statecharts/layout';
import { MACHINES, findMachine, type MachineEntry } from '@/lib/statecharts/registry';
import { statechartSvg } from '@/lib/statecharts/svg';
import { useRoot } from '@/views/root-context';
import { SvgTree } from '@/views/statecharts/svg-tree';
import * as styles from '@/views/statecharts/statechart-viewer.css';

// The statechart viewer (staff and development, behind the `statechart-viewer` flag): every
// machine of the registry, drawn with elkjs, with the live state of the running app-wide
// actors highlighted, and the transitions as a table for screen readers and keyboard users.

const DEFAULT_MACHINE = 'auth';

type Drawn = { graph: MachineGraph; layout: StatechartLayout } | { graph: MachineGraph; error: string };

// Layouts are pure functions of the machine: computed once per machine and kept.
const drawings = new Map<string, Promise<Drawn>>();
function drawingOf(entry: MachineEntry): Promise<Drawn> {
  let drawing = drawings.get(entry.name);
  if (!drawing) {
    const graph = extractGraph(entry.machine);
    drawing = layoutGraph(graph).then(
      (layout) => ({ graph, layout }),
      (error: unknown) => ({ graph, error: error instanceof Error ? error.message : String(error) }),
    );
    drawings.set(entry.name, drawing);
  }
  return drawing;
}

/** The running actor of a machine, if any: the root itself, or a child of its system. */
function useLiveActor(entry: MachineEntry): AnyActorRef | undefined {
  const { root } = useRoot();
  const live = entry.live;
  // Re-read on every root change: screen actors come and go with their screens.
  return useSelector(root, () => {
    if (!live) return undefined;
    return 'root' in live ? (root as AnyActorRef) : (root.system.get(live.systemId) as AnyActorRef | undefined);
  });
}

function LiveStatus({ value }: { value: string | null }) {
  return (
    <p aria-live="polite">
      {value === null ? 'Not running now.' : <>Live state: <code data-testid="live-state">{value}</code></>}
    </p>
  );
}

function stateText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '';
  const parts = Object.entries(value).map(([key, child]) => {
    const inner = stateText(child);
    return inner ? `${key}.${inner}` : key;
  });
  return parts.length > 1 ? `{ ${parts.join(', ')} }` : (parts[0] ?? '');
}

function Statechart({ entry }: { entry: MachineEntry }) {
  const drawn = use(drawingOf(entry));
  const actor = useLiveActor(entry);
  const valueJson = useSelector(actor, (snapshot) => (snapshot ? JSON.stringify((snapshot as { value?: unknown }).value ?? null) : null));
  const value: unknown = valueJson === null ? undefined : JSON.parse(valueJson);
  const { graph } = drawn;
  const active = useMemo(() => (value === undefined ? new Set<string>() : activeNodeIds(graph, value)), [graph, value]);
  const svg = useMemo(
    () =>
      'layout' in drawn
        ? statechartSvg(drawn.layout, {
            title: `${entry.name} statechart`,
            description: `${graph.nodes.length - 1} states and ${graph.transitions.length} transitions. The transitions are listed in the table below.`,
            active,
          })
        : null,
    [drawn, entry.name, graph, active],
  );
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const path = (id: string) => {
    const node = byId.get(id);
    return node ? nodePath(node) : id;
  };
  return (
    <section aria-labelledby="statechart-heading" className="stack">
      <h2 id="statechart-heading">{entry.name}</h2>
      <LiveStatus value={valueJson === null ? null : stateText(value)} />
      {svg ? (
        // Scrollable and focusable, so keyboard users can pan a drawing larger than the screen.
        <div className={styles.canvas} tabIndex={0} role="region" aria-label={`${entry.name} statechart drawing`}>
          <SvgTree node={svg} />
        </div>
      ) : (
        <p role="alert">The layout failed: {'error' in drawn ? drawn.error : ''}</p>
      )}
      <h3>Transitions</h3>
      <table className={styles.table}>
        <caption className="visually-hidden">Transitions of the {entry.name} machine</caption>
        <thead>
          <tr>
            {['From', 'Event', 'Guard', 'To', 'Actions'].map((column) => (
              <th key={column} scope="col" className={styles.cell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {graph.transitions.map((transition) => (
            <tr key={transition.id}>
              <td className={styles.cell}>{path(transition.sourceId)}</td>
              <td className={styles.cell}>{transition.event}</td>
              <td className={styles.cell}>{transition.guard || '—'}</td>
              <td className={styles.cell}>{transition.targetIds.length ? transition.targetIds.map(path).join(', ') : '(stays)'}</td>
              <td className={styles.cell}>{transition.actions.join(', ') || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export default function StatechartViewer() {
  const [params] = useSearchParams();
  const entry = findMachine(params.get('machine')) ?? findMachine(DEFAULT_MACHINE) ?? MACHINES[0];
  return (
    <main className="stack">
      <h1>Statecharts</h1>
      <p className="muted">Every machine of the app, laid out automatically. Running actors show their current state in green.</p>
      <div className={styles.layout}>
        <nav aria-label="Machines">
          <ul className={styles.machineList}>
            {MACHINES.map((machine) => (
              <li key={machine.name}>
                <Link className={styles.machineLink} to={`?machine=${machine.name}`} aria-current={machine === entry ? 'page' : undefined}>
                  {machine.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {entry && (
          <Suspense fallback={<p className="muted">Laying out {entry.name}…</p>}>
            <Statechart key={entry.name} entry={entry} />
          </Suspense>
        )}
      </div>
    </main>
  );
}
