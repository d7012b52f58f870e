import { assign, sendParent, sendTo, setup } from 'xstate';
import { size } from '@/lib/validation/rules';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import { tableMachine } from '@/machines/table/table.machine';
import { toRosterProblem } from './roster-problem';
import { rosterSourceMachine } from './roster-source.machine';
import {
  firstAccountKind,
  historyTableInput,
  reviewTableInput,
  ROSTER_SIZE_LIMIT_KB,
  type RosterAccountKind,
  type RosterContext,
  type RosterEvent,
  type RosterFile,
  type RosterImport,
  type RosterInput,
} from './roster.types';

// A district's roster (OneRoster): a zip is checked for size here, sent for a dry run, and the
// dry run reviewed — counts, seats, the account changes of each kind and the invalid rows, both
// paged on the server by tables that are the review's children — before "Apply", asked for
// twice, applies it. A pending dry run of the history (an earlier upload, a pull) opens in the
// same review. The screen owns the import history (a table) and the REST endpoint (a machine of
// its own), whose pulls come back here to be reviewed. Nothing changes until "Apply" is confirmed.

/** The REST endpoint: what it pulled comes here, to be reviewed (or told, when it applied itself). */
export const rosterSource = rosterSourceMachine.provide({
  actions: { notifyPulled: sendParent((_, { result }: { result: RosterImport }) => ({ type: 'roster.pulled', result })) },
});

const sizeRule = size(ROSTER_SIZE_LIMIT_KB);
const chosen = ({ event }: { event: Extract<RosterEvent, { type: 'roster.choose' }> }) => ({ file: event.file });
const dryRunOf = ({ event }: { event: { output: RosterImport } }) => ({ dryRun: event.output });
const problemOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const rosterMachine = setup({
  types: {
    context: {} as RosterContext,
    events: {} as RosterEvent,
    input: {} as RosterInput,
    tags: {} as 'busy' | 'applying',
  },
  actors: {
    uploadRoster: placeholderActor<RosterImport, { organizationId: string; file: RosterFile }>('uploadRoster'),
    fetchImport: placeholderActor<RosterImport, { organizationId: string; importId: string }>('fetchImport'),
    applyImport: placeholderActor<RosterImport, { organizationId: string; importId: string }>('applyImport'),
    historyTable: tableMachine,
    accountsTable: tableMachine,
    invalidTable: tableMachine,
    rosterSource,
  },
  guards: {
    isTooLarge: (_, params: { file: RosterFile }) => sizeRule(params.file, 'File') !== true,
    hasFile: ({ context }) => context.file !== null,
    wasApplied: (_, params: { result: RosterImport }) => params.result.status === 'APPLIED',
    changesKind: ({ context }, params: { kind: RosterAccountKind }) => context.accountKind !== params.kind,
  },
  actions: {
    rejectFile: assign((_, params: { file: RosterFile }) => ({
      file: null,
      dryRun: null,
      problem: { message: `${sizeRule(params.file, 'File') as string}. Export the roster without classes, enrollments and results, or zip it again.`, code: 'FILE_TOO_LARGE' },
    })),
    takeFile: assign((_, params: { file: RosterFile }) => ({ file: params.file, dryRun: null, applied: null, problem: null })),
    assignOpening: assign((_, params: { importId: string }) => ({ opening: params.importId, file: null, dryRun: null, applied: null, problem: null })),
    assignDryRun: assign((_, params: { dryRun: RosterImport }) => ({ dryRun: params.dryRun, accountKind: firstAccountKind(params.dryRun.counts), opening: null, problem: null })),
    assignApplied: assign((_, params: { result: RosterImport }) => ({ applied: params.result, dryRun: null, file: null, problem: null })),
    assignKind: assign((_, params: { kind: RosterAccountKind }) => ({ accountKind: params.kind })),
    assignProblem: assign((_, params: { error: unknown }) => ({ problem: toRosterProblem(params.error), opening: null })),
    clearProblem: assign({ problem: null }),
    closeReview: assign({ dryRun: null, problem: null }),
    showKind: sendTo('accountsTable', ({ context }) => ({
      type: 'table.setScope' as const,
      scope: { organizationId: context.organizationId, importId: context.dryRun?.id ?? null, kind: context.accountKind },
    })),
    refreshHistory: sendTo('historyTable', { type: 'table.refresh' as const }),
    /** The success snackbar: what was applied, in numbers. */
    notifyApplied: placeholderAction<{ result: RosterImport }>('notifyApplied'),
  },
}).createMachine({
  id: 'roster',
  context: ({ input }) => ({ organizationId: input.organizationId, file: null, dryRun: null, applied: null, opening: null, accountKind: 'ADD', problem: null }),
  invoke: [
    { id: 'historyTable', src: 'historyTable', input: ({ context }) => historyTableInput(context.organizationId) },
    { id: 'rosterSource', src: 'rosterSource', input: ({ context }) => ({ organizationId: context.organizationId }) },
  ],
  initial: 'idle',
  on: {
    'roster.choose': [
      { guard: { type: 'isTooLarge', params: chosen }, target: '.idle', actions: { type: 'rejectFile', params: chosen } },
      { target: '.uploading', actions: { type: 'takeFile', params: chosen } },
    ],
    'roster.open': { target: '.opening', actions: { type: 'assignOpening', params: ({ event }) => ({ importId: event.importId }) } },
    'roster.pulled': [
      {
        guard: { type: 'wasApplied', params: ({ event }) => ({ result: event.result }) },
        target: '.idle',
        actions: [{ type: 'assignApplied', params: ({ event }) => ({ result: event.result }) }, { type: 'notifyApplied', params: ({ event }) => ({ result: event.result }) }, 'refreshHistory'],
      },
      { target: '.reviewing', actions: [{ type: 'assignDryRun', params: ({ event }) => ({ dryRun: event.result }) }, 'refreshHistory'] },
    ],
  },
  states: {
    idle: {},
    uploading: {
      tags: 'busy',
      invoke: {
        src: 'uploadRoster',
        input: ({ context }) => ({ organizationId: context.organizationId, file: context.file! }),
        // A new dry run replaces the district's pending one: the history shows both.
        onDone: { target: 'reviewing', actions: [{ type: 'assignDryRun', params: dryRunOf }, 'refreshHistory'] },
        onError: { target: 'idle', actions: { type: 'assignProblem', params: problemOf } },
      },
    },
    opening: {
      tags: 'busy',
      invoke: {
        src: 'fetchImport',
        input: ({ context }) => ({ organizationId: context.organizationId, importId: context.opening! }),
        onDone: { target: 'reviewing', actions: { type: 'assignDryRun', params: dryRunOf } },
        onError: { target: 'idle', actions: { type: 'assignProblem', params: problemOf } },
      },
    },
    // The review's tables page the import's lists on the server; they start with the review.
    reviewing: {
      invoke: [
        { id: 'accountsTable', src: 'accountsTable', input: ({ context }) => reviewTableInput(context.organizationId, context.dryRun!.id, context.accountKind) },
        { id: 'invalidTable', src: 'invalidTable', input: ({ context }) => reviewTableInput(context.organizationId, context.dryRun!.id) },
      ],
      initial: 'looking',
      on: {
        'roster.showKind': {
          guard: { type: 'changesKind', params: ({ event }) => ({ kind: event.kind }) },
          actions: [{ type: 'assignKind', params: ({ event }) => ({ kind: event.kind }) }, 'showKind'],
        },
        'roster.close': { target: 'idle', actions: 'closeReview' },
        'roster.recheck': { guard: 'hasFile', target: 'uploading', actions: 'clearProblem' },
      },
      states: {
        looking: { on: { 'roster.apply': { target: 'confirming', actions: 'clearProblem' } } },
        confirming: { on: { 'roster.confirm': 'applying', 'roster.cancel': 'looking' } },
        applying: {
          tags: ['busy', 'applying'],
          // Once sent, an apply is seen through: nothing else starts until its answer is in.
          on: { 'roster.choose': {}, 'roster.open': {}, 'roster.close': {}, 'roster.recheck': {} },
          invoke: {
            src: 'applyImport',
            input: ({ context }) => ({ organizationId: context.organizationId, importId: context.dryRun!.id }),
            onDone: {
              target: '#roster.idle',
              actions: [
                { type: 'assignApplied', params: ({ event }) => ({ result: event.output }) },
                { type: 'notifyApplied', params: ({ event }) => ({ result: event.output }) },
                'refreshHistory',
              ],
            },
            // ROSTER_CHANGED, SUPERSEDED, ALREADY_APPLIED: the review says so; the history shows why.
            onError: { target: 'looking', actions: [{ type: 'assignProblem', params: problemOf }, 'refreshHistory'] },
          },
        },
      },
    },
  },
});

export type RosterMachine = typeof rosterMachine;
