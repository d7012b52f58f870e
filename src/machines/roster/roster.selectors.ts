import type { SnapshotFrom } from 'xstate';
import type { TableActorRef } from '@/machines/table/table.machine';
import type { FormActorRef } from '@/machines/form/form.machine';
import type { RosterMachine } from './roster.machine';
import type { RosterSourceMachine } from './roster-source.machine';
import type { ActorRefFrom } from 'xstate';

type RosterSnapshot = SnapshotFrom<RosterMachine>;
type SourceSnapshot = SnapshotFrom<RosterSourceMachine>;
export type RosterSourceActorRef = ActorRefFrom<RosterSourceMachine>;

/** Where the screen is: choosing a file, checking it, reviewing its dry run, applying it. */
export const selectRosterStep = (s: RosterSnapshot): 'choose' | 'checking' | 'opening' | 'review' | 'confirm' | 'applying' =>
  s.matches('uploading')
    ? 'checking'
    : s.matches('opening')
      ? 'opening'
      : s.matches({ reviewing: 'applying' })
        ? 'applying'
        : s.matches({ reviewing: 'confirming' })
          ? 'confirm'
          : s.matches('reviewing')
            ? 'review'
            : 'choose';
export const selectIsRosterBusy = (s: RosterSnapshot) => s.hasTag('busy');
export const selectDryRun = (s: RosterSnapshot) => s.context.dryRun;
export const selectApplied = (s: RosterSnapshot) => s.context.applied;
export const selectRosterProblem = (s: RosterSnapshot) => s.context.problem;
export const selectRosterFileName = (s: RosterSnapshot) => s.context.file?.name ?? null;
export const selectCanRecheck = (s: RosterSnapshot) => s.context.file !== null && s.matches('reviewing');
export const selectAccountKind = (s: RosterSnapshot) => s.context.accountKind;
export const selectHistoryTable = (s: RosterSnapshot) => s.children.historyTable as TableActorRef;
export const selectAccountsTable = (s: RosterSnapshot) => s.children.accountsTable as TableActorRef | undefined;
export const selectInvalidTable = (s: RosterSnapshot) => s.children.invalidTable as TableActorRef | undefined;
export const selectRosterSource = (s: RosterSnapshot) => s.children.rosterSource as RosterSourceActorRef;

export const selectSourceStep = (s: SourceSnapshot): 'loading' | 'failed' | 'ready' | 'pulling' | 'confirmRemove' | 'removing' =>
  s.matches('loading')
    ? 'loading'
    : s.matches('failed')
      ? 'failed'
      : s.matches({ ready: 'pulling' })
        ? 'pulling'
        : s.matches({ ready: 'confirmingRemove' })
          ? 'confirmRemove'
          : s.matches({ ready: 'removing' })
            ? 'removing'
            : 'ready';
export const selectSource = (s: SourceSnapshot) => s.context.source;
export const selectSourceProblem = (s: SourceSnapshot) => s.context.problem;
export const selectSourceForm = (s: SourceSnapshot) => s.children.sourceForm as FormActorRef | undefined;
