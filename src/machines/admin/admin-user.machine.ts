import { assign, setup } from 'xstate';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import type { AdminUser, AdminUserChange, AdminUserContext, AdminUserEvent, AdminUserInput, Role } from './admin-user.types';

// One account in the admin site: loaded, then changed one step at a time (a role, free access,
// deactivation after a confirmation, reactivation, the invitation sent again). Each change
// answers the account as it now is; a refusal (409 and its reason) leaves it as it was and is
// told in a snackbar, so the page never shows a state the server does not have.

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Platform admin',
  DISTRICT_ADMIN: 'District admin',
  SCHOOL_ADMIN: 'School admin',
  USER: 'Educator',
  DEMO: 'Demo',
};

/** What the snackbar says once a change is saved. */
export function savedMessage(change: AdminUserChange): string {
  if (change.role) return `Role changed to ${ROLE_LABELS[change.role]}`;
  if (change.hasFreeAccess !== undefined) return change.hasFreeAccess ? 'Free access granted' : 'Free access revoked';
  if (change.deactivated) return 'Account deactivated: every session has ended';
  return 'Account reactivated';
}

type Change = { change: AdminUserChange };

export const adminUserMachine = setup({
  types: {
    context: {} as AdminUserContext,
    events: {} as AdminUserEvent,
    input: {} as AdminUserInput,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    loadUser: placeholderActor<AdminUser, { id: string }>('loadUser'),
    saveChange: placeholderActor<AdminUser, { id: string; change: AdminUserChange }>('saveChange'),
    resendInvitation: placeholderActor<AdminUser, { id: string }>('resendInvitation'),
  },
  actions: {
    notifySaved: placeholderAction<{ message: string }>('notifySaved'),
    notifyFailed: placeholderAction<{ error: unknown }>('notifyFailed'),
    assignUser: assign((_, params: { user: AdminUser }) => ({ user: params.user, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    holdChange: assign((_, params: Change) => ({ pending: params.change })),
    dropChange: assign({ pending: null }),
  },
  guards: {
    changesRole: ({ context }, params: { role: Role }) => context.user !== null && context.user.role !== params.role,
    changesFreeAccess: ({ context }, params: { granted: boolean }) => context.user !== null && context.user.hasFreeAccess !== params.granted,
    isActive: ({ context }) => context.user !== null && context.user.deactivatedAt === null,
    isDeactivated: ({ context }) => context.user !== null && context.user.deactivatedAt !== null,
    hasOpenInvitation: ({ context }) => context.user?.invitation !== null && context.user?.invitation?.status !== 'ACCEPTED',
  },
}).createMachine({
  id: 'adminUser',
  context: ({ input }) => ({ id: input.id, user: null, error: null, pending: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'loadUser',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'adminUser.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'adminUser.changeRole': {
              guard: { type: 'changesRole', params: ({ event }) => ({ role: event.role }) },
              target: 'saving',
              actions: { type: 'holdChange', params: ({ event }) => ({ change: { role: event.role } }) },
            },
            'adminUser.setFreeAccess': {
              guard: { type: 'changesFreeAccess', params: ({ event }) => ({ granted: event.granted }) },
              target: 'saving',
              actions: { type: 'holdChange', params: ({ event }) => ({ change: { hasFreeAccess: event.granted } }) },
            },
            'adminUser.deactivate': {
              guard: 'isActive',
              target: 'confirmingDeactivation',
              actions: { type: 'holdChange', params: { change: { deactivated: true } } },
            },
            'adminUser.reactivate': {
              guard: 'isDeactivated',
              target: 'saving',
              actions: { type: 'holdChange', params: { change: { deactivated: false } } },
            },
            'adminUser.resendInvitation': { guard: 'hasOpenInvitation', target: 'resending' },
          },
        },
        confirmingDeactivation: {
          on: {
            'adminUser.confirm': 'saving',
            'adminUser.cancel': { target: 'idle', actions: 'dropChange' },
          },
        },
        saving: {
          tags: 'busy',
          invoke: {
            src: 'saveChange',
            input: ({ context }) => ({ id: context.id, change: context.pending ?? {} }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'notifySaved', params: ({ context }) => ({ message: savedMessage(context.pending ?? {}) }) },
                'dropChange',
              ],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) }, 'dropChange'],
            },
          },
        },
        resending: {
          tags: 'busy',
          invoke: {
            src: 'resendInvitation',
            input: ({ context }) => ({ id: context.id }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'notifySaved', params: { message: 'Invitation sent again' } },
              ],
            },
            onError: { target: 'idle', actions: { type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type AdminUserMachine = typeof adminUserMachine;
