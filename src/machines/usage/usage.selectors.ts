import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FormActorRef } from '@/machines/form/form.machine';
import type { TableActorRef } from '@/machines/table/table.machine';
import type { BulkInviteMachine } from './bulk-invite.machine';
import { ALL_SCHOOLS_KEY, ALL_SCHOOLS_LABEL, type SchoolOption, type SchoolSearchMachine } from './school-search.machine';
import type { UsageMachine } from './usage.machine';

type UsageSnapshot = SnapshotFrom<UsageMachine>;
type SchoolSearchSnapshot = SnapshotFrom<SchoolSearchMachine>;
type BulkInviteSnapshot = SnapshotFrom<BulkInviteMachine>;

export const selectRange = (s: UsageSnapshot) => s.context.scope.range;
export const selectSchool = (s: UsageSnapshot) => s.context.scope.school;
export const selectIsDistrictAdmin = (s: UsageSnapshot) => s.context.isDistrictAdmin;
export const selectReport = (s: UsageSnapshot) => s.context.report;
export const selectFramework = (s: UsageSnapshot) => s.context.framework;
export const selectFrameworkFailed = (s: UsageSnapshot) => s.matches({ framework: 'failed' });
export const selectFrameworkError = (s: UsageSnapshot) => s.context.frameworkError;
/** Loading with nothing shown yet: the cards show skeletons. A reload keeps the old figures, dimmed. */
export const selectIsLoadingFigures = (s: UsageSnapshot) => s.hasTag('loading');
export const selectHasFailed = (s: UsageSnapshot) => s.matches({ figures: 'failed' });
export const selectError = (s: UsageSnapshot) => s.context.error;
export const selectDialog = (s: UsageSnapshot): 'closed' | 'invite' | 'import' =>
  s.matches({ dialog: 'invite' }) ? 'invite' : s.matches({ dialog: 'import' }) ? 'import' : 'closed';
export const selectIsExporting = (s: UsageSnapshot) => s.hasTag('exporting');
/** The Active Users table: a child of the page's actor. */
export const selectUsersTable = (s: UsageSnapshot) => s.children.usersTable as TableActorRef;
/** The page's school picker (district admins only). */
export const selectSchoolPicker = (s: UsageSnapshot) => s.children.schoolPicker as SchoolSearchActorRef | undefined;
/** The invite dialog's form and school picker, while it is open. */
export const selectInviteForm = (s: UsageSnapshot) => s.children.inviteForm as FormActorRef | undefined;
export const selectInviteSchoolPicker = (s: UsageSnapshot) => s.children.inviteSchoolPicker as SchoolSearchActorRef | undefined;
/** The CSV import, while its dialog is open. */
export const selectBulkInvite = (s: UsageSnapshot) => s.children.bulkInvite as ActorRefFrom<BulkInviteMachine> | undefined;
/** Whose invitation is being sent again, if any (one at a time). */
export const selectMemberStatus = (s: UsageSnapshot) => s.context.memberStatus;
export const selectResendingId = (s: UsageSnapshot) => (s.hasTag('resending') ? (s.context.resending?.id ?? null) : null);

export type SchoolSearchActorRef = ActorRefFrom<SchoolSearchMachine>;

/** 'All Schools' first (spec §2), then the schools found. */
export const selectSchoolOptions = (s: SchoolSearchSnapshot): SchoolOption[] => [
  { id: ALL_SCHOOLS_KEY, name: ALL_SCHOOLS_LABEL, all: true },
  ...s.context.schools.map((school) => ({ ...school, all: false })),
];
export const selectSchoolText = (s: SchoolSearchSnapshot) => s.context.text;
/** What the options highlight: the words the list was searched with. */
export const selectSearchedText = (s: SchoolSearchSnapshot) => s.context.searched;
export const selectPickedKey = (s: SchoolSearchSnapshot) => s.context.selected?.id ?? ALL_SCHOOLS_KEY;
/** The box shows the current choice's name (or 'All Schools'), not words being typed. */
export const selectShowsChoice = (s: SchoolSearchSnapshot) => s.context.text === (s.context.selected?.name ?? ALL_SCHOOLS_LABEL);
export const selectIsSearching = (s: SchoolSearchSnapshot) => s.hasTag('loading');

export const selectBulkStep = (s: BulkInviteSnapshot): 'choose' | 'checking' | 'preview' | 'sending' | 'done' =>
  s.matches('sending') ? 'sending' : s.hasTag('busy') ? 'checking' : s.matches('preview') ? 'preview' : s.matches('done') ? 'done' : 'choose';
export const selectBulkPreview = (s: BulkInviteSnapshot) => s.context.preview;
export const selectBulkResult = (s: BulkInviteSnapshot) => s.context.result;
export const selectBulkProblem = (s: BulkInviteSnapshot) => s.context.problem;
export const selectBulkFileName = (s: BulkInviteSnapshot) => s.context.file?.name ?? null;
