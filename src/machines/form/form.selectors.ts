import type { SnapshotFrom } from 'xstate';
import type { FormMachine } from './form.machine';

type FormSnapshot = SnapshotFrom<FormMachine>;

export const selectValue = (name: string) => (snapshot: FormSnapshot) => snapshot.context.values[name];
/** The message shown under a field (spec §5: at most one by default), or null. */
export const selectFieldErrors = (name: string) => (snapshot: FormSnapshot) => snapshot.context.errors[name] ?? null;
export const selectLabel = (name: string) => (snapshot: FormSnapshot) => snapshot.context.fields[name]?.label ?? name;
export const selectIsSubmitting = (snapshot: FormSnapshot) => snapshot.hasTag('submitting');
/** Submit is disabled while saving (spec §5). */
export const selectCanSubmit = (snapshot: FormSnapshot) => !snapshot.hasTag('submitting');
export const selectIsDone = (snapshot: FormSnapshot) => snapshot.matches('done');
/** The failure that belongs to no field, while the form is failed. */
export const selectFormError = (snapshot: FormSnapshot) => (snapshot.matches('failed') ? snapshot.context.error : null);
/** The first field with a message, to move focus to after a refused submit. */
export const selectFirstInvalidField = (snapshot: FormSnapshot) =>
  Object.keys(snapshot.context.fields).find((name) => (snapshot.context.errors[name]?.length ?? 0) > 0) ?? null;
/** Something differs from the starting values (a Save button on an edit form). */
export const selectIsDirty = (snapshot: FormSnapshot) =>
  Object.keys(snapshot.context.values).some((name) => snapshot.context.values[name] !== snapshot.context.initial[name]);
