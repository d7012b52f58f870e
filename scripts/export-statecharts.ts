// Writes every machine of the registry (src/machines/registry.ts) to docs/statecharts:
// `<name>.json` (the machine's own definition, `machine.toJSON()`), `<name>.md` (a Mermaid
// stateDiagram-v2 plus a table of every transition as `event [guard] / actions`) and
// `<name>.svg` (the viewer's elkjs layout and drawing). Run: npm run statecharts
import { mkdir, writeFile } from 'node:fs/promises';
import { extractGraph, nodePath, type GraphNode, type GraphTransition, type MachineGraph } from '@/lib/statecharts/graph';
import { layoutGraph } from '@/lib/statecharts/layout';
import { MACHINES } from '@/machines/registry';
import { ADMIN_MACHINES } from '@/machines/admin/admin.registry';
import { standaloneSvg, statechartSvg, toSvgString } from '@/lib/statecharts/svg';

const OUT_DIR = new URL('../docs/statecharts/', import.meta.url);

/** Mermaid ids are global and cannot hold dots: the path of keys below the root. */
function mermaidId(node: GraphNode): string {
  return node.path.length ? node.path.join('.').replace(/[^A-Za-z0-9]+/g, '_') : 'root';
}

function mermaidLabel(transition: GraphTransition): string {
  // Mermaid ends a statement at ';' and reads '#' as an entity.
  return transition.label.replace(/[;#]/g, ' ');
}

function mermaid(graph: MachineGraph): string {
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const childrenOf = (node: GraphNode) => graph.nodes.filter((child) => child.parentId === node.id);
  const lines = ['stateDiagram-v2'];
  const declare = (node: GraphNode, indent: string) => {
    for (const child of childrenOf(node)) {
      const id = mermaidId(child);
      const grandchildren = childrenOf(child);
      if (!grandchildren.length) {
        lines.push(`${indent}state "${child.key}" as ${id}`);
        if (child.tags.length) lines.push(`${indent}note right of ${id} : tags ${child.tags.join(', ')}`);
        if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
        continue;
      }
      lines.push(`${indent}state "${child.key}" as ${id} {`);
      if (child.type === 'parallel') {
        grandchildren.forEach((region, index) => {
          if (index > 0) lines.push(`${indent}  --`);
          lines.push(`${indent}  state "${region.key}" as ${mermaidId(region)} {`);
          const first = region.initialId ? byId.get(region.initialId) : undefined;
          if (first) lines.push(`${indent}    [*] --> ${mermaidId(first)}`);
          declare(region, `${indent}    `);
          lines.push(`${indent}  }`);
        });
      } else {
        const first = child.initialId ? byId.get(child.initialId) : undefined;
        if (first) lines.push(`${indent}  [*] --> ${mermaidId(first)}`);
        declare(child, `${indent}  `);
      }
      lines.push(`${indent}}`);
    }
  };
  const root = byId.get(graph.rootId);
  if (!root) return lines.join('\n');
  const first = root.initialId ? byId.get(root.initialId) : undefined;
  if (first) lines.push(`  [*] --> ${mermaidId(first)}`);
  declare(root, '  ');
  // Transitions go at the top level: Mermaid draws edges between nested states from there.
  for (const transition of graph.transitions) {
    const source = byId.get(transition.sourceId);
    if (!source) continue;
    const targets = transition.targetIds.length ? transition.targetIds : [transition.sourceId];
    for (const targetId of targets) {
      const target = byId.get(targetId);
      if (target) lines.push(`  ${mermaidId(source)} --> ${mermaidId(target)} : ${mermaidLabel(transition)}`);
    }
  }
  return lines.join('\n');
}

function table(graph: MachineGraph): string {
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const cell = (text: string) => text.replace(/\|/g, '\\|') || '—';
  const path = (id: string) => {
    const node = byId.get(id);
    return node ? nodePath(node) : id;
  };
  const lines = ['| from | event | guard | to | actions |', '|---|---|---|---|---|'];
  for (const row of graph.transitions) {
    const to = row.targetIds.length ? row.targetIds.map(path).join(', ') : '(stays)';
    lines.push(`| ${cell(path(row.sourceId))} | ${cell(row.event)} | ${cell(row.guard)} | ${cell(to)} | ${cell(row.actions.join(', '))} |`);
  }
  return lines.join('\n');
}

function statesList(graph: MachineGraph): string {
  return graph.nodes
    .filter((node) => node.path.length > 0)
    .map((node) => {
      const details = [
        node.type !== 'atomic' ? node.type : '',
        node.tags.length ? `tags: ${node.tags.join(', ')}` : '',
        node.invokes.length ? `invokes: ${node.invokes.join(', ')}` : '',
        node.entry.length ? `entry: ${node.entry.join(', ')}` : '',
      ].filter(Boolean);
      return `${'  '.repeat(node.path.length - 1)}- \`${node.key}\`${details.length ? ` (${details.join('; ')})` : ''}`;
    })
    .join('\n');
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  for (const { name, machine } of [...MACHINES, ...ADMIN_MACHINES]) {
    const graph = extractGraph(machine);
    await writeFile(new URL(`${name}.json`, OUT_DIR), `${JSON.stringify(machine.toJSON(), null, 2)}\n`);
    const markdown = [
      `# ${name} statechart`,
      '',
      `Generated by \`scripts/export-statecharts.ts\` from \`src/machines\`; do not edit by hand. Drawing: [${name}.svg](${name}.svg).`,
      '',
      '```mermaid',
      mermaid(graph),
      '```',
      '',
      '## States',
      '',
      statesList(graph),
      '',
      '## Transitions',
      '',
      table(graph),
      '',
    ].join('\n');
    await writeFile(new URL(`${name}.md`, OUT_DIR), markdown);
    const layout = await layoutGraph(graph);
    const svg = statechartSvg(layout, {
      title: `${name} statechart`,
      description: `${graph.nodes.length - 1} states and ${graph.transitions.length} transitions of the ${name} machine.`,
    });
    await writeFile(new URL(`${name}.svg`, OUT_DIR), `${toSvgString(standaloneSvg(svg))}\n`);
    console.log(`${name}: ${graph.transitions.length} transitions`);
  }
}

await main();
