import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { adminUserMachine } from '@/machines/admin/admin-user.machine';
import type { AdminUser, AdminUserChange, AdminUserEvent } from '@/machines/admin/admin-user.types';
import { controllableActors, effectFreeModel, expectFullCoverage, settle, walkModel } from '../support/model';
import { makeUser } from './fixtures';

// The account page's chart walked to every state and along every transition on the real
// machine: loading, saving and resending are stubs the driver resolves (with the account as the
// server would answer) or rejects. Checked after each step: the account and the pending change
// the real machine holds are the model's, and what reached the server and the snackbar is what
// the path asked for.

type ModelEvent =
  | AdminUserEvent
  | { type: 'model.done.loadUser'; output: AdminUser }
  | { type: 'model.error.loadUser'; error: unknown }
  | { type: 'model.done.saveChange'; output: AdminUser }
  | { type: 'model.error.saveChange'; error: unknown }
  | { type: 'model.done.resendInvitation'; output: AdminUser }
  | { type: 'model.error.resendInvitation'; error: unknown }
  | { type: 'xstate.init' };

const base = makeUser('USER');
const INVITED: AdminUser = {
  ...base,
  organizationName: 'Maple Grove Elementary',
  deactivatedAt: null,
  invitation: { status: 'PENDING', invitedAt: '2026-11-20T00:00:00.000Z', sentAt: '2026-11-20T00:00:00.000Z', expiresAt: '2026-12-04T00:00:00.000Z', acceptedAt: null },
};
const DEACTIVATED: AdminUser = { ...INVITED, invitation: null, deactivatedAt: '2026-11-25T10:00:00.000Z' };
const refused = new Error('Refused');

const EVENTS: ModelEvent[] = [
  { type: 'model.done.loadUser', output: INVITED },
  { type: 'model.error.loadUser', error: refused },
  { type: 'model.done.saveChange', output: DEACTIVATED },
  { type: 'model.error.saveChange', error: refused },
  { type: 'model.done.resendInvitation', output: INVITED },
  { type: 'model.error.resendInvitation', error: refused },
  { type: 'adminUser.changeRole', role: 'SCHOOL_ADMIN' },
  { type: 'adminUser.setFreeAccess', granted: true },
  { type: 'adminUser.deactivate' },
  { type: 'adminUser.confirm' },
  { type: 'adminUser.cancel' },
  { type: 'adminUser.reactivate' },
  { type: 'adminUser.resendInvitation' },
  { type: 'adminUser.retry' },
];

const model = effectFreeModel(adminUserMachine);

describe('admin user, model-based', () => {
  it('walks every transition of the statechart on the real machine', async (context) => {
    const coverage = await walkModel<ModelEvent>(model, {
      events: EVENTS,
      input: { id: base.id },
      createDriver: () => {
        const control = controllableActors();
        const sent: { src: string; change?: AdminUserChange }[] = [];
        const told: string[] = [];
        const real = createActor(
          adminUserMachine.provide({
            actors: {
              loadUser: controllableLogic<{ id: string }>(control, 'loadUser', sent),
              saveChange: controllableLogic<{ id: string; change: AdminUserChange }>(control, 'saveChange', sent),
              resendInvitation: controllableLogic<{ id: string }>(control, 'resendInvitation', sent),
            },
            actions: {
              notifySaved: (_, { message }) => void told.push(message),
              notifyFailed: () => void told.push('failed'),
            },
          }),
          { input: { id: base.id } },
        ).start();
        const expectedSent: { src: string; change?: AdminUserChange }[] = [{ src: 'loadUser' }];
        return {
          actor: real,
          step: async (event) => {
            if (event.type === 'xstate.init') return;
            const done = /^model\.done\.(\w+)$/.exec(event.type)?.[1];
            const failed = /^model\.error\.(\w+)$/.exec(event.type)?.[1];
            if (done) control.resolve(done, (event as { output: unknown }).output);
            else if (failed) control.reject(failed, (event as { error: unknown }).error);
            else {
              const before = real.getSnapshot();
              real.send(event as AdminUserEvent);
              const after = real.getSnapshot();
              if (after.matches({ ready: 'saving' }) && !before.matches({ ready: 'saving' })) expectedSent.push({ src: 'saveChange', change: after.context.pending ?? {} });
              if (after.matches({ ready: 'resending' }) && !before.matches({ ready: 'resending' })) expectedSent.push({ src: 'resendInvitation' });
              if (after.matches('loading') && !before.matches('loading')) expectedSent.push({ src: 'loadUser' });
            }
            await settle();
          },
          check: (snapshot, expected) => {
            expect(snapshot.context.user).toEqual(expected.context.user);
            expect(snapshot.context.pending).toEqual(expected.context.pending);
            expect(sent).toEqual(expectedSent);
          },
        };
      },
    });
    expectFullCoverage(context, coverage);
  });
});

/** An invoked promise the driver settles, recording what the machine asked for. */
function controllableLogic<TInput extends { id: string; change?: AdminUserChange }>(
  control: ReturnType<typeof controllableActors>,
  src: string,
  sent: { src: string; change?: AdminUserChange }[],
) {
  const wait = control.promise<AdminUser>(src);
  return fromPromise<AdminUser, TInput>(({ input }) => {
    sent.push(input.change ? { src, change: input.change } : { src });
    return wait();
  });
}
