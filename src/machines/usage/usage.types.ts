import type { ResponseBody } from '@/api/operations';
import type { DateRange } from '@/lib/date-range';
import { EMAIL_RULES, NAME_RULES } from '@/lib/validation/fields';
import type { FormInput } from '@/machines/form/form.types';
import type { TableInput } from '@/machines/table/table.types';
import type { ImportResult } from './bulk-invite.machine';
import type { School } from './school-search.machine';

export type UsageReport = ResponseBody<'getUsageReport'>;
export type FrameworkUsage = ResponseBody<'getFrameworkUsage'>;
export type FrameworkElement = FrameworkUsage['elements'][number];
/** A row of the Active Users table: a user with their invitation. */
export type Member = ResponseBody<'listUsers'>['items'][number];


/**
 * Which educators the table lists: ACTIVE (the default) are those the Active Educators figure
 * counts, so the table titled Active Users holds what it says; NOT_ACTIVE the invited and the
 * not yet onboarded; ALL everyone.
 */
export const MEMBER_STATUSES = ['ACTIVE', 'NOT_ACTIVE', 'ALL'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** The table's tab from the address bar (`status`): the active educators unless it names another. */
export function parseMemberStatus(search: string): MemberStatus {
  const status = new URLSearchParams(search).get('status');
  return MEMBER_STATUSES.find((known) => known === status) ?? 'ACTIVE';
}

/** Writes the tab over `search`, keeping every other parameter; the default leaves no trace. */
export function writeMemberStatus(status: MemberStatus, search: string): string {
  const params = new URLSearchParams(search);
  if (status === 'ACTIVE') params.delete('status');
  else params.set('status', status);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** What every figure on the page is about. `school` null: the admin's own organization (a district: all its schools). */
export type UsageScope = { school: School | null; range: DateRange };

export type UsageInput = {
  /** The location's query at start: the range, the table's tab and its options. */
  search: string;
  isDistrictAdmin: boolean;
  /** Today, for the range presets (tests pass a fixed day). */
  today?: Date;
};

export type UsageContext = {
  scope: UsageScope;
  isDistrictAdmin: boolean;
  /** The cards (the report), and the heatmap: two loads, so the cards do not wait for the heavier one. */
  report: UsageReport | null;
  framework: FrameworkUsage | null;
  error: unknown;
  frameworkError: unknown;
  /** The query the table started from. */
  search: string;
  /** The educator whose invitation is being sent again (one at a time). */
  resending: Member | null;
  /** Which educators the table lists. */
  memberStatus: MemberStatus;
};

export type UsageEvent =
  | { type: 'usage.pickSchool'; school: School | null }
  | { type: 'usage.setRange'; range: DateRange }
  | { type: 'usage.retry' }
  | { type: 'usage.openInvite' }
  | { type: 'usage.openImport' }
  | { type: 'usage.closeDialog' }
  /** The invite dialog's school picker chose where the invitation goes. */
  | { type: 'usage.pickInviteSchool'; school: School | null }
  /** An invitation went out (the invite dialog's form): the dialog closes, the table shows the new educator. */
  | { type: 'usage.invited'; member: Member }
  /** The CSV import invited educators (its dialog stays open on the summary): the table reloads. */
  | { type: 'usage.imported'; result: ImportResult }
  /** The table's tabs: Active, Not yet active, All. */
  | { type: 'usage.setMemberStatus'; status: MemberStatus }
  /** "Send again" on an educator whose invitation is not accepted. */
  | { type: 'usage.resend'; member: Member }
  /** The table as filtered and sorted on screen, every page, as a CSV file. */
  | { type: 'usage.export' }
  | { type: 'screen.leave' };

export const USER_SORT_KEYS = ['email', 'firstName', 'lastName', 'completedOnboarding', 'createdAt'] as const;

/** Spec §2: 10 rows a page, sortable columns, a search box, row selection; options in the address bar. */
export const usersTableInput = (search: string, organizationId: string | null, status: MemberStatus = 'ACTIVE'): TableInput => ({
  sortKeys: USER_SORT_KEYS,
  url: { search },
  scope: { organizationId, status },
});

/**
 * Invite an Educator (spec §2, §5): e-mail required and valid, names required, 2 to 50
 * characters. Whatever the server refuses (an e-mail that already has an account: 409) is an
 * error notification with its message (spec §8 "Invite failure"), every value kept. The
 * invitation goes to the picked school, else the admin's own organization (spec §6).
 */
export const inviteFormInput = (school: School | null): FormInput => ({
  fields: {
    email: { rules: EMAIL_RULES },
    firstName: { rules: NAME_RULES },
    lastName: { rules: NAME_RULES },
    organizationId: {},
  },
  values: { organizationId: school?.id ?? '' },
  serverFieldErrors: false,
});

/** The export's query: the table's filter and sort, the page's school (no paging). */
export type ExportQuery = {
  filter: string;
  organizationId: string | null;
  status: MemberStatus;
  sortBy?: (typeof USER_SORT_KEYS)[number];
  sortAsc?: boolean;
};
