import type { SnapshotFrom } from 'xstate';
import { errorMessage } from '@/lib/messages';
import type { FormActorRef } from '@/machines/form/form.machine';
import type { RegistrationMachine } from './registration.machine';

type RegistrationSnapshot = SnapshotFrom<RegistrationMachine>;

/** The card fields' form (invoked as `card`). */
export const selectCardForm = (snapshot: RegistrationSnapshot) => snapshot.children.card as FormActorRef | undefined;
/** Paying: the attempt is out, waiting to be retried, or the app is catching up. */
export const selectIsPaying = (snapshot: RegistrationSnapshot) => snapshot.hasTag('busy');
/** 'Retry 2 of 4' while a retry is pending; null otherwise. */
export const selectRetry = (snapshot: RegistrationSnapshot) =>
  snapshot.matches('waitingToRetry') || (snapshot.matches('registering') && snapshot.context.retries > 0)
    ? { retry: snapshot.context.retries, of: snapshot.context.maxRetries }
    : null;
/** Why the purchase did not go through (the gateway's decline message, or the generic text). */
export const selectPaymentError = (snapshot: RegistrationSnapshot) => (snapshot.matches('failed') ? errorMessage(snapshot.context.error) : null);
