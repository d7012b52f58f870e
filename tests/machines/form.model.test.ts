import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { ApiError } from '@/api/errors';
import { EMAIL_RULES, NAME_RULES } from '@/lib/validation/fields';
import { formMachine } from '@/machines/form/form.machine';
import type { FormEvent, FormInput, FormValues } from '@/machines/form/form.types';
import { controllableActors, effectFreeModel, expectFullCoverage, settle, walkModel, type ModelCoverage } from '../support/model';

// The form machine walked path by path against the real machine, once per way a form shows a
// failure that belongs to no field (snackbar, inline): together they take every transition.
// The values typed are few but cover each rule's outcome (empty at the start, wrong, right), so the paths
// reach every combination of errors shown, left fields and refused submits that matters.

type ModelEvent =
  | FormEvent
  | { type: 'model.done.submit'; output: unknown }
  | { type: 'model.error.submit'; error: unknown };

const TAKEN = new ApiError(409, 'EMAIL_TAKEN', 'An account with this e-mail already exists');
const DOWN = new ApiError(503, 'UNAVAILABLE', 'Something went wrong, please try again later');

const EVENTS: ModelEvent[] = [
  { type: 'form.change', field: 'email', value: 'ada@' },
  { type: 'form.change', field: 'email', value: 'ada@example.org' },
  { type: 'form.change', field: 'name', value: 'A' },
  { type: 'form.change', field: 'name', value: 'Ada' },
  { type: 'form.blur', field: 'email' },
  { type: 'form.blur', field: 'name' },
  { type: 'form.submit' },
  { type: 'form.reset', values: { name: 'Grace' } },
  { type: 'model.done.submit', output: { id: 'u1' } },
  { type: 'model.error.submit', error: TAKEN },
  { type: 'model.error.submit', error: DOWN },
];

const inputFor = (formErrors: 'snackbar' | 'inline'): FormInput => ({
  fields: { email: { rules: EMAIL_RULES }, name: { rules: NAME_RULES } },
  serverFieldErrors: { EMAIL_TAKEN: 'email' },
  formErrors,
});

const model = effectFreeModel(formMachine);

async function walk(formErrors: 'snackbar' | 'inline') {
  const input = inputFor(formErrors);
  return walkModel<ModelEvent>(model, {
    input,
    events: EVENTS,
    // The server answers only while a submit is out.
    filterEvents: (snapshot, event) => !event.type.startsWith('model.') || snapshot.matches('submitting'),
    createDriver: () => {
      const effects = controllableActors();
      const notifyError = vi.fn();
      const submitted = vi.fn();
      const submit = vi.fn((_values: FormValues) => effects.promise<unknown>('submit')());
      const actor = createActor(
        formMachine.provide({
          actors: { submit: fromPromise<unknown, FormValues>(({ input: values }) => submit(values)) },
          actions: { notifyError: (_, params) => notifyError(params.error), submitted: (_, params) => submitted(params) },
        }),
        { input },
      ).start();
      let snackbars = 0;
      let successes = 0;
      let sends = 0;
      return {
        actor,
        step: async (event) => {
          if (event.type === 'model.done.submit') {
            effects.resolve('submit', event.output);
            successes += 1;
          } else if (event.type === 'model.error.submit') {
            effects.reject('submit', event.error);
            if (event.error === DOWN && formErrors === 'snackbar') snackbars += 1;
          } else {
            const before = actor.getSnapshot().matches('submitting');
            actor.send(event);
            if (!before && actor.getSnapshot().matches('submitting')) sends += 1;
          }
          await settle();
        },
        check: (real: AnyMachineSnapshot, expected: AnyMachineSnapshot) => {
          expect(real.context.values).toEqual(expected.context.values);
          expect(real.context.errors).toEqual(expected.context.errors);
          expect(real.context.error).toBe(expected.context.error);
          // Each submit the model lets through reaches the server once, with the values then.
          expect(submit).toHaveBeenCalledTimes(sends);
          if (real.matches('submitting')) expect(submit).toHaveBeenLastCalledWith(real.context.values);
          expect(notifyError).toHaveBeenCalledTimes(snackbars);
          expect(submitted).toHaveBeenCalledTimes(successes);
        },
      };
    },
  });
}

/** What two walks reached together. */
function merge(a: ModelCoverage, b: ModelCoverage): ModelCoverage {
  const both = (x: string[], y: string[]) => x.filter((item) => y.includes(item));
  const states = both(a.states.missing, b.states.missing);
  const transitions = both(a.transitions.missing, b.transitions.missing);
  return {
    machine: a.machine,
    states: { covered: a.states.total - states.length, total: a.states.total, missing: states },
    transitions: { covered: a.transitions.total - transitions.length, total: a.transitions.total, missing: transitions },
    paths: a.paths + b.paths,
  };
}

describe('form, model-based', () => {
  it('walks every state and transition on the real machine (snackbar and inline failures)', async (context) => {
    const snackbar = await walk('snackbar');
    const inline = await walk('inline');
    expectFullCoverage(context, merge(snackbar, inline));
  });
});
