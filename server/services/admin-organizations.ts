import type { QueryOf, Schemas } from '../contract.ts';
import { conflict, notFound, unprocessable } from '../errors.ts';
import type { UserRow } from '../auth/principal.ts';
import type { AdminOrganizationFields, OrganizationRow } from '../repositories/organizations.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { AdminChanges, AdminUnit } from './admin-changes.ts';
import { toAdminUser } from './admin-users.ts';
import type { Sessions } from './sessions.ts';
import { roleOrganizationRefusal, toMember } from './users.ts';
import { clock } from '../clock.ts';

const DAY_MS = 24 * 3600 * 1000;

/** The day (UTC) of an instant, as YYYY-MM-DD. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The contract's AdminOrganization; the subscription's state as of `now`. */
export function toAdminOrganization(row: AdminOrganizationFields, now = clock.now()): Schemas['AdminOrganization'] {
  const { subscriptionId, seats, seatsUsed, startsAt, endsAt, amountCents, currency, pastDue, ...organization } = row;
  if (!subscriptionId || !startsAt || !endsAt) return { ...organization, subscription: null };
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const state = pastDue || end <= now ? 'LAPSED' : start > now ? 'SCHEDULED' : 'ACTIVE';
  return {
    ...organization,
    subscription: {
      id: subscriptionId,
      state,
      seats,
      seatsUsed,
      startsOn: dayOf(start),
      // Access ends at the first moment after the last day.
      endsOn: dayOf(new Date(Math.max(start.getTime(), end.getTime() - 1))),
      endsAt,
      amount: (amountCents ?? 0) / 100,
      currency: currency ?? 'USD',
    },
  };
}

type Deps = { repos: Pick<Repositories, 'organizations' | 'users'>; changes: AdminChanges; sessions: Sessions };
type MemberRole = Schemas['AdminOrganizationMemberInput']['role'];

const entityOf = (org: Pick<OrganizationRow, 'id' | 'name'>) => ({ entityType: 'ORGANIZATION', entityId: org.id, entityLabel: org.name }) as const;

/** The district a school goes into: 404 for an unknown one, 422 for a school. */
async function districtFor(repos: AdminUnit['repos'], parentId: string) {
  const parent = await repos.organizations.byId(parentId);
  if (!parent) throw notFound('District not found');
  if (parent.type !== 'DISTRICT') throw unprocessable('A school can only be placed in a district', 'PARENT_NOT_DISTRICT');
  return parent;
}

async function refuseDuplicate(repos: AdminUnit['repos'], name: string, type: OrganizationRow['type'], parentId: string | null, except?: string) {
  const same = await repos.organizations.named(name, type, parentId);
  if (same && same.id !== except) {
    throw conflict(`A ${type === 'SCHOOL' ? 'school' : 'district'} named '${same.name}' already exists ${parentId ? 'in this district' : 'outside any district'}`, 'DUPLICATE_NAME');
  }
}

/** A platform admin or a demo account keeps its role as a member; anybody else takes the member role. */
const roleAsMember = (user: UserRow, role: MemberRole): UserRow['role'] => (user.role === 'ADMIN' || user.role === 'DEMO' ? user.role : role);

/**
 * The platform admin's work on districts and schools, their subscriptions and their members:
 * each change recorded in the audit log, with its values before and after, in its transaction.
 */
export function createAdminOrganizations({ repos, changes, sessions }: Deps) {
  async function organization(id: string) {
    const row = await repos.organizations.adminOne(id);
    if (!row) throw notFound('Organization not found');
    return toAdminOrganization(row);
  }

  async function existing(unit: AdminUnit, id: string) {
    const org = await unit.repos.organizations.lock(id);
    if (!org) throw notFound('Organization not found');
    return org;
  }

  /** Seats still free for one more member: the organization's own subscription, and its district's. */
  async function refuseFullSeats(unit: AdminUnit, org: OrganizationRow) {
    for (const holderId of [org.id, org.parentId]) {
      if (!holderId) continue;
      const sub = await unit.repos.organizations.subscription(holderId);
      if (!sub || sub.seats === null || sub.currentPeriodEnd <= clock.now()) continue;
      const used = await unit.repos.organizations.seatsUsed(holderId);
      if (used >= sub.seats) {
        const holder = holderId === org.id ? org : await unit.repos.organizations.byId(holderId);
        throw conflict(`All ${sub.seats} seats of ${holder?.name ?? 'the'} subscription are taken`, 'SEATS_TAKEN');
      }
    }
  }

  /** A school moving into a district brings its members under the district's subscription: they must fit its seats. */
  async function refuseMoveOverSeats(unit: AdminUnit, school: OrganizationRow, district: OrganizationRow) {
    const sub = await unit.repos.organizations.subscription(district.id);
    if (!sub || sub.seats === null || sub.currentPeriodEnd <= clock.now()) return;
    const used = await unit.repos.organizations.seatsUsed(district.id);
    const coming = await unit.repos.organizations.seatsUsed(school.id);
    if (coming > 0 && used + coming > sub.seats) {
      const free = Math.max(0, sub.seats - used);
      throw conflict(
        `${school.name} has ${coming} active ${coming === 1 ? 'member' : 'members'}, and ${free} of the ${sub.seats} seats of ${district.name}'s subscription ${free === 1 ? 'is' : 'are'} free: add seats there first`,
        'SEATS_TAKEN',
      );
    }
  }

  return {
    organization,

    async list(q: QueryOf<'adminListOrganizations'>) {
      const { items, total } = await repos.organizations.adminList(q);
      const now = clock.now();
      return { items: items.map((row) => toAdminOrganization(row, now)), total };
    },

    async create(admin: UserRow, input: Schemas['AdminOrganizationInput']) {
      const name = input.name.trim();
      if (!name) throw unprocessable('The name is required', 'NAME_REQUIRED');
      const parentId = input.parentId ?? null;
      if (input.type === 'DISTRICT' && parentId) throw unprocessable('A district cannot be in a district', 'DISTRICT_IN_DISTRICT');
      const created = await changes.apply(admin, async (unit) => {
        if (parentId) await districtFor(unit.repos, parentId);
        await refuseDuplicate(unit.repos, name, input.type, parentId);
        const org = await unit.repos.organizations.create({ name, type: input.type, parentId });
        unit.record({ ...entityOf(org), action: 'organization.created', before: null, after: { name, type: org.type, parentId } });
        return org;
      });
      return organization(created.id);
    },

    async update(admin: UserRow, id: string, change: Schemas['AdminOrganizationChange']) {
      await changes.apply(admin, async (unit) => {
        const org = await existing(unit, id);
        const name = change.name?.trim();
        if (change.name !== undefined && !name) throw unprocessable('The name is required', 'NAME_REQUIRED');
        const renames = name !== undefined && name !== org.name;
        const moves = change.parentId !== undefined && change.parentId !== org.parentId;
        if (moves && org.type === 'DISTRICT') throw conflict('A district cannot be moved into a district', 'DISTRICT_IN_DISTRICT');
        const parentId = moves ? (change.parentId ?? null) : org.parentId;
        const parent = moves && parentId ? await districtFor(unit.repos, parentId) : null;
        if (renames || moves) await refuseDuplicate(unit.repos, name ?? org.name, org.type, parentId, org.id);
        if (parent) await refuseMoveOverSeats(unit, org, parent);
        if (renames) {
          await unit.repos.organizations.update(org.id, { name });
          unit.record({ ...entityOf({ id: org.id, name: name! }), action: 'organization.renamed', before: { name: org.name }, after: { name } });
        }
        if (moves) {
          const before = org.parentId ? await unit.repos.organizations.byId(org.parentId) : null;
          await unit.repos.organizations.update(org.id, { parentId });
          unit.record({
            ...entityOf({ id: org.id, name: name ?? org.name }),
            action: 'organization.moved',
            before: { parentId: org.parentId, parentName: before?.name ?? null },
            after: { parentId, parentName: parent?.name ?? null },
          });
        }
      });
      return organization(id);
    },

    async setSubscription(admin: UserRow, id: string, input: Schemas['AdminOrganizationSubscriptionInput']) {
      const startsAt = new Date(`${input.startsOn}T00:00:00.000Z`);
      const endsAt = new Date(new Date(`${input.endsOn}T00:00:00.000Z`).getTime() + DAY_MS);
      if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) throw unprocessable('The dates must be real days', 'INVALID_DATE');
      if (input.endsOn < input.startsOn) throw unprocessable('The end date cannot be before the start date', 'END_BEFORE_START');
      const amountCents = Math.round(input.amount * 100);
      await changes.apply(admin, async (unit) => {
        const org = await existing(unit, id);
        const used = await unit.repos.organizations.seatsUsed(org.id);
        if (input.seats < used) throw unprocessable(`The seats cannot be fewer than the ${used} active members the subscription covers`, 'SEATS_BELOW_MEMBERS');
        const current = await unit.repos.organizations.subscription(org.id);
        const entity = { entityType: 'SUBSCRIPTION', entityLabel: `${org.name} subscription` } as const;
        const after = { seats: input.seats, startsOn: input.startsOn, endsOn: input.endsOn, amount: amountCents / 100 };
        if (!current) {
          const sub = await unit.repos.organizations.createSubscription({ organizationId: org.id, seats: input.seats, startsAt, currentPeriodEnd: endsAt, amountCents });
          unit.record({ ...entity, entityId: sub.id, action: 'subscription.created', before: null, after });
          return;
        }
        const shown = toAdminOrganization({ ...(await unit.repos.organizations.adminOne(org.id))! }).subscription!;
        const before = { seats: shown.seats, startsOn: shown.startsOn, endsOn: shown.endsOn, amount: shown.amount };
        if (JSON.stringify(before) === JSON.stringify(after)) return;
        await unit.repos.organizations.changeSubscription(current.id, { seats: input.seats, startsAt, currentPeriodEnd: endsAt, amountCents, pastDue: false, cancelAtPeriodEnd: false });
        unit.record({ ...entity, entityId: current.id, action: 'subscription.changed', before, after });
      });
      return organization(id);
    },

    /** Ends the subscription now: what the subscriptions read by the guard and the access check say from then on. */
    async lapseSubscription(admin: UserRow, id: string) {
      await changes.apply(admin, async (unit) => {
        const org = await existing(unit, id);
        const current = await unit.repos.organizations.subscription(org.id);
        if (!current) throw conflict(`${org.name} has no subscription`, 'NO_SUBSCRIPTION');
        const now = clock.now();
        if (current.currentPeriodEnd <= now || current.pastDue) throw conflict('This subscription has already ended', 'SUBSCRIPTION_ENDED');
        const startsAt = current.startsAt && current.startsAt > now ? now : current.startsAt;
        const lapsed = await unit.repos.organizations.changeSubscription(current.id, { currentPeriodEnd: now, startsAt });
        unit.record({
          entityType: 'SUBSCRIPTION',
          entityId: current.id,
          entityLabel: `${org.name} subscription`,
          action: 'subscription.lapsed',
          before: { endsAt: current.currentPeriodEnd.toISOString() },
          after: { endsAt: lapsed.currentPeriodEnd.toISOString() },
        });
      });
      return organization(id);
    },

    async members(id: string, q: QueryOf<'adminListOrganizationMembers'>) {
      if (!(await repos.organizations.byId(id))) throw notFound('Organization not found');
      const { items, total } = await repos.users.members([id], q);
      return { items: items.map(toMember), total };
    },

    async addMember(admin: UserRow, id: string, input: Schemas['AdminOrganizationMemberInput']) {
      const email = input.email.trim();
      const endsSessions = await changes.apply(admin, async (unit) => {
        const org = await existing(unit, id);
        const user = await unit.repos.users.byEmail(email);
        if (!user) throw unprocessable(`No account uses the e-mail address ${email}`, 'UNKNOWN_EMAIL');
        const refusal = roleOrganizationRefusal(roleAsMember(user, input.role), org);
        if (refusal) throw refusal;
        if (user.organizationId && user.organizationId !== org.id) {
          const other = await unit.repos.organizations.byId(user.organizationId);
          throw conflict(`${user.email} is a member of ${other?.name ?? 'another organization'}: remove them there first`, 'OTHER_ORGANIZATION');
        }
        if (user.organizationId === org.id && user.role === input.role) return false;
        if (user.organizationId !== org.id && !user.deactivatedAt) await refuseFullSeats(unit, org);
        await unit.repos.users.setOrganization(user.id, org.id, input.role);
        unit.record({
          ...entityOf(org),
          action: user.organizationId === org.id ? 'organization.memberRoleChanged' : 'organization.memberAdded',
          before: { member: user.email, organizationId: user.organizationId, role: user.role },
          after: { member: user.email, organizationId: org.id, role: input.role },
        });
        return user.role !== input.role ? user.id : false;
      });
      if (endsSessions) await sessions.notifyEnded(endsSessions);
      return toAdminUser((await repos.users.account((await repos.users.byEmail(email))!.id))!);
    },

    async removeMember(admin: UserRow, id: string, userId: string) {
      const endsSessions = await changes.apply(admin, async (unit) => {
        const org = await existing(unit, id);
        const user = await unit.repos.users.byId(userId);
        if (!user || user.organizationId !== org.id) throw notFound(`This account is not a member of ${org.name}`);
        // A role that needs an organization (a school or district admin) becomes an educator's.
        const role = roleOrganizationRefusal(user.role, null) ? 'USER' : user.role;
        await unit.repos.users.setOrganization(user.id, null, role);
        unit.record({
          ...entityOf(org),
          action: 'organization.memberRemoved',
          before: { member: user.email, organizationId: org.id, role: user.role },
          after: { member: user.email, organizationId: null, role },
        });
        return role !== user.role;
      });
      if (endsSessions) await sessions.notifyEnded(userId);
      return toAdminUser((await repos.users.account(userId))!);
    },
  };
}
