import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { presetRange } from '@/lib/date-range';
import { tableMachine } from '@/machines/table/table.machine';
import type { FetchPageInput, TablePage } from '@/machines/table/table.types';
import { bulkInviteMachine, type CsvFile, type ImportRequest, type ImportResult } from '@/machines/usage/bulk-invite.machine';
import { SCHOOL_SEARCH_DEBOUNCE_MS, schoolSearchMachine, type School } from '@/machines/usage/school-search.machine';
import { usageMachine } from '@/machines/usage/usage.machine';
import type { FrameworkUsage, Member, UsageEvent, UsageReport } from '@/machines/usage/usage.types';
import { controllableActors, effectFreeModel, expectFullCoverage, settle, simulatedClock, walkModel } from '../support/model';

// The Educator Usage statecharts walked path by path on the real machines (QA's model-based
// tests): the page (figures, dialogs, export), the school search (300 ms debounce on a
// simulated clock, run 1 ms short first) and the CSV import (size rule, dry run, send).

const MAPLE: School = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Maple Grove Elementary' };
const TODAY = new Date(2026, 10, 23);
const REPORT = { organizationId: null } as unknown as UsageReport;
const FRAMEWORK = { elements: [] } as unknown as FrameworkUsage;
const MEMBER = { id: '00000000-0000-4000-8000-0000000000e1', email: 'ada@example.org', organizationId: MAPLE.id } as Member;
const IMPORTED = { invited: 2, valid: [], invalid: [] } as unknown as ImportResult;

describe('usage page, model-based', () => {
  type ModelEvent =
    | UsageEvent
    | { type: 'model.done.fetchReport'; output: UsageReport }
    | { type: 'model.error.fetchReport'; error: unknown }
    | { type: 'model.done.fetchFramework'; output: FrameworkUsage }
    | { type: 'model.error.fetchFramework'; error: unknown }
    | { type: 'model.done.exportUsers' }
    | { type: 'model.error.exportUsers'; error: unknown }
    | { type: 'model.done.resendInvitation'; output: Member }
    | { type: 'model.error.resendInvitation'; error: unknown };

  const EVENTS: ModelEvent[] = [
    { type: 'usage.pickSchool', school: MAPLE },
    { type: 'usage.pickSchool', school: null },
    { type: 'usage.setRange', range: presetRange('90', TODAY) },
    { type: 'usage.retry' },
    { type: 'usage.openInvite' },
    { type: 'usage.openImport' },
    { type: 'usage.closeDialog' },
    { type: 'usage.pickInviteSchool', school: MAPLE },
    { type: 'usage.invited', member: MEMBER },
    { type: 'usage.imported', result: IMPORTED },
    { type: 'usage.resend', member: MEMBER },
    { type: 'usage.export' },
    { type: 'usage.setMemberStatus', status: 'NOT_ACTIVE' },
    { type: 'usage.setMemberStatus', status: 'ALL' },
    { type: 'model.done.fetchReport', output: REPORT },
    { type: 'model.error.fetchReport', error: new Error('offline') },
    { type: 'model.done.fetchFramework', output: FRAMEWORK },
    { type: 'model.error.fetchFramework', error: new Error('offline') },
    { type: 'model.done.exportUsers' },
    { type: 'model.error.exportUsers', error: new Error('offline') },
    { type: 'model.done.resendInvitation', output: MEMBER },
    { type: 'model.error.resendInvitation', error: new Error('offline') },
  ];

  it('walks every transition of the statechart on the real machine', async (context) => {
    // The Active Users table and the invite form are children the model has not got: telling
    // them is a no-op there (the driver checks what the real table fetched).
    const model = effectFreeModel(
      usageMachine.provide({ actions: { rescopeTable: () => undefined, refreshTable: () => undefined, setInviteSchool: () => undefined } }),
    );
    const coverage = await walkModel<ModelEvent>(model, {
      events: EVENTS,
      input: { search: '', isDistrictAdmin: true, today: TODAY },
      serializeState: (s) => JSON.stringify([s.value, s.context.scope.school?.id ?? null, s.context.memberStatus]),
      // The children's answers come while their dialog is open; a resend is walked from a settled
      // page only, and while it is out only its answer comes (the rest of the page is walked above).
      filterEvents: (s, event) => {
        if (event.type === 'usage.invited' || event.type === 'usage.pickInviteSchool') return s.matches({ dialog: 'invite' });
        if (event.type === 'usage.imported') return s.matches({ dialog: 'import' });
        const settled = s.matches({ figures: 'ready', framework: 'ready', dialog: 'closed', export: 'idle' }) && s.context.scope.school === null;
        if (event.type === 'usage.resend') return settled;
        if (s.matches({ resend: 'sending' })) return event.type.endsWith('.resendInvitation');
        return !event.type.endsWith('.resendInvitation');
      },
      createDriver: () => {
        const effects = controllableActors();
        const tableFetches: { organizationId: unknown; status: unknown }[] = [];
        const written: string[] = [];
        // The address bar's tab: what the page wrote last (it starts from an address without one).
        let statusInUrl = 'ACTIVE';
        let notified = 0;
        let failures = 0;
        const told: string[] = [];
        const expectedTold: string[] = [];
        let expectedTableFetches = 0;
        const actor = createActor(
          usageMachine.provide({
            actors: {
              fetchReport: fromPromise(effects.promise<UsageReport>('fetchReport')),
              fetchFramework: fromPromise(effects.promise<FrameworkUsage>('fetchFramework')),
              exportUsers: fromPromise(effects.promise<void>('exportUsers')),
              resendInvitation: fromPromise(effects.promise<Member>('resendInvitation')),
              // The page's children answer it with events, which the walk sends itself.
              schoolPicker: createMachine({}) as never,
              inviteSchoolPicker: createMachine({}) as never,
              inviteForm: createMachine({}) as never,
              bulkInvite: createMachine({}) as never,
              usersTable: tableMachine.provide({
                actors: {
                  fetchPage: fromPromise<TablePage, FetchPageInput>(async ({ input }) => {
                    tableFetches.push({ organizationId: input.scope.organizationId, status: input.scope.status });
                    return { items: [], total: 0 };
                  }),
                },
                actions: { replaceQuery: () => undefined },
              }),
            },
            actions: {
              writeRange: (_, { range }) => void written.push(range.preset),
              writeMemberStatus: (_, { status }) => void (statusInUrl = status),
              notifyError: () => void (notified += 1),
              notifyInvited: () => void told.push('invited'),
              notifyImported: () => void told.push('imported'),
              notifyResent: () => void told.push('resent'),
            },
          }),
          { input: { search: '', isDistrictAdmin: true, today: TODAY } },
        ).start();
        expectedTableFetches = 1;
        return {
          actor,
          step: async (event) => {
            const before = actor.getSnapshot();
            if (event.type === 'model.done.fetchReport') effects.resolve('fetchReport', event.output);
            else if (event.type === 'model.error.fetchReport') effects.reject('fetchReport', event.error);
            else if (event.type === 'model.done.fetchFramework') effects.resolve('fetchFramework', event.output);
            else if (event.type === 'model.error.fetchFramework') effects.reject('fetchFramework', event.error);
            else if (event.type === 'model.done.exportUsers') effects.resolve('exportUsers', undefined);
            else if (event.type === 'model.error.exportUsers') {
              effects.reject('exportUsers', event.error);
              failures += 1;
            } else if (event.type === 'model.done.resendInvitation') {
              effects.resolve('resendInvitation', event.output);
              expectedTableFetches += 1;
              expectedTold.push('resent');
            } else if (event.type === 'model.error.resendInvitation') {
              effects.reject('resendInvitation', event.error);
              failures += 1;
            } else {
              actor.send(event);
              const changedSchool = event.type === 'usage.pickSchool' && (event.school?.id ?? null) !== (before.context.scope.school?.id ?? null);
              const members = event.type === 'usage.invited' || event.type === 'usage.imported' || event.type === 'usage.setMemberStatus';
              if (changedSchool || members) expectedTableFetches += 1;
              if (event.type === 'usage.invited' || event.type === 'usage.imported') expectedTold.push(event.type.slice('usage.'.length));
            }
            await settle();
          },
          check: (real: AnyMachineSnapshot) => {
            // The table follows the page's school, and reloads after every change of members.
            expect(tableFetches).toHaveLength(expectedTableFetches);
            expect(tableFetches.at(-1)!.organizationId).toBe(real.context.scope.school?.id ?? null);
            // …and lists whom its tab names: after an invitation, those not active yet.
            expect(tableFetches.at(-1)!.status).toBe(real.context.memberStatus);
            expect(written.every((preset) => preset === '90')).toBe(true);
            // The tab is in the address bar, so a reload or a shared link opens the same one.
            expect(statusInUrl).toBe(real.context.memberStatus);
            // A failed export or resend is told as an error snackbar, once each; every success once.
            expect(notified).toBe(failures);
            expect(told).toEqual(expectedTold);
          },
        };
      },
    });
    expectFullCoverage(context, coverage);
  });
});

describe('school search, model-based', () => {
  type ModelEvent =
    | { type: 'schoolSearch.type'; text: string }
    | { type: 'schoolSearch.pick'; school: School | null }
    | { type: 'schoolSearch.clear' }
    | { type: 'model.after.searchDebounce' }
    | { type: 'model.done.searchSchools'; output: readonly School[] }
    | { type: 'model.error.searchSchools'; error: unknown };

  const EVENTS: ModelEvent[] = [
    { type: 'schoolSearch.type', text: 'map' },
    { type: 'schoolSearch.type', text: 'cedar' },
    { type: 'schoolSearch.pick', school: MAPLE },
    { type: 'schoolSearch.clear' },
    { type: 'model.after.searchDebounce' },
    { type: 'model.done.searchSchools', output: [MAPLE] },
    { type: 'model.error.searchSchools', error: new Error('Search is down') },
  ];

  it('walks every transition; no request comes before 300 ms of quiet', async (context) => {
    const coverage = await walkModel<ModelEvent>(effectFreeModel(schoolSearchMachine), {
      events: EVENTS,
      serializeState: (s) => JSON.stringify([s.value, s.context.text, s.context.selected?.id ?? null]),
      createDriver: () => {
        const { clock, advance } = simulatedClock();
        const effects = controllableActors();
        const names: string[] = [];
        const errors: unknown[] = [];
        const actor = createActor(
          schoolSearchMachine.provide({
            actors: {
              searchSchools: fromPromise<readonly School[], { name: string; itemsPerPage: number }>(({ input }) => {
                names.push(input.name);
                return effects.promise<readonly School[]>('searchSchools')();
              }),
            },
            actions: { notifyError: (_, { error }) => void errors.push(error), notifyPicked: () => undefined },
          }),
          { clock, input: {} },
        ).start();
        let errorsExpected = 0;
        return {
          actor,
          step: async (event) => {
            if (event.type === 'model.after.searchDebounce') {
              const before = names.length;
              advance(SCHOOL_SEARCH_DEBOUNCE_MS - 1);
              await settle();
              expect(names.length, 'no search before 300 ms').toBe(before);
              advance(1);
              expect(names.length, 'one search at 300 ms').toBe(before + 1);
            } else if (event.type === 'model.done.searchSchools') effects.resolve('searchSchools', event.output);
            else if (event.type === 'model.error.searchSchools') {
              effects.reject('searchSchools', event.error);
              errorsExpected += 1;
            } else actor.send(event);
            await settle();
          },
          check: () => expect(errors).toHaveLength(errorsExpected),
        };
      },
    });
    expectFullCoverage(context, coverage);
  });
});

describe('CSV import, model-based', () => {
  // Named apart: the model search tells events apart by their JSON, which has no room for a size.
  const file = (bytes: number) => Object.assign(new Blob(['x'.repeat(bytes)]), { name: `educators-${bytes}.csv` }) as CsvFile;
  const RESULT = (valid: number): ImportResult => ({
    dryRun: true,
    invited: 0,
    valid: Array.from({ length: valid }, (_, i) => ({ line: i + 2, email: `e${i}@example.org`, firstName: 'Ada', lastName: 'Lovelace' })),
    invalid: [{ line: 9, email: 'x', errors: ['The Email must be a valid email address'] }],
  });

  type ModelEvent =
    | { type: 'bulk.choose'; file: CsvFile }
    | { type: 'bulk.send' }
    | { type: 'bulk.reset' }
    | { type: 'model.done.readFile'; output: string }
    | { type: 'model.error.readFile'; error: unknown }
    | { type: 'model.done.importUsers'; output: ImportResult }
    | { type: 'model.error.importUsers'; error: unknown };

  const EVENTS: ModelEvent[] = [
    { type: 'bulk.choose', file: file(10) },
    { type: 'bulk.choose', file: file(500_001) },
    { type: 'bulk.send' },
    { type: 'bulk.reset' },
    { type: 'model.done.readFile', output: 'email,firstName,lastName\n' },
    { type: 'model.error.readFile', error: new Error('unreadable') },
    { type: 'model.done.importUsers', output: RESULT(2) },
    { type: 'model.done.importUsers', output: RESULT(0) },
    { type: 'model.error.importUsers', error: new Error('The file needs the columns email, firstName and lastName') },
  ];

  it('walks every transition; nothing is sent for real before a dry run was seen', async (context) => {
    const coverage = await walkModel<ModelEvent>(effectFreeModel(bulkInviteMachine), {
      events: EVENTS,
      input: { organizationId: MAPLE.id },
      serializeState: (s) => JSON.stringify([s.value, s.context.preview?.valid.length ?? null, s.context.problem !== null]),
      createDriver: () => {
        const effects = controllableActors();
        const requests: { dryRun: boolean }[] = [];
        let imported = 0;
        let sendsDone = 0;
        const actor = createActor(
          bulkInviteMachine.provide({
            actors: {
              readFile: fromPromise(effects.promise<string>('readFile')),
              importUsers: fromPromise<ImportResult, ImportRequest>(({ input }) => {
                requests.push(input);
                return effects.promise<ImportResult>('importUsers')();
              }),
            },
            actions: { notifyImported: () => void (imported += 1) },
          }),
          { input: { organizationId: MAPLE.id } },
        ).start();
        return {
          actor,
          step: async (event) => {
            const wasDone = actor.getSnapshot().matches('done');
            if (event.type === 'model.done.readFile') effects.resolve('readFile', event.output);
            else if (event.type === 'model.error.readFile') effects.reject('readFile', event.error);
            else if (event.type === 'model.done.importUsers') effects.resolve('importUsers', event.output);
            else if (event.type === 'model.error.importUsers') effects.reject('importUsers', event.error);
            else actor.send(event);
            await settle();
            if (!wasDone && actor.getSnapshot().matches('done')) sendsDone += 1;
          },
          check: (real: AnyMachineSnapshot) => {
            // A real send only ever comes after a dry run (a failed send may be tried again).
            requests.forEach((request, i) => {
              if (!request.dryRun) expect(requests.slice(0, i).some((earlier) => earlier.dryRun)).toBe(true);
            });
            // The page hears of every import that went through, once.
            expect(imported).toBe(sendsDone);
            if (real.context.file && real.context.file.size > 500_000) expect(real.context.problem).toBe('File size must be less than 500 kB');
          },
        };
      },
    });
    expectFullCoverage(context, coverage);
  });
});
