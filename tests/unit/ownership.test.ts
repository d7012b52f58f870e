import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Actors own the actors they talk to (children they start, whose answers come back to them); the
// registry of running screen actors (`services.live`) is there for the statechart viewer to draw
// them, not for one screen to reach another by name. Effects tell other actors through the
// receiving machine's intents, never by assembling its events.

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory()) return sources(`${path}/`);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const relative = (path: string) => path.slice(SRC.length);

describe('ownership', () => {
  it('only the statechart viewer reads the registry of running screen actors', () => {
    const readers = sources()
      .filter((path) => /\blive\.(get|subscribe)\b/.test(readFileSync(path, 'utf8')))
      .map(relative);
    expect(readers).toEqual(['views/statecharts/statechart-viewer.tsx']);
  });

  it('effects talk to other actors through their intents, not raw events', () => {
    const effectFiles = sources(`${SRC}machines/`).filter((path) => /\.(actors|forms)\.ts$/.test(path));
    expect(effectFiles.length).toBeGreaterThan(20);
    const raw = effectFiles.filter((path) => /\.send\(\s*\{/.test(readFileSync(path, 'utf8'))).map(relative);
    expect(raw).toEqual([]);
  });
});
