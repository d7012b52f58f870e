import { assign, enqueueActions, sendParent, sendTo, setup, stopChild } from 'xstate';
import { parseRange } from '@/lib/date-range';
import { toSortAscParams } from '@/lib/paging';
import { formMachine } from '@/machines/form/form.machine';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import { tableMachine } from '@/machines/table/table.machine';
import type { TableContext } from '@/machines/table/table.types';
import { bulkInviteMachine, type ImportResult } from './bulk-invite.machine';
import { schoolSearchMachine, type School } from './school-search.machine';
import {
  inviteFormInput,
  parseMemberStatus,
  USER_SORT_KEYS,
  usersTableInput,
  type ExportQuery,
  type FrameworkUsage,
  type Member,
  type UsageContext,
  type UsageEvent,
  type UsageInput,
  type UsageReport,
  type UsageScope,
  type MemberStatus,
} from './usage.types';

// The Educator Usage page (spec §2). Its scope — the school (district admins pick one;
// none means the whole district, or a school admin's own school) and the date range — decides
// every figure: the cards and the heatmap (two loads side by side, so the cards never wait for
// the heavier heatmap) load again whenever it changes (a change while a load is in flight
// cancels it: the root transition re-enters `loading`), and the Active Users
// table, a child table machine, is told its new scope (back to page 1). The range is kept in the
// address bar. Dialogs (invite one educator, invite from a CSV file) open over the page. The page
// owns what it talks to: the table, the school pickers, each dialog's form or import are its
// children, started and stopped with the state that shows them, and they answer to it (their
// parent); it then tells the user and reloads the table to show who was invited.

/** The page's school picker: a choice is the school every figure is about. */
export const pageSchoolPicker = schoolSearchMachine.provide({
  actions: { notifyPicked: sendParent((_, { school }: { school: School | null }) => ({ type: 'usage.pickSchool', school })) },
});

/** The invite dialog's school picker: a choice is where the invitation goes. */
export const inviteSchoolPicker = schoolSearchMachine.provide({
  actions: { notifyPicked: sendParent((_, { school }: { school: School | null }) => ({ type: 'usage.pickInviteSchool', school })) },
});

/** The invite dialog's form: once the server took it, the page hears who was invited. */
export const inviteForm = formMachine.provide({
  actions: { submitted: sendParent((_, { result }: { result: unknown }) => ({ type: 'usage.invited', member: result as Member })) },
});

/** The CSV import: once educators were invited, the page hears how many. */
export const bulkInvite = bulkInviteMachine.provide({
  actions: { notifyImported: sendParent((_, { result }: { result: ImportResult }) => ({ type: 'usage.imported', result })) },
});

const statusToUrl = { type: 'writeMemberStatus', params: ({ context }: { context: UsageContext }) => ({ status: context.memberStatus }) } as const;

export const usageMachine = setup({
  types: {
    context: {} as UsageContext,
    events: {} as UsageEvent,
    input: {} as UsageInput,
    tags: {} as 'loading' | 'loadingFramework' | 'exporting' | 'resending',
  },
  actors: {
    fetchReport: placeholderActor<UsageReport, UsageScope>('fetchReport'),
    fetchFramework: placeholderActor<FrameworkUsage, UsageScope>('fetchFramework'),
    exportUsers: placeholderActor<void, ExportQuery>('exportUsers'),
    resendInvitation: placeholderActor<Member, Member>('resendInvitation'),
    usersTable: tableMachine,
    schoolPicker: pageSchoolPicker,
    inviteSchoolPicker,
    inviteForm,
    bulkInvite,
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
    assignMemberStatus: assign((_, params: { status: MemberStatus }) => ({ memberStatus: params.status })),
    /** The invited are not active yet: after an invitation the table shows them, if it showed the active only. */
    showInvited: assign(({ context }) => ({ memberStatus: context.memberStatus === 'ACTIVE' ? ('NOT_ACTIVE' as const) : context.memberStatus })),
    rescopeTable: sendTo('usersTable', ({ context }) => ({
      type: 'table.setScope' as const,
      scope: { organizationId: context.scope.school?.id ?? null, status: context.memberStatus },
    })),
    refreshTable: sendTo('usersTable', { type: 'table.refresh' as const }),
    /** The invite dialog's picker chose: the form sends the invitation there. */
    setInviteSchool: sendTo('inviteForm', (_, params: { school: School | null }) => ({
      type: 'form.change' as const,
      field: 'organizationId',
      value: params.school?.id ?? '',
    })),
    assignResending: assign((_, params: { member: Member | null }) => ({ resending: params.member })),
    /** Success snackbars: who was invited, how many from the file, whose invitation went again. */
    notifyInvited: placeholderAction<{ member: Member }>('notifyInvited'),
    notifyImported: placeholderAction<{ result: ImportResult }>('notifyImported'),
    notifyResent: placeholderAction<{ member: Member }>('notifyResent'),
    /** Writes the range into the address bar (a replace: no history entry per choice). */
    writeRange: placeholderAction<{ range: UsageScope['range'] }>('writeRange'),
    /** Writes the table's tab into the address bar, as the range. */
    writeMemberStatus: placeholderAction<{ status: MemberStatus }>('writeMemberStatus'),
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
    resending: null,
    memberStatus: parseMemberStatus(input.search),
  }),
  invoke: {
    id: 'usersTable',
    src: 'usersTable',
    input: ({ context }) => usersTableInput(context.search, context.scope.school?.id ?? null, context.memberStatus),
  },
  // District admins pick a school (spec §2); a school admin's page is about their own school.
  entry: enqueueActions(({ context, enqueue }) => {
    if (context.isDistrictAdmin) enqueue.spawnChild('schoolPicker', { id: 'schoolPicker', input: { selected: context.scope.school } });
  }),
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
    'usage.setMemberStatus': {
      actions: [{ type: 'assignMemberStatus', params: ({ event }) => ({ status: event.status }) }, 'rescopeTable', statusToUrl],
    },
    'usage.invited': {
      target: '.dialog.closed',
      actions: [{ type: 'notifyInvited', params: ({ event }) => ({ member: event.member }) }, 'showInvited', 'rescopeTable', statusToUrl],
    },
    'usage.imported': { actions: [{ type: 'notifyImported', params: ({ event }) => ({ result: event.result }) }, 'showInvited', 'rescopeTable', statusToUrl] },
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
        // The form starts at the page's school; a district admin may choose another in the dialog.
        invite: {
          invoke: { id: 'inviteForm', src: 'inviteForm', input: ({ context }) => inviteFormInput(context.scope.school) },
          entry: enqueueActions(({ context, enqueue }) => {
            if (context.isDistrictAdmin) enqueue.spawnChild('inviteSchoolPicker', { id: 'inviteSchoolPicker', input: { selected: context.scope.school } });
          }),
          exit: stopChild('inviteSchoolPicker'),
          on: {
            'usage.closeDialog': 'closed',
            'usage.pickInviteSchool': { actions: { type: 'setInviteSchool', params: ({ event }) => ({ school: event.school }) } },
          },
        },
        // The educators in the file join the page's school (else the admin's own organization).
        import: {
          invoke: { id: 'bulkInvite', src: 'bulkInvite', input: ({ context }) => ({ organizationId: context.scope.school?.id ?? null }) },
          on: { 'usage.closeDialog': 'closed' },
        },
      },
    },
    resend: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'usage.resend': { target: 'sending', actions: { type: 'assignResending', params: ({ event }) => ({ member: event.member }) } } },
        },
        sending: {
          tags: 'resending',
          invoke: {
            src: 'resendInvitation',
            input: ({ context }) => context.resending!,
            onDone: {
              target: 'idle',
              actions: [
                { type: 'notifyResent', params: ({ event }) => ({ member: event.output }) },
                'refreshTable',
                { type: 'assignResending', params: { member: null } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'notifyError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignResending', params: { member: null } }],
            },
          },
        },
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

/** The rows the table shows now, every page: its tab, search text and sort, the page's school. */
export function exportQuery(context: Pick<UsageContext, 'scope' | 'memberStatus'>, table: Pick<TableContext, 'filter' | 'options'> | undefined): ExportQuery {
  return {
    filter: table?.filter.trim() ?? '',
    organizationId: context.scope.school?.id ?? null,
    status: context.memberStatus,
    ...toSortAscParams(table?.options.sortBy ?? [], USER_SORT_KEYS),
  };
}

export type UsageMachine = typeof usageMachine;
