import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import type { UserRow } from '../auth/principal.ts';
import { forbidden } from '../errors.ts';

/**
 * Whether a user may use paid content: free access, an active personal subscription, or an
 * active subscription of their organization (a school, or the district it belongs to).
 * Demo users browse on the demo's terms and platform admins see everything.
 */
export async function hasAccess(db: Db, user: UserRow, now = new Date()): Promise<boolean> {
  if (user.role === 'DEMO' || user.role === 'ADMIN' || user.hasFreeAccess) return true;
  const [row] = await rows<{ active: boolean }>(
    db,
    sql`select exists (
          select 1 from subscriptions s
          where s.current_period_end > ${now} and not s.past_due
            and (s.user_id = ${user.id}
                 or s.organization_id = ${user.organizationId}
                 or s.organization_id = (select parent_id from organizations where id = ${user.organizationId}))
        ) as active`,
  );
  return row?.active === true;
}

export async function requireAccess(db: Db, user: UserRow) {
  if (!(await hasAccess(db, user))) {
    throw forbidden(
      user.organizationId ? "Your organization's subscription has expired" : 'An active subscription is required',
      'SUBSCRIPTION_REQUIRED',
    );
  }
}
