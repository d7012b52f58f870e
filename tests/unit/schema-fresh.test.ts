import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const normalize = (s: string) => s.split('\n').filter((l) => l.trim() !== '').join('\n');

describe('generated API types', () => {
  it('src/api/schema.d.ts matches openapi.yaml (run npm run gen:api after changing the contract)', async () => {
    const ast = await openapiTS(new URL('openapi.yaml', root));
    const generated = astToString(ast);
    const committed = readFileSync(fileURLToPath(new URL('src/api/schema.d.ts', root)), 'utf8');
    // The CLI adds a banner; compare the type declarations themselves.
    const body = (s: string) => normalize(s.slice(s.indexOf('export ')));
    expect(body(committed)).toBe(body(generated));
  });
});
