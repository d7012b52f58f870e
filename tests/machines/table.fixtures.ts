import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ALL_ROWS } from '@/lib/paging';
import { tableIntents } from '@/machines/table/table.intents';
import { tableMachine } from '@/machines/table/table.machine';
import { TABLE_MODEL } from '@/machines/table/table.model';
import type { FetchPageInput, TableInput, TablePage } from '@/machines/table/table.types';
import { flush } from './fixtures';

// A fake server for the users table (57 users, 4 named Ada, as the model says) and a fetch
// stub whose requests stay open until the test answers them, so a test decides the order in
// which answers arrive.

export type FakeUser = { id: string; email: string; firstName: string; lastName: string; createdAt: string };

const FIRST = ['Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Margaret', 'Tim', 'Radia', 'Ken'];
const LAST = ['Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Backus', 'Hamilton', 'Berners-Lee', 'Perlman', 'Thompson'];
const ADA_AT = new Set([3, 17, 31, 45]);

export const USERS: readonly FakeUser[] = Array.from({ length: TABLE_MODEL.total }, (_, i) => {
  const n = i + 1;
  const firstName = ADA_AT.has(n) ? 'Ada' : FIRST[n % FIRST.length]!;
  const lastName = LAST[(n * 7) % LAST.length]!;
  return {
    id: `u-${String(n).padStart(2, '0')}`,
    email: `${firstName}.${lastName}.${n}@example.org`.toLowerCase(),
    firstName,
    lastName,
    createdAt: new Date(Date.UTC(2026, 0, 1 + ((n * 11) % 57))).toISOString(),
  };
});

export const USER_SORT_KEYS = ['email', 'firstName', 'lastName', 'createdAt'] as const;

/** What GET /users would answer. */
export function servePage({ options, filter }: FetchPageInput): TablePage {
  const needle = filter.toLowerCase();
  const matching = USERS.filter(
    (user) => !needle || [user.email, user.firstName, user.lastName].some((value) => value.toLowerCase().includes(needle)),
  );
  const sort = options.sortBy[0];
  const sorted = sort
    ? [...matching].sort((a, b) => {
        const field = sort.key as keyof FakeUser;
        const byField = a[field].localeCompare(b[field]) || a.id.localeCompare(b.id);
        return sort.order === 'asc' ? byField : -byField;
      })
    : matching;
  const { page, itemsPerPage } = options;
  const items = itemsPerPage === ALL_ROWS ? sorted : sorted.slice((page - 1) * itemsPerPage, page * itemsPerPage);
  return { items, total: matching.length };
}

export type FetchCall = {
  input: FetchPageInput;
  signal: AbortSignal;
  settled: boolean;
  resolve: (page: TablePage) => void;
  reject: (error: unknown) => void;
};

export function controllableFetch() {
  const calls: FetchCall[] = [];
  const logic = fromPromise<TablePage, FetchPageInput>(
    ({ input, signal }) =>
      new Promise<TablePage>((resolve, reject) => {
        const call: FetchCall = {
          input,
          signal,
          settled: false,
          resolve: (page) => {
            call.settled = true;
            resolve(page);
          },
          reject: (error) => {
            call.settled = true;
            reject(error);
          },
        };
        calls.push(call);
      }),
  );
  const pending = () => calls.filter((call) => !call.settled);
  const latest = () => {
    const call = calls.at(-1);
    if (!call) throw new Error('no request was made');
    return call;
  };
  return {
    logic,
    calls,
    latest,
    pending,
    /** Answers every open request, oldest first, as a slow network might: only the newest may count. */
    async answerAll(serve: (input: FetchPageInput) => TablePage = servePage) {
      for (const call of pending()) call.resolve(serve(call.input));
      await flush();
    },
    async failLatest(error: unknown = new Error('Something went wrong, please try again later')) {
      latest().reject(error);
      await flush();
    },
  };
}

export function startTable(input: Partial<TableInput> = {}) {
  const fetch = controllableFetch();
  const clock = new SimulatedClock();
  const address = { search: input.url?.search ?? '' };
  const replaced: string[] = [];
  const actor = createActor(
    tableMachine.provide({
      actors: { fetchPage: fetch.logic },
      actions: {
        replaceQuery: (_, params: { search: string }) => {
          replaced.push(params.search);
          address.search = params.search;
        },
      },
    }),
    { input: { sortKeys: USER_SORT_KEYS, ...input }, clock },
  ).start();
  return {
    actor,
    fetch,
    clock,
    /** The address bar: what replaceQuery last wrote, or what the test navigated to. */
    address,
    replaced,
    intents: tableIntents((event) => actor.send(event)),
    context: () => actor.getSnapshot().context,
    /** Moves the address bar as back/forward would and tells the table. */
    navigate(search: string) {
      address.search = search;
      actor.send({ type: 'table.urlChanged', search });
    },
  };
}

export const userIds = (page: TablePage | { rows: readonly { id?: unknown }[] }) =>
  ('items' in page ? page.items : page.rows).map((row) => String(row.id));
