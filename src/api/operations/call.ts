import { networkError } from '@/api/errors';
import type { operations } from '@/api/schema';

// What every operation function shares (src/api/operations.ts, src/api/operations/*): the
// types read from the contract and the handling of a call that got no HTTP answer.

type OperationId = keyof operations;
type Responses<O extends OperationId> = operations[O]['responses'];
type JsonContent<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body of an operation's success response. */
export type ResponseBody<O extends OperationId> = JsonContent<
  Responses<O>[Extract<keyof Responses<O>, 200 | 201 | 202>]
>;
/** The JSON request body of an operation. */
export type RequestBody<O extends OperationId> = operations[O] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
export type QueryParams<O extends OperationId> = NonNullable<operations[O]['parameters']['query']>;
export type PathParams<O extends OperationId> = NonNullable<operations[O]['parameters']['path']>;

/** A page of a list that carries its total. */
export type Page<Item> = { items: Item[]; total: number };

/** Lets a caller (an XState `fromPromise` actor) cancel a call it no longer needs. */
export type CallOptions = { signal?: AbortSignal };

type Outcome<Data> = { data?: Data; error?: unknown; response: Response };

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

/**
 * openapi-fetch resolves every HTTP answer but rejects when fetch itself fails (offline, refused,
 * reset) or a success body is not JSON; those become the generic ApiError of spec §8. A
 * cancellation stays what it is, so nobody shows an error for a call they abandoned.
 */
export async function settle<Data>(pending: Promise<Outcome<Data>>): Promise<Outcome<Data>> {
  try {
    return await pending;
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkError(error);
  }
}
