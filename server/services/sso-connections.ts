import { createPublicKey, X509Certificate } from 'node:crypto';
import type { Schemas } from '../contract.ts';
import type { Config } from '../config.ts';
import { conflict, notFound, unprocessable } from '../errors.ts';
import type { UserRow } from '../auth/principal.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { SsoConnectionRow } from '../repositories/sso.ts';
import type { AdminChanges } from './admin-changes.ts';
import { samlEntityId, SSO_PATHS, type Sso } from './sso.ts';

// The admin site's side of district sign-in: connecting an organization to its identity
// provider, with the domains it owns; every change in the audit log.

type Input = Schemas['SsoConnectionInput'];

const DOMAIN = /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * Domains nobody's district owns: public mail services, and the shared suffixes under which
 * districts and schools get their own names (a state's k12 zone, a country's academic or school
 * zone). A connection of one would sign in everybody below it.
 */
const SHARED_DOMAINS = new Set(['gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'yahoo.com', 'icloud.com', 'me.com', 'aol.com', 'proton.me', 'protonmail.com', 'gmx.com', 'mail.com', 'zoho.com']);
const SHARED_SUFFIX = /^(?:k12\.[a-z]{2}\.us|[a-z]{2}\.us|(?:ac|co|com|edu|gov|govt|k12|net|org|sch|school|schools)\.[a-z]{2})$/;

/** A URL the server may call or send a browser to: https, or http outside production (a provider on this machine, in development and tests). */
function webAddress(value: string, field: string): string {
  const url = URL.parse(value.trim());
  const allowed = url && (url.protocol === 'https:' || (url.protocol === 'http:' && process.env.NODE_ENV !== 'production'));
  if (!allowed) throw unprocessable(`The ${field} must be an https:// address`, 'INVALID_URL');
  return url.href.replace(/\/$/, '');
}

/** A PEM certificate (or public key) that can check signatures, normalised. */
function signingKey(pem: string): string {
  const text = pem.trim();
  try {
    if (text.includes('BEGIN CERTIFICATE')) return new X509Certificate(text).toString().trim();
    createPublicKey(text);
    return text;
  } catch {
    throw unprocessable('The certificate must be the identity provider’s signing certificate in PEM form (-----BEGIN CERTIFICATE-----)', 'INVALID_CERTIFICATE');
  }
}

export function createSsoConnections({ repos, changes, sso, config }: { repos: Repositories; changes: AdminChanges; sso: Sso; config: Config }) {
  const serviceProvider = {
    redirectUri: `${config.publicUrl}${SSO_PATHS.oidcCallback}`,
    entityId: samlEntityId(config),
    acsUrl: `${config.publicUrl}${SSO_PATHS.samlAcs}`,
    metadataUrl: `${config.publicUrl}${SSO_PATHS.samlMetadata}`,
  };

  const toConnection = (row: SsoConnectionRow): Schemas['SsoConnection'] => ({
    organizationId: row.organizationId,
    protocol: row.protocol,
    displayName: row.displayName,
    issuer: row.issuer,
    clientId: row.clientId,
    hasClientSecret: row.clientSecretSealed !== null,
    ssoUrl: row.ssoUrl,
    certificate: row.certificate,
    domains: row.domains,
    schoolClaim: row.schoolClaim,
    allowPasswords: row.allowPasswords,
    updatedAt: row.updatedAt,
    serviceProvider,
  });

  /** What the audit log keeps of a connection: never its secret. */
  const audited = (row: Pick<SsoConnectionRow, 'protocol' | 'displayName' | 'issuer' | 'clientId' | 'ssoUrl' | 'domains' | 'schoolClaim' | 'allowPasswords'>) => ({
    protocol: row.protocol,
    displayName: row.displayName,
    issuer: row.issuer,
    clientId: row.clientId,
    ssoUrl: row.ssoUrl,
    domains: row.domains,
    schoolClaim: row.schoolClaim,
    allowPasswords: row.allowPasswords,
  });

  async function organizationOf(repositories: Repositories, id: string) {
    const organization = await repositories.organizations.byId(id);
    if (!organization) throw notFound('Organization not found', 'ORGANIZATION_NOT_FOUND');
    return organization;
  }

  return {
    async get(organizationId: string) {
      await organizationOf(repos, organizationId);
      const row = await repos.sso.byOrganization(organizationId);
      if (!row) throw notFound('This organization has no single sign-on connection', 'NO_SSO_CONNECTION');
      return toConnection(row);
    },

    async save(admin: UserRow, organizationId: string, input: Input) {
      const domains = [...new Set(input.domains.map((d) => d.trim().toLowerCase().replace(/^@/, '')))];
      const badDomain = domains.find((d) => !DOMAIN.test(d));
      if (badDomain !== undefined) throw unprocessable(`"${badDomain}" is not an e-mail domain (like district.org)`, 'INVALID_DOMAIN');
      const shared = domains.find((d) => SHARED_DOMAINS.has(d) || SHARED_SUFFIX.test(d));
      if (shared !== undefined) throw unprocessable(`${shared} is shared by many people or organizations: give the organization's own domain (like district.org)`, 'SHARED_DOMAIN');
      const oidc = input.protocol === 'OIDC';
      const saml = input.protocol === 'SAML';
      if (input.protocol === 'AUTH0' && config.provider.embedded) {
        throw unprocessable('Auth0 Organizations connect only when the platform signs in with an Auth0 tenant (AUTH0_DOMAIN): choose OpenID Connect or SAML', 'AUTH0_NOT_CONFIGURED');
      }
      if (input.protocol === 'AUTH0' && !/^org_[A-Za-z0-9]+$/.test(input.issuer.trim())) {
        throw unprocessable('An Auth0 Organization’s id starts with org_ (Auth0 dashboard › Organizations)', 'INVALID_AUTH0_ORGANIZATION');
      }
      const fields = {
        protocol: input.protocol,
        displayName: input.displayName.trim(),
        issuer: oidc ? webAddress(input.issuer, 'issuer') : input.issuer.trim(),
        clientId: oidc ? (input.clientId?.trim() ?? null) : null,
        ssoUrl: saml && input.ssoUrl ? webAddress(input.ssoUrl, 'sign-in URL') : null,
        certificate: saml && input.certificate ? signingKey(input.certificate) : null,
        schoolClaim: input.schoolClaim?.trim() || null,
        allowPasswords: input.allowPasswords ?? false,
        domains,
      };
      if (!fields.displayName) throw unprocessable('The display name is required', 'DISPLAY_NAME_REQUIRED');
      if (oidc && !fields.clientId) throw unprocessable('An OpenID Connect connection needs its client ID', 'CLIENT_ID_REQUIRED');
      if (saml && (!fields.ssoUrl || !fields.certificate)) throw unprocessable('A SAML connection needs the identity provider’s sign-in URL and its signing certificate', 'SAML_DETAILS_REQUIRED');

      const saved = await changes.apply(admin, async (unit) => {
        const organization = await organizationOf(unit.repos, organizationId);
        if (organization.parentId) throw conflict(`${organization.name} belongs to a district: connect the district, which covers its schools`, 'NOT_TOP_LEVEL');
        const [taken] = await unit.repos.sso.domainsTaken(organizationId, domains);
        if (taken) throw conflict(`${taken.domain} already signs in with ${taken.organizationName}`, 'DOMAIN_TAKEN');
        const before = await unit.repos.sso.byOrganization(organizationId);
        // A secret left out keeps the saved one (the form never shows it), but only for the same
        // provider and client: it must never go to another issuer's token endpoint.
        const sameClient = before?.protocol === 'OIDC' && before.issuer === fields.issuer && before.clientId === fields.clientId;
        const keptSecret = oidc && sameClient ? before.clientSecretSealed : null;
        if (oidc && before && !sameClient && !input.clientSecret && before.clientSecretSealed) {
          throw unprocessable('The issuer or client ID changed: give the client secret of the new client', 'CLIENT_SECRET_REQUIRED');
        }
        const clientSecretSealed = oidc ? (input.clientSecret ? sso.sealSecret(input.clientSecret) : keptSecret) : null;
        await unit.repos.sso.save(organizationId, { ...fields, clientSecretSealed });
        // Another provider's subjects may name other people: its teachers are linked again by their verified addresses.
        if (before && (before.protocol !== fields.protocol || before.issuer !== fields.issuer)) await unit.repos.sso.forgetIdentities(before.id);
        unit.record({
          entityType: 'ORGANIZATION',
          entityId: organization.id,
          entityLabel: organization.name,
          action: before ? 'organization.sso_changed' : 'organization.sso_connected',
          before: before ? audited(before) : null,
          after: { ...audited(fields), clientSecretChanged: Boolean(oidc && input.clientSecret) },
        });
        return unit.repos.sso.byOrganization(organizationId);
      });
      return toConnection(saved!);
    },

    async remove(admin: UserRow, organizationId: string) {
      await changes.apply(admin, async (unit) => {
        const organization = await organizationOf(unit.repos, organizationId);
        const before = await unit.repos.sso.byOrganization(organizationId);
        if (!before || !(await unit.repos.sso.remove(organizationId))) throw notFound('This organization has no single sign-on connection', 'NO_SSO_CONNECTION');
        unit.record({ entityType: 'ORGANIZATION', entityId: organization.id, entityLabel: organization.name, action: 'organization.sso_disconnected', before: audited(before), after: null });
      });
    },
  };
}
