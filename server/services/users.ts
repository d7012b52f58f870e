import type { Schemas } from '../contract.ts';
import type { UserRow } from '../auth/principal.ts';
import { clock } from '../clock.ts';
import { conflict, type HttpError } from '../errors.ts';

/**
 * The one rule of roles and organizations: a school admin belongs to a school, a district admin
 * to a district, a platform admin or a demo account to neither. Breaking it is always 409
 * ROLE_ORGANIZATION: the role conflicts with where the account is, or is about to be.
 */
export function roleOrganizationRefusal(role: UserRow['role'], organization: { type: 'SCHOOL' | 'DISTRICT' } | null | undefined): HttpError | null {
  if (role === 'SCHOOL_ADMIN' && organization?.type !== 'SCHOOL') return conflict('A school admin must be a member of a school', 'ROLE_ORGANIZATION');
  if (role === 'DISTRICT_ADMIN' && organization?.type !== 'DISTRICT') return conflict('A district admin must be a member of a district', 'ROLE_ORGANIZATION');
  if (role === 'ADMIN' && organization) return conflict('A platform admin is not a member of a school or district', 'ROLE_ORGANIZATION');
  if (role === 'DEMO' && organization) return conflict('A demo account is not a member of a school or district', 'ROLE_ORGANIZATION');
  return null;
}

/** What the contract's User is made of: a row, or a raw select with its dates as text. */
export type UserFields = Pick<UserRow, 'id' | 'ssoId' | 'role' | 'organizationId' | 'email' | 'firstName' | 'lastName' | 'completedOnboarding' | 'hasFreeAccess'> & {
  createdAt: Date | string;
  verifiedAt: Date | string | null;
};

/** The contract's User, from a row; the organization's name and the previous visit where the caller looked them up. */
export function toUser(row: UserFields, organizationName?: string | null, previousVisitOn?: string | null) {
  return {
    id: row.id,
    ssoId: row.ssoId,
    role: row.role,
    organizationId: row.organizationId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    completedOnboarding: row.completedOnboarding,
    createdAt: row.createdAt,
    hasFreeAccess: row.hasFreeAccess,
    verified: row.verifiedAt !== null,
    organizationName,
    previousVisitOn,
  } satisfies Record<keyof Schemas['User'], unknown>;
}

/** An invitation's timestamps, from a row or a raw select (dates as text). */
type InvitationFields = {
  invitedAt: Date | string | null;
  invitationSentAt: Date | string | null;
  invitationExpiresAt: Date | string | null;
  invitationAcceptedAt: Date | string | null;
};

/** What the contract's Member is made of: a user and their invitation. */
export type MemberFields = UserFields & InvitationFields;

export type InvitationStatus = Schemas['Invitation']['status'];

/** ACCEPTED once the educator created their account from it; else EXPIRED from the moment its link stops working; else PENDING. */
export function invitationStatus(row: InvitationFields, now = clock.ms()): InvitationStatus | null {
  if (!row.invitedAt) return null;
  if (row.invitationAcceptedAt) return 'ACCEPTED';
  return row.invitationExpiresAt && now >= new Date(row.invitationExpiresAt).getTime() ? 'EXPIRED' : 'PENDING';
}

/** The contract's Invitation, or null for someone who joined without one. */
export function invitationOf(row: InvitationFields, now = clock.ms()) {
  const status = invitationStatus(row, now);
  if (!status) return null;
  return {
    status,
    invitedAt: row.invitedAt!,
    sentAt: row.invitationSentAt ?? row.invitedAt!,
    expiresAt: row.invitationExpiresAt ?? row.invitedAt!,
    acceptedAt: row.invitationAcceptedAt,
  } satisfies Record<keyof Schemas['Invitation'], unknown>;
}

/** The contract's Member: the user as an admin's lists show them, with their invitation. */
export function toMember(row: MemberFields, now = clock.ms()) {
  return { ...toUser(row), invitation: invitationOf(row, now) };
}
