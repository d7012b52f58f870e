import { existsSync, readFileSync } from 'node:fs';

/**
 * The route → screen module map of src/views/lazy-screens.ts, read from its
 * `name: () => import('@/views/screens/x')` lines (name → src/views/screens/x). The build
 * (vite.config.ts, the screens' preload lists) and scripts/bundle-report.ts both read it.
 */
export function readLazyScreens(path: string | URL): Map<string, string> {
  if (!existsSync(path)) return new Map();
  const map = new Map<string, string>();
  const line = /^\s*'?([\w-]+)'?\s*:\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/gm;
  for (const [, name, specifier] of readFileSync(path, 'utf8').matchAll(line)) map.set(name!, specifier!.replace(/^@\//, 'src/'));
  return map;
}
