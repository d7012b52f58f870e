import { fromPromise } from 'xstate';
import { errorMessage } from '@/lib/messages';
import type { AppServices } from '@/machines/root/app-services';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import { formMachine } from './form.machine';
import type { FormValues } from './form.types';

// A form's real effects: what its submit calls and what happens once the server took it. Each
// form of the app is `defineForm('name', { submit, submitted })`; failures that belong to no
// field go to the error snackbar (spec §8) with the response's message or the generic text.

export type FormEffects = {
  submit: (services: AppServices, values: FormValues, signal: AbortSignal) => Promise<unknown>;
  submitted?: (services: AppServices, outcome: { result: unknown; values: FormValues }) => void;
};

export function defineForm(name: string, effects: FormEffects) {
  return defineScreen(name, (services) =>
    formMachine.provide({
      actors: { submit: fromPromise<unknown, FormValues>(({ input, signal }) => effects.submit(services, input, signal)) },
      actions: {
        notifyError: (_, { error }) => bindIntents(services.actors.snackbar, snackbarIntents).show({ message: errorMessage(error), variant: 'error' }),
        submitted: (_, outcome) => effects.submitted?.(services, outcome),
      },
    }),
  );
}
