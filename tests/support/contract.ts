import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import YAML from 'yaml';
import { specificationPath } from '../../server/contract.ts';

type Schema = Record<string, unknown>;
type Operation = {
  operationId: string;
  method: string;
  path: string;
  pattern: RegExp;
  security: unknown[] | undefined;
  parameters: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};

export const spec = YAML.parse(readFileSync(specificationPath, 'utf8')) as {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: Record<string, Record<string, Schema>>;
  security: unknown[];
};

/** Follows a local `$ref` (one level is all the spec uses outside schemas). */
export function deref<T>(node: T): T {
  const ref = (node as { $ref?: string })?.$ref;
  if (!ref) return node;
  const [, , section, name] = ref.split('/');
  return spec.components[section!]![name!] as T;
}

export const operations: Operation[] = Object.entries(spec.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    operationId: op.operationId as string,
    method: method.toUpperCase(),
    path,
    pattern: new RegExp(`^/api${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    security: op.security as unknown[] | undefined,
    parameters: ((op.parameters as unknown[]) ?? []).map((p) => deref(p as Operation['parameters'][number])),
    requestBody: op.requestBody as Operation['requestBody'],
    responses: Object.fromEntries(Object.entries(op.responses as Record<string, unknown>).map(([s, r]) => [s, deref(r as Operation['responses'][string])])),
  })),
);

export const operationById = new Map(operations.map((o) => [o.operationId, o]));

export function findOperation(method: string, url: string) {
  const path = url.split('?')[0]!;
  return operations.find((o) => o.method === method.toUpperCase() && o.pattern.test(path));
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats.default(ajv);
// RFC 3339 with the "T" and a zone: what the app's Date parsing and every client expects.
ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
ajv.addSchema({ $id: 'openapi', components: spec.components }, 'openapi');

const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** Validates a response body against the schema the contract gives for that status. */
export function validateResponse(operationId: string, status: number, contentType: string | undefined, body: unknown) {
  const op = operationById.get(operationId);
  if (!op) return [`unknown operation ${operationId}`];
  const response = op.responses[String(status)];
  if (!response) return [`status ${status} is not in the contract of ${operationId}`];
  if (!response.content) return body === '' || body === undefined ? [] : [`${operationId} ${status} must have no body`];
  const media = Object.keys(response.content).find((m) => contentType?.startsWith(m));
  if (!media) return [`content type ${contentType} is not in the contract of ${operationId} ${status}`];
  const schema = response.content[media]!.schema;
  if (media !== 'application/json') return [];
  const key = `${operationId}:${status}`;
  let validate = validators.get(key);
  if (!validate) {
    // Rewrite local refs to point into the registered components document.
    const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
    validate = ajv.compile(rebased);
    validators.set(key, validate);
  }
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
