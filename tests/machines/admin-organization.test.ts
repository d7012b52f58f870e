import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { adminOrganizationMachine, draftOf, savedMessage, subscriptionOf } from '@/machines/admin/admin-organization.machine';
import { adminOrganizationIntents } from '@/machines/admin/admin-organization.intents';
import {
  selectChangeToConfirm,
  selectDraft,
  selectIsSavingOrganization,
  selectOrganizationLoadFailed,
  selectOrganizationView,
  selectRefusal,
} from '@/machines/admin/admin-organization.selectors';
import type { AdminOrganization, OrganizationChange, OrganizationView } from '@/machines/admin/admin-organization.types';
import { organizationsTableInput, withScope, ORGANIZATION_SCOPE_KEYS } from '@/machines/admin/admin-tables.actors';
import { flush } from './fixtures';

// One district or school in the admin site: loaded with its members, changed one step at a time
// from the page's drafts (the lapse and a removal only after a confirmation), each change
// answered by the page as the server now has it; a refusal is told beside its section and
// changes nothing.

const DISTRICT = { id: 'd1', name: 'Northwind School District' };

function organization(overrides: Partial<AdminOrganization> = {}): AdminOrganization {
  return {
    id: 'o1',
    name: 'Willow Creek Elementary',
    type: 'SCHOOL',
    parentId: null,
    parentName: null,
    memberCount: 0,
    schoolCount: 0,
    subscription: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

const view = (org: AdminOrganization = organization()): OrganizationView => ({ organization: org, members: [], membersTotal: 0, districts: [DISTRICT], sso: null });

function start(options: { view?: OrganizationView; loadFails?: boolean; save?: (change: OrganizationChange, current: OrganizationView) => Promise<OrganizationView> } = {}) {
  let current = options.view ?? view();
  const saved: OrganizationChange[] = [];
  const notices: string[] = [];
  const failures: unknown[] = [];
  const actor = createActor(
    adminOrganizationMachine.provide({
      actors: {
        loadOrganization: fromPromise<OrganizationView, { id: string }>(async () => {
          if (options.loadFails) throw new Error('Organization not found');
          return current;
        }),
        saveChange: fromPromise<OrganizationView, { id: string; change: OrganizationChange }>(async ({ input }) => {
          saved.push(input.change);
          if (options.save) current = await options.save(input.change, current);
          return current;
        }),
      },
      actions: {
        notifySaved: (_, { message }) => void notices.push(message),
        notifyFailed: (_, { error }) => void failures.push(error),
      },
    }),
    { input: { id: current.organization.id } },
  ).start();
  return { actor, saved, notices, failures, intents: adminOrganizationIntents((event) => actor.send(event)) };
}

describe('admin organization', () => {
  it('loads the organization with drafts as it is, and offers a retry when it cannot', async () => {
    const { actor } = start({ view: view(organization({ memberCount: 7 })) });
    await flush();
    expect(selectOrganizationView(actor.getSnapshot())?.organization.name).toBe('Willow Creek Elementary');
    expect(selectDraft(actor.getSnapshot())).toMatchObject({ name: 'Willow Creek Elementary', parentId: '', seats: '7', amount: '0', email: '', role: 'USER' });

    const failing = start({ loadFails: true });
    await flush();
    expect(selectOrganizationLoadFailed(failing.actor.getSnapshot())).toBe(true);
  });

  it('renames and moves a school into a district, each answered by the server and told in the snackbar', async () => {
    const { actor, intents, saved, notices } = start({
      save: async (change, current) => {
        if (change.kind === 'rename') return view({ ...current.organization, name: change.name });
        if (change.kind === 'move') return view({ ...current.organization, parentId: change.parentId, parentName: DISTRICT.name });
        return current;
      },
    });
    await flush();
    intents.edit('name', '  Willow Creek Academy ');
    intents.rename();
    expect(selectIsSavingOrganization(actor.getSnapshot())).toBe(true);
    await flush();
    intents.edit('parentId', DISTRICT.id);
    intents.move();
    await flush();
    expect(saved).toEqual([
      { kind: 'rename', name: 'Willow Creek Academy' },
      { kind: 'move', parentId: DISTRICT.id },
    ]);
    expect(notices).toEqual(['Renamed to Willow Creek Academy', 'Moved into Northwind School District']);
    expect(selectDraft(actor.getSnapshot())).toMatchObject({ name: 'Willow Creek Academy', parentId: DISTRICT.id });
  });

  it('sends nothing for a value the organization already has, and refuses an empty name itself', async () => {
    const { actor, intents, saved } = start();
    await flush();
    intents.rename();
    intents.move();
    intents.lapse();
    expect(saved).toEqual([]);
    intents.edit('name', '   ');
    intents.rename();
    expect(selectRefusal('details')(actor.getSnapshot())?.message).toBe('The name is required');
    expect(saved).toEqual([]);
  });

  it('a district is never moved', async () => {
    const { intents, saved } = start({ view: view(organization({ type: 'DISTRICT' })) });
    await flush();
    intents.edit('parentId', DISTRICT.id);
    intents.move();
    expect(saved).toEqual([]);
  });

  it('checks the subscription as typed before sending it', async () => {
    expect(subscriptionOf({ ...draftOf(view()), seats: '0' })).toBe('The seats must be a whole number, at least 1');
    expect(subscriptionOf({ ...draftOf(view()), seats: '2.5' })).toBe('The seats must be a whole number, at least 1');
    expect(subscriptionOf({ ...draftOf(view()), startsOn: '2026-12-01', endsOn: '2026-11-30' })).toBe('The end date cannot be before the start date');
    expect(subscriptionOf({ ...draftOf(view()), amount: '-1' })).toBe('The amount must be a number, 0 or more');
    const { actor, intents, saved } = start();
    await flush();
    intents.edit('seats', '0');
    intents.saveSubscription();
    expect(selectRefusal('subscription')(actor.getSnapshot())?.message).toBe('The seats must be a whole number, at least 1');
    intents.edit('seats', '25');
    intents.edit('startsOn', '2026-09-01');
    intents.edit('endsOn', '2027-08-31');
    intents.edit('amount', '1500');
    intents.saveSubscription();
    await flush();
    expect(saved).toEqual([{ kind: 'subscription', input: { seats: 25, startsOn: '2026-09-01', endsOn: '2027-08-31', amount: 1500 } }]);
    expect(selectRefusal('subscription')(actor.getSnapshot())).toBeNull();
  });

  it('lapses the subscription and removes a member only once confirmed; cancelling changes nothing', async () => {
    const subscription = { id: 's1', state: 'ACTIVE', seats: 5, seatsUsed: 1, startsOn: '2026-09-01', endsOn: '2027-08-31', endsAt: '2027-09-01T00:00:00.000Z', amount: 10, currency: 'USD' } as const;
    const { actor, intents, saved, notices } = start({ view: view(organization({ subscription })) });
    await flush();
    intents.lapse();
    expect(selectChangeToConfirm(actor.getSnapshot())).toEqual({ kind: 'lapse' });
    intents.cancel();
    expect(selectChangeToConfirm(actor.getSnapshot())).toBeNull();
    expect(saved).toEqual([]);
    intents.lapse();
    intents.confirm();
    await flush();
    intents.removeMember('u1', 'educator30@northwind.example.org');
    expect(selectChangeToConfirm(actor.getSnapshot())).toEqual({ kind: 'removeMember', userId: 'u1', email: 'educator30@northwind.example.org' });
    intents.confirm();
    await flush();
    expect(saved.map((c) => c.kind)).toEqual(['lapse', 'removeMember']);
    expect(notices).toEqual(['Subscription lapsed: its members no longer have access through it', 'educator30@northwind.example.org removed']);
  });

  it('adds a member by e-mail with the role chosen; a refusal is told beside the members and keeps what was typed', async () => {
    const refusal = new Error('educator30@northwind.example.org is a member of Northwind High School: remove them there first');
    let refuse = true;
    const { actor, intents, saved, failures, notices } = start({ save: (_, current) => (refuse ? Promise.reject(refusal) : Promise.resolve(current)) });
    await flush();
    intents.addMember();
    expect(selectRefusal('members')(actor.getSnapshot())?.message).toBe('The e-mail address is required');
    intents.edit('email', ' educator30@northwind.example.org ');
    intents.edit('role', 'SCHOOL_ADMIN');
    intents.addMember();
    await flush();
    expect(failures).toEqual([refusal]);
    expect(selectRefusal('members')(actor.getSnapshot())?.message).toBe(refusal.message);
    expect(selectRefusal('details')(actor.getSnapshot())).toBeNull();
    expect(selectDraft(actor.getSnapshot())).toMatchObject({ email: ' educator30@northwind.example.org ', role: 'SCHOOL_ADMIN' });
    refuse = false;
    intents.addMember();
    await flush();
    expect(saved).toEqual([
      { kind: 'addMember', email: 'educator30@northwind.example.org', role: 'SCHOOL_ADMIN' },
      { kind: 'addMember', email: 'educator30@northwind.example.org', role: 'SCHOOL_ADMIN' },
    ]);
    expect(notices).toEqual(['educator30@northwind.example.org added']);
    // Added: the inputs are cleared for the next one.
    expect(selectDraft(actor.getSnapshot())).toMatchObject({ email: '', role: 'USER' });
    expect(selectRefusal('members')(actor.getSnapshot())).toBeNull();
  });

  it('says what each change did', () => {
    expect(savedMessage({ kind: 'move', parentId: null }, null)).toBe('Taken out of its district');
    expect(savedMessage({ kind: 'subscription', input: { seats: 1, startsOn: '2026-01-01', endsOn: '2026-12-31', amount: 0 } }, null)).toBe('Subscription saved');
  });
});

describe('admin organizations table', () => {
  it('keeps its kind and district filters in the address bar', () => {
    expect(organizationsTableInput('?type=SCHOOL&parentId=d1&page=2').scope).toEqual({ type: 'SCHOOL', parentId: 'd1' });
    expect(withScope('?page=2', { type: 'DISTRICT', parentId: null }, ORGANIZATION_SCOPE_KEYS)).toBe('?page=2&type=DISTRICT');
  });
});

describe('the subscription draft', () => {
  it('offers as many seats as the members a subscription without a limit covers', () => {
    const subscription = { id: 's1', state: 'ACTIVE', seats: null, seatsUsed: 40, startsOn: '2026-09-22', endsOn: '2027-09-21', endsAt: '2027-09-22T00:00:00.000Z', amount: 12500, currency: 'USD' } as const;
    expect(draftOf(view(organization({ type: 'DISTRICT', memberCount: 1, subscription }))).seats).toBe('40');
    expect(draftOf(view(organization({ subscription: { ...subscription, seats: 50 } }))).seats).toBe('50');
    expect(draftOf(view(organization({ memberCount: 0 }))).seats).toBe('1');
  });
});
