import type { SnapshotFrom } from 'xstate';
import type { RootMachine, RootRefs } from '@/machines/root/root.machine';

// The root's context is its children's refs; they never change, so a context provider reads
// them once and hands them down.

export const selectRootRefs = (snapshot: SnapshotFrom<RootMachine>): RootRefs => snapshot.context;

export type { RootRefs };
