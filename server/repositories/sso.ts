import { sql } from 'drizzle-orm';
import { iso, rows, type Db } from '../db/client.ts';
import { defineRepository } from './define.ts';

/** A single sign-on connection as the server works with it (its client secret still sealed). */
export type SsoConnectionRow = {
  id: string;
  organizationId: string;
  organizationName: string;
  protocol: 'OIDC' | 'SAML' | 'AUTH0';
  displayName: string;
  issuer: string;
  clientId: string | null;
  clientSecretSealed: string | null;
  ssoUrl: string | null;
  certificate: string | null;
  schoolClaim: string | null;
  allowPasswords: boolean;
  domains: string[];
  updatedAt: string;
};

export type SsoConnectionFields = Omit<SsoConnectionRow, 'id' | 'organizationId' | 'organizationName' | 'updatedAt'>;

export type SsoRequestRow = {
  id: string;
  connectionId: string;
  interactionUid: string;
  codeVerifier: string | null;
  nonce: string | null;
  userId: string | null;
};

const CONNECTION_COLUMNS = sql`c.id::text as "id", c.organization_id::text as "organizationId", o.name as "organizationName", c.protocol as "protocol",
  c.display_name as "displayName", c.issuer as "issuer", c.client_id as "clientId", c.client_secret_sealed as "clientSecretSealed",
  c.sso_url as "ssoUrl", c.certificate as "certificate", c.school_claim as "schoolClaim", c.allow_passwords as "allowPasswords",
  coalesce((select array_agg(d.domain order by d.domain) from sso_domains d where d.connection_id = c.id), '{}') as "domains",
  ${iso(sql`c.updated_at`)} as "updatedAt"`;

/** `mail.north.example.org` is served by a connection of `north.example.org` or of `example.org`: the most specific wins. */
export function domainCandidates(domain: string): string[] {
  const parts = domain.toLowerCase().split('.');
  return parts.slice(0, -1).map((_, i) => parts.slice(i).join('.'));
}

export function createSsoRepository(db: Db) {
  const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(db, query))[0];

  return {
    /** The connection that owns an e-mail domain (or a parent domain of it), if any. */
    async forDomain(domain: string): Promise<SsoConnectionRow | undefined> {
      const candidates = domainCandidates(domain);
      if (!candidates.length) return undefined;
      return one<SsoConnectionRow>(sql`select ${CONNECTION_COLUMNS} from sso_domains x
        join sso_connections c on c.id = x.connection_id join organizations o on o.id = c.organization_id
        where x.domain in (${sql.join(candidates.map((d) => sql`${d}`), sql`, `)}) order by length(x.domain) desc limit 1`);
    },

    /** The connection of an Auth0 Organization (its `org_id`), with an Auth0 tenant. */
    async forAuth0Organization(orgId: string): Promise<SsoConnectionRow | undefined> {
      return one<SsoConnectionRow>(sql`select ${CONNECTION_COLUMNS} from sso_connections c join organizations o on o.id = c.organization_id where c.protocol = 'AUTH0' and c.issuer = ${orgId}`);
    },

    async byId(id: string): Promise<SsoConnectionRow | undefined> {
      return one<SsoConnectionRow>(sql`select ${CONNECTION_COLUMNS} from sso_connections c join organizations o on o.id = c.organization_id where c.id = ${id}::uuid`);
    },

    async byOrganization(organizationId: string): Promise<SsoConnectionRow | undefined> {
      return one<SsoConnectionRow>(sql`select ${CONNECTION_COLUMNS} from sso_connections c join organizations o on o.id = c.organization_id where c.organization_id = ${organizationId}::uuid`);
    },

    /** Domains another organization's connection owns that are, contain or lie under one of these, with that organization's name. */
    async domainsTaken(organizationId: string, domains: readonly string[]): Promise<{ domain: string; organizationName: string }[]> {
      if (!domains.length) return [];
      return rows(db, sql`select x.domain as "domain", o.name as "organizationName" from sso_domains x
        join sso_connections c on c.id = x.connection_id join organizations o on o.id = c.organization_id
        where c.organization_id <> ${organizationId}::uuid and (${sql.join(
          domains.map((d) => sql`(x.domain = ${d} or x.domain like ${`%.${d}`} or ${d} like '%.' || x.domain)`),
          sql` or `,
        )}) order by x.domain`);
    },

    /** Creates or replaces an organization's connection and its domains. */
    async save(organizationId: string, fields: SsoConnectionFields): Promise<void> {
      const [saved] = await rows<{ id: string }>(
        db,
        sql`insert into sso_connections (organization_id, protocol, display_name, issuer, client_id, client_secret_sealed, sso_url, certificate, school_claim, allow_passwords)
          values (${organizationId}::uuid, ${fields.protocol}, ${fields.displayName}, ${fields.issuer}, ${fields.clientId}, ${fields.clientSecretSealed},
            ${fields.ssoUrl}, ${fields.certificate}, ${fields.schoolClaim}, ${fields.allowPasswords})
          on conflict (organization_id) do update set protocol = excluded.protocol, display_name = excluded.display_name, issuer = excluded.issuer,
            client_id = excluded.client_id, client_secret_sealed = excluded.client_secret_sealed, sso_url = excluded.sso_url,
            certificate = excluded.certificate, school_claim = excluded.school_claim, allow_passwords = excluded.allow_passwords, updated_at = app_now()
          returning id::text as "id"`,
      );
      await db.execute(sql`delete from sso_domains where connection_id = ${saved!.id}::uuid`);
      if (fields.domains.length) {
        await db.execute(sql`insert into sso_domains (domain, connection_id) values ${sql.join(
          fields.domains.map((d) => sql`(${d}, ${saved!.id}::uuid)`),
          sql`, `,
        )}`);
      }
    },

    async remove(organizationId: string): Promise<boolean> {
      return (await rows(db, sql`delete from sso_connections where organization_id = ${organizationId}::uuid returning id`)).length > 0;
    },

    /** The account a connection's subject signed in as before. */
    async identity(connectionId: string, subject: string): Promise<string | undefined> {
      return (await one<{ userId: string }>(sql`select user_id::text as "userId" from user_identities where connection_id = ${connectionId}::uuid and subject = ${subject}`))?.userId;
    },

    /** Whether the account already signs in with some subject of this connection. */
    async hasIdentity(connectionId: string, userId: string): Promise<boolean> {
      return (await rows(db, sql`select 1 from user_identities where connection_id = ${connectionId}::uuid and user_id = ${userId}::uuid limit 1`)).length > 0;
    },

    /** Whether an organization is this one or one of its schools. */
    async inOrganization(organizationId: string, memberOf: string): Promise<boolean> {
      return (await rows(db, sql`select 1 from organizations where id = ${memberOf}::uuid and (id = ${organizationId}::uuid or parent_id = ${organizationId}::uuid)`)).length > 0;
    },

    /** The subjects of a connection whose provider changed: they may name other people there now. */
    async forgetIdentities(connectionId: string): Promise<void> {
      await db.execute(sql`delete from user_identities where connection_id = ${connectionId}::uuid`);
    },

    async link(connectionId: string, subject: string, userId: string): Promise<void> {
      await db.execute(sql`insert into user_identities (connection_id, subject, user_id) values (${connectionId}::uuid, ${subject}, ${userId}::uuid) on conflict do nothing`);
    },

    /**
     * The school of a district a claim names, by its OneRoster sourcedId or its name (any case);
     * the district itself when the value names it.
     */
    async schoolOf(districtId: string, value: string): Promise<string | undefined> {
      return (
        await one<{ id: string }>(sql`select o.id::text as "id" from organizations o
          where (o.parent_id = ${districtId}::uuid or o.id = ${districtId}::uuid) and (o.sourced_id = ${value} or lower(o.name) = lower(${value}))
          order by (o.sourced_id = ${value}) desc nulls last, (o.id = ${districtId}::uuid) limit 1`)
      )?.id;
    },

    async createRequest(request: Omit<SsoRequestRow, 'userId'> & { expiresAt: Date }): Promise<void> {
      await db.execute(sql`insert into sso_requests (id, connection_id, interaction_uid, code_verifier, nonce, expires_at)
        values (${request.id}, ${request.connectionId}::uuid, ${request.interactionUid}, ${request.codeVerifier}, ${request.nonce}, ${request.expiresAt.toISOString()}::timestamptz)`);
    },

    /** A request still waiting for its provider's answer. */
    async pendingRequest(id: string): Promise<SsoRequestRow | undefined> {
      return one<SsoRequestRow>(sql`select id, connection_id::text as "connectionId", interaction_uid as "interactionUid", code_verifier as "codeVerifier", nonce, user_id::text as "userId"
        from sso_requests where id = ${id} and user_id is null and expires_at > now()`);
    },

    /** The provider's answer was checked: the request now signs in this account (once). */
    async answerRequest(id: string, userId: string): Promise<boolean> {
      return (await rows(db, sql`update sso_requests set user_id = ${userId}::uuid where id = ${id} and user_id is null and expires_at > now() returning id`)).length > 0;
    },

    /** Takes an answered request of this sign-in, once: the account it signs in. */
    async takeAnswered(id: string, interactionUid: string): Promise<string | undefined> {
      return (
        await one<{ userId: string }>(sql`delete from sso_requests where id = ${id} and interaction_uid = ${interactionUid} and user_id is not null and expires_at > now()
          returning user_id::text as "userId"`)
      )?.userId;
    },

    /** Records a SAML assertion as used; false when it was used before (a replay). */
    async useAssertion(id: string, expiresAt: Date): Promise<boolean> {
      return (await rows(db, sql`insert into saml_assertions_used (id, expires_at) values (${id}, ${expiresAt.toISOString()}::timestamptz) on conflict do nothing returning id`)).length > 0;
    },

    async purgeExpired(interactionUid: string): Promise<void> {
      await db.execute(sql`delete from sso_requests where expires_at < now() - interval '1 hour' or (interaction_uid = ${interactionUid} and user_id is null)`);
      await db.execute(sql`delete from saml_assertions_used where expires_at < now()`);
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;

declare module './repositories.ts' {
  interface Repositories {
    sso: SsoRepository;
  }
}

export default defineRepository('sso', createSsoRepository);
