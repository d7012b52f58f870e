import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, inputsHash, stampPath } from '../../scripts/build-inputs';

/** `npm start` rebuilds the app only when what Vite reads changed (scripts/build-if-changed.ts). */
describe('build inputs', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

  function project() {
    const root = mkdtempSync(join(tmpdir(), 'elp-build-'));
    roots.push(root);
    mkdirSync(join(root, 'src', 'views'), { recursive: true });
    writeFileSync(join(root, 'src', 'views', 'page.tsx'), 'export const page = 1;\n');
    writeFileSync(join(root, 'index.html'), '<!doctype html>\n');
    return root;
  }

  function built(root: string) {
    mkdirSync(join(root, 'dist', '.vite'), { recursive: true });
    writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html>\n');
    writeFileSync(stampPath(root), `${inputsHash(root)}\n`);
  }

  it('is current after a build and stays current when only file times change', () => {
    const root = project();
    expect(buildIsCurrent(root, inputsHash(root))).toBe(false);
    built(root);
    expect(buildIsCurrent(root, inputsHash(root))).toBe(true);
    utimesSync(join(root, 'src', 'views', 'page.tsx'), new Date(2001, 0, 1), new Date(2001, 0, 1));
    expect(buildIsCurrent(root, inputsHash(root))).toBe(true);
  });

  it('needs a build when a source changes, a file is added or renamed, or dist/ was emptied', () => {
    const root = project();
    built(root);
    writeFileSync(join(root, 'src', 'views', 'page.tsx'), 'export const page = 2;\n');
    expect(buildIsCurrent(root, inputsHash(root))).toBe(false);

    built(root);
    writeFileSync(join(root, 'src', 'views', 'other.tsx'), 'export const other = 1;\n');
    expect(buildIsCurrent(root, inputsHash(root))).toBe(false);

    built(root);
    const before = inputsHash(root);
    rmSync(join(root, 'src', 'views', 'other.tsx'));
    writeFileSync(join(root, 'src', 'views', 'renamed.tsx'), 'export const other = 1;\n');
    expect(inputsHash(root)).not.toBe(before);

    built(root);
    rmSync(join(root, 'dist', 'index.html'));
    expect(buildIsCurrent(root, inputsHash(root))).toBe(false);
  });
});
