import { fromPromise } from 'xstate';
import { errorMessage } from '@/lib/messages';
import type { AppServices } from '@/machines/root/app-services';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import { formMachine, type FormMachine } from './form.machine';
import type { FormValues } from './form.types';

// A form's real effects: what its submit calls and what happens once the server took it. Each
// form of the app is `defineForm('name', { submit, submitted })`; failures that belong to no
// field go to the error snackbar (spec §8) with the response's message or the generic text.

export type FormEffects = {
  submit: (services: AppServices, values: FormValues, signal: AbortSignal) => Promise<unknown>;
  submitted?: (services: AppServices, outcome: { result: unknown; values: FormValues }) => void;
};

export function defineForm(name: string, effects: FormEffects) {
  // A screen's own form may have nothing more to do once the server took it.
  return defineScreen(name, (services) => formLogic(services, { submitted: () => undefined, ...effects }));
}

/**
 * A form's logic with its effects: a screen's own (defineForm), or a child's that another actor
 * owns (`logic`: the form machine whose `submitted` already tells its parent).
 */
export function formLogic(services: AppServices, effects: FormEffects, logic: FormMachine = formMachine) {
  const { submitted } = effects;
  return logic.provide({
    actors: { submit: fromPromise<unknown, FormValues>(({ input, signal }) => effects.submit(services, input, signal)) },
    actions: {
      notifyError: (_, { error }) => bindIntents(services.actors.snackbar, snackbarIntents).show({ message: errorMessage(error), variant: 'error' }),
      ...(submitted && { submitted: (_: unknown, outcome: { result: unknown; values: FormValues }) => submitted(services, outcome) }),
    },
  });
}
