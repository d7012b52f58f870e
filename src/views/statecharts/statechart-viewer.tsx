import { Suspense, use, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/views/components/link';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { activeNodeIds, extractGraph, nodePath, type MachineGraph } from '@/lib/statecharts/graph';
import { layoutGraph, type StatechartLayout } from '@/lib/statecharts/layout';
import { MACHINES, findMachine, type MachineEntry } from '@/machines/registry';
import { statechartSvg, type SvgElement } from '@/lib/statecharts/svg';
import { fitScale, scaleFor, zoomedIn, zoomedOut, type Zoom } from '@/lib/statecharts/zoom';
import { useRoot } from '@/views/root-context';
import { Button } from '@/views/layout/button';
import { PageLayout } from '@/views/layout/page-layout';
import { SvgTree } from '@/views/statecharts/svg-tree';
import { DataTable, type DataTableColumn } from '@/views/components/data-table/data-table';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { localTableScreen } from '@/machines/table/local-table';
import { ALL_ROWS } from '@/lib/paging';
import { drawing as drawingStyle } from '@/views/statecharts/statechart-drawing.css';
import * as styles from '@/views/statecharts/statechart-viewer.css';
import { muted } from '@/views/components/text.css';
import { stack } from '@/views/components/page.css';
import { field } from '@/views/components/form/form.css';

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

/** The running actor of a machine, if any: the root itself, a child of its system, or an open screen's. */
function useLiveActor(entry: MachineEntry): AnyActorRef | undefined {
  const { root, services } = useRoot();
  const live = entry.live;
  // Screen actors come and go with their screens.
  const screen = useSyncExternalStore(services.live.subscribe, () => (live && 'screen' in live ? services.live.get(live.screen) : undefined));
  if (!live) return undefined;
  if ('screen' in live) return screen;
  return 'root' in live ? (root as AnyActorRef) : (root.system.get(live.systemId) as AnyActorRef | undefined);
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

/** The width the drawing may take: the column's, less the frame's border. */
function useFrameWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(0, element.clientWidth - 2));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * The drawing in a frame that fits the column: scaled through the SVG's width and height (its
 * viewBox stays), zoomed with the buttons or + - 0 on the focused frame, panned by scrolling it.
 */
function ZoomableDrawing({ svg, layout, name }: { svg: SvgElement; layout: StatechartLayout; name: string }) {
  const frame = useFrameWidth();
  const canvasRef = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState<Zoom>({ kind: 'auto' });
  const fit = fitScale(frame.width, layout.width);
  const scale = scaleFor(zoom, frame.width, layout.width);
  const larger = zoomedIn(scale, fit);
  const smaller = zoomedOut(scale, fit);
  const zoomTo = (next: number | null) => next !== null && setZoom({ kind: 'scale', scale: next });
  const fitWidth = () => setZoom({ kind: 'fit' });

  // Zooming keeps the middle of the view where it was.
  const shownScale = useRef(scale);
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const before = shownScale.current;
    shownScale.current = scale;
    if (!canvas || before === scale) return;
    const ratio = scale / before;
    canvas.scrollLeft = (canvas.scrollLeft + canvas.clientWidth / 2) * ratio - canvas.clientWidth / 2;
    canvas.scrollTop = (canvas.scrollTop + canvas.clientHeight / 2) * ratio - canvas.clientHeight / 2;
  }, [scale]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const action = { '+': () => zoomTo(larger), '=': () => zoomTo(larger), '-': () => zoomTo(smaller), '0': fitWidth }[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const sized = useMemo(
    () => ({ ...svg, attrs: { ...svg.attrs, width: Math.round(layout.width * scale), height: Math.round(layout.height * scale) } }),
    [svg, layout, scale],
  );
  return (
    <div ref={frame.ref} className={stack}>
      <div className={styles.zoomBar} role="group" aria-label="Zoom">
        <Button tone="secondary" size="sm" aria-label="Zoom out" disabled={smaller === null} onClick={() => zoomTo(smaller)}>
          −
        </Button>
        <output className={styles.zoomValue} aria-label="Zoom level">
          {Math.round(scale * 100)}%
        </output>
        <Button tone="secondary" size="sm" aria-label="Zoom in" disabled={larger === null} onClick={() => zoomTo(larger)}>
          +
        </Button>
        <Button tone="ghost" size="sm" aria-label="Fit to width" onClick={fitWidth}>
          Fit
        </Button>
        <Button tone="ghost" size="sm" onClick={() => zoomTo(1)}>
          100%
        </Button>
      </div>
      {/* Focusable and scrollable: keyboard users pan with the arrow keys and zoom with + - 0. */}
      <div
        ref={canvasRef}
        className={`${styles.canvas} ${drawingStyle}`}
        tabIndex={0}
        role="region"
        aria-label={`${name} statechart drawing`}
        aria-keyshortcuts="+ - 0"
        onKeyDown={onKeyDown}
      >
        <SvgTree node={sized} />
      </div>
    </div>
  );
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
  return (
    <section aria-labelledby="statechart-heading" className={`${stack} ${styles.section}`}>
      <h2 id="statechart-heading">{entry.name}</h2>
      <LiveStatus value={valueJson === null ? null : stateText(value)} />
      {svg && 'layout' in drawn ? (
        <ZoomableDrawing svg={svg} layout={drawn.layout} name={entry.name} />
      ) : (
        <p role="alert">The layout failed: {'error' in drawn ? drawn.error : ''}</p>
      )}
      <h3>Transitions</h3>
      <TransitionsTable key={entry.name} name={entry.name} graph={graph} />
    </section>
  );
}

type TransitionRow = { id: string; from: string; event: string; guard: string; to: string; actions: string };

const TRANSITION_COLUMNS: DataTableColumn<TransitionRow>[] = [
  { key: 'from', label: 'From', sortable: true, isRowHeader: true, render: (row) => row.from },
  { key: 'event', label: 'Event', sortable: true, render: (row) => row.event },
  { key: 'guard', label: 'Guard', sortable: true, render: (row) => row.guard || '—' },
  { key: 'to', label: 'To', sortable: true, render: (row) => row.to },
  { key: 'actions', label: 'Actions', render: (row) => row.actions || '—' },
];

/** The transitions as text (the drawing's alternative): searchable and sortable, all on one page. */
function TransitionsTable({ name, graph }: { name: string; graph: MachineGraph }) {
  const screen = useMemo(() => {
    const byId = new Map(graph.nodes.map((node) => [node.id, node]));
    const path = (id: string) => {
      const node = byId.get(id);
      return node ? nodePath(node) : id;
    };
    const rows: TransitionRow[] = graph.transitions.map((transition) => ({
      id: transition.id,
      from: path(transition.sourceId),
      event: transition.event,
      guard: transition.guard,
      to: transition.targetIds.length ? transition.targetIds.map(path).join(', ') : '(stays)',
      actions: transition.actions.join(', '),
    }));
    return localTableScreen('transitions', {
      rows,
      sortValue: (row, key) => String(row[key as keyof TransitionRow] ?? ''),
      text: (row) => [row.from, row.event, row.guard, row.to, row.actions].join(' '),
    });
  }, [graph]);
  const table = useScreenActor(screen, { input: { sortKeys: ['from', 'event', 'guard', 'to'], defaults: { itemsPerPage: ALL_ROWS } } });
  return (
    <DataTable
      actor={table}
      columns={TRANSITION_COLUMNS}
      label={`Transitions of the ${name} machine`}
      hideLabel
      searchLabel="Search transitions"
      emptyState="No transition matches."
    />
  );
}

export default function StatechartViewer() {
  const [params, setParams] = useSearchParams();
  const entry = findMachine(params.get('machine')) ?? findMachine(DEFAULT_MACHINE) ?? MACHINES[0];
  const pickerId = useId();
  return (
    <PageLayout title="Statecharts" header="Every machine of the app, laid out automatically. Running actors show their current state in green.">
      <div className={styles.layout}>
        <nav aria-label="Machines">
          {/* Below lg the list of links folds into this picker. */}
          <div className={`${field} ${styles.picker}`}>
            <label htmlFor={pickerId}>Machine</label>
            <select id={pickerId} value={entry?.name} onChange={(event) => setParams({ machine: event.target.value })}>
              {MACHINES.map((machine) => (
                <option key={machine.name} value={machine.name}>
                  {machine.name}
                </option>
              ))}
            </select>
          </div>
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
          <Suspense fallback={<p className={muted}>Laying out {entry.name}…</p>}>
            <Statechart key={entry.name} entry={entry} />
          </Suspense>
        )}
      </div>
    </PageLayout>
  );
}
