import { fromPromise } from 'xstate';
import { exportUsers, getFrameworkUsage, getUsageReport, importUsers, listOrganizations, listUsers } from '@/api/operations';
import { writeRange } from '@/lib/date-range';
import { errorMessage } from '@/lib/messages';
import { toPageParams, toSortAscParams } from '@/lib/paging';
import type { AppServices } from '@/machines/root/app-services';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import { tableLogic } from '@/machines/table/table.actors';
import { bulkInviteMachine, type CsvFile, type ImportRequest, type ImportResult } from './bulk-invite.machine';
import { schoolSearchMachine, type School } from './school-search.machine';
import { usageMachine } from './usage.machine';
import { USER_SORT_KEYS, type ExportQuery, type FrameworkUsage, type UsageEvent, type UsageReport, type UsageScope } from './usage.types';

// The Educator Usage page's effects: the report and the heatmap in one load, the Active Users
// table paged on the server, the export, the two school pickers and the CSV import.

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The school (none: the admin's own organization) and the days, in the viewer's time zone. */
const scopeQuery = ({ school, range }: UsageScope) => ({ organizationId: school?.id, from: range.from, to: range.to, timeZone: timeZone() });

/** The page's own actor, while the page is open (dialogs report back to it). */
const tellUsage = ({ live }: AppServices, event: UsageEvent) => live.get('usage')?.send(event);

const snackbar = ({ actors }: AppServices) => bindIntents(actors.snackbar, snackbarIntents);

/** The admin's own organization: where an invitation goes when no school is picked (spec §6). */
export function ownOrganizationId({ actors }: AppServices): string {
  const id = actors.identity.getSnapshot().context.user?.organizationId;
  if (!id) throw new Error('Your account belongs to no school or district, so there is nowhere to invite educators to');
  return id;
}

export const usageScreen = defineScreen('usage', (services) =>
  usageMachine.provide({
    actors: {
      fetchReport: fromPromise<UsageReport, UsageScope>(({ input, signal }) => getUsageReport(services.api, scopeQuery(input), { signal })),
      fetchFramework: fromPromise<FrameworkUsage, UsageScope>(({ input, signal }) => getFrameworkUsage(services.api, scopeQuery(input), { signal })),
      exportUsers: fromPromise<void, ExportQuery>(async ({ input, signal }) => {
        const { organizationId, filter, ...sort } = input;
        const file = await exportUsers(
          services.api,
          { ...sort, ...(filter && { filter }), ...(organizationId && { organizationId }), timeZone: timeZone() },
          { signal },
        );
        services.browser.saveFile(file);
      }),
      usersTable: tableLogic(services, ({ api }, { options, filter, scope }, signal) =>
        listUsers(
          api,
          {
            ...toPageParams(options),
            ...toSortAscParams(options.sortBy, USER_SORT_KEYS),
            ...(filter && { filter }),
            ...(scope.organizationId && { organizationId: scope.organizationId }),
          },
          { signal },
        ),
      ),
    },
    actions: {
      writeRange: (_, { range }) => services.router.navigate({ search: writeRange(range, services.router.current().search) }, { replace: true }),
      notifyError: (_, { error }) => snackbar(services).show({ message: errorMessage(error), variant: 'error' }),
    },
  }),
);

/** Spec §7: `GET /organizations?name=…&itemsPerPage=20`, schools only (the district is 'All Schools'). */
const searchSchools = ({ api }: AppServices) =>
  fromPromise<readonly School[], { name: string; itemsPerPage: number }>(async ({ input, signal }) => {
    const page = await listOrganizations(api, { name: input.name, itemsPerPage: input.itemsPerPage, type: 'SCHOOL' }, { signal });
    return page.items.map(({ id, name }) => ({ id, name }));
  });

const schoolPicker = (name: string, picked: (services: AppServices, school: School | null) => void) =>
  defineScreen(name, (services) =>
    schoolSearchMachine.provide({
      actors: { searchSchools: searchSchools(services) },
      actions: {
        notifyError: (_, { error }) => snackbar(services).show({ message: errorMessage(error), variant: 'error' }),
        notifyPicked: (_, { school }) => picked(services, school),
      },
    }),
  );

/** The page's picker: the school every figure is about. */
export const schoolPickerScreen = schoolPicker('schoolPicker', (services, school) => tellUsage(services, { type: 'usage.pickSchool', school }));

/** The invite dialog's picker: where the invitation goes. */
export const inviteSchoolPickerScreen = schoolPicker('inviteSchoolPicker', ({ live }, school) =>
  live.get('inviteForm')?.send({ type: 'form.change', field: 'organizationId', value: school?.id ?? '' }),
);

export const bulkInviteScreen = defineScreen('bulkInvite', (services) =>
  bulkInviteMachine.provide({
    actors: {
      readFile: fromPromise<string, CsvFile>(({ input }) => input.text()),
      importUsers: fromPromise<ImportResult, ImportRequest>(({ input, signal }) =>
        importUsers(services.api, input.organizationId ?? ownOrganizationId(services), { csv: input.csv, dryRun: input.dryRun }, { signal }),
      ),
    },
    actions: {
      notifyImported: (_, { result }) => {
        snackbar(services).show({ message: `${result.invited} ${result.invited === 1 ? 'educator' : 'educators'} invited`, variant: 'success' });
        tellUsage(services, { type: 'usage.membersChanged' });
      },
    },
  }),
);
