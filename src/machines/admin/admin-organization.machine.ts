import { assign, not, setup, type ActorRefFrom } from 'xstate';
import { errorMessage } from '@/lib/messages';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import type {
  AdminOrganizationContext,
  AdminSubscriptionInput,
  AdminOrganizationEvent,
  AdminOrganizationInput,
  OrganizationChange,
  OrganizationDraft,
  OrganizationView,
  Refusal,
  Section,
} from './admin-organization.types';

// One district or school in the admin site: loaded with its members, then changed one step at a
// time (rename, move a school, the subscription's seats and days, lapse it after a
// confirmation, add a member by e-mail, remove one after a confirmation). Each change answers
// the page as the server now has it; a refusal (its 409 or 422 and the reason) leaves it as it
// was, told in a snackbar and beside the part of the page it is about.

const DAY_MS = 24 * 3600 * 1000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The inputs as the organization now is; a new subscription is offered from today for a year. */
export function draftOf(view: OrganizationView, now = Date.now(), keep?: Pick<OrganizationDraft, 'email' | 'role'>): OrganizationDraft {
  const { organization } = view;
  const sub = organization.subscription;
  return {
    name: organization.name,
    parentId: organization.parentId ?? '',
    // No limit yet: offer as many seats as the members it covers now.
    seats: String(Math.max(sub?.seats ?? sub?.seatsUsed ?? organization.memberCount, 1)),
    startsOn: sub?.startsOn ?? dayOf(now),
    endsOn: sub?.endsOn ?? dayOf(now + 364 * DAY_MS),
    amount: sub ? String(sub.amount) : '0',
    email: keep?.email ?? '',
    role: keep?.role ?? 'USER',
  };
}

export const EMPTY_DRAFT: OrganizationDraft = { name: '', parentId: '', seats: '', startsOn: '', endsOn: '', amount: '', email: '', role: 'USER' };

const SECTION: Record<OrganizationChange['kind'], Section> = {
  rename: 'details',
  move: 'details',
  subscription: 'subscription',
  lapse: 'subscription',
  addMember: 'members',
  removeMember: 'members',
};

/** What the snackbar says once a change is saved. */
export function savedMessage(change: OrganizationChange, view: OrganizationView | null): string {
  switch (change.kind) {
    case 'rename':
      return `Renamed to ${change.name}`;
    case 'move':
      return change.parentId ? `Moved into ${view?.organization.parentName ?? 'the district'}` : 'Taken out of its district';
    case 'subscription':
      return 'Subscription saved';
    case 'lapse':
      return 'Subscription lapsed: its members no longer have access through it';
    case 'addMember':
      return `${change.email} added`;
    case 'removeMember':
      return `${change.email} removed`;
  }
}

/** The subscription as typed, or why it cannot be sent. */
export function subscriptionOf(draft: OrganizationDraft): { seats: number; startsOn: string; endsOn: string; amount: number } | string {
  const seats = Number(draft.seats);
  if (!/^\d+$/.test(draft.seats.trim()) || seats < 1) return 'The seats must be a whole number, at least 1';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.startsOn)) return 'The start date is required';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.endsOn)) return 'The end date is required';
  if (draft.endsOn < draft.startsOn) return 'The end date cannot be before the start date';
  const amount = Number(draft.amount);
  if (draft.amount.trim() === '' || !Number.isFinite(amount) || amount < 0) return 'The amount must be a number, 0 or more';
  return { seats, startsOn: draft.startsOn, endsOn: draft.endsOn, amount };
}

/** The server's reason (or the generic text) for a refusal. */
const messageOf = (error: unknown) => errorMessage(error);

export const adminOrganizationMachine = setup({
  types: {
    context: {} as AdminOrganizationContext,
    events: {} as AdminOrganizationEvent,
    input: {} as AdminOrganizationInput,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    loadOrganization: placeholderActor<OrganizationView, { id: string }>('loadOrganization'),
    saveChange: placeholderActor<OrganizationView, { id: string; change: OrganizationChange }>('saveChange'),
  },
  actions: {
    notifySaved: placeholderAction<{ message: string }>('notifySaved'),
    notifyFailed: placeholderAction<{ error: unknown }>('notifyFailed'),
    assignView: assign(({ context }, params: { view: OrganizationView; keepMember: boolean }) => ({
      view: params.view,
      draft: draftOf(params.view, Date.now(), params.keepMember ? context.draft : undefined),
      error: null,
      refusal: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    assignRefusal: assign(({ context }, params: { message: string }) => ({
      refusal: context.pending ? ({ section: SECTION[context.pending.kind], message: params.message } satisfies Refusal) : null,
    })),
    refuse: assign((_, params: Refusal) => ({ refusal: params })),
    edit: assign(({ context }, params: { field: keyof OrganizationDraft; value: string }) => ({ draft: { ...context.draft, [params.field]: params.value } })),
    hold: assign((_, params: { change: OrganizationChange }) => ({ pending: params.change, refusal: null })),
    drop: assign({ pending: null }),
  },
  guards: {
    hasName: ({ context }) => context.draft.name.trim() !== '',
    renames: ({ context }) => context.view !== null && context.draft.name.trim() !== context.view.organization.name,
    moves: ({ context }) => context.view?.organization.type === 'SCHOOL' && (context.draft.parentId || null) !== context.view.organization.parentId,
    subscriptionIsValid: ({ context }) => typeof subscriptionOf(context.draft) !== 'string',
    canLapse: ({ context }) => context.view?.organization.subscription?.state === 'ACTIVE' || context.view?.organization.subscription?.state === 'SCHEDULED',
    hasEmail: ({ context }) => context.draft.email.trim() !== '',
  },
}).createMachine({
  id: 'adminOrganization',
  context: ({ input }) => ({ id: input.id, view: null, draft: EMPTY_DRAFT, error: null, refusal: null, pending: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'loadOrganization',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: { type: 'assignView', params: ({ event }) => ({ view: event.output, keepMember: false }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'adminOrganization.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'adminOrganization.edit': { actions: { type: 'edit', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'adminOrganization.rename': [
              { guard: not('hasName'), actions: { type: 'refuse', params: { section: 'details', message: 'The name is required' } } },
              { guard: 'renames', target: 'saving', actions: { type: 'hold', params: ({ context }) => ({ change: { kind: 'rename', name: context.draft.name.trim() } }) } },
            ],
            'adminOrganization.move': {
              guard: 'moves',
              target: 'saving',
              actions: { type: 'hold', params: ({ context }) => ({ change: { kind: 'move', parentId: context.draft.parentId || null } }) },
            },
            'adminOrganization.saveSubscription': [
              {
                guard: 'subscriptionIsValid',
                target: 'saving',
                actions: { type: 'hold', params: ({ context }) => ({ change: { kind: 'subscription', input: subscriptionOf(context.draft) as AdminSubscriptionInput } }) },
              },
              { actions: { type: 'refuse', params: ({ context }) => ({ section: 'subscription', message: String(subscriptionOf(context.draft)) }) } },
            ],
            'adminOrganization.lapse': { guard: 'canLapse', target: 'confirming', actions: { type: 'hold', params: { change: { kind: 'lapse' } } } },
            'adminOrganization.addMember': [
              { guard: not('hasEmail'), actions: { type: 'refuse', params: { section: 'members', message: 'The e-mail address is required' } } },
              {
                target: 'saving',
                actions: { type: 'hold', params: ({ context }) => ({ change: { kind: 'addMember', email: context.draft.email.trim(), role: context.draft.role } }) },
              },
            ],
            'adminOrganization.removeMember': {
              target: 'confirming',
              actions: { type: 'hold', params: ({ event }) => ({ change: { kind: 'removeMember', userId: event.userId, email: event.email } }) },
            },
          },
        },
        confirming: {
          on: {
            'adminOrganization.confirm': 'saving',
            'adminOrganization.cancel': { target: 'idle', actions: 'drop' },
          },
        },
        saving: {
          tags: 'busy',
          invoke: {
            src: 'saveChange',
            input: ({ context }) => ({ id: context.id, change: context.pending! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'notifySaved', params: ({ context, event }) => ({ message: savedMessage(context.pending!, event.output) }) },
                { type: 'assignView', params: ({ context, event }) => ({ view: event.output, keepMember: context.pending?.kind !== 'addMember' }) },
                'drop',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) },
                { type: 'assignRefusal', params: ({ event }) => ({ message: messageOf(event.error) }) },
                'drop',
              ],
            },
          },
        },
      },
    },
  },
});

export type AdminOrganizationMachine = typeof adminOrganizationMachine;
export type AdminOrganizationActorRef = ActorRefFrom<AdminOrganizationMachine>;
