// Writes every machine of src/machines to docs/statecharts: `<name>.json` (the machine's own
// definition, `machine.toJSON()`) and `<name>.md` (a Mermaid stateDiagram-v2 plus a table of
// every transition as `event [guard] / actions`). Run: node --import tsx scripts/export-statecharts.ts
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { authMachine } from '@/machines/auth/auth.machine';
import { identityMachine } from '@/machines/identity/identity.machine';
import { navigationGuardMachine } from '@/machines/navigation-guard/navigation-guard.machine';
import { onboardingMachine } from '@/machines/onboarding/onboarding.machine';
import { personalizeMachine } from '@/machines/personalize/personalize.machine';
import { profileMachine } from '@/machines/profile/profile.machine';
import { rootMachine } from '@/machines/root/root.machine';
import { subscriptionsMachine } from '@/machines/subscriptions/subscriptions.machine';
import { referenceDataMachine } from '@/machines/reference-data/reference-data.machine';
import { emailVerificationMachine } from '@/machines/email-verification/email-verification.machine';
import { callbackMachine } from '@/machines/callback/callback.machine';

const MACHINES: Record<string, AnyStateMachine> = {
  auth: authMachine,
  identity: identityMachine,
  'navigation-guard': navigationGuardMachine,
  onboarding: onboardingMachine,
  personalize: personalizeMachine,
  profile: profileMachine,
  subscriptions: subscriptionsMachine,
  'reference-data': referenceDataMachine,
  'email-verification': emailVerificationMachine,
  callback: callbackMachine,
  root: rootMachine,
};

const OUT_DIR = fileURLToPath(new URL('../docs/statecharts/', import.meta.url));

// The parts of xstate's StateNode and TransitionDefinition this script reads. They are public
// properties, typed loosely here so the script does not depend on xstate's internal generics.
type Node = {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  states: Record<string, Node>;
  initial?: { target: Node[] };
  transitions: Map<string, Transition[]>;
  always?: Transition[];
  invoke: { id: string; src: unknown }[];
  tags: string[];
  entry: unknown[];
};
type Transition = { target?: Node[]; guard?: unknown; actions: unknown[]; eventType: string };

type Row = { source: Node; event: string; guard: string; targets: Node[]; actions: string[] };

function guardText(guard: unknown): string {
  if (guard === undefined || guard === null) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const composed = (guard as { guards?: unknown[] }).guards;
    if (Array.isArray(composed)) {
      const parts = composed.map(guardText);
      if (guard.name === 'not') return `!${parts[0] ?? ''}`;
      return `(${parts.join(guard.name === 'or' ? ' || ' : ' && ')})`;
    }
    return guard.name || 'inline';
  }
  if (typeof guard === 'object' && 'type' in guard) return String(guard.type);
  return 'inline';
}

function actionText(action: unknown): string {
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

function invokeSource(node: Node, id: string): string {
  const found = node.invoke.find((invoke) => invoke.id === id);
  return typeof found?.src === 'string' ? found.src : id;
}

/** Internal event names read as what they mean. */
function eventText(node: Node, eventType: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done?.[1]) return `done: ${invokeSource(node, done[1])}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error?.[1]) return `error: ${invokeSource(node, error[1])}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after?.[1]) return `after ${after[1]}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const child of Object.values(node.states)) walk(child, visit);
}

function rowsOf(root: Node): Row[] {
  const rows: Row[] = [];
  walk(root, (node) => {
    for (const [eventType, transitions] of node.transitions) {
      for (const transition of transitions) {
        rows.push({
          source: node,
          event: eventText(node, eventType),
          guard: guardText(transition.guard),
          targets: transition.target ?? [],
          actions: transition.actions.map(actionText),
        });
      }
    }
    for (const transition of node.always ?? []) {
      rows.push({
        source: node,
        event: 'always',
        guard: guardText(transition.guard),
        targets: transition.target ?? [],
        actions: transition.actions.map(actionText),
      });
    }
  });
  return rows;
}

/** Mermaid ids are global and cannot hold dots: the path of keys below the root. */
function mermaidId(root: Node, node: Node): string {
  if (node === root) return 'root';
  return node.id.slice(root.id.length + 1).replace(/[^A-Za-z0-9]+/g, '_');
}

function label(row: Row): string {
  const guard = row.guard ? ` [${row.guard}]` : '';
  const actions = row.actions.length ? ` / ${row.actions.join(', ')}` : '';
  // Mermaid ends a statement at ';' and reads '#' as an entity.
  return `${row.event}${guard}${actions}`.replace(/[;#]/g, ' ');
}

function mermaid(root: Node, rows: readonly Row[]): string {
  const lines = ['stateDiagram-v2'];
  const declare = (node: Node, indent: string) => {
    for (const child of Object.values(node.states)) {
      const id = mermaidId(root, child);
      const hasChildren = Object.keys(child.states).length > 0;
      if (!hasChildren) {
        lines.push(`${indent}state "${child.key}" as ${id}`);
        if (child.tags.length) lines.push(`${indent}note right of ${id} : tags ${child.tags.join(', ')}`);
        if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
        continue;
      }
      lines.push(`${indent}state "${child.key}" as ${id} {`);
      const regions = Object.values(child.states);
      if (child.type === 'parallel') {
        regions.forEach((region, index) => {
          if (index > 0) lines.push(`${indent}  --`);
          lines.push(`${indent}  state "${region.key}" as ${mermaidId(root, region)} {`);
          const first = region.initial?.target[0];
          if (first) lines.push(`${indent}    [*] --> ${mermaidId(root, first)}`);
          declare(region, `${indent}    `);
          lines.push(`${indent}  }`);
        });
      } else {
        const first = child.initial?.target[0];
        if (first) lines.push(`${indent}  [*] --> ${mermaidId(root, first)}`);
        declare(child, `${indent}  `);
      }
      lines.push(`${indent}}`);
    }
  };
  const first = root.initial?.target[0];
  if (first) lines.push(`  [*] --> ${mermaidId(root, first)}`);
  declare(root, '  ');
  // Transitions go at the top level: Mermaid draws edges between nested states from there.
  for (const row of rows) {
    const source = mermaidId(root, row.source);
    const targets = row.targets.length ? row.targets : [row.source];
    for (const target of targets) lines.push(`  ${source} --> ${mermaidId(root, target)} : ${label(row)}`);
  }
  return lines.join('\n');
}

function table(root: Node, rows: readonly Row[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|') || '—';
  const path = (node: Node) => (node === root ? '(machine)' : node.id.slice(root.id.length + 1));
  const lines = ['| from | event | guard | to | actions |', '|---|---|---|---|---|'];
  for (const row of rows) {
    const to = row.targets.length ? row.targets.map(path).join(', ') : '(stays)';
    lines.push(`| ${cell(path(row.source))} | ${cell(row.event)} | ${cell(row.guard)} | ${cell(to)} | ${cell(row.actions.join(', '))} |`);
  }
  return lines.join('\n');
}

function statesList(root: Node): string {
  const lines: string[] = [];
  walk(root, (node) => {
    if (node === root) return;
    const depth = node.id.split('.').length - root.id.split('.').length - 1;
    const details = [
      node.type !== 'atomic' ? node.type : '',
      node.tags.length ? `tags: ${node.tags.join(', ')}` : '',
      node.invoke.length ? `invokes: ${node.invoke.map((invoke) => invokeSource(node, invoke.id)).join(', ')}` : '',
      node.entry.length ? `entry: ${node.entry.map(actionText).join(', ')}` : '',
    ].filter(Boolean);
    lines.push(`${'  '.repeat(depth)}- \`${node.key}\`${details.length ? ` (${details.join('; ')})` : ''}`);
  });
  return lines.join('\n');
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  for (const [name, machine] of Object.entries(MACHINES)) {
    const root = machine.root as unknown as Node;
    const rows = rowsOf(root);
    await writeFile(new URL(`${name}.json`, `file://${OUT_DIR}`), `${JSON.stringify(machine.toJSON(), null, 2)}\n`);
    const markdown = [
      `# ${name} statechart`,
      '',
      `Generated by \`scripts/export-statecharts.ts\` from \`src/machines\`; do not edit by hand.`,
      '',
      '```mermaid',
      mermaid(root, rows),
      '```',
      '',
      '## States',
      '',
      statesList(root),
      '',
      '## Transitions',
      '',
      table(root, rows),
      '',
    ].join('\n');
    await writeFile(new URL(`${name}.md`, `file://${OUT_DIR}`), markdown);
    console.log(`${name}: ${rows.length} transitions`);
  }
}

await main();
