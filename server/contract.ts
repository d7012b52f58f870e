import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { components, OperationTags, operations } from '../src/api/schema.d.ts';

/** The contract the routes, the request validation and these types all come from. */
export const specificationPath = fileURLToPath(new URL('../openapi.yaml', import.meta.url));

export type Schemas = components['schemas'];
export type OperationId = keyof operations;
/** The contract's tags; each is one route module, `server/routes/<tag>.ts`. */
export type Tag = keyof OperationTags;
export type { OperationTags };

type Contract = { tags: { name: string }[]; paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>> };

/**
 * The operationIds of each tag, in the contract's order (src/api/schema.d.ts's OperationTags is
 * generated from this). Every operation has exactly one tag of the contract's list, or this throws.
 */
export function readOperationTags(path = specificationPath): Map<string, string[]> {
  const contract = parse(readFileSync(path, 'utf8')) as Contract;
  const byTag = new Map(contract.tags.map(({ name }) => [name, [] as string[]]));
  for (const [route, item] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation.operationId) continue;
      const operations = operation.tags?.length === 1 ? byTag.get(operation.tags[0]!) : undefined;
      if (!operations) throw new Error(`${method.toUpperCase()} ${route}: an operation has exactly one tag of the contract's list`);
      operations.push(operation.operationId);
    }
  }
  return byTag;
}

export type Role = Schemas['Role'];
export type ResourceType = Schemas['ResourceType'];
export type CatalogItemStatus = Schemas['CatalogItemStatus'];
export type ExperienceLevel = Schemas['ExperienceLevel'];
export type NasotItemType = Schemas['NasotItem']['type'];
export type OrganizationType = Schemas['Organization']['type'];
export type SubscriptionStatus = Schemas['Subscription']['status'];
export type TransactionType = Schemas['Transaction']['type'];
export type TransactionStatus = Schemas['Transaction']['status'];
export type LearnerEventType = Schemas['LearnerEventType'];
export type AuditEntityType = Schemas['AuditEntityType'];
export type UploadKind = Schemas['UploadKind'];
export type ProgressFilter = components['parameters']['ProgressFilter'];

type Missing<T, V extends readonly T[]> = [Exclude<T, V[number]>] extends [never] ? unknown : { missing: Exclude<T, V[number]> };

/**
 * The values of a contract enum as a runtime list (for database columns): a value the contract
 * does not have does not compile, and neither does a list that leaves one out (the error names it).
 */
export function contractEnum<T extends string>() {
  return <const V extends readonly [T, ...T[]]>(values: V & Missing<T, V>): V => values;
}

/** The query string of an operation, as validated against the contract. */
export type QueryOf<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;
