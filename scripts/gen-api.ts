// Writes src/api/schema.d.ts from openapi.yaml (npm run gen:api): openapi-typescript's types,
// and the operations of each tag, which the server's route modules are typed by.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { readOperationTags, specificationPath } from '../server/contract.ts';

const OUTPUT = new URL('../src/api/schema.d.ts', import.meta.url);

export async function generateSchema(): Promise<string> {
  const tags = [...readOperationTags()].map(([tag, ids]) => `  ${JSON.stringify(tag)}: ${ids.map((id) => JSON.stringify(id)).join(' | ')};`);
  const inject = `/** The operationIds of each tag of the contract. */\nexport interface OperationTags {\n${tags.join('\n')}\n}`;
  return COMMENT_HEADER + astToString(await openapiTS(new URL(`file://${specificationPath}`), { inject }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUTPUT, await generateSchema());
  console.log(`${fileURLToPath(OUTPUT)} written from openapi.yaml`);
}
