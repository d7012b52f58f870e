import { ApiError, networkError, toApiError } from '@/api/errors';
import type { operations } from '@/api/schema';

// What every operation function shares (src/api/operations.ts, src/api/operations/*): the
// types read from the contract, and `unwrap`, the one way an answer is read.

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
export type CallOptions = { signal?: AbortSignal; headers?: Record<string, string> };

export type Outcome<Data> = { data?: Data; response: Response };

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

/**
 * A call's answer. An HTTP error never gets here: the client's error middleware has thrown it as
 * the ApiError of spec §8 (src/api/client.ts). What is left is a call that got no usable answer:
 * fetch itself failed (offline, refused, reset) or a success body was not JSON, or empty where the
 * contract has one; those become the generic ApiError. A cancellation stays what it is, so nobody
 * shows an error for a call they abandoned.
 */
export async function answer<Data>(pending: Promise<Outcome<Data>>): Promise<{ data: Data; response: Response }> {
  let outcome: Outcome<Data>;
  try {
    outcome = await pending;
  } catch (error) {
    if (error instanceof ApiError || isAbort(error)) throw error;
    throw networkError(error);
  }
  const { data, response } = outcome;
  // Only a 204 has no body (every operation without one answers 204).
  if (data === undefined && response.status !== 204) throw toApiError(response.status, undefined);
  return { data: data as Data, response };
}

/** The body of a call's answer: the one way every operation function reads one. */
export async function unwrap<Data>(pending: Promise<Outcome<Data>>): Promise<Data> {
  return (await answer(pending)).data;
}
