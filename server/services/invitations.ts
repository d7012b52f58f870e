import type { Config } from '../config.ts';
import type { Schemas } from '../contract.ts';
import type { UserRow } from '../auth/principal.ts';
import type { TokenService } from '../auth/tokens.ts';
import { conflict } from '../errors.ts';
import type { OrganizationRow } from '../repositories/organizations.ts';
import type { UsersRepository } from '../repositories/users.ts';
import type { Mailer } from './mailer.ts';

/** How long an invitation link can be used to create the invited account. */
const INVITATION_TTL_SECONDS = 14 * 24 * 3600;

type Deps = { users: UsersRepository; tokens: TokenService; mailer: Mailer; config: Pick<Config, 'publicUrl'> };

/** An admin invites an educator into an organization: the account is created, the educator e-mailed a sign-up link. */
export function createInvitations({ users, tokens, mailer, config }: Deps) {
  return {
    async invite(inviter: UserRow, org: OrganizationRow, input: Schemas['InviteInput']): Promise<UserRow> {
      const email = input.email.trim().toLowerCase();
      const firstName = input.firstName.trim();
      const lastName = input.lastName.trim();

      const invited = await users.transaction(async (tx) => {
        const existing = await tx.byEmail(email);
        if (existing) {
          if (existing.organizationId === org.id) throw conflict('This educator is already a member of this organization', 'ALREADY_MEMBER');
          // Moving an existing account (perhaps a paying one) into a school needs the owner's
          // consent, which an invitation alone does not give.
          throw conflict('This e-mail already has an account; the educator can contact support to join your organization', 'ACCOUNT_EXISTS');
        }
        return (await tx.create({ role: 'USER', email, firstName, lastName, organizationId: org.id }))!;
      });

      const by = `${inviter.firstName} ${inviter.lastName}`.trim() || 'Your administrator';
      // The ticket proves the link came from the invitation: without it, anyone who knew the
      // address could create the invited (organization-paid) account first.
      const { ticket } = await tokens.issueTicket(invited.id, 'invite', INVITATION_TTL_SECONDS);
      const link = `${config.publicUrl}/invite?email=${encodeURIComponent(email)}&ticket=${ticket}`;
      await mailer.send({
        to: email,
        subject: `You're invited to the Educator Learning Platform`,
        text: `Hello ${firstName},\n\n${by} invited you to join ${org.name} on the Educator Learning Platform.\n\nCreate your account here (the link works for 14 days):\n${link}\n`,
      });
      return invited;
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
