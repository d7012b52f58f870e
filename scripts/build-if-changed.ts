/**
 * `npm start`'s first step: builds the single-page app only when its inputs changed since the
 * last build, so a second start (or a start right after `npm test`) serves at once.
 *
 * The inputs are the files Vite reads (src, public, index.html, the Vite and TypeScript configs)
 * and the locked dependencies; their contents are hashed (not their times, which a checkout or a
 * copy changes) and the hash is kept in dist/.vite/build-inputs next to the build it describes.
 * `--force` builds regardless.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.cwd();
const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
// Inside dist/.vite, which the server never serves (dot-directories are skipped).
const STAMP = join(root, 'dist', '.vite', 'build-inputs');

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  const entries = readdirSync(path, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

export function inputsHash(): string {
  const hash = createHash('sha256');
  const all = INPUTS.flatMap((input) => {
    const path = join(root, input);
    return existsSync(path) && !readdirSafe(path) ? [path] : files(path);
  }).sort();
  for (const file of all) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function readdirSafe(path: string): boolean {
  try {
    readdirSync(path);
    return true;
  } catch {
    return false;
  }
}

const wanted = inputsHash();
const built = existsSync(STAMP) && existsSync(join(root, 'dist', 'index.html')) ? readFileSync(STAMP, 'utf8').trim() : null;
if (built === wanted && !process.argv.includes('--force')) {
  console.log('The app build in dist/ is up to date.');
} else {
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, `${wanted}\n`);
}
