import { setup, assign } from 'xstate';
import type { components } from '@/api/schema';
import { placeholderActor } from '@/machines/shared/placeholders';

// Reference data of spec §4: nasot items and audiences, each fetched once. Each list has its
// own region (its own initialized flag); a load asked for while one is in flight joins it,
// because the region is already in `loading` and ignores the request.

export type NasotItem = components['schemas']['NasotItem'];
export type Audience = components['schemas']['Audience'];

export type ReferenceDataContext = {
  nasotItems: NasotItem[];
  audiences: Audience[];
  nasotError: unknown;
  audiencesError: unknown;
};

export type ReferenceDataEvent =
  /** Both lists; a loaded list is not fetched again. */
  | { type: 'referenceData.load' }
  | { type: 'nasot.load' }
  | { type: 'audiences.load' };

export const referenceDataMachine = setup({
  types: {
    context: {} as ReferenceDataContext,
    events: {} as ReferenceDataEvent,
    tags: {} as 'loading',
  },
  actors: {
    fetchNasotItems: placeholderActor<NasotItem[]>('fetchNasotItems'),
    fetchAudiences: placeholderActor<Audience[]>('fetchAudiences'),
  },
}).createMachine({
  id: 'referenceData',
  type: 'parallel',
  context: { nasotItems: [], audiences: [], nasotError: null, audiencesError: null },
  states: {
    nasot: {
      initial: 'idle',
      states: {
        idle: { on: { 'referenceData.load': 'loading', 'nasot.load': 'loading' } },
        loading: {
          tags: 'loading',
          invoke: {
            src: 'fetchNasotItems',
            onDone: { target: 'loaded', actions: assign({ nasotItems: ({ event }) => event.output, nasotError: null }) },
            onError: { target: 'failed', actions: assign({ nasotError: ({ event }) => event.error }) },
          },
        },
        loaded: {},
        failed: { on: { 'referenceData.load': 'loading', 'nasot.load': 'loading' } },
      },
    },
    audiences: {
      initial: 'idle',
      states: {
        idle: { on: { 'referenceData.load': 'loading', 'audiences.load': 'loading' } },
        loading: {
          tags: 'loading',
          invoke: {
            src: 'fetchAudiences',
            onDone: { target: 'loaded', actions: assign({ audiences: ({ event }) => event.output, audiencesError: null }) },
            onError: { target: 'failed', actions: assign({ audiencesError: ({ event }) => event.error }) },
          },
        },
        loaded: {},
        failed: { on: { 'referenceData.load': 'loading', 'audiences.load': 'loading' } },
      },
    },
  },
});

export type ReferenceDataMachine = typeof referenceDataMachine;
