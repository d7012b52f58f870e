import { assign, setup, type ActorRefFrom } from 'xstate';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import { allErrors, fieldErrors, initialFormContext, serverErrorField, withFieldErrors } from './form.logic';
import type { FormContext, FormEvent, FormInput, FormValues } from './form.types';

// Every form of the app (spec §5): the user edits; a field's rules are checked once the user has
// left it, and every field's on each change after a submit was tried; a submit checks them all
// and goes on only when none fails; submitting is the one state in which the form cannot be
// sent again (the button is disabled, a double click sends once). The server's answer ends in
// `done`, or back in editing with the message under the field it belongs to, or in `failed`
// with the message in the error snackbar (§8) — every value kept, so nothing typed is lost.

type Change = Extract<FormEvent, { type: 'form.change' }>;
type Blur = Extract<FormEvent, { type: 'form.blur' }>;

export const formMachine = setup({
  types: {
    context: {} as FormContext,
    events: {} as FormEvent,
    input: {} as FormInput,
    tags: {} as 'submitting',
  },
  actors: {
    submit: placeholderActor<unknown, FormValues>('submit'),
  },
  actions: {
    /** A failure that belongs to no field: the error snackbar, unless the screen shows it. */
    notifyError: placeholderAction<{ error: unknown }>('notifyError'),
    /** The server took the form (a success message, a dialog closing, a navigation). */
    submitted: placeholderAction<{ result: unknown; values: FormValues }>('submitted'),
    change: assign(({ context }, params: Change) => {
      const values = { ...context.values, [params.field]: params.value };
      const checks = context.attempted || context.touched[params.field];
      return {
        values,
        errors: checks ? withFieldErrors(context.errors, params.field, fieldErrors(context, params.field, values)) : withFieldErrors(context.errors, params.field, []),
      };
    }),
    touch: assign(({ context }, params: Blur) => ({
      touched: { ...context.touched, [params.field]: true },
      errors: withFieldErrors(context.errors, params.field, fieldErrors(context, params.field)),
    })),
    checkAll: assign(({ context }) => ({ attempted: true, errors: allErrors(context) })),
    storeResult: assign((_, params: { result: unknown }) => ({ result: params.result, error: null })),
    storeFieldError: assign(({ context }, params: { error: unknown }) => {
      const field = serverErrorField(context, params.error);
      const message = params.error instanceof Error ? params.error.message : '';
      return field ? { errors: withFieldErrors(context.errors, field, [message]), error: null } : {};
    }),
    storeError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    reset: assign(({ context }, params: { values?: FormValues }) => {
      const values = params.values ? { ...context.initial, ...params.values } : context.initial;
      return { values, initial: values, errors: {}, touched: {}, attempted: false, error: null };
    }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(context.errors).length === 0,
    belongsToField: ({ context }, params: { error: unknown }) => serverErrorField(context, params.error) !== null,
    showsErrorsInSnackbar: ({ context }) => context.formErrors === 'snackbar',
  },
}).createMachine({
  id: 'form',
  context: ({ input }) => initialFormContext(input),
  initial: 'editing',
  on: {
    'form.reset': { target: '.editing', actions: { type: 'reset', params: ({ event }) => ({ values: event.values }) } },
  },
  states: {
    editing: {
      on: {
        'form.change': { actions: { type: 'change', params: ({ event }) => event } },
        'form.blur': { actions: { type: 'touch', params: ({ event }) => event } },
        'form.submit': 'validating',
      },
    },
    validating: {
      entry: 'checkAll',
      always: [{ guard: 'isValid', target: 'submitting' }, { target: 'editing' }],
    },
    submitting: {
      tags: 'submitting',
      invoke: {
        src: 'submit',
        input: ({ context }) => context.values,
        onDone: {
          target: 'done',
          actions: [
            { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
            { type: 'submitted', params: ({ event, context }) => ({ result: event.output, values: context.values }) },
          ],
        },
        onError: [
          {
            guard: { type: 'belongsToField', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'storeFieldError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: 'showsErrorsInSnackbar',
            target: 'failed',
            actions: [
              { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
              { type: 'notifyError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      on: {
        'form.change': { target: 'editing', actions: ['clearError', { type: 'change', params: ({ event }) => event }] },
        'form.blur': { actions: { type: 'touch', params: ({ event }) => event } },
        'form.submit': { target: 'validating', actions: 'clearError' },
      },
    },
    // Taken: a further edit starts a new round (a profile saved, then edited again), and a
    // submit sends it again as it is (a second download, a payment tried again after a decline).
    done: {
      on: {
        'form.change': { target: 'editing', actions: { type: 'change', params: ({ event }) => event } },
        'form.submit': 'validating',
      },
    },
  },
});

export type FormMachine = typeof formMachine;
export type FormActorRef = ActorRefFrom<FormMachine>;
