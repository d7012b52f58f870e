import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { placeholderActor } from '@/machines/shared/placeholders';

// The one shape of data a screen or the app loads once and then keeps (spec §4: profile,
// subscriptions, reference data, learner progress; the catalogue's simpler screens): idle →
// loading → loaded | failed. A load asked for while one is in flight joins it (the state is
// already `loading` and ignores the request); a loaded resource answers from memory until it
// is reloaded or cleared. A save elsewhere can hand the new value in (`resource.set`), and a
// resource with a patch rule takes local patches, which survive a load that was in flight.
//
// Each resource is its own machine (its own id, drawn as its own statechart) made by
// `createResourceMachine`; the fetch is supplied at the edge like every other effect.

export type ResourceEvent<TData, TPatch = never> =
  /** Loads unless already loaded or loading. */
  | { type: 'resource.load' }
  /** Fetches again even when loaded (after a save elsewhere, or a retry). */
  | { type: 'resource.reload' }
  /** A save elsewhere answered the new value: no need to fetch it. */
  | { type: 'resource.set'; data: TData }
  /** A local change after an interaction; kept when a load in flight answers. */
  | { type: 'resource.patch'; patch: TPatch }
  /** Logout: forget the value; the next load fetches again. */
  | { type: 'resource.clear' };

export type ResourceEmitted<TData> = { type: 'resource.loaded'; data: TData } | { type: 'resource.failed'; error: unknown };

/** A patch as it was applied: stamped with the resource's clock, so a replay keeps its time. */
type StampedPatch<TPatch> = { patch: TPatch; at: number };

export type ResourceContext<TData, TParams, TPatch> = {
  /** What the fetch is asked for (an item's publicId; nothing for the signed-in user's own data). */
  params: TParams;
  data: TData | null;
  error: unknown;
  /** Patches applied before the server's copy arrived: applied again on top of it. */
  pending: StampedPatch<TPatch>[];
  now: () => number;
  loadOnStart: boolean;
};

export type ResourceInput<TParams> = ([TParams] extends [void] ? { params?: undefined } : { params: TParams }) & {
  /** Start loading at once (a screen's data), instead of waiting for `resource.load`. */
  loadOnStart?: boolean;
  /** Injectable clock (epoch milliseconds) for patches; defaults to Date.now. */
  now?: () => number;
};

export type ResourceOptions<TData, TPatch> = {
  id: string;
  /** How a local patch changes the value; `data` is null before the first load. */
  applyPatch?: (data: TData | null, patch: TPatch, at: number) => TData;
};

export function createResourceMachine<TData, TParams = void, TPatch = never>(options: ResourceOptions<TData, TPatch>) {
  const { applyPatch } = options;
  return setup({
    types: {
      context: {} as ResourceContext<TData, TParams, TPatch>,
      events: {} as ResourceEvent<TData, TPatch>,
      emitted: {} as ResourceEmitted<TData>,
      input: {} as ResourceInput<TParams> | undefined,
      tags: {} as 'loading',
    },
    actors: {
      fetch: placeholderActor<TData, unknown>('fetch'),
    },
    actions: {
      assignLoaded: assign(({ context }, params: { data: TData }) => ({
        data: applyPatch ? context.pending.reduce<TData>((data, p) => applyPatch(data, p.patch, p.at), params.data) : params.data,
        pending: [],
        error: null,
      })),
      assignSet: assign(({ event }) => {
        assertEvent(event, 'resource.set');
        return { data: event.data, pending: [], error: null };
      }),
      /** Before the server's copy is in: apply the patch and remember it for the copy to come. */
      patchAndRemember: assign(({ context, event }) => {
        assertEvent(event, 'resource.patch');
        if (!applyPatch) return {};
        const stamped = { patch: event.patch, at: context.now() };
        return { data: applyPatch(context.data, stamped.patch, stamped.at), pending: [...context.pending, stamped] };
      }),
      patch: assign(({ context, event }) => {
        assertEvent(event, 'resource.patch');
        return applyPatch ? { data: applyPatch(context.data, event.patch, context.now()) } : {};
      }),
      assignError: assign({ error: (_, params: { error: unknown }) => params.error }),
      announceLoaded: emit((_, params: { data: TData }) => ({ type: 'resource.loaded' as const, data: params.data })),
      announceFailed: emit((_, params: { error: unknown }) => ({ type: 'resource.failed' as const, error: params.error })),
      clear: assign({ data: null, error: null, pending: [] }),
      startedLoading: assign({ loadOnStart: false }),
    },
    guards: {
      loadOnStart: ({ context }) => context.loadOnStart,
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      params: (input as { params?: TParams } | undefined)?.params as TParams,
      data: null,
      error: null,
      pending: [],
      now: input?.now ?? Date.now,
      loadOnStart: input?.loadOnStart ?? false,
    }),
    initial: 'idle',
    on: {
      'resource.clear': { target: '.idle', actions: 'clear' },
      'resource.set': { target: '.loaded', actions: 'assignSet' },
      'resource.patch': { actions: 'patchAndRemember' },
    },
    states: {
      idle: {
        // Only the first time: a cleared resource waits to be asked again.
        always: { guard: 'loadOnStart', target: 'loading', actions: 'startedLoading' },
        on: { 'resource.load': 'loading', 'resource.reload': 'loading' },
      },
      loading: {
        tags: 'loading',
        invoke: {
          src: 'fetch',
          // The fetch's input is typed loosely inside this generic factory (XState cannot resolve
          // a generic actor input); each resource's provided fetch states its own.
          input: ({ context }: { context: ResourceContext<TData, TParams, TPatch> }) => context.params,
          onDone: {
            target: 'loaded',
            actions: [
              { type: 'assignLoaded', params: ({ event }) => ({ data: event.output }) },
              { type: 'announceLoaded', params: ({ event }) => ({ data: event.output }) },
            ],
          },
          onError: {
            target: 'failed',
            actions: [
              { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              { type: 'announceFailed', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        },
      },
      loaded: {
        on: { 'resource.reload': 'loading', 'resource.patch': { actions: 'patch' } },
      },
      failed: {
        on: { 'resource.load': 'loading', 'resource.reload': 'loading' },
      },
    },
  });
}

export type ResourceMachine<TData, TParams = void, TPatch = never> = ReturnType<typeof createResourceMachine<TData, TParams, TPatch>>;

/** A resource with its real fetch: `withFetch(profileMachine, (_, signal) => getProfile(api, { signal }))`. */
export function withFetch<TData, TParams, TPatch>(
  machine: ResourceMachine<TData, TParams, TPatch>,
  fetch: (params: TParams, signal: AbortSignal) => Promise<TData>,
): ResourceMachine<TData, TParams, TPatch> {
  return machine.provide({
    actors: { fetch: fromPromise<TData, unknown>(({ input, signal }) => fetch(input as TParams, signal)) },
  }) as ResourceMachine<TData, TParams, TPatch>;
}

/** The input of a screen's resource: fetch at once, for these params. */
export function loadAtStart<TParams = void>(...[params]: TParams extends void ? [] : [params: TParams]): ResourceInput<TParams> {
  return { params, loadOnStart: true } as ResourceInput<TParams>;
}
