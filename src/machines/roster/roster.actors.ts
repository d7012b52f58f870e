import { fromPromise } from 'xstate';
import { applyRosterImport, createRosterImport, deleteRosterSource, getRosterImport, getRosterSource, listRosterImports, pullRosterSource, setRosterSource } from '@/api/operations/roster';
import { toPageParams } from '@/lib/paging';
import { formLogic } from '@/machines/form/form.actors';
import type { AppServices } from '@/machines/root/app-services';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import { tableLogic } from '@/machines/table/table.actors';
import type { FetchPageInput } from '@/machines/table/table.types';
import { rosterMachine, rosterSource } from './roster.machine';
import { rosterSourceForm } from './roster-source.machine';
import { changeSummary, toRosterSourceInput, type RosterAccountKind, type RosterFile, type RosterImport, type RosterSource } from './roster.types';

// The roster screen's effects: the zip's dry run, a pending import opened, applying; the tables
// (the history, the accounts of one kind, the invalid rows) paged on the server; the REST
// endpoint's load, save, pull and removal; the success snackbars.

const snackbar = ({ actors }: AppServices) => bindIntents(actors.snackbar, snackbarIntents);

type Target = { organizationId: string; importId: string };

/** One page of one of an import's lists: the server pages every list of the import alike. */
const importPage = ({ api }: AppServices, { options, scope }: FetchPageInput, signal: AbortSignal) =>
  getRosterImport(
    api,
    String(scope.organizationId),
    String(scope.importId),
    { ...toPageParams({ ...options, itemsPerPage: Math.min(Math.max(options.itemsPerPage, 1), 500) }), ...(scope.kind && { accountKind: scope.kind as RosterAccountKind }) },
    { signal },
  );

/** The screen for one district (its id is the input): the district admin's own, or any district on the admin site. */
export const rosterScreen = defineScreen('roster', (services) =>
  rosterMachine.provide({
    actors: {
      uploadRoster: fromPromise<RosterImport, { organizationId: string; file: RosterFile }>(({ input, signal }) => createRosterImport(services.api, input.organizationId, input.file, { signal })),
      fetchImport: fromPromise<RosterImport, Target>(({ input, signal }) => getRosterImport(services.api, input.organizationId, input.importId, {}, { signal })),
      applyImport: fromPromise<RosterImport, Target>(({ input, signal }) => applyRosterImport(services.api, input.organizationId, input.importId, { signal })),
      historyTable: tableLogic(services, ({ api }, { options, scope }, signal) => listRosterImports(api, String(scope.organizationId), toPageParams(options), { signal })),
      accountsTable: tableLogic(services, async (s, input, signal) => {
        const page = await importPage(s, input, signal);
        return { items: page.accounts.items.map((row, i) => ({ ...row, id: row.userId ?? `${row.sourcedId ?? row.email}:${i}` })), total: page.accounts.total };
      }),
      invalidTable: tableLogic(services, async (s, input, signal) => {
        const page = await importPage(s, input, signal);
        const first = (input.options.page - 1) * input.options.itemsPerPage;
        return { items: page.invalid.items.map((row, i) => ({ ...row, id: String(first + i) })), total: page.invalid.total };
      }),
      rosterSource: rosterSource.provide({
        actors: {
          fetchSource: fromPromise<RosterSource | null, { organizationId: string }>(({ input, signal }) => getRosterSource(services.api, input.organizationId, { signal })),
          pullSource: fromPromise<RosterImport, { organizationId: string }>(({ input, signal }) => pullRosterSource(services.api, input.organizationId, { signal })),
          removeSource: fromPromise<void, { organizationId: string }>(({ input, signal }) => deleteRosterSource(services.api, input.organizationId, { signal })),
          sourceForm: formLogic(services, { submit: ({ api }, values, signal) => setRosterSource(api, String(values.organizationId), toRosterSourceInput(values), { signal }) }, rosterSourceForm),
        },
        actions: {
          notifySaved: () => snackbar(services).show({ message: 'Roster endpoint saved. It is pulled every night; use "Pull now" to try it.', variant: 'success' }),
          notifyRemoved: () => snackbar(services).show({ message: 'Roster endpoint removed. Imports and accounts stay as they are.', variant: 'success' }),
        },
      }),
    },
    actions: {
      notifyApplied: (_, { result }) => snackbar(services).show({ message: `Roster applied: ${changeSummary(result.counts, 'done')}.`, variant: 'success' }),
    },
  }),
);
