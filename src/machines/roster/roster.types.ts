import type { RosterAccountKind, RosterFile, RosterImport, RosterImportSummary, RosterSource, RosterSourceInput } from '@/api/operations/roster';
import { max, required, type Rule } from '@/lib/validation/rules';
import type { FormInput } from '@/machines/form/form.types';
import type { TableInput } from '@/machines/table/table.types';

export type { RosterAccountKind, RosterFile, RosterImport, RosterImportSummary, RosterSource, RosterSourceInput };
export type RosterAccountChange = RosterImport['accounts']['items'][number];
export type RosterRowProblem = RosterImport['invalid']['items'][number];
export type RosterCounts = RosterImport['counts'];
/** An invalid row as the invalid-rows table pages it: its place in the list is its key. */
export type RosterProblemRow = RosterRowProblem & { id: string };

/** The server takes zips up to 50 MB (openapi.yaml, createRosterImport); bigger ones are refused here first. */
export const ROSTER_SIZE_LIMIT_KB = 50_000;

/** Account changes in the order the review shows them, each with what its tab and its count say. */
export const ACCOUNT_KINDS = ['ADD', 'CHANGE', 'MOVE', 'REACTIVATE', 'DEACTIVATE'] as const satisfies readonly RosterAccountKind[];

/** The count of each kind in an import's counts. */
export const ACCOUNT_KIND_COUNT = {
  ADD: 'accountsToAdd',
  CHANGE: 'accountsToChange',
  MOVE: 'accountsToMove',
  REACTIVATE: 'accountsToReactivate',
  DEACTIVATE: 'accountsToDeactivate',
} as const satisfies Record<RosterAccountKind, keyof RosterCounts>;

/** The first kind the import has any of (the review opens on it). */
export function firstAccountKind(counts: RosterCounts): RosterAccountKind {
  return ACCOUNT_KINDS.find((kind) => counts[ACCOUNT_KIND_COUNT[kind]] > 0) ?? 'ADD';
}

/** Whether applying the import would change anything at all. */
export function hasChanges(counts: RosterCounts): boolean {
  return (
    counts.schoolsToCreate + counts.schoolsToRename + counts.schoolsToLink + ACCOUNT_KINDS.reduce((sum, kind) => sum + counts[ACCOUNT_KIND_COUNT[kind]], 0) > 0
  );
}

/**
 * Why the last step failed, as the screen shows it where it belongs: the server's words (which
 * name the file and line of an unreadable zip) and its code, which decides what the screen offers
 * next (run the dry run again after ROSTER_CHANGED, look at the history after SUPERSEDED).
 */
export type RosterProblem = { message: string; code: string | null };

export type RosterInput = {
  /** The district whose roster this is. */
  organizationId: string;
};

export type RosterContext = {
  organizationId: string;
  /** The zip chosen last: "run the dry run again" sends it again. */
  file: RosterFile | null;
  /** The dry run under review (an upload's, a pull's, or a pending one chosen from the history). */
  dryRun: RosterImport | null;
  /** The import applied last, for the summary the screen shows until another file is chosen. */
  applied: RosterImport | null;
  /** The pending import to open from the history. */
  opening: string | null;
  /** Which account changes the review's table lists. */
  accountKind: RosterAccountKind;
  problem: RosterProblem | null;
};

export type RosterEvent =
  | { type: 'roster.choose'; file: RosterFile }
  /** The dry run again, with the same file (after ROSTER_CHANGED). */
  | { type: 'roster.recheck' }
  /** A pending dry run of the history, to review and apply. */
  | { type: 'roster.open'; importId: string }
  | { type: 'roster.showKind'; kind: RosterAccountKind }
  | { type: 'roster.apply' }
  | { type: 'roster.confirm' }
  | { type: 'roster.cancel' }
  /** Closes the review (the dry run stays pending in the history). */
  | { type: 'roster.close' }
  /** The REST endpoint pulled (its child answers): a dry run to review, or an import it applied itself. */
  | { type: 'roster.pulled'; result: RosterImport }
  | { type: 'screen.leave' };

const PAGE_SIZES = [10, 25, 50, 100];

/** The history: newest first, 10 a page, paged on the server (it has no sort of its own). */
export const historyTableInput = (organizationId: string): TableInput => ({ sortKeys: [], defaults: { itemsPerPage: 10 }, pageOptions: PAGE_SIZES, scope: { organizationId } });

/** The review's tables (an import's accounts of one kind, its invalid rows): paged on the server. */
export const reviewTableInput = (organizationId: string, importId: string, kind?: RosterAccountKind): TableInput => ({
  sortKeys: [],
  defaults: { itemsPerPage: 10 },
  pageOptions: PAGE_SIZES,
  scope: { organizationId, importId, kind: kind ?? null },
});

// ───────────── the REST endpoint

const URL_RULES: readonly Rule[] = [required(), max(2000), (value, label) =>
  String(value ?? '').trim() === '' || /^https?:\/\/\S+$/i.test(String(value).trim()) ? true : `The ${label} must be an address starting with https:// or http://`];

/**
 * The endpoint's form: the addresses and the client id as set, the secret always empty (it is
 * never answered: empty keeps the one saved), and whether pulls apply by themselves.
 */
export function rosterSourceFormInput(organizationId: string, source: RosterSource | null): FormInput {
  return {
    fields: {
      organizationId: {},
      baseUrl: { label: 'Base URL', rules: URL_RULES },
      tokenUrl: { label: 'Token URL', rules: URL_RULES },
      clientId: { label: 'Client ID', rules: [required(), max(500)] },
      clientSecret: { label: 'Client secret', rules: source ? [max(2000)] : [required(), max(2000)] },
      autoApply: {},
    },
    values: { organizationId, baseUrl: source?.baseUrl ?? '', tokenUrl: source?.tokenUrl ?? '', clientId: source?.clientId ?? '', clientSecret: '', autoApply: source?.autoApply ?? false },
    serverFieldErrors: { CLIENT_SECRET_REQUIRED: 'clientSecret' },
    formErrors: 'inline',
  };
}

/** The form's values as the server takes them: an empty secret is left out (the saved one stays). */
export function toRosterSourceInput(values: Record<string, unknown>): RosterSourceInput {
  const text = (name: string) => String(values[name] ?? '').trim();
  return {
    baseUrl: text('baseUrl'),
    tokenUrl: text('tokenUrl'),
    clientId: text('clientId'),
    autoApply: values.autoApply === true,
    ...(text('clientSecret') && { clientSecret: text('clientSecret') }),
  };
}

export type RosterSourceInputs = { organizationId: string };

export type RosterSourceContext = {
  organizationId: string;
  /** The endpoint as set; null: none. */
  source: RosterSource | null;
  problem: RosterProblem | null;
};

export type RosterSourceEvent =
  | { type: 'source.retry' }
  | { type: 'source.pull' }
  | { type: 'source.remove' }
  | { type: 'source.confirmRemove' }
  | { type: 'source.cancel' }
  /** Its form saved the endpoint: the answer is the endpoint as now. */
  | { type: 'source.saved'; source: RosterSource };

const n = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

/**
 * What an import does, in words and numbers: "add 120 people, deactivate 4 people and create 1
 * school" before it is applied (`plan`), "120 people added, 4 people deactivated and 1 school
 * created" after (`done`). Nothing to do reads "no changes".
 */
export function changeSummary(counts: RosterCounts, tense: 'plan' | 'done'): string {
  const parts: [number, string, string, string][] = [
    [counts.accountsToAdd, 'add', 'added', 'person|people'],
    [counts.accountsToChange, 'change', 'changed', 'person|people'],
    [counts.accountsToMove, 'move', 'moved', 'person|people'],
    [counts.accountsToReactivate, 'reactivate', 'reactivated', 'person|people'],
    [counts.accountsToDeactivate, 'deactivate', 'deactivated', 'person|people'],
    [counts.schoolsToCreate, 'create', 'created', 'school|schools'],
    [counts.schoolsToRename, 'rename', 'renamed', 'school|schools'],
    [counts.schoolsToLink, 'link', 'linked', 'existing organization|existing organizations'],
  ];
  const words = parts
    .filter(([count]) => count > 0)
    .map(([count, verb, past, nouns]) => {
      const [one, many] = nouns.split('|') as [string, string];
      return tense === 'plan' ? `${verb} ${n(count, one, many)}` : `${n(count, one, many)} ${past}`;
    });
  if (words.length === 0) return 'no changes';
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
