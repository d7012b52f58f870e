import { sql } from 'drizzle-orm';

/** A list of ids for `in (…)`. */
export const uuids = (ids: string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

/** `%text%` for LIKE on a lower-cased column, with LIKE's own characters taken literally. */
export const containing = (text: string) => `%${text.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Roles whose members are the educators of a report or user list (not platform admins or demo users). */
export const MEMBER_ROLES = sql`('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN')`;
