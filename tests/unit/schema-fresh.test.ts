import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateSchema } from '../../scripts/gen-api.ts';

describe('generated API types', () => {
  it('src/api/schema.d.ts matches openapi.yaml (run npm run gen:api after changing the contract)', async () => {
    const committed = readFileSync(new URL('../../src/api/schema.d.ts', import.meta.url), 'utf8');
    expect(committed).toBe(await generateSchema());
  });
});
