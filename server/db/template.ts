import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

// A new PGlite data directory costs an initdb (4–6 s on a 2-core machine) plus the migrations.
// A migrated, empty data directory is kept as a tarball (about 5 MB gzip) next to the installed
// packages, keyed by the PGlite version and the migrations' contents; a new data directory is
// unpacked from it in under a second. It holds no data: the demo seed still runs on start.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where templates are kept: the conventional cache folder of node_modules (npm ci empties it). */
export const TEMPLATE_DIR = join(ROOT, 'node_modules', '.cache', 'educator-learning-platform', 'pglite');

/** The migrations (here, so that checking for a template does not load the database modules). */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** A key that changes whenever the template would: another PGlite, or any migration file. */
export function templateKey(migrationsFolder: string): string {
  const require = createRequire(import.meta.url);
  const pglite = JSON.parse(readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8')) as { version: string };
  const hash = createHash('sha256').update(`pglite ${pglite.version}\0`);
  const files = readdirSync(migrationsFolder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(file.slice(migrationsFolder.length)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 24);
}

export const templateFile = (key: string, dir = TEMPLATE_DIR) => join(dir, `${key}.tar.gz`);

/** Whether a template for the current migrations is kept. */
export const hasTemplate = (dir = TEMPLATE_DIR) => existsSync(templateFile(templateKey(migrationsFolder), dir));

/**
 * The template as an uncompressed tarball, or null when there is none for this key. It is
 * unpacked here (about 0.1 s), so a damaged file is found before PGlite reads it, and dropped.
 */
export function readTemplate(key: string, dir = TEMPLATE_DIR): Blob | null {
  const file = templateFile(key, dir);
  if (!existsSync(file)) return null;
  try {
    return new Blob([gunzipSync(readFileSync(file))]);
  } catch {
    removeTemplate(key, dir);
    return null;
  }
}

/**
 * Keeps a template (written to a temporary name, then renamed, so several processes creating it at
 * once never leave a half-written one). A folder that cannot be written only costs the speed-up.
 */
export function writeTemplate(key: string, bytes: Uint8Array, dir = TEMPLATE_DIR): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    const file = templateFile(key, dir);
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    // Templates of older migrations are of no further use.
    for (const name of readdirSync(dir)) if (name.endsWith('.tar.gz') && name !== `${key}.tar.gz`) rmSync(join(dir, name), { force: true });
    return true;
  } catch {
    return false;
  }
}

export function removeTemplate(key: string, dir = TEMPLATE_DIR): void {
  rmSync(templateFile(key, dir), { force: true });
}
