import type { Schemas } from '../contract.ts';
import type { UserRow } from '../auth/principal.ts';

/** What the contract's User is made of: a row, or a raw select with its dates as text. */
export type UserFields = Pick<UserRow, 'id' | 'ssoId' | 'role' | 'organizationId' | 'email' | 'firstName' | 'lastName' | 'completedOnboarding' | 'hasFreeAccess'> & {
  createdAt: Date | string;
  verifiedAt: Date | string | null;
};

/** The contract's User, from a row; the organization's name where the caller looked it up. */
export function toUser(row: UserFields, organizationName?: string | null) {
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
  } satisfies Record<keyof Schemas['User'], unknown>;
}
