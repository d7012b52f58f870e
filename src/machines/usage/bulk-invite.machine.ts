import { assign, setup } from 'xstate';
import type { ResponseBody } from '@/api/operations';
import { errorMessage } from '@/lib/messages';
import { size } from '@/lib/validation/rules';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';

// Inviting many educators from a CSV file: the file (columns email, firstName,
// lastName) is checked for size here (spec §5 size rule), read, and sent for a dry run; the
// preview lists who will be invited and every row that cannot be, with its §5 message, before
// anything is sent. "Send" invites the valid rows; the summary stays until the dialog closes
// or another file is chosen.

export type ImportResult = ResponseBody<'importUsers'>;
/** What the file picker gives: a File in the browser, any Blob with a name in tests. */
export type CsvFile = Blob & { name: string };

/** The server takes files up to 500 kB (openapi.yaml, importUsers). */
export const CSV_SIZE_LIMIT_KB = 500;
const sizeRule = size(CSV_SIZE_LIMIT_KB);

export type BulkInviteContext = {
  /** Where the educators go; null: the admin's own organization. */
  organizationId: string | null;
  file: CsvFile | null;
  csv: string;
  preview: ImportResult | null;
  result: ImportResult | null;
  /** Why the last step failed (too big, unreadable, refused), shown in the dialog. */
  problem: string | null;
};

export type BulkInviteInput = { organizationId: string | null };
export type ImportRequest = { organizationId: string | null; csv: string; dryRun: boolean };

export type BulkInviteEvent = { type: 'bulk.choose'; file: CsvFile } | { type: 'bulk.send' } | { type: 'bulk.reset' } | { type: 'screen.leave' };

const chosen = ({ event }: { event: Extract<BulkInviteEvent, { type: 'bulk.choose' }> }) => ({ file: event.file });

export const bulkInviteMachine = setup({
  types: {
    context: {} as BulkInviteContext,
    events: {} as BulkInviteEvent,
    input: {} as BulkInviteInput,
    tags: {} as 'busy',
  },
  actors: {
    readFile: placeholderActor<string, CsvFile>('readFile'),
    importUsers: placeholderActor<ImportResult, ImportRequest>('importUsers'),
  },
  guards: {
    isTooLarge: (_, params: { file: CsvFile }) => sizeRule(params.file, 'File') !== true,
    hasValidRows: ({ context }) => (context.preview?.valid.length ?? 0) > 0,
  },
  actions: {
    rejectFile: assign((_, params: { file: CsvFile }) => ({
      file: params.file,
      csv: '',
      preview: null,
      result: null,
      problem: sizeRule(params.file, 'File') as string,
    })),
    takeFile: assign((_, params: { file: CsvFile }) => ({ file: params.file, csv: '', preview: null, result: null, problem: null })),
    assignCsv: assign((_, params: { csv: string }) => ({ csv: params.csv })),
    assignPreview: assign((_, params: { result: ImportResult }) => ({ preview: params.result })),
    assignResult: assign((_, params: { result: ImportResult }) => ({ result: params.result, problem: null })),
    assignProblem: assign((_, params: { problem: string }) => ({ problem: params.problem })),
    clear: assign({ file: null, csv: '', preview: null, result: null, problem: null }),
    /** Accounts were created: the usage page's table shows them, a snackbar says how many. */
    notifyImported: placeholderAction<{ result: ImportResult }>('notifyImported'),
  },
}).createMachine({
  id: 'bulkInvite',
  context: ({ input }) => ({ organizationId: input.organizationId, file: null, csv: '', preview: null, result: null, problem: null }),
  initial: 'idle',
  on: {
    'bulk.choose': [
      { guard: { type: 'isTooLarge', params: chosen }, target: '.idle', actions: { type: 'rejectFile', params: chosen } },
      { target: '.reading', actions: { type: 'takeFile', params: chosen } },
    ],
    'bulk.reset': { target: '.idle', actions: 'clear' },
  },
  states: {
    idle: {},
    reading: {
      tags: 'busy',
      invoke: {
        src: 'readFile',
        input: ({ context }) => context.file!,
        onDone: { target: 'checking', actions: { type: 'assignCsv', params: ({ event }) => ({ csv: event.output }) } },
        onError: { target: 'idle', actions: { type: 'assignProblem', params: { problem: 'The file could not be read. Choose a CSV file saved as text.' } } },
      },
    },
    checking: {
      tags: 'busy',
      invoke: {
        src: 'importUsers',
        input: ({ context }) => ({ organizationId: context.organizationId, csv: context.csv, dryRun: true }),
        onDone: { target: 'preview', actions: { type: 'assignPreview', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'idle', actions: { type: 'assignProblem', params: ({ event }) => ({ problem: errorMessage(event.error) }) } },
      },
    },
    preview: {
      on: { 'bulk.send': { guard: 'hasValidRows', target: 'sending' } },
    },
    sending: {
      tags: 'busy',
      invoke: {
        src: 'importUsers',
        input: ({ context }) => ({ organizationId: context.organizationId, csv: context.csv, dryRun: false }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
            { type: 'notifyImported', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: { target: 'preview', actions: { type: 'assignProblem', params: ({ event }) => ({ problem: errorMessage(event.error) }) } },
      },
    },
    done: {},
  },
});

export type BulkInviteMachine = typeof bulkInviteMachine;
