import type { Reporter, TestModule } from 'vitest/node';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ModelCoverage } from './model';

const MODEL_TESTS = fileURLToPath(new URL('../machines/', import.meta.url));

// Prints, after `npm run test:model`, what the model-based paths covered per machine: states and
// transitions reached out of all of them. The numbers come from the tests themselves
// (tests/support/model.ts, `expectFullCoverage`), so a machine whose paths fail shows too. Then
// how many statecharts of the registries (src/machines/registry.ts and the admin site's) were
// walked; when every model test ran, one that was not fails the run.

export default class ModelCoverageReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const rows: ModelCoverage[] = [];
    let statecharts: { name: string; machine: string }[] | undefined;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const coverage = test.meta().modelCoverage;
        if (coverage) rows.push(coverage);
        statecharts ??= test.meta().statecharts;
      }
    }
    if (!rows.length) return;
    rows.sort((a, b) => a.machine.localeCompare(b.machine));
    const pct = (covered: number, total: number) => (total === 0 ? '100%' : `${Math.floor((covered / total) * 100)}%`);
    const width = Math.max(...rows.map((row) => row.machine.length), 'machine'.length);
    const line = (cells: string[]) => `  ${cells[0]!.padEnd(width)}  ${cells[1]!.padStart(14)}  ${cells[2]!.padStart(19)}  ${cells[3]!.padStart(6)}`;
    const out = ['', 'Model-based paths: coverage per machine', line(['machine', 'states', 'transitions', 'paths'])];
    for (const row of rows) {
      out.push(
        line([
          row.machine,
          `${row.states.covered}/${row.states.total} ${pct(row.states.covered, row.states.total)}`,
          `${row.transitions.covered}/${row.transitions.total} ${pct(row.transitions.covered, row.transitions.total)}`,
          String(row.paths),
        ]),
      );
    }
    const states = rows.reduce((n, row) => n + row.states.covered, 0);
    const statesTotal = rows.reduce((n, row) => n + row.states.total, 0);
    const transitions = rows.reduce((n, row) => n + row.transitions.covered, 0);
    const transitionsTotal = rows.reduce((n, row) => n + row.transitions.total, 0);
    out.push(line([`${rows.length} machines`, `${states}/${statesTotal}`, `${transitions}/${transitionsTotal}`, String(rows.reduce((n, row) => n + row.paths, 0))]), '');
    if (statecharts) {
      // A statechart is walked when its machine's walk reached every state and transition.
      const complete = new Set(rows.filter((row) => !row.states.missing.length && !row.transitions.missing.length).map((row) => row.machine));
      const missing = statecharts.filter((chart) => !complete.has(chart.machine));
      out.push(`Statecharts walked at 100 % of states and transitions: ${statecharts.length - missing.length} of ${statecharts.length}`);
      if (missing.length) {
        out.push(`  not walked: ${missing.map((chart) => chart.name).join(', ')}`);
        const allModelTests = readdirSync(MODEL_TESTS).filter((file) => file.endsWith('.model.test.ts')).length;
        const ran = new Set(testModules.map((module) => module.moduleId).filter((id) => id.endsWith('.model.test.ts'))).size;
        if (ran === allModelTests) process.exitCode = 1;
      }
      out.push('');
    }
    console.log(out.join('\n'));
  }
}
