import type { UserRow } from '../auth/principal.ts';

/** The contract's User, from a row. */
export function toUser(row: UserRow) {
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
  };
}
