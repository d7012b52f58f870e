import { assign, sendParent, setup } from 'xstate';
import { formMachine } from '@/machines/form/form.machine';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import { toRosterProblem } from './roster-problem';
import { rosterSourceFormInput, type RosterImport, type RosterSource, type RosterSourceContext, type RosterSourceEvent, type RosterSourceInputs } from './roster.types';

// A district's OneRoster REST endpoint, a child of the roster screen: loaded, then its form
// (saving answers the endpoint as now, which restarts the form with it), "Pull now" (the pulled
// dry run goes to the screen, which reviews it; the endpoint is read again for its last result,
// which also notes a failed pull) and "Remove", asked for twice.

/** The endpoint's form: once the server took it, the endpoint machine hears the endpoint as now. */
export const rosterSourceForm = formMachine.provide({
  actions: { submitted: sendParent((_, { result }: { result: unknown }) => ({ type: 'source.saved', source: result as RosterSource })) },
});

export const rosterSourceMachine = setup({
  types: {
    context: {} as RosterSourceContext,
    events: {} as RosterSourceEvent,
    input: {} as RosterSourceInputs,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    fetchSource: placeholderActor<RosterSource | null, { organizationId: string }>('fetchSource'),
    pullSource: placeholderActor<RosterImport, { organizationId: string }>('pullSource'),
    removeSource: placeholderActor<void, { organizationId: string }>('removeSource'),
    sourceForm: rosterSourceForm,
  },
  actions: {
    assignSource: assign((_, params: { source: RosterSource | null }) => ({ source: params.source })),
    assignProblem: assign((_, params: { error: unknown }) => ({ problem: toRosterProblem(params.error) })),
    clearProblem: assign({ problem: null }),
    /** The pull's dry run (or the import it applied) goes to the screen that owns the endpoint. */
    notifyPulled: placeholderAction<{ result: RosterImport }>('notifyPulled'),
    /** Success snackbars: the endpoint saved, removed. */
    notifySaved: placeholderAction<{ source: RosterSource }>('notifySaved'),
    notifyRemoved: placeholderAction('notifyRemoved'),
  },
  guards: {
    hasSource: ({ context }) => context.source !== null,
  },
}).createMachine({
  id: 'rosterSource',
  context: ({ input }) => ({ organizationId: input.organizationId, source: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'fetchSource',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: { target: 'ready', actions: { type: 'assignSource', params: ({ event }) => ({ source: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'source.retry': { target: 'loading', actions: 'clearProblem' } },
    },
    // The form starts from the endpoint as set; a save re-enters, so it starts again from the saved one.
    ready: {
      invoke: { id: 'sourceForm', src: 'sourceForm', input: ({ context }) => rosterSourceFormInput(context.organizationId, context.source) },
      initial: 'idle',
      on: {
        'source.saved': {
          target: 'ready',
          reenter: true,
          actions: [
            { type: 'assignSource', params: ({ event }) => ({ source: event.source }) },
            'clearProblem',
            { type: 'notifySaved', params: ({ event }) => ({ source: event.source }) },
          ],
        },
      },
      states: {
        idle: {
          on: {
            'source.pull': { guard: 'hasSource', target: 'pulling', actions: 'clearProblem' },
            'source.remove': { guard: 'hasSource', target: 'confirmingRemove', actions: 'clearProblem' },
          },
        },
        pulling: {
          tags: 'busy',
          invoke: {
            src: 'pullSource',
            input: ({ context }) => ({ organizationId: context.organizationId }),
            onDone: { target: '#rosterSource.loading', actions: { type: 'notifyPulled', params: ({ event }) => ({ result: event.output }) } },
            // The failure is noted as the endpoint's last result too: read it again, keep the words.
            onError: { target: '#rosterSource.loading', actions: { type: 'assignProblem', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        confirmingRemove: {
          on: { 'source.confirmRemove': 'removing', 'source.cancel': 'idle' },
        },
        removing: {
          tags: 'busy',
          invoke: {
            src: 'removeSource',
            input: ({ context }) => ({ organizationId: context.organizationId }),
            onDone: { target: '#rosterSource.ready', reenter: true, actions: [{ type: 'assignSource', params: { source: null } }, 'notifyRemoved'] },
            onError: { target: 'idle', actions: { type: 'assignProblem', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type RosterSourceMachine = typeof rosterSourceMachine;
