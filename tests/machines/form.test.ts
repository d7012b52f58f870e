import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, sendParent, waitFor } from 'xstate';
import type { AppServices } from '@/machines/root/app-services';
import { defineForm, formLogic } from '@/machines/form/form.actors';
import { ApiError, toApiError } from '@/api/errors';
import { EMAIL_RULES, NAME_RULES } from '@/lib/validation/fields';
import { formMachine } from '@/machines/form/form.machine';
import {
  selectCanSubmit,
  selectFieldErrors,
  selectFirstInvalidField,
  selectFormError,
  selectIsDirty,
  selectIsDone,
} from '@/machines/form/form.selectors';
import type { FormInput, FormValues } from '@/machines/form/form.types';
import { deferred } from './fixtures';

const INVITE: FormInput = {
  fields: { email: { rules: EMAIL_RULES }, firstName: { rules: NAME_RULES }, lastName: { rules: NAME_RULES } },
  serverFieldErrors: { EMAIL_TAKEN: 'email' },
};

function start(submit: (values: FormValues) => Promise<unknown>, input: FormInput = INVITE) {
  const notifyError = vi.fn();
  const submitted = vi.fn();
  const calls = vi.fn(submit);
  const actor = createActor(
    formMachine.provide({
      actors: { submit: fromPromise<unknown, FormValues>(({ input: values }) => calls(values)) },
      actions: { notifyError: (_, params) => notifyError(params.error), submitted: (_, params) => submitted(params) },
    }),
    { input },
  ).start();
  const fill = (values: Record<string, string>) => Object.entries(values).forEach(([field, value]) => actor.send({ type: 'form.change', field, value }));
  return { actor, submit: calls, notifyError, submitted, fill };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('form machine', () => {
  it('says nothing about a field until the user leaves it, then checks it on every change', () => {
    const { actor } = start(async () => ({}));
    actor.send({ type: 'form.change', field: 'firstName', value: 'A' });
    expect(selectFieldErrors('firstName')(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'form.blur', field: 'firstName' });
    expect(selectFieldErrors('firstName')(actor.getSnapshot())).toEqual(['The First Name must have at least 2 characters']);
    actor.send({ type: 'form.change', field: 'firstName', value: 'Ad' });
    expect(selectFieldErrors('firstName')(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'form.change', field: 'firstName', value: '' });
    expect(selectFieldErrors('firstName')(actor.getSnapshot())).toEqual(['The First Name field is required']);
  });

  it('refuses a submit with a message on every failing field and sends nothing', () => {
    const { actor, submit } = start(async () => ({}));
    actor.send({ type: 'form.change', field: 'email', value: 'ada@' });
    actor.send({ type: 'form.submit' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.errors).toEqual({
      email: ['The Email must be a valid email address'],
      firstName: ['The First Name field is required'],
      lastName: ['The Last Name field is required'],
    });
    expect(selectFirstInvalidField(snapshot)).toBe('email');
    expect(submit).not.toHaveBeenCalled();
    // After a refused submit every change is checked at once, left or not.
    actor.send({ type: 'form.change', field: 'lastName', value: 'Lovelace' });
    expect(selectFieldErrors('lastName')(actor.getSnapshot())).toBeNull();
  });

  it('sends the values once, cannot be sent again while saving, and reports success', async () => {
    const answer = deferred<{ id: string }>();
    const { actor, submit, submitted, fill } = start(() => answer.promise);
    fill({ email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' });
    actor.send({ type: 'form.submit' });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith({ email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' });
    answer.resolve({ id: 'u1' });
    await flush();
    expect(selectIsDone(actor.getSnapshot())).toBe(true);
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
    expect(submitted).toHaveBeenCalledWith({ result: { id: 'u1' }, values: { email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' } });
  });

  it('puts a server error that belongs to a field under that field, keeping every value', async () => {
    const { actor, notifyError, fill } = start(async () => {
      throw new ApiError(409, 'EMAIL_TAKEN', 'An account with this e-mail already exists');
    });
    fill({ email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' });
    actor.send({ type: 'form.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectFieldErrors('email')(actor.getSnapshot())).toEqual(['An account with this e-mail already exists']);
    expect(actor.getSnapshot().context.values).toEqual({ email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('puts a rule the server checked under the field it names; a form that takes no server field errors notifies instead', async () => {
    const refusal = async () => {
      throw toApiError(400, { error: { code: 'BAD_REQUEST', message: 'body/firstName: The First Name must have at least 2 characters' } });
    };
    const inline = start(refusal);
    inline.fill({ email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' });
    inline.actor.send({ type: 'form.submit' });
    await flush();
    expect(selectFieldErrors('firstName')(inline.actor.getSnapshot())).toEqual(['The First Name must have at least 2 characters']);
    expect(inline.notifyError).not.toHaveBeenCalled();

    const notified = start(refusal, { ...INVITE, serverFieldErrors: false });
    notified.fill({ email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' });
    notified.actor.send({ type: 'form.submit' });
    await flush();
    expect(selectFieldErrors('firstName')(notified.actor.getSnapshot())).toBeNull();
    expect(notified.notifyError).toHaveBeenCalledWith(expect.objectContaining({ message: 'The First Name must have at least 2 characters' }));
    expect(notified.actor.getSnapshot().context.values).toEqual({ email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('sends any other failure to the error snackbar and lets the user try again', async () => {
    let fail = true;
    const { actor, notifyError, submit, fill } = start(async () => {
      if (fail) throw new ApiError(500, 'INTERNAL', 'Something went wrong, please try again later');
      return { ok: true };
    });
    fill({ email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' });
    actor.send({ type: 'form.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError.mock.calls[0]![0]).toBeInstanceOf(ApiError);
    expect(selectFormError(actor.getSnapshot())).toBeInstanceOf(ApiError);
    fail = false;
    actor.send({ type: 'form.submit' });
    await flush();
    expect(submit).toHaveBeenCalledTimes(2);
    expect(selectIsDone(actor.getSnapshot())).toBe(true);
    expect(selectFormError(actor.getSnapshot())).toBeNull();
  });

  it('keeps an inline form\'s failure for the screen to show, without a snackbar', async () => {
    const { actor, notifyError, fill } = start(
      async () => {
        throw new ApiError(401, 'INVALID_CREDENTIALS', 'Wrong email or password');
      },
      { fields: { email: { rules: EMAIL_RULES } }, formErrors: 'inline' },
    );
    fill({ email: 'ada@example.org' });
    actor.send({ type: 'form.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect((selectFormError(actor.getSnapshot()) as Error).message).toBe('Wrong email or password');
    expect(notifyError).not.toHaveBeenCalled();
    actor.send({ type: 'form.change', field: 'email', value: 'grace@example.org' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectFormError(actor.getSnapshot())).toBeNull();
  });

  it('resets to its starting values, or to new ones after a save', () => {
    const { actor, fill } = start(async () => ({}), { ...INVITE, values: { firstName: 'Ada' } });
    expect(actor.getSnapshot().context.values).toEqual({ email: '', firstName: 'Ada', lastName: '' });
    fill({ firstName: 'Grace' });
    expect(selectIsDirty(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.reset' });
    expect(actor.getSnapshot().context).toMatchObject({ values: { firstName: 'Ada' }, errors: {}, attempted: false });
    actor.send({ type: 'form.reset', values: { firstName: 'Grace', lastName: 'Hopper' } });
    expect(actor.getSnapshot().context.values).toEqual({ email: '', firstName: 'Grace', lastName: 'Hopper' });
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
  });
});

describe('form effects', () => {
  it('a screen’s form with nothing to do after the server took it ends done', async () => {
    const screen = defineForm('plainForm', { submit: async () => 'taken' });
    const actor = createActor(screen.logic({ actors: {} } as unknown as AppServices), { input: { fields: {} } }).start();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('a child form tells its owner, through the logic it was given', async () => {
    const owner = createActor(
      createMachine({
        invoke: {
          id: 'form',
          src: formLogic({ actors: {} } as unknown as AppServices, { submit: async () => 'taken' }, formMachine.provide({ actions: { submitted: sendParent({ type: 'taken' }) } })),
          input: { fields: {} },
        },
        initial: 'waiting',
        states: { waiting: { on: { taken: 'heard' } }, heard: {} },
      }),
    ).start();
    owner.getSnapshot().children.form!.send({ type: 'form.submit' });
    await waitFor(owner, (s) => s.matches('heard'));
  });
});
