import { FONT_SIZE, LINE_HEIGHT, type PlacedEdge, type PlacedState, type StatechartLayout } from '@/lib/statecharts/layout';

// The drawing of a laid-out statechart as a small element tree: the viewer renders it with
// React, the export script serialises it to an .svg file. The tree carries only `sc-` classes,
// never colours: inside the app a stylesheet of the viewer colours it (the app's
// Content-Security-Policy refuses inline styles, and the theme decides the colours), while an
// exported file is standalone and gets the light colours below as an embedded style.

export type SvgElement = { tag: string; attrs: Record<string, string | number>; children: (SvgElement | string)[] };

const el = (tag: string, attrs: SvgElement['attrs'] = {}, ...children: (SvgElement | string)[]): SvgElement => ({ tag, attrs, children });

/** The colours of an exported file; the viewer's own rules (theme variables) mirror these names. */
export const STANDALONE_STYLE = [
  '.sc-diagram{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px;background:#ffffff}',
  '.sc-state rect{fill:#ffffff;stroke:#4a5568;stroke-width:1.5}',
  '.sc-compound>rect{fill:#f7f9fc}',
  '.sc-region>rect{stroke-dasharray:6 4;fill:#fbfcfe}',
  '.sc-final rect.sc-inner{fill:none}',
  '.sc-active>rect{stroke:#1e7b34;stroke-width:3}',
  '.sc-active:not(.sc-compound)>rect:first-of-type{fill:#e6f4ea}',
  '.sc-title{font-weight:700;fill:#1a202c}',
  '.sc-line{fill:#4a5568}',
  '.sc-edge path{fill:none;stroke:#5a6b82;stroke-width:1.3}',
  '.sc-label rect{fill:#ffffff;fill-opacity:.92;stroke:none}',
  '.sc-label text{fill:#1f3a8a}',
  '.sc-initial{fill:#1a202c}',
  '.sc-arrow{fill:#5a6b82}',
].join('');

function points(edge: PlacedEdge): string {
  return edge.points.map((point, index) => `${index ? 'L' : 'M'}${point.x.toFixed(1)} ${point.y.toFixed(1)}`).join(' ');
}

function stateElement(state: PlacedState, active: ReadonlySet<string>, parentType: string | undefined): SvgElement {
  const classes = ['sc-state', `sc-${state.node.type}`];
  if (state.compound) classes.push('sc-compound');
  if (parentType === 'parallel') classes.push('sc-region');
  if (active.has(state.node.id)) classes.push('sc-active');
  const title = state.node.key || state.node.id;
  const children: SvgElement[] = [
    el('rect', { x: state.x, y: state.y, width: state.width, height: state.height, rx: 8 }),
  ];
  if (state.node.type === 'final') {
    children.push(el('rect', { class: 'sc-inner', x: state.x + 4, y: state.y + 4, width: state.width - 8, height: state.height - 8, rx: 6 }));
  }
  children.push(el('text', { class: 'sc-title', x: state.x + 10, y: state.y + 17 }, title));
  state.lines.forEach((line, index) => {
    children.push(el('text', { class: 'sc-line', x: state.x + 10, y: state.y + 17 + (index + 1) * LINE_HEIGHT }, line));
  });
  return el('g', { class: classes.join(' '), 'data-state': state.node.id }, ...children);
}

/** The statechart as an SVG tree; `active` holds the ids of the state nodes to highlight. */
export function statechartSvg(layout: StatechartLayout, options: { title: string; description: string; active?: ReadonlySet<string> }): SvgElement {
  const active = options.active ?? new Set<string>();
  const typeOf = new Map(layout.states.map((state) => [state.node.id, state.node.type]));
  const arrow = el(
    'marker',
    { id: 'sc-arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 8, markerHeight: 8, orient: 'auto-start-reverse' },
    el('path', { class: 'sc-arrow', d: 'M0 0L10 5L0 10z' }),
  );
  const states = layout.states.map((state) => stateElement(state, active, state.node.parentId ? typeOf.get(state.node.parentId) : undefined));
  const initials = layout.initials.map((initial) =>
    el('circle', { class: 'sc-initial', cx: initial.x + initial.width / 2, cy: initial.y + initial.height / 2, r: initial.width / 2 }),
  );
  const edges = layout.edges.map((edge) => el('g', { class: 'sc-edge', 'data-transition': edge.transitionId ?? 'initial' }, el('path', { d: points(edge), 'marker-end': 'url(#sc-arrow)' })));
  const labels = layout.edges.flatMap((edge) => {
    const label = edge.label;
    if (!label) return [];
    return [
      el(
        'g',
        { class: 'sc-label' },
        el('rect', { x: label.x, y: label.y, width: label.width, height: label.height, rx: 3 }),
        ...label.lines.map((line, index) => el('text', { x: label.x + 4, y: label.y + FONT_SIZE + 1 + index * LINE_HEIGHT }, line)),
      ),
    ];
  });
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      class: 'sc-diagram',
      width: layout.width,
      height: layout.height,
      viewBox: `0 0 ${layout.width} ${layout.height}`,
      role: 'img',
      'aria-labelledby': 'sc-title sc-desc',
    },
    el('title', { id: 'sc-title' }, options.title),
    el('desc', { id: 'sc-desc' }, options.description),
    el('defs', {}, arrow),
    ...states,
    ...initials,
    ...edges,
    ...labels,
  );
}

/** The drawing as a file of its own: the same tree with its colours embedded after the title and description. */
export function standaloneSvg(svg: SvgElement): SvgElement {
  const at = svg.children.findIndex((child) => typeof child !== 'string' && child.tag === 'defs');
  const children = [...svg.children];
  children.splice(at === -1 ? 0 : at, 0, el('style', {}, STANDALONE_STYLE));
  return { ...svg, children };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function toSvgString(node: SvgElement | string): string {
  if (typeof node === 'string') return escapeXml(node);
  const attrs = Object.entries(node.attrs)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join('');
  const inner = node.tag === 'style' ? node.children.join('') : node.children.map(toSvgString).join('');
  return `<${node.tag}${attrs}>${inner}</${node.tag}>`;
}
