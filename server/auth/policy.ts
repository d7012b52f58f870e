import { eq, or, and, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { organizations } from '../db/schema.ts';
import { forbidden, notFound } from '../errors.ts';
import type { Principal } from './principal.ts';

export type Role = 'ADMIN' | 'DISTRICT_ADMIN' | 'SCHOOL_ADMIN' | 'USER' | 'DEMO';

/** Role sets used by the operations (spec §6; the API-level rules are ours, see docs/decisions.md). */
export const ROLES = {
  anyone: ['ADMIN', 'DISTRICT_ADMIN', 'SCHOOL_ADMIN', 'USER', 'DEMO'],
  learners: ['DISTRICT_ADMIN', 'SCHOOL_ADMIN', 'USER', 'DEMO'],
  fullAccount: ['DISTRICT_ADMIN', 'SCHOOL_ADMIN', 'USER'],
  admins: ['ADMIN', 'DISTRICT_ADMIN', 'SCHOOL_ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export function requireRole(principal: Principal, allowed: readonly Role[]) {
  if (allowed.includes(principal.user.role)) return;
  // Only say "register" when a full account would actually be allowed.
  if (principal.user.role === 'DEMO' && allowed.includes('USER')) throw forbidden('Register for a full account to do this', 'DEMO_ACCOUNT');
  throw forbidden('Your role does not allow this', 'FORBIDDEN_ROLE');
}

/**
 * Organizations an admin may see: a platform admin every one, a district admin their district
 * and its schools, a school admin their own school. Returns null for "every organization".
 */
export async function visibleOrganizationIds(db: Db, principal: Principal): Promise<string[] | null> {
  const { role, organizationId } = principal.user;
  if (role === 'ADMIN') return null;
  if (!organizationId || (role !== 'DISTRICT_ADMIN' && role !== 'SCHOOL_ADMIN')) return [];
  if (role === 'SCHOOL_ADMIN') return [organizationId];
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(or(eq(organizations.id, organizationId), eq(organizations.parentId, organizationId)));
  return rows.map((r) => r.id);
}

/** Throws 404 for an unknown organization and 403 for one outside the admin's tenancy. */
export async function assertOrganizationVisible(db: Db, principal: Principal, organizationId: string) {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw notFound('Organization not found');
  const visible = await visibleOrganizationIds(db, principal);
  if (visible && !visible.includes(organizationId)) throw forbidden('This organization is outside your account', 'FORBIDDEN_ORGANIZATION');
  return org;
}

/** The schools (and district) a report or user list covers for an organization id. */
export async function organizationScope(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(or(eq(organizations.id, organizationId), eq(organizations.parentId, organizationId)));
  return rows.map((r) => r.id);
}

export async function organizationsByIds(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db.select().from(organizations).where(and(inArray(organizations.id, ids)));
}
