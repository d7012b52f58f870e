import type { SnapshotFrom } from 'xstate';
import type { CheckEmailMachine } from './check-email.machine';

type CheckEmailSnapshot = SnapshotFrom<CheckEmailMachine>;

/** A look the visitor asked for is under way. */
export const selectIsChecking = (s: CheckEmailSnapshot): boolean => s.hasTag('checking') && s.context.asked;
/** The last look the visitor asked for found the address still unconfirmed. */
export const selectNotConfirmedYet = (s: CheckEmailSnapshot): boolean => s.context.notYet;
