import { createElement, type ReactElement } from 'react';
import type { SvgElement } from '@/lib/statecharts/svg';

// Renders the drawing's element tree (src/lib/statecharts/svg.ts) as React elements: the same
// tree the export script writes to .svg files, with SVG attribute names turned into React's.

function propName(name: string): string {
  if (name === 'class') return 'className';
  if (name.startsWith('aria-') || name.startsWith('data-') || name === 'xmlns') return name;
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

export function SvgTree({ node }: { node: SvgElement }): ReactElement {
  const props: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(node.attrs)) props[propName(name)] = value;
  const children = node.children.map((child, index) => (typeof child === 'string' ? child : <SvgTree key={index} node={child} />));
  return createElement(node.tag, props, ...children);
}
