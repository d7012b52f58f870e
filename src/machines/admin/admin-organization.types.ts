import type { AdminOrganization, AdminSubscriptionInput, OrganizationMember, SsoConnection } from '@/api/operations/admin-organizations';

export type { AdminOrganization, AdminSubscriptionInput, OrganizationMember };

export type MemberRole = 'USER' | 'SCHOOL_ADMIN' | 'DISTRICT_ADMIN';
export type Choice = { id: string; name: string };

/** The page's inputs as typed, before they are sent. */
export type OrganizationDraft = {
  name: string;
  /** The school's district ('' for none). */
  parentId: string;
  seats: string;
  startsOn: string;
  endsOn: string;
  amount: string;
  email: string;
  role: MemberRole;
};
export type DraftField = keyof OrganizationDraft;

/** What the page shows: the organization, its members, the districts a school can move to, and its single sign-on (null: none). */
export type OrganizationView = { organization: AdminOrganization; members: OrganizationMember[]; membersTotal: number; districts: Choice[]; sso: SsoConnection | null };

export type OrganizationChange =
  | { kind: 'rename'; name: string }
  | { kind: 'move'; parentId: string | null }
  | { kind: 'subscription'; input: AdminSubscriptionInput }
  | { kind: 'lapse' }
  | { kind: 'addMember'; email: string; role: MemberRole }
  | { kind: 'removeMember'; userId: string; email: string };

/** Which part of the page a refusal belongs to. */
export type Section = 'details' | 'subscription' | 'members';
export type Refusal = { section: Section; message: string };

export type AdminOrganizationInput = { id: string };

export type AdminOrganizationContext = {
  id: string;
  view: OrganizationView | null;
  draft: OrganizationDraft;
  /** Why the page could not be loaded. */
  error: unknown;
  /** The last change the server (or the page's own check) refused, shown in its section. */
  refusal: Refusal | null;
  /** The change on its way (or waiting for confirmation). */
  pending: OrganizationChange | null;
};

export type AdminOrganizationEvent =
  | { type: 'adminOrganization.edit'; field: DraftField; value: string }
  | { type: 'adminOrganization.rename' }
  | { type: 'adminOrganization.move' }
  | { type: 'adminOrganization.saveSubscription' }
  /** Asks for confirmation first: the members lose the access it gives at once. */
  | { type: 'adminOrganization.lapse' }
  | { type: 'adminOrganization.addMember' }
  /** Asks for confirmation first. */
  | { type: 'adminOrganization.removeMember'; userId: string; email: string }
  | { type: 'adminOrganization.confirm' }
  | { type: 'adminOrganization.cancel' }
  | { type: 'adminOrganization.retry' };
