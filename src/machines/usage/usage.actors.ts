import { fromPromise } from 'xstate';
import { exportUsers, getFrameworkUsage, getUsageReport, importUsers, inviteUser, listOrganizations, listUsers, resendInvitation } from '@/api/operations';
import { writeRange } from '@/lib/date-range';
import { errorMessage } from '@/lib/messages';
import { toPageParams, toSortAscParams } from '@/lib/paging';
import type { AppServices } from '@/machines/root/app-services';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import { formLogic } from '@/machines/form/form.actors';
import { tableLogic } from '@/machines/table/table.actors';
import type { CsvFile, ImportRequest, ImportResult } from './bulk-invite.machine';
import type { School, SchoolSearchMachine } from './school-search.machine';
import { bulkInvite, inviteForm, inviteSchoolPicker, pageSchoolPicker, usageMachine } from './usage.machine';
import { USER_SORT_KEYS, writeMemberStatus, type ExportQuery, type FrameworkUsage, type Member, type UsageReport, type UsageScope } from './usage.types';

// The Educator Usage page's effects: the report and the heatmap in one load, the Active Users
// table paged on the server, the export, and its children's: the two school pickers, the invite
// form, the CSV import, an invitation sent again.

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The school (none: the admin's own organization) and the days, in the viewer's time zone. */
const scopeQuery = ({ school, range }: UsageScope) => ({ organizationId: school?.id, from: range.from, to: range.to, timeZone: timeZone() });

const snackbar = ({ actors }: AppServices) => bindIntents(actors.snackbar, snackbarIntents);

/** The admin's own organization: where an invitation goes when no school is picked (spec §6). */
export function ownOrganizationId({ actors }: AppServices): string {
  const id = actors.identity.getSnapshot().context.user?.organizationId;
  if (!id) throw new Error('Your account belongs to no school or district, so there is nowhere to invite educators to');
  return id;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const usageScreen = defineScreen('usage', (services) =>
  usageMachine.provide({
    actors: {
      schoolPicker: schoolPickerLogic(services, pageSchoolPicker),
      inviteSchoolPicker: schoolPickerLogic(services, inviteSchoolPicker),
      inviteForm: formLogic(
        services,
        {
          submit: (services, values, signal) =>
            inviteUser(
              services.api,
              String(values.organizationId || ownOrganizationId(services)),
              { email: String(values.email).trim(), firstName: String(values.firstName).trim(), lastName: String(values.lastName).trim() },
              { signal },
            ),
        },
        inviteForm,
      ),
      bulkInvite: bulkInvite.provide({
        actors: {
          readFile: fromPromise<string, CsvFile>(({ input }) => input.text()),
          importUsers: fromPromise<ImportResult, ImportRequest>(({ input, signal }) =>
            importUsers(services.api, input.organizationId ?? ownOrganizationId(services), { csv: input.csv, dryRun: input.dryRun }, { signal }),
          ),
        },
      }),
      resendInvitation: fromPromise<Member, Member>(({ input, signal }) =>
        resendInvitation(services.api, { id: input.organizationId ?? ownOrganizationId(services), userId: input.id }, { signal }),
      ),
      fetchReport: fromPromise<UsageReport, UsageScope>(({ input, signal }) => getUsageReport(services.api, scopeQuery(input), { signal })),
      fetchFramework: fromPromise<FrameworkUsage, UsageScope>(({ input, signal }) => getFrameworkUsage(services.api, scopeQuery(input), { signal })),
      exportUsers: fromPromise<void, ExportQuery>(async ({ input, signal }) => {
        const { organizationId, filter, status, ...sort } = input;
        const file = await exportUsers(
          services.api,
          { ...sort, ...(filter && { filter }), ...(organizationId && { organizationId }), ...(status !== 'ALL' && { status }), timeZone: timeZone() },
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
            ...((scope.status === 'ACTIVE' || scope.status === 'NOT_ACTIVE') && { status: scope.status }),
          },
          { signal },
        ),
      ),
    },
    actions: {
      writeRange: (_, { range }) => services.router.navigate({ search: writeRange(range, services.router.current().search) }, { replace: true }),
      writeMemberStatus: (_, { status }) => {
        const { search } = services.router.current();
        const next = writeMemberStatus(status, search);
        if (next !== search) services.router.navigate({ search: next }, { replace: true });
      },
      notifyError: (_, { error }) => snackbar(services).show({ message: errorMessage(error), variant: 'error' }),
      notifyInvited: (_, { member }) => snackbar(services).show({ message: `Invitation sent to ${member.email}`, variant: 'success' }),
      notifyImported: (_, { result }) => snackbar(services).show({ message: `${plural(result.invited, 'educator', 'educators')} invited`, variant: 'success' }),
      notifyResent: (_, { member }) => snackbar(services).show({ message: `Invitation sent again to ${member.email}`, variant: 'success' }),
    },
  }),
);

/** Spec §7: `GET /organizations?name=…&itemsPerPage=20`, schools only (the district is 'All Schools'). */
const searchSchools = ({ api }: AppServices) =>
  fromPromise<readonly School[], { name: string; itemsPerPage: number }>(async ({ input, signal }) => {
    const page = await listOrganizations(api, { name: input.name, itemsPerPage: input.itemsPerPage, type: 'SCHOOL' }, { signal });
    return page.items.map(({ id, name }) => ({ id, name }));
  });

/** A school picker of the page (its own, or the invite dialog's) with the real search. */
const schoolPickerLogic = (services: AppServices, picker: SchoolSearchMachine) =>
  picker.provide({
    actors: { searchSchools: searchSchools(services) },
    actions: { notifyError: (_, { error }) => snackbar(services).show({ message: errorMessage(error), variant: 'error' }) },
  });
