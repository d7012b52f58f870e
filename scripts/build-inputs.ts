import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What Vite reads to build the app; a change to any of them needs a new build. */
export const BUILD_INPUTS = ['src', 'public', 'index.html', 'admin.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];

/** Where the hash of the inputs of the build in dist/ is kept (dist/.vite is never served). */
export const stampPath = (root: string) => join(root, 'dist', '.vite', 'build-inputs');

/** A hash of the inputs' names and contents (not their times, which a checkout or a copy changes). */
export function inputsHash(root: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const files = inputs.flatMap((input) => {
    const path = join(root, input);
    if (!existsSync(path)) return [];
    if (!statSync(path).isDirectory()) return [path];
    return readdirSync(path, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  });
  const hash = createHash('sha256');
  for (const file of files.sort()) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** Whether dist/ holds a build of exactly these inputs. */
export function buildIsCurrent(root: string, hash: string): boolean {
  const stamp = stampPath(root);
  return existsSync(join(root, 'dist', 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
}
