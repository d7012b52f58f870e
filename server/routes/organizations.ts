import { sql, type SQL } from 'drizzle-orm';
import { rows } from '../db/client.ts';
import { profiles, users } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import { ROLES, assertOrganizationVisible, requireRole, visibleOrganizationIds } from '../auth/policy.ts';
import { toUser } from '../services/users.ts';
import { principalOf, type Context, type Handlers } from './types.ts';

type OrganizationOps = 'listOrganizations' | 'inviteUser';

/** How long an invitation link can be used to create the invited account. */
const INVITATION_TTL_SECONDS = 14 * 24 * 3600;

export function organizationHandlers({ db, mailer, config, tokens }: Context): Handlers<OrganizationOps> {
  return {
    async listOrganizations(request) {
      const principal = principalOf(request);
      requireRole(principal, ROLES.admins);
      const q = request.query;
      const visible = await visibleOrganizationIds(db, principal);
      const where: SQL[] = [];
      if (visible) where.push(visible.length ? sql`o.id in (${sql.join(visible.map((id) => sql`${id}::uuid`), sql`, `)})` : sql`false`);
      if (q.type) where.push(sql`o.type = ${q.type}`);
      if (q.name?.trim()) where.push(sql`lower(o.name) like ${`%${q.name.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      const perPage = q.itemsPerPage ?? 20;
      const paging = perPage === -1 ? sql`` : sql`limit ${perPage} offset ${((q.page ?? 1) - 1) * perPage}`;
      const [items, [count]] = await Promise.all([
        rows<{ id: string; name: string; type: 'SCHOOL' | 'DISTRICT'; parentId: string | null }>(
          db,
          sql`select o.id::text as "id", o.name as "name", o.type as "type", o.parent_id::text as "parentId"
              from organizations o ${whereSql} order by lower(o.name), o.id ${paging}`,
        ),
        rows<{ total: number }>(db, sql`select count(*)::int as total from organizations o ${whereSql}`),
      ]);
      return { items, total: count?.total ?? 0 };
    },

    async inviteUser(request, reply) {
      const principal = principalOf(request);
      requireRole(principal, ROLES.admins);
      const org = await assertOrganizationVisible(db, principal, request.params.id);
      const email = request.body.email.trim().toLowerCase();
      const firstName = request.body.firstName.trim();
      const lastName = request.body.lastName.trim();

      const invited = await db.transaction(async (tx) => {
        const [existing] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`);
        if (existing) {
          if (existing.organizationId === org.id) throw conflict('This educator is already a member of this organization', 'ALREADY_MEMBER');
          // Moving an existing account (perhaps a paying one) into a school needs the owner's
          // consent, which an invitation alone does not give.
          throw conflict('This e-mail already has an account; the educator can contact support to join your organization', 'ACCOUNT_EXISTS');
        }
        const [created] = await tx.insert(users).values({ role: 'USER', email, firstName, lastName, organizationId: org.id }).returning();
        await tx.insert(profiles).values({ userId: created!.id });
        return created!;
      });

      const inviter = `${principal.user.firstName} ${principal.user.lastName}`.trim() || 'Your administrator';
      // The ticket proves the link came from the invitation: without it, anyone who knew the
      // address could create the invited (organization-paid) account first.
      const { ticket } = await tokens.issueTicket(invited.id, 'invite', INVITATION_TTL_SECONDS);
      const link = `${config.publicUrl}/invite?email=${encodeURIComponent(email)}&ticket=${ticket}`;
      await mailer.send({
        to: email,
        subject: `You're invited to the Educator Learning Platform`,
        text: `Hello ${firstName},\n\n${inviter} invited you to join ${org.name} on the Educator Learning Platform.\n\nCreate your account here (the link works for 14 days):\n${link}\n`,
      });
      reply.code(201);
      return toUser(invited);
    },
  };
}
