import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { and, assign, createMachine, not, or, setup } from 'xstate';
import { activeNodeIds, extractGraph, guardText } from '@/lib/statecharts/graph';
import { layoutGraph } from '@/lib/statecharts/layout';
import { MACHINES, NOT_MACHINES } from '@/machines/registry';
import { ADMIN_MACHINES } from '@/machines/admin/admin.registry';
import { standaloneSvg, statechartSvg, toSvgString, type SvgElement } from '@/lib/statecharts/svg';
import { READABLE_SCALE, scaleFor, zoomedIn, zoomedOut } from '@/lib/statecharts/zoom';

const MACHINES_DIR = fileURLToPath(new URL('../../src/machines/', import.meta.url));

const door = setup({
  types: { context: {} as { opened: number }, events: {} as { type: 'open' } | { type: 'close' } | { type: 'lock' } | { type: 'knock' } },
  guards: { isUnlocked: () => true },
  actions: { countOpening: assign({ opened: ({ context }) => context.opened + 1 }), greet: () => {} },
}).createMachine({
  id: 'door',
  context: { opened: 0 },
  initial: 'closed',
  states: {
    closed: {
      initial: 'unlocked',
      on: { open: { guard: 'isUnlocked', target: 'open', actions: 'countOpening' }, knock: { actions: 'greet' } },
      states: { unlocked: { on: { lock: 'locked' } }, locked: { type: 'final' } },
    },
    open: { tags: ['visible'], on: { close: 'closed' } },
  },
});

describe('machine registry', () => {
  it('has an entry for every folder of src/machines, and names each machine once', () => {
    const folders = readdirSync(MACHINES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !NOT_MACHINES.includes(entry.name))
      .map((entry) => entry.name)
      .sort();
    const every = [...MACHINES, ...ADMIN_MACHINES];
    expect([...new Set(every.map((entry) => entry.folder))].sort()).toEqual(folders);
    expect(new Set(every.map((entry) => entry.name)).size).toBe(every.length);
  });

  it('has an export in docs/statecharts that matches each machine as it is now (npm run statecharts)', () => {
    const stale = [...MACHINES, ...ADMIN_MACHINES].filter(({ name, machine }) => {
      const file = new URL(`../../docs/statecharts/${name}.json`, import.meta.url);
      return !existsSync(file) || readFileSync(file, 'utf8') !== `${JSON.stringify(machine.toJSON(), null, 2)}\n`;
    });
    expect(stale.map(({ name }) => name)).toEqual([]);
  });
});

describe('graph extraction', () => {
  const graph = extractGraph(door);

  it('gives every state node with its parent, type and initial child', () => {
    expect(graph.nodes.map((node) => [node.id, node.parentId, node.type, node.initialId])).toEqual([
      ['door', null, 'compound', 'door.closed'],
      ['door.closed', 'door', 'compound', 'door.closed.unlocked'],
      ['door.closed.unlocked', 'door.closed', 'atomic', null],
      ['door.closed.locked', 'door.closed', 'final', null],
      ['door.open', 'door', 'atomic', null],
    ]);
    expect(graph.nodes.find((node) => node.id === 'door.open')?.tags).toEqual(['visible']);
  });

  it('labels transitions `event [guard] / actions` with named guards and actions', () => {
    expect(graph.transitions.map((t) => [t.sourceId, t.label, t.targetIds])).toEqual([
      ['door.closed', 'open [isUnlocked] / countOpening', ['door.open']],
      ['door.closed', 'knock / greet', []],
      ['door.closed.unlocked', 'lock', ['door.closed.locked']],
      ['door.open', 'close', ['door.closed']],
    ]);
  });

  it('reads composed guards the same once a bundler has renamed their functions', () => {
    const minified = <T extends object>(guard: T): T => Object.defineProperty(guard, 'name', { value: 'e' });
    expect(guardText(minified(not('isDemo')))).toBe('!isDemo');
    expect(guardText(minified(or(['isAdmin', minified(and(['isDemo', minified(not('isPublic'))]))])))).toBe('(isAdmin || (isDemo && !isPublic))');
  });

  it('finds the active nodes of a snapshot value', () => {
    expect([...activeNodeIds(graph, { closed: 'locked' })].sort()).toEqual(['door', 'door.closed', 'door.closed.locked']);
    expect([...activeNodeIds(graph, 'open')].sort()).toEqual(['door', 'door.open']);
  });
});

describe('elk layout', () => {
  it('places every state, nests children inside their parent, and routes every edge', async () => {
    const graph = extractGraph(door);
    const layout = await layoutGraph(graph);
    expect(layout.states.map((state) => state.node.id).sort()).toEqual(graph.nodes.map((node) => node.id).sort());
    const byId = new Map(layout.states.map((state) => [state.node.id, state]));
    for (const state of layout.states) {
      expect(state.width, state.node.id).toBeGreaterThan(0);
      expect(state.height, state.node.id).toBeGreaterThan(0);
      const parent = state.node.parentId ? byId.get(state.node.parentId) : undefined;
      if (parent) {
        expect(state.x).toBeGreaterThanOrEqual(parent.x);
        expect(state.y).toBeGreaterThanOrEqual(parent.y);
        expect(state.x + state.width).toBeLessThanOrEqual(parent.x + parent.width);
        expect(state.y + state.height).toBeLessThanOrEqual(parent.y + parent.height);
      }
    }
    // Two initial markers (door, closed); targeted transitions are edges, `knock` stays in its box.
    expect(layout.initials).toHaveLength(2);
    expect(layout.edges.filter((edge) => edge.transitionId)).toHaveLength(3);
    for (const edge of layout.edges) expect(edge.points.length, edge.id).toBeGreaterThanOrEqual(2);
    expect(byId.get('door.closed')?.lines).toContain('knock / greet');
    const svg = toSvgString(statechartSvg(layout, { title: 'door', description: 'test', active: new Set(['door.open']) }));
    expect(svg).toContain('<title id="sc-title">door</title>');
    expect(svg).toMatch(/class="sc-state sc-atomic sc-active" data-state="door.open"/);
  });

  it('lays out every registered machine', async () => {
    for (const entry of MACHINES) {
      const graph = extractGraph(entry.machine);
      const layout = await layoutGraph(graph);
      expect(layout.states, entry.name).toHaveLength(graph.nodes.length);
      expect(layout.width, entry.name).toBeGreaterThan(0);
    }
  });

  it('draws a machine without states as a single box', async () => {
    const layout = await layoutGraph(extractGraph(createMachine({ id: 'empty' })));
    expect(layout.states).toHaveLength(1);
  });
});

describe('drawing', () => {
  const tags = (node: SvgElement | string): string[] => (typeof node === 'string' ? [] : [node.tag, ...node.children.flatMap(tags)]);
  const attributeNames = (node: SvgElement | string): string[] =>
    typeof node === 'string' ? [] : [...Object.keys(node.attrs), ...node.children.flatMap(attributeNames)];

  it('carries no colours of its own in the app (the Content-Security-Policy refuses inline styles); an export embeds them', async () => {
    const layout = await layoutGraph(extractGraph(door));
    const svg = statechartSvg(layout, { title: 'door', description: 'test' });
    expect(tags(svg)).not.toContain('style');
    expect(attributeNames(svg)).not.toContain('style');
    expect(attributeNames(svg).filter((name) => ['fill', 'stroke', 'color'].includes(name))).toEqual([]);
    const file = toSvgString(standaloneSvg(svg));
    expect(file).toMatch(/^<svg [^>]*><title id="sc-title">door<\/title><desc id="sc-desc">test<\/desc><style>\.sc-diagram\{/);
    expect(file).toContain('.sc-active>rect{stroke:#1e7b34;stroke-width:3}');
    expect(tags(svg)).toEqual(tags(standaloneSvg(svg)).filter((tag) => tag !== 'style'));
  });
});

describe('zoom', () => {
  it('fits a phone-sized frame, keeps text readable in a wide one, never enlarges at first', () => {
    expect(scaleFor({ kind: 'auto' }, 343, 5966)).toBeCloseTo(343 / 5966);
    expect(scaleFor({ kind: 'auto' }, 960, 5966)).toBe(READABLE_SCALE);
    expect(scaleFor({ kind: 'auto' }, 960, 1000)).toBeCloseTo(0.96);
    expect(scaleFor({ kind: 'auto' }, 960, 300)).toBe(1);
    expect(scaleFor({ kind: 'fit' }, 960, 5966)).toBeCloseTo(960 / 5966);
    expect(scaleFor({ kind: 'scale', scale: 1.5 }, 343, 5966)).toBe(1.5);
  });

  it('steps through the levels, the fitted scale among them', () => {
    const fit = 343 / 5966;
    expect(zoomedIn(fit, fit)).toBe(0.1);
    expect(zoomedOut(0.1, fit)).toBe(fit);
    expect(zoomedOut(fit, fit)).toBeNull();
    expect(zoomedIn(0.8, 1)).toBe(1);
    expect(zoomedOut(0.8, 1)).toBe(0.75);
    expect(zoomedIn(2, 1)).toBeNull();
  });
});
