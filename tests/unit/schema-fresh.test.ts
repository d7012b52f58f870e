import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSchema } from '../../scripts/gen-api.ts';
import { readOperationTags } from '../../server/contract.ts';

describe('generated API types', () => {
  it('src/api/schema.d.ts matches openapi.yaml (run npm run gen:api after changing the contract)', async () => {
    const committed = readFileSync(new URL('../../src/api/schema.d.ts', import.meta.url), 'utf8');
    expect(committed).toBe(await generateSchema());
  });

  it('groups the operations by their one tag, and refuses an operation with none, two or an unlisted one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-'));
    const contract = (tags: string) => {
      const path = join(dir, 'openapi.yaml');
      writeFileSync(path, `tags: [{ name: a }, { name: b }]\npaths:\n  /x:\n    get: { operationId: getX, tags: [ a ] }\n    post: { operationId: postX, ${tags} }\n`);
      return path;
    };
    expect([...readOperationTags(contract('tags: [ b ]'))]).toEqual([['a', ['getX']], ['b', ['postX']]]);
    for (const tags of ['tags: []', 'tags: [ a, b ]', 'tags: [ c ]', 'summary: none']) {
      expect(() => readOperationTags(contract(tags)), tags).toThrow('POST /x: an operation has exactly one tag');
    }
    rmSync(dir, { recursive: true });
  });
});
