import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { Config } from '../config.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { SsoConnectionRow } from '../repositories/sso.ts';
import type { UserRow } from '../auth/principal.ts';
import type { Sessions } from './sessions.ts';
import { normaliseEmail } from '../auth/provider/accounts.ts';
import { clock } from '../clock.ts';
import { sealer } from './sealed.ts';

// District sign-in (single sign-on): an address of a domain a connection owns is signed in by the
// district's identity provider, OpenID Connect or SAML 2.0, and comes back to the embedded
// provider, which then issues the product's own tokens. The first sign-in provisions the teacher
// just in time, in the school the connection's claim names (else the district), as a USER with
// onboarding still ahead. A request to the provider is kept (sso_requests) until its answer is
// checked, and the answer is used once, by the browser that asked (server/auth/provider).

export const SSO_PATHS = {
  oidcCallback: '/u/sso/oidc/callback',
  samlAcs: '/u/sso/saml/acs',
  samlMetadata: '/u/sso/saml/metadata',
} as const;

/** How long a teacher may take at the district's sign-in page. */
const REQUEST_TTL_MS = 10 * 60_000;
/** How long the district's provider may take to answer one request of ours. */
const PROVIDER_TIMEOUT_S = 10;

/** What the district's provider said about whom it signed in, after every check. */
type Asserted = { subject: string; email: string; emailVerified: boolean; firstName: string; lastName: string; school: string | null };

/** A refusal to show on the sign-in page: the provider's answer cannot sign anyone in. */
export class SsoRefusal extends Error {
  override readonly name = 'SsoRefusal';
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

const refuse = (code: string, message: string) => new SsoRefusal(code, message);

export const emailDomain = (email: string) => normaliseEmail(email).split('@').pop() ?? '';

/** The SAML service provider's entity ID: the product's own address. */
export const samlEntityId = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}${SSO_PATHS.samlMetadata}`;

export type Sso = ReturnType<typeof createSso>;

export function createSso({ repos, config, sessions, log }: { repos: Repositories; config: Config; sessions: Pick<Sessions, 'notifyEnded'>; log: { info: (obj: object, msg: string) => void } }) {
  const seal = sealer(config.localTokens.secret);
  const publicUrl = config.publicUrl;

  /**
   * OpenID Connect discovery, once per version of a connection (kept by connection: a changed one
   * replaces its entry). It saves every sign-in a round trip to the district's provider before the
   * teacher even sees its page; nothing of ours could answer it instead. A plain-http issuer only outside production.
   */
  const discovered = new Map<string, { version: string; configuration: Promise<oidc.Configuration> }>();
  function oidcConfiguration(connection: SsoConnectionRow): Promise<oidc.Configuration> {
    const found = discovered.get(connection.id);
    if (found?.version === connection.updatedAt) return found.configuration;
    const secret = connection.clientSecretSealed ? seal.open(connection.clientSecretSealed) : undefined;
    const insecure = new URL(connection.issuer).protocol === 'http:';
    const configuration = oidc.discovery(new URL(connection.issuer), connection.clientId ?? '', secret, secret ? oidc.ClientSecretPost(secret) : oidc.None(), {
      timeout: PROVIDER_TIMEOUT_S,
      ...(insecure && { execute: [oidc.allowInsecureRequests] }),
    });
    // A failed discovery is tried again at the next sign-in.
    configuration.catch(() => discovered.get(connection.id)?.configuration === configuration && discovered.delete(connection.id));
    discovered.set(connection.id, { version: connection.updatedAt, configuration });
    return configuration;
  }

  /** The connection's SAML service provider; a request's answer must name one of this connection's pending requests. */
  function samlFor(connection: SsoConnectionRow, requestId?: string) {
    const cacheProvider: CacheProvider = {
      saveAsync: async (key, value) => ({ createdAt: clock.ms(), value }),
      // node-saml reads the value as the request's creation time; the request's own expiry
      // (sso_requests.expires_at) has already been checked by pendingRequest.
      getAsync: async (key) => {
        const pending = await repos.sso.pendingRequest(key);
        return pending?.connectionId === connection.id ? new Date().toISOString() : null;
      },
      removeAsync: async () => null,
    };
    return new SAML({
      issuer: samlEntityId(config),
      callbackUrl: `${publicUrl}${SSO_PATHS.samlAcs}`,
      entryPoint: connection.ssoUrl ?? undefined,
      idpIssuer: connection.issuer,
      idpCert: connection.certificate ?? '',
      audience: samlEntityId(config),
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: REQUEST_TTL_MS,
      cacheProvider,
      acceptedClockSkewMs: 60_000,
      maxAssertionAgeMs: 5 * 60_000,
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      disableRequestedAuthnContext: true,
      ...(requestId && { generateUniqueId: () => requestId }),
    });
  }

  /** The connection's sign-in page for this sign-in of the embedded provider, the address filled in. */
  async function begin(connection: SsoConnectionRow, interactionUid: string, email: string | undefined): Promise<string> {
    const expiresAt = new Date(Date.now() + REQUEST_TTL_MS);
    // What no answer will use any more goes as new sign-ins start (indexed by expiry: cheap), and
    // a sign-in (interaction) keeps one request: starting again replaces it.
    await repos.sso.purgeExpired(interactionUid);
    if (connection.protocol === 'OIDC') {
      const configuration = await oidcConfiguration(connection);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      await repos.sso.createRequest({ id: state, connectionId: connection.id, interactionUid, codeVerifier, nonce, expiresAt });
      return oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: `${publicUrl}${SSO_PATHS.oidcCallback}`,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(email && { login_hint: email }),
      }).href;
    }
    // A SAML request ID must start with a letter or underscore (xsd:ID).
    const id = `_${randomUUID()}`;
    await repos.sso.createRequest({ id, connectionId: connection.id, interactionUid, codeVerifier: null, nonce: null, expiresAt });
    const url = new URL(await samlFor(connection, id).getAuthorizeUrlAsync(id, undefined, {}));
    if (email) url.searchParams.set('login_hint', email);
    return url.href;
  }

  /** The district's OpenID provider came back (GET callback): the sign-in it continues and the account it signs in. */
  async function completeOidc(callbackUrl: URL): Promise<{ requestId: string; interactionUid: string }> {
    const state = callbackUrl.searchParams.get('state') ?? '';
    const request = state ? await repos.sso.pendingRequest(state) : undefined;
    if (!request) throw refuse('SSO_REQUEST_UNKNOWN', 'This sign-in has expired or was already used. Go back and sign in again.');
    const connection = await repos.sso.byId(request.connectionId);
    if (!connection || connection.protocol !== 'OIDC') throw refuse('SSO_REQUEST_UNKNOWN', 'This sign-in has expired or was already used. Go back and sign in again.');
    const error = callbackUrl.searchParams.get('error');
    // Its words are not shown: anyone holding a pending request could put text on this site's page.
    if (error) throw refuse('SSO_PROVIDER_ERROR', `${connection.displayName} did not sign you in. Try again, or ask your district's IT team.`);
    let claims: oidc.IDToken | undefined;
    try {
      const configuration = await oidcConfiguration(connection);
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        expectedState: request.id,
        expectedNonce: request.nonce ?? undefined,
        pkceCodeVerifier: request.codeVerifier ?? undefined,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (err) {
      log.info({ err, connection: connection.id }, 'district sign-in answer refused');
      throw refuse('SSO_ANSWER_REFUSED', `The answer of ${connection.displayName} could not be verified.`);
    }
    if (!claims) throw refuse('SSO_ANSWER_REFUSED', `${connection.displayName} sent no ID token.`);
    const text = (name: string | null) => (name && typeof claims[name] === 'string' ? (claims[name] as string) : null);
    const asserted: Asserted = {
      subject: claims.sub,
      email: text('email') ?? '',
      // Google Workspace and Entra ID vouch for the addresses of their own domains; an explicit false is believed.
      emailVerified: claims.email_verified !== false,
      firstName: text('given_name') ?? '',
      lastName: text('family_name') ?? '',
      school: text(connection.schoolClaim),
    };
    const userId = await provision(connection, asserted);
    if (!(await repos.sso.answerRequest(request.id, userId))) throw refuse('SSO_REQUEST_UNKNOWN', 'This sign-in has expired or was already used. Go back and sign in again.');
    return { requestId: request.id, interactionUid: request.interactionUid };
  }

  /** The district's SAML provider posted its answer to the ACS. */
  async function completeSaml(body: { SAMLResponse?: unknown; RelayState?: unknown }): Promise<{ requestId: string; interactionUid: string }> {
    const relay = typeof body.RelayState === 'string' ? body.RelayState : '';
    const response = typeof body.SAMLResponse === 'string' ? body.SAMLResponse : '';
    const request = relay ? await repos.sso.pendingRequest(relay) : undefined;
    if (!request || !response) throw refuse('SSO_REQUEST_UNKNOWN', 'This sign-in has expired or was already used. Go back and sign in again.');
    const connection = await repos.sso.byId(request.connectionId);
    if (!connection || connection.protocol !== 'SAML') throw refuse('SSO_REQUEST_UNKNOWN', 'This sign-in has expired or was already used. Go back and sign in again.');
    let profile: Profile | null;
    try {
      ({ profile } = await samlFor(connection).validatePostResponseAsync({ SAMLResponse: response, RelayState: relay }));
    } catch (err) {
      log.info({ err, connection: connection.id }, 'district sign-in answer refused');
      throw refuse('SSO_ANSWER_REFUSED', `The answer of ${connection.displayName} could not be verified.`);
    }
    if (!profile || profile.inResponseTo !== request.id) throw refuse('SSO_ANSWER_REFUSED', `The answer of ${connection.displayName} could not be verified (it is not for this sign-in).`);
    // node-saml checks the response's issuer only when it is there; the assertion's must be the connection's IdP.
    if (profile.issuer !== connection.issuer) throw refuse('SSO_ANSWER_REFUSED', `The answer of ${connection.displayName} could not be verified (it was issued by ${profile.issuer ?? 'nobody'}).`);
    const assertion = profile.getAssertion?.() as
      | { Assertion?: { $?: { ID?: string }; Conditions?: { $?: { NotOnOrAfter?: string } }[]; Subject?: { SubjectConfirmation?: { SubjectConfirmationData?: { $?: { InResponseTo?: string; Recipient?: string } }[] }[] }[] } }
      | undefined;
    // The signed assertion itself must answer this request, at this ACS (not only the unsigned Response around it).
    const confirmation = assertion?.Assertion?.Subject?.[0]?.SubjectConfirmation?.[0]?.SubjectConfirmationData?.[0]?.$;
    if (confirmation?.InResponseTo !== request.id || confirmation.Recipient !== `${publicUrl}${SSO_PATHS.samlAcs}`) {
      throw refuse('SSO_ANSWER_REFUSED', `The answer of ${connection.displayName} could not be verified (it is not for this sign-in).`);
    }
    const assertionId = assertion?.Assertion?.$?.ID;
    const notOnOrAfter = Date.parse(assertion?.Assertion?.Conditions?.[0]?.$?.NotOnOrAfter ?? '');
    if (!assertionId || !(await repos.sso.useAssertion(`${connection.id}:${assertionId}`, new Date(Number.isFinite(notOnOrAfter) ? notOnOrAfter : Date.now() + 3600_000)))) {
      throw refuse('SSO_ANSWER_REPLAYED', `This answer of ${connection.displayName} was already used. Go back and sign in again.`);
    }
    const attribute = (name: string | null) => {
      const value = name ? profile[name] : undefined;
      const first = Array.isArray(value) ? value[0] : value;
      return typeof first === 'string' ? first : null;
    };
    const email = attribute('email') ?? (profile.nameIDFormat?.endsWith(':emailAddress') ? profile.nameID : null) ?? '';
    const asserted: Asserted = {
      subject: profile.nameID,
      email,
      emailVerified: true,
      firstName: attribute('givenName') ?? attribute('firstName') ?? attribute('urn:oid:2.5.4.42') ?? '',
      lastName: attribute('sn') ?? attribute('surname') ?? attribute('lastName') ?? attribute('urn:oid:2.5.4.4') ?? '',
      school: attribute(connection.schoolClaim),
    };
    const userId = await provision(connection, asserted);
    if (!(await repos.sso.answerRequest(request.id, userId))) throw refuse('SSO_REQUEST_UNKNOWN', 'This sign-in has expired or was already used. Go back and sign in again.');
    return { requestId: request.id, interactionUid: request.interactionUid };
  }

  /**
   * The account a checked answer signs in: the one this subject signed in as before; else the
   * account of the address (an invited or rostered teacher, or one who used a password until the
   * district connected), linked; else a new one, made just in time.
   */
  async function provision(connection: SsoConnectionRow, asserted: Asserted): Promise<string> {
    const email = normaliseEmail(asserted.email);
    if (!asserted.subject) throw refuse('SSO_ANSWER_REFUSED', `${connection.displayName} did not say who signed in.`);
    const known = await repos.sso.identity(connection.id, asserted.subject);
    const knownUser = known ? await repos.users.byId(known) : undefined;
    if (knownUser) {
      if (knownUser.deactivatedAt) throw refuse('ACCOUNT_DEACTIVATED', 'This account has been deactivated.');
      if (knownUser.role === 'ADMIN') throw refuse('SSO_PLATFORM_ADMIN', 'A platform administrator signs in with a password.');
      return knownUser.id;
    }
    // The address must be one this connection serves: its domains, and not a subdomain another connection owns.
    if (!email || (await repos.sso.forDomain(emailDomain(email)))?.id !== connection.id) {
      throw refuse('SSO_EMAIL_OUTSIDE_DOMAINS', `${connection.displayName} signed you in as ${email || 'an account without an e-mail address'}, which is not an address of ${connection.organizationName}.`);
    }
    if (asserted.emailVerified === false) throw refuse('SSO_EMAIL_NOT_VERIFIED', `${connection.displayName} has not verified the address ${email}.`);
    const existing = await repos.users.byEmail(email);
    if (existing) return linkExisting(connection, asserted, existing);
    const school = asserted.school ? await repos.sso.schoolOf(connection.organizationId, asserted.school) : undefined;
    const created =
      (await repos.users.create(
        {
          role: 'USER',
          email,
          firstName: asserted.firstName.trim().slice(0, 100),
          lastName: asserted.lastName.trim().slice(0, 100),
          organizationId: school ?? connection.organizationId,
          completedOnboarding: false,
          // The district's provider vouches for the addresses of its own domains.
          verifiedAt: clock.now(),
        },
        { ifNew: true },
      )) ?? (await repos.users.byEmail(email));
    if (!created) throw refuse('SSO_ANSWER_REFUSED', 'The account could not be made. Try again.');
    await repos.sso.link(connection.id, asserted.subject, created.id);
    return created.id;
  }

  /**
   * An account of the address exists (invited, rostered, or one that used a password until the
   * district connected): it is handed to the district's sign-in only when the provider verified
   * the address (a missing claim is not enough), the account is the organization's (or nobody's),
   * and no other subject of this provider has it. An address nobody had proven loses whoever
   * signed it up: their password and every session end.
   */
  async function linkExisting(connection: SsoConnectionRow, asserted: Asserted, user: UserRow): Promise<string> {
    if (user.role === 'ADMIN') throw refuse('SSO_PLATFORM_ADMIN', 'A platform administrator signs in with a password.');
    if (user.deactivatedAt) throw refuse('ACCOUNT_DEACTIVATED', 'This account has been deactivated.');
    if (asserted.emailVerified !== true) {
      throw refuse('SSO_EMAIL_NOT_VERIFIED', `${connection.displayName} did not say it verified ${user.email}, which already has an account here: ask your district's IT team to send the email_verified claim.`);
    }
    if (user.organizationId && !(await repos.sso.inOrganization(connection.organizationId, user.organizationId))) {
      throw refuse('SSO_OTHER_ORGANIZATION', `${user.email} has an account of another organization here. Ask the platform's support to move it to ${connection.organizationName}.`);
    }
    if (await repos.sso.hasIdentity(connection.id, user.id)) {
      throw refuse('SSO_CONFLICT', `${user.email} is already linked to another account of ${connection.displayName}.`);
    }
    const unproven = !user.verifiedAt;
    await repos.sso.link(connection.id, asserted.subject, user.id);
    // Signing in through the district accepts an invitation and proves the address.
    await repos.users.acceptBySso(user.id, { endOthers: unproven });
    if (unproven) await sessions.notifyEnded(user.id);
    return user.id;
  }

  return {
    /** The connection that signs in this address, if its domain has one. */
    async connectionFor(email: string): Promise<SsoConnectionRow | undefined> {
      const domain = emailDomain(email);
      return domain.includes('.') ? repos.sso.forDomain(domain) : undefined;
    },
    /** Whether this address may still sign in with a password: no connection owns its domain, or it allows both during a switch-over. */
    async passwordAllowed(email: string): Promise<boolean> {
      const connection = await this.connectionFor(email);
      return !connection || connection.allowPasswords;
    },
    begin,
    completeOidc,
    completeSaml,
    /** The account an answered request signs in, for the browser of the sign-in that asked; once. */
    finish: (requestId: string, interactionUid: string) => repos.sso.takeAnswered(requestId, interactionUid),
    /** The SAML metadata a district's IdP imports: entity ID, ACS, NameID format. */
    samlMetadata: () =>
      new SAML({ issuer: samlEntityId(config), callbackUrl: `${publicUrl}${SSO_PATHS.samlAcs}`, idpCert: 'unused', wantAssertionsSigned: true }).generateServiceProviderMetadata(null),
    sealSecret: (plain: string) => seal.seal(plain),
  };
}
