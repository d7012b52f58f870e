/**
 * `npm start`'s first step: builds the single-page app only when its inputs changed since the
 * last build (scripts/build-inputs.ts), so a second start, or a start after `npm test`, serves at
 * once. `--force` builds regardless. It also keeps a migrated PGlite template for the current
 * migrations (server/db/template.ts), so a new data directory does not wait for an initdb.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildIsCurrent, inputsHash, stampPath } from './build-inputs.ts';
import { hasTemplate } from '../server/db/template.ts';

const root = process.cwd();
const hash = inputsHash(root);
if (buildIsCurrent(root, hash) && !process.argv.includes('--force')) {
  console.log('The app build in dist/ is up to date.');
} else {
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampPath(root), `${hash}\n`);
}

// Only the embedded database needs it; made once per set of migrations (about 5 s, then reused).
// The database modules are loaded only to make one (about 0.6 s of every start otherwise).
if (!process.env.DATABASE_URL && !hasTemplate()) {
  const { ensurePgliteTemplate } = await import('../server/db/client.ts');
  if (await ensurePgliteTemplate()) console.log('Made the database template for new data directories.');
}
