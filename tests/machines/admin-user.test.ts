import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { adminAccess, signInWithProvider, takeReturnTo } from '@/machines/admin/admin-access';
import { accountsTableInput, accountsTableScreen, auditScopeFrom, auditTableInput, withScope } from '@/machines/admin/admin-tables.actors';
import { adminTableIntents } from '@/machines/admin/admin-tables.intents';
import { createApiClient } from '@/api/client';
import type { AppServices } from '@/machines/root/app-services';
import type { RootRefs } from '@/machines/root/root.machine';
import { createLiveActors } from '@/machines/shared/live-actors';
import { adminUserMachine, savedMessage } from '@/machines/admin/admin-user.machine';
import { adminUserIntents } from '@/machines/admin/admin-user.intents';
import {
  selectAdminUser,
  selectIsConfirmingDeactivation,
  selectIsSaving,
  selectLoadFailed,
  selectPendingChange,
} from '@/machines/admin/admin-user.selectors';
import type { AdminUser, AdminUserChange } from '@/machines/admin/admin-user.types';
import { authMachine } from '@/machines/auth/auth.machine';
import type { CheckSessionOutput } from '@/machines/auth/auth.types';
import type { User } from '@/machines/shared/domain';
import { deferred, flush, makeUser } from './fixtures';

// One account in the admin site: loaded, changed one step at a time (a deactivation only after a
// confirmation), each change answered by the account as the server now has it; a refusal is
// told and changes nothing. And who gets into the admin site at all.

function account(overrides: Partial<AdminUser> = {}): AdminUser {
  return { ...makeUser('USER'), invitation: null, organizationName: 'Maple Grove Elementary', deactivatedAt: null, ...overrides };
}

function start(options: { user?: AdminUser; loadFails?: boolean; save?: (change: AdminUserChange, user: AdminUser) => Promise<AdminUser> } = {}) {
  let current = options.user ?? account();
  const saved: AdminUserChange[] = [];
  const notices: string[] = [];
  const failures: unknown[] = [];
  let resent = 0;
  const actor = createActor(
    adminUserMachine.provide({
      actors: {
        loadUser: fromPromise<AdminUser, { id: string }>(async () => {
          if (options.loadFails) throw new Error('The account could not be loaded');
          return current;
        }),
        saveChange: fromPromise<AdminUser, { id: string; change: AdminUserChange }>(async ({ input }) => {
          saved.push(input.change);
          current = options.save
            ? await options.save(input.change, current)
            : {
                ...current,
                ...(input.change.role && { role: input.change.role }),
                ...(input.change.hasFreeAccess !== undefined && { hasFreeAccess: input.change.hasFreeAccess }),
                ...(input.change.deactivated !== undefined && { deactivatedAt: input.change.deactivated ? '2026-11-25T10:00:00.000Z' : null }),
              };
          return current;
        }),
        resendInvitation: fromPromise<AdminUser, { id: string }>(async () => {
          resent++;
          return current;
        }),
      },
      actions: {
        notifySaved: (_, { message }) => void notices.push(message),
        notifyFailed: (_, { error }) => void failures.push(error),
      },
    }),
    { input: { id: current.id } },
  ).start();
  return { actor, saved, notices, failures, resent: () => resent, intents: adminUserIntents((event) => actor.send(event)) };
}

describe('admin user', () => {
  it('loads the account, and offers a retry when it cannot', async () => {
    const { actor } = start();
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(selectAdminUser(actor.getSnapshot())?.role).toBe('USER');

    const failing = start({ loadFails: true });
    await flush();
    expect(selectLoadFailed(failing.actor.getSnapshot())).toBe(true);
  });

  it('changes the role and free access, each answered by the server and told in the snackbar', async () => {
    const { actor, intents, saved, notices } = start();
    await flush();
    intents.changeRole('SCHOOL_ADMIN');
    expect(selectIsSaving(actor.getSnapshot())).toBe(true);
    expect(selectPendingChange(actor.getSnapshot())).toEqual({ role: 'SCHOOL_ADMIN' });
    await flush();
    intents.setFreeAccess(true);
    await flush();
    expect(saved).toEqual([{ role: 'SCHOOL_ADMIN' }, { hasFreeAccess: true }]);
    expect(notices).toEqual(['Role changed to School admin', 'Free access granted']);
    expect(selectAdminUser(actor.getSnapshot())).toMatchObject({ role: 'SCHOOL_ADMIN', hasFreeAccess: true });
    expect(selectPendingChange(actor.getSnapshot())).toBeNull();
  });

  it('sends nothing for a value the account already has', async () => {
    const { intents, saved } = start({ user: account({ hasFreeAccess: true }) });
    await flush();
    intents.changeRole('USER');
    intents.setFreeAccess(true);
    intents.reactivate();
    intents.resendInvitation();
    await flush();
    expect(saved).toEqual([]);
  });

  it('deactivates only once confirmed; cancelling changes nothing; then reactivates', async () => {
    const { actor, intents, saved, notices } = start();
    await flush();
    intents.deactivate();
    expect(selectIsConfirmingDeactivation(actor.getSnapshot())).toBe(true);
    intents.cancel();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(saved).toEqual([]);

    intents.deactivate();
    intents.confirm();
    await flush();
    expect(saved).toEqual([{ deactivated: true }]);
    expect(selectAdminUser(actor.getSnapshot())?.deactivatedAt).not.toBeNull();
    intents.deactivate();
    expect(selectIsConfirmingDeactivation(actor.getSnapshot())).toBe(false);

    intents.reactivate();
    await flush();
    expect(saved).toEqual([{ deactivated: true }, { deactivated: false }]);
    expect(notices).toEqual(['Account deactivated: every session has ended', 'Account reactivated']);
  });

  it('keeps the account as it was when the server refuses, and tells why', async () => {
    const refusal = new Error('A district admin must be a member of a district');
    const { actor, intents, failures } = start({ save: () => Promise.reject(refusal) });
    await flush();
    intents.changeRole('DISTRICT_ADMIN');
    await flush();
    expect(failures).toEqual([refusal]);
    expect(selectAdminUser(actor.getSnapshot())?.role).toBe('USER');
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('sends an open invitation again, and ignores every other intent meanwhile', async () => {
    const pending = account({ invitation: { status: 'EXPIRED', invitedAt: '2026-11-01T00:00:00.000Z', sentAt: '2026-11-01T00:00:00.000Z', expiresAt: '2026-11-15T00:00:00.000Z', acceptedAt: null } });
    const { actor, intents, notices, resent, saved } = start({ user: pending });
    await flush();
    intents.resendInvitation();
    expect(actor.getSnapshot().matches({ ready: 'resending' })).toBe(true);
    intents.changeRole('ADMIN');
    await flush();
    expect(resent()).toBe(1);
    expect(saved).toEqual([]);
    expect(notices).toEqual(['Invitation sent again']);
  });

  it('waits for a slow save before the next change', async () => {
    const slow = deferred<AdminUser>();
    const { actor, intents, saved } = start({ save: () => slow.promise });
    await flush();
    intents.setFreeAccess(true);
    intents.changeRole('ADMIN');
    expect(saved).toEqual([{ hasFreeAccess: true }]);
    slow.resolve(account({ hasFreeAccess: true }));
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('words each saved change', () => {
    expect(savedMessage({ role: 'ADMIN' })).toBe('Role changed to Platform admin');
    expect(savedMessage({ hasFreeAccess: false })).toBe('Free access revoked');
    expect(savedMessage({ deactivated: false })).toBe('Account reactivated');
  });
});

describe('admin tables', () => {
  it('read the audit filters a link sets, and start the accounts newest first', () => {
    expect(auditScopeFrom('?entityType=USER&entityId=abc&page=2')).toEqual({ actorId: null, entityType: 'USER', entityId: 'abc', from: null, to: null });
    expect(auditTableInput('').scope).toEqual({ actorId: null, entityType: null, entityId: null, from: null, to: null });
    expect(accountsTableInput('?q=ada').defaults?.sortBy).toEqual([{ key: 'createdAt', order: 'desc' }]);
  });
});

describe('admin access', () => {
  function auth(session: CheckSessionOutput, user: User | null) {
    return createActor(
      authMachine.provide({
        actors: {
          checkSession: fromPromise<CheckSessionOutput, void>(async () => session),
          getAccessToken: fromPromise<string, void>(async () => 'token'),
          fetchUser: fromPromise<User, void>(async () => user!),
          sendLoginEvent: fromPromise<void, { user: User }>(async () => undefined),
        },
        actions: { navigate: () => {}, storeLocalToken: () => {}, clearLocalToken: () => {}, announceUser: () => {}, announceSignedOut: () => {} },
      }),
      { input: undefined },
    ).start();
  }

  it('waits while the session is found out, then lets platform admins in, signs visitors in, and sends anybody else away', async () => {
    const admin = auth({ providerSession: false, localToken: true }, makeUser('ADMIN'));
    expect(adminAccess(admin.getSnapshot())).toBe('waiting');
    expect(adminAccess(await waitFor(admin, (s) => adminAccess(s) !== 'waiting'))).toBe('admin');

    const visitor = auth({ providerSession: false, localToken: false }, null);
    expect(adminAccess(await waitFor(visitor, (s) => adminAccess(s) !== 'waiting'))).toBe('signIn');

    for (const role of ['USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN', 'DEMO'] as const) {
      const other = auth({ providerSession: true, localToken: false }, makeUser(role));
      expect(adminAccess(await waitFor(other, (s) => adminAccess(s) !== 'waiting')), role).toBe('elsewhere');
    }
  });
});

describe('admin return path', () => {
  it('remembers where a provider sign-in started, once, and only an admin page', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    const sent: unknown[] = [];
    signInWithProvider({ actors: { auth: { send: (e: unknown) => sent.push(e) } } } as never, '/admin/audit?page=2', storage);
    expect(sent).toEqual([{ type: 'auth.loginWithRedirect', returnTo: '/admin/audit?page=2' }]);
    expect(takeReturnTo(storage)).toBe('/admin/audit?page=2');
    expect(takeReturnTo(storage)).toBeNull();
    storage.setItem('admin-site-return-to', 'https://elsewhere.example.org/');
    expect(takeReturnTo(storage)).toBeNull();
  });
});

describe('admin tables in the address bar', () => {
  function world(search: string) {
    const requests: URL[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      requests.push(new URL(request.url));
      return Response.json({ items: [], total: 0 });
    };
    const location = { pathname: '/admin/users', search };
    const listeners = new Set<(l: { pathname: string; search: string }) => void>();
    const services: AppServices = {
      api: createApiClient({ baseUrl: 'http://app.test/api', getAccessToken: async () => 'token', fetch }),
      actors: {} as RootRefs,
      router: {
        navigate: (to) => {
          Object.assign(location, typeof to === 'string' ? { search: to } : to);
          for (const listener of listeners) listener({ ...location });
        },
        current: () => ({ ...location }),
        subscribe: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
      },
      browser: {} as AppServices['browser'],
      live: createLiveActors(),
    accessToken: async () => 'token',
    };
    const table = createActor(accountsTableScreen.logic(services), { input: accountsTableInput(search) }).start();
    return { requests, location, table, services, intents: adminTableIntents((event) => table.send(event)) };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('starts from the filters the address names, writes a changed filter back, and follows back and forward', async () => {
    const { requests, location, table, intents, services } = world('?role=SCHOOL_ADMIN&q=maple');
    await settle();
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toMatchObject({ role: 'SCHOOL_ADMIN', filter: 'maple', page: '1' });

    intents.setScope({ ...table.getSnapshot().context.scope, status: 'DEACTIVATED', role: null });
    await settle();
    expect(new URLSearchParams(location.search).get('status')).toBe('DEACTIVATED');
    expect(new URLSearchParams(location.search).has('role')).toBe(false);
    expect(new URLSearchParams(location.search).get('q')).toBe('maple');
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toMatchObject({ status: 'DEACTIVATED' });
    expect(requests.at(-1)!.searchParams.has('role')).toBe(false);

    // Back to the first address: the filter comes back and the rows are fetched again.
    const count = requests.length;
    services.router.navigate({ search: '?role=SCHOOL_ADMIN&q=maple' });
    await settle();
    expect(table.getSnapshot().context.scope).toMatchObject({ role: 'SCHOOL_ADMIN', status: null });
    expect(requests.length).toBe(count + 1);
    expect(withScope('?page=2', { role: 'USER', status: null }, ['role', 'status'])).toBe('?page=2&role=USER');
  });
});
