import { assign, setup } from 'xstate';
import { placeholderActor } from '@/machines/shared/placeholders';
import type { LearnerProgress, ProgressContext, ProgressEvent, ProgressInput, ProgressPatch } from './progress.types';

// Learner progress of spec §4: loaded once, then patched locally per catalogue item, so screens
// reflect an interaction at once without fetching the list again.

function emptyProgress(catalogItemId: string, at: string): LearnerProgress {
  return {
    catalogItemId,
    lastInteractionAt: at,
    areReproduciblesDownloaded: false,
    isCatalogItemRated: false,
    isRubricScoreSaved: false,
    isStrategyApplied: false,
    videoProgress: 0,
    videoPosition: 0,
  };
}

function patched(context: ProgressContext, catalogItemId: string, patch: ProgressPatch): Record<string, LearnerProgress> {
  const at = new Date(context.now()).toISOString();
  const current = context.byItemId[catalogItemId] ?? emptyProgress(catalogItemId, at);
  return { ...context.byItemId, [catalogItemId]: { ...current, ...patch, catalogItemId, lastInteractionAt: at } };
}

export const progressMachine = setup({
  types: {
    context: {} as ProgressContext,
    events: {} as ProgressEvent,
    input: {} as ProgressInput | undefined,
    tags: {} as 'loading',
  },
  actors: {
    fetchProgress: placeholderActor<LearnerProgress[]>('fetchProgress'),
  },
  actions: {
    applyPatch: assign({
      byItemId: ({ context }, params: { catalogItemId: string; patch: ProgressPatch }) =>
        patched(context, params.catalogItemId, params.patch),
    }),
    setLoaded: assign({
      // Patches made while the list was in flight are newer than the server's copy: keep them.
      byItemId: ({ context }, params: { items: LearnerProgress[] }) => ({
        ...Object.fromEntries(params.items.map((item) => [item.catalogItemId, item])),
        ...context.byItemId,
      }),
      error: null,
    }),
    clear: assign({ byItemId: {}, error: null }),
  },
}).createMachine({
  id: 'progress',
  context: ({ input }) => ({ byItemId: {}, error: null, now: input?.now ?? Date.now }),
  initial: 'idle',
  on: {
    'progress.patch': {
      actions: { type: 'applyPatch', params: ({ event }) => ({ catalogItemId: event.catalogItemId, patch: event.patch }) },
    },
    'progress.clear': { target: '.idle', actions: 'clear' },
  },
  states: {
    idle: { on: { 'progress.load': 'loading' } },
    loading: {
      tags: 'loading',
      invoke: {
        src: 'fetchProgress',
        onDone: { target: 'loaded', actions: { type: 'setLoaded', params: ({ event }) => ({ items: event.output }) } },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    loaded: {},
    failed: { on: { 'progress.load': 'loading' } },
  },
});

export type ProgressMachine = typeof progressMachine;
