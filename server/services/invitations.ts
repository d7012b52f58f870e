import { randomUUID } from 'node:crypto';
import { clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Schemas } from '../contract.ts';
import type { UserRow } from '../auth/principal.ts';
import type { TokenService } from '../auth/tokens.ts';
import { conflict, HttpError, notFound, unprocessable } from '../errors.ts';
import type { OrganizationRow, OrganizationsRepository } from '../repositories/organizations.ts';
import type { UsersRepository } from '../repositories/users.ts';
import { EMAIL_RULES, NAME_RULES } from '../../src/lib/validation/fields.ts';
import { size, validate } from '../../src/lib/validation/rules.ts';
import { CsvSyntaxError, parseCsv } from './csv.ts';
import type { Limiter } from './limits.ts';
import { createBackgroundMail, type Mail, type Mailer } from './mailer.ts';
import { toMember } from './users.ts';

/** How long an invitation link can be used to create the invited account. */
export const INVITATION_TTL_SECONDS = 14 * 24 * 3600;
/** Invitations one educator may be sent again in an hour (when rate limits are on). */
export const INVITATION_RESENDS_PER_HOUR = 5;
/** The largest file an import takes, in kB of 1000 bytes (the §5 size rule). */
export const IMPORT_MAX_KB = 500;
/** The most educators one file may invite. */
export const IMPORT_MAX_ROWS = 1000;
/** Invitation e-mails of an import sent at the same time. */
const IMPORT_MAIL_CONCURRENCY = 4;

/** The ticket's claim naming the sending it belongs to: only the last sending's link works. */
const SENT_CLAIM = 'sent';

type Deps = {
  users: UsersRepository;
  organizations: Pick<OrganizationsRepository, 'byId'>;
  tokens: TokenService;
  mailer: Mailer;
  limiter: Limiter;
  config: Pick<Config, 'publicUrl' | 'rateLimit'>;
  log: { warn: (obj: object, msg: string) => void };
};

type Invitee = { email: string; firstName: string; lastName: string };
type ImportRow = Schemas['ImportResult']['valid'][number];
type ImportRefusal = Schemas['ImportResult']['invalid'][number];

/**
 * An account nobody has proven the address of (a sign-up whose link was never followed), in no
 * organization and never invited: whoever made it did not show they own the address, so it does
 * not stand in the way of an invitation. The invitation takes it over; its owner is whoever
 * follows the invitation's link (repositories/users.ts: `inviteUnclaimed`, `claim`).
 */
export function isUnclaimed(account: Pick<UserRow, 'id' | 'ssoId' | 'role' | 'organizationId' | 'verifiedAt' | 'invitedAt' | 'deactivatedAt'>): boolean {
  return (
    !account.verifiedAt &&
    !account.organizationId &&
    !account.invitedAt &&
    !account.deactivatedAt &&
    (account.role === 'USER' || account.role === 'DEMO') &&
    (!account.ssoId || account.ssoId === account.id)
  );
}

/** Why an address cannot be invited into an organization because it has an account: the single invite's 409s. */
export function existingAccountRefusal(existing: UserRow, org: Pick<OrganizationRow, 'id'>): HttpError {
  if (existing.organizationId === org.id) return conflict('This educator is already a member of this organization', 'ALREADY_MEMBER');
  // Moving an existing account (perhaps a paying one) into a school needs the owner's consent,
  // which an invitation alone does not give.
  return conflict('This e-mail already has an account; the educator can contact support to join your organization', 'ACCOUNT_EXISTS');
}

/**
 * What is wrong with an invitee, checked as the invite form checks it (src/lib/validation: the
 * same rules and messages, one message per field at most); nothing when it is fine.
 */
export function inviteeErrors(invitee: Invitee): string[] {
  return [
    ...validate(invitee.email, EMAIL_RULES, 'Email'),
    ...validate(invitee.firstName, NAME_RULES, 'First Name'),
    ...validate(invitee.lastName, NAME_RULES, 'Last Name'),
  ];
}

const normalized = (input: Invitee): Invitee => ({ email: input.email.trim().toLowerCase(), firstName: input.firstName.trim(), lastName: input.lastName.trim() });

/**
 * Admins invite educators into an organization: one at a time or from a CSV file. Each invited
 * account is created without a password and its educator e-mailed a sign-up link (a signed
 * ticket naming the sending); sending again makes a new link and retires the old one.
 */
export function createInvitations({ users, organizations, tokens, mailer, limiter, config, log }: Deps) {
  const background = createBackgroundMail(mailer, log, { concurrency: IMPORT_MAIL_CONCURRENCY });

  /** A link for this sending of the invitation, and when it stops working. */
  /**
   * The link's ticket, and when the invitation expires: the ticket (a credential) expires on the
   * real clock, the invitation a person sees as Pending or Expired on the app's (server/clock.ts);
   * the two run at the same pace.
   */
  async function ticketFor(userId: string, sentAt: Date) {
    const { ticket } = await tokens.issueTicket(userId, 'invite', INVITATION_TTL_SECONDS, { [SENT_CLAIM]: sentAt.toISOString() });
    return { ticket, expiresAt: new Date(sentAt.getTime() + INVITATION_TTL_SECONDS * 1000) };
  }

  function invitationMail(invitee: Invitee, inviter: UserRow, org: OrganizationRow, ticket: string): Mail {
    const by = `${inviter.firstName} ${inviter.lastName}`.trim() || 'Your administrator';
    const link = `${config.publicUrl}/invite?email=${encodeURIComponent(invitee.email)}&ticket=${ticket}`;
    return {
      to: invitee.email,
      subject: `You're invited to the Educator Learning Platform`,
      text: `Hello ${invitee.firstName},\n\n${by} invited you to join ${org.name} on the Educator Learning Platform.\n\nCreate your account here (the link works for 14 days):\n${link}\n`,
    };
  }

  /**
   * The invited account's row (with the invitation) and the link of this sending: a new account,
   * or the unclaimed account `id` of the address taken over.
   */
  async function invitedAccount(invitee: Invitee, inviter: UserRow, org: OrganizationRow, id: string = randomUUID()) {
    const sentAt = clock.now();
    // The ticket proves the link came from the invitation: without it, anyone who knew the
    // address could create the invited (organization-paid) account first.
    const { ticket, expiresAt } = await ticketFor(id, sentAt);
    const values = {
      id,
      role: 'USER' as const,
      ...invitee,
      organizationId: org.id,
      invitedAt: sentAt,
      invitedBy: inviter.id,
      invitationSentAt: sentAt,
      invitationExpiresAt: expiresAt,
    };
    return { values, ticket };
  }

  /** Checks the rows of a file; `existing` are the accounts of their addresses. */
  function checkRows(rows: (Invitee & { line: number; cell: string })[], existing: Map<string, UserRow>, org: OrganizationRow) {
    const valid: ImportRow[] = [];
    const invalid: ImportRefusal[] = [];
    const firstLine = new Map<string, number>();
    for (const row of rows) {
      const errors = inviteeErrors(row);
      if (!errors.length) {
        const account = existing.get(row.email);
        const earlier = firstLine.get(row.email);
        if (earlier !== undefined) errors.push(`This e-mail appears earlier in the file (line ${earlier})`);
        else if (account && !isUnclaimed(account)) errors.push(existingAccountRefusal(account, org).message);
      }
      if (errors.length) invalid.push({ line: row.line, email: row.cell, errors });
      else {
        firstLine.set(row.email, row.line);
        valid.push({ line: row.line, email: row.email, firstName: row.firstName, lastName: row.lastName });
      }
    }
    return { valid, invalid };
  }

  return {
    async invite(inviter: UserRow, org: OrganizationRow, input: Schemas['InviteInput']): Promise<UserRow> {
      const invitee = normalized(input);
      const unclaimed = await users.byEmail(invitee.email);
      const { values, ticket } = await invitedAccount(invitee, inviter, org, unclaimed && isUnclaimed(unclaimed) ? unclaimed.id : undefined);
      const invited = await users.transaction(async (tx) => {
        const existing = await tx.byEmail(invitee.email);
        const taken = existing?.id === values.id && isUnclaimed(existing) ? await tx.inviteUnclaimed(existing.id, values) : undefined;
        if (taken) return taken;
        if (existing) throw existingAccountRefusal(existing, org);
        return (await tx.create(values))!;
      });
      await mailer.send(invitationMail(invitee, inviter, org, ticket));
      return invited;
    },

    /**
     * Sends a member's invitation again with a new link; the old link stops working. Only for
     * members of the organization (or its schools) who were invited and have not accepted.
     */
    /**
     * `within` runs the update of the account in a transaction of the caller's (the admin site
     * records the change in the audit log with it); by default it runs on its own.
     */
    async resend(
      inviter: UserRow,
      tenant: { organization: OrganizationRow; organizationIds: string[] },
      userId: string,
      within: (update: (accounts: Pick<UsersRepository, 'invitationSent'>) => Promise<UserRow | undefined>) => Promise<UserRow | undefined> = (update) => update(users),
    ) {
      const member = await users.byId(userId);
      if (!member || !member.organizationId || !tenant.organizationIds.includes(member.organizationId) || member.role === 'ADMIN' || member.role === 'DEMO') {
        throw notFound('This educator is not a member of this organization', 'NOT_FOUND');
      }
      if (member.invitationAcceptedAt) throw conflict('This educator has already accepted the invitation', 'INVITATION_ACCEPTED');
      if (!member.invitedAt) throw conflict('This educator joined without an invitation', 'NOT_INVITED');
      if (config.rateLimit.enabled) {
        const granted = await limiter.take(`invitation-resend:${member.id}`, 1, { limit: INVITATION_RESENDS_PER_HOUR, windowMs: 3600 * 1000 });
        if (!granted) throw new HttpError(429, 'RATE_LIMITED', 'This invitation was sent too often in the last hour; please try again later');
      }
      const sentAt = clock.now();
      const { ticket, expiresAt } = await ticketFor(member.id, sentAt);
      const updated = await within((accounts) => accounts.invitationSent(member.id, sentAt, expiresAt));
      if (!updated) throw conflict('This educator has already accepted the invitation', 'INVITATION_ACCEPTED');
      // The member's own school (or district), as in the first invitation.
      const organization = updated.organizationId === tenant.organization.id ? tenant.organization : ((await organizations.byId(updated.organizationId!)) ?? tenant.organization);
      await mailer.send(invitationMail(updated, inviter, organization, ticket));
      return toMember(updated);
    },

    /**
     * Invites the educators of a CSV file (columns email, firstName, lastName). A dry run only
     * checks; a real run creates every valid row in one transaction, checking again, and e-mails
     * the invitations after it commits (a failed e-mail does not undo the import).
     */
    async importCsv(inviter: UserRow, org: OrganizationRow, input: Schemas['ImportInput']): Promise<Schemas['ImportResult']> {
      const tooLarge = size(IMPORT_MAX_KB)({ size: Buffer.byteLength(input.csv, 'utf8') }, 'File');
      if (tooLarge !== true) throw new HttpError(413, 'FILE_TOO_LARGE', tooLarge);
      let records;
      try {
        records = parseCsv(input.csv);
      } catch (err) {
        if (err instanceof CsvSyntaxError) throw unprocessable(`The file cannot be read: ${err.message}`, 'CSV_MALFORMED');
        throw err;
      }
      const [header, ...data] = records;
      const column = (name: string) => header?.fields.findIndex((f) => f.trim().toLowerCase().replace(/[\s_-]+/g, '') === name.toLowerCase()) ?? -1;
      const columns = { email: column('email'), firstName: column('firstName'), lastName: column('lastName') };
      if (Object.values(columns).some((i) => i < 0)) throw unprocessable('The file needs the columns email, firstName and lastName', 'CSV_COLUMNS');
      if (!data.length) throw unprocessable('The file has no educators in it', 'CSV_EMPTY');
      if (data.length > IMPORT_MAX_ROWS) throw unprocessable('A file can invite at most 1,000 educators', 'CSV_TOO_MANY_ROWS');

      const rows = data.map(({ line, fields }) => {
        const cell = fields[columns.email] ?? '';
        return { line, cell, ...normalized({ email: cell, firstName: fields[columns.firstName] ?? '', lastName: fields[columns.lastName] ?? '' }) };
      });
      const addresses = [...new Set(rows.map((r) => r.email).filter(Boolean))];
      const checked = checkRows(rows, await users.byEmails(addresses), org);
      if (input.dryRun) return { dryRun: true, invited: 0, ...checked };

      const byLine = new Map(rows.map((r) => [r.line, r]));
      const { created, invalid, mails } = await users.transaction(async (tx) => {
        // Checked again inside the transaction: an account may have been made since the dry run.
        const existingNow = await tx.byEmails(addresses);
        const again = checkRows(rows, existingNow, org);
        const accounts = await Promise.all(again.valid.map(async (row) => ({ row, ...(await invitedAccount(row, inviter, org, existingNow.get(row.email)?.id)) })));
        const made = await tx.createMany(accounts.filter((a) => !existingNow.has(a.row.email)).map((a) => a.values));
        for (const a of accounts.filter((a) => existingNow.has(a.row.email))) {
          const taken = await tx.inviteUnclaimed(a.values.id, a.values);
          if (taken) made.push(taken);
        }
        const madeIds = new Set(made.map((u) => u.id));
        // An address taken between the check and the insert is refused like an existing account.
        const lost = accounts.filter((a) => !madeIds.has(a.values.id));
        const taken = lost.length ? await tx.byEmails(lost.map((a) => a.row.email)) : new Map<string, UserRow>();
        return {
          created: accounts.filter((a) => madeIds.has(a.values.id)).map((a) => a.row),
          invalid: [
            ...again.invalid,
            ...lost.map((a) => {
              const account = taken.get(a.row.email);
              const message = account ? existingAccountRefusal(account, org).message : 'This e-mail already has an account';
              return { line: a.row.line, email: byLine.get(a.row.line)?.cell ?? a.row.email, errors: [message] };
            }),
          ].sort((a, b) => a.line - b.line),
          mails: accounts.filter((a) => madeIds.has(a.values.id)).map((a) => invitationMail(a.row, inviter, org, a.ticket)),
        };
      });
      for (const mail of mails) background.post(() => mail, { mail: 'invitation', organizationId: org.id });
      return { dryRun: false, invited: created.length, valid: created, invalid };
    },

    /**
     * The account an invitation link may complete: the ticket must be valid and belong to the
     * invitation's last sending (a link sent before a resend no longer works). Links issued
     * before sendings were named are honoured while the invitation was never sent again.
     */
    async invitedUserId(ticket: string): Promise<string | null> {
      let claims;
      try {
        claims = await tokens.verifyTicket(ticket, 'invite');
      } catch {
        return null;
      }
      const user = await users.byId(claims.sub);
      if (!user) return null;
      if (!user.invitedAt || !user.invitationSentAt) return user.id;
      const sent = claims[SENT_CLAIM];
      const current = typeof sent === 'string' ? sent === user.invitationSentAt.toISOString() : user.invitedAt.getTime() === user.invitationSentAt.getTime();
      return current ? user.id : null;
    },

    /** Waits for the invitation e-mails under way (the server closing, a test reading the outbox). */
    drain: () => background.drain(),
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
