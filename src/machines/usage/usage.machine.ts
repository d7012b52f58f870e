import { assign, sendTo, setup } from 'xstate';
import { parseRange } from '@/lib/date-range';
import { toSortAscParams } from '@/lib/paging';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import { tableMachine } from '@/machines/table/table.machine';
import type { TableContext } from '@/machines/table/table.types';
import type { School } from './school-search.machine';
import {
  USER_SORT_KEYS,
  usersTableInput,
  type ExportQuery,
  type FrameworkUsage,
  type UsageContext,
  type UsageEvent,
  type UsageInput,
  type UsageReport,
  type UsageScope,
} from './usage.types';

// The Educator Usage page (spec §2, issue 13). Its scope — the school (district admins pick one;
// none means the whole district, or a school admin's own school) and the date range — decides
// every figure: the cards and the heatmap (two loads side by side, so the cards never wait for
// the heavier heatmap) load again whenever it changes (a change while a load is in flight
// cancels it: the root transition re-enters `loading`), and the Active Users
// table, a child table machine, is told its new scope (back to page 1). The range is kept in the
// address bar. Dialogs (invite one educator, invite from a CSV file) open over the page; their
// forms report back here, and the table then shows who was invited.

export const usageMachine = setup({
  types: {
    context: {} as UsageContext,
    events: {} as UsageEvent,
    input: {} as UsageInput,
    tags: {} as 'loading' | 'loadingFramework' | 'exporting',
  },
  actors: {
    fetchReport: placeholderActor<UsageReport, UsageScope>('fetchReport'),
    fetchFramework: placeholderActor<FrameworkUsage, UsageScope>('fetchFramework'),
    exportUsers: placeholderActor<void, ExportQuery>('exportUsers'),
    usersTable: tableMachine,
  },
  guards: {
    changesSchool: ({ context }, params: { school: School | null }) => (params.school?.id ?? null) !== (context.scope.school?.id ?? null),
  },
  actions: {
    assignSchool: assign(({ context }, params: { school: School | null }) => ({ scope: { ...context.scope, school: params.school } })),
    assignRange: assign(({ context }, params: { range: UsageScope['range'] }) => ({ scope: { ...context.scope, range: params.range } })),
    assignReport: assign((_, params: { report: UsageReport }) => ({ report: params.report, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    assignFramework: assign((_, params: { framework: FrameworkUsage }) => ({ framework: params.framework, frameworkError: null })),
    assignFrameworkError: assign((_, params: { error: unknown }) => ({ frameworkError: params.error })),
    rescopeTable: sendTo('usersTable', ({ context }) => ({ type: 'table.setScope' as const, scope: { organizationId: context.scope.school?.id ?? null } })),
    refreshTable: sendTo('usersTable', { type: 'table.refresh' as const }),
    /** Writes the range into the address bar (a replace: no history entry per choice). */
    writeRange: placeholderAction<{ range: UsageScope['range'] }>('writeRange'),
    /** The export's failure as an error snackbar (spec §8). */
    notifyError: placeholderAction<{ error: unknown }>('notifyError'),
  },
}).createMachine({
  id: 'usage',
  context: ({ input }) => ({
    scope: { school: null, range: parseRange(input.search, input.today) },
    isDistrictAdmin: input.isDistrictAdmin,
    report: null,
    framework: null,
    error: null,
    frameworkError: null,
    search: input.search,
  }),
  invoke: { id: 'usersTable', src: 'usersTable', input: ({ context }) => usersTableInput(context.search, context.scope.school?.id ?? null) },
  type: 'parallel',
  on: {
    'usage.pickSchool': {
      guard: { type: 'changesSchool', params: ({ event }) => ({ school: event.school }) },
      target: ['.figures.loading', '.framework.loading'],
      actions: [{ type: 'assignSchool', params: ({ event }) => ({ school: event.school }) }, 'rescopeTable'],
    },
    'usage.setRange': {
      target: ['.figures.loading', '.framework.loading'],
      actions: [
        { type: 'assignRange', params: ({ event }) => ({ range: event.range }) },
        { type: 'writeRange', params: ({ event }) => ({ range: event.range }) },
      ],
    },
    'usage.invited': { target: '.dialog.closed', actions: 'refreshTable' },
    'usage.membersChanged': { actions: 'refreshTable' },
  },
  states: {
    figures: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'loading',
          invoke: {
            src: 'fetchReport',
            input: ({ context }) => context.scope,
            onDone: { target: 'ready', actions: { type: 'assignReport', params: ({ event }) => ({ report: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {},
        failed: { on: { 'usage.retry': 'loading' } },
      },
    },
    framework: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'loadingFramework',
          invoke: {
            src: 'fetchFramework',
            input: ({ context }) => context.scope,
            onDone: { target: 'ready', actions: { type: 'assignFramework', params: ({ event }) => ({ framework: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignFrameworkError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {},
        failed: { on: { 'usage.retry': 'loading' } },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'usage.openInvite': 'invite', 'usage.openImport': 'import' },
        },
        invite: { on: { 'usage.closeDialog': 'closed' } },
        import: { on: { 'usage.closeDialog': 'closed' } },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'usage.export': 'exporting' } },
        exporting: {
          tags: 'exporting',
          invoke: {
            src: 'exportUsers',
            input: ({ context, self }) => exportQuery(context, self.getSnapshot().children.usersTable?.getSnapshot().context),
            onDone: 'idle',
            onError: { target: 'idle', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

/** The rows the table shows now, every page: its search text and sort, the page's school. */
export function exportQuery(context: Pick<UsageContext, 'scope'>, table: Pick<TableContext, 'filter' | 'options'> | undefined): ExportQuery {
  return {
    filter: table?.filter.trim() ?? '',
    organizationId: context.scope.school?.id ?? null,
    ...toSortAscParams(table?.options.sortBy ?? [], USER_SORT_KEYS),
  };
}

export type UsageMachine = typeof usageMachine;
