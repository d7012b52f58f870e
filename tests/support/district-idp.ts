import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { SignedXml } from 'xml-crypto';

// The districts' identity providers, for the district sign-in tests (API and Chromium): a real
// OpenID provider (a second oidc-provider) and a SAML IdP that signs its assertions with a key and
// certificate made for the run. Both sign in whoever the test says: the address the product put
// in its request (login_hint), as if that teacher had typed their district password.

/** Who the district's directory knows: an address and what the provider says of it. */
export type DirectoryEntry = { subject: string; givenName: string; familyName: string; school?: string; emailVerified?: boolean; /** The address the provider says, when not the one it was asked for. */ claimedEmail?: string };

export type OidcIdp = { issuer: string; clientId: string; clientSecret: string; signIns: number; close: () => Promise<void> };

/**
 * A district's OpenID provider on 127.0.0.1 (its own host name, so its cookies are not the
 * product's): discovery, authorization with PKCE, token endpoint with the client's secret. Its
 * sign-in page signs in the `login_hint` at once when the directory has it, else shows an error.
 */
export async function startOidcIdp(options: {
  redirectUri: string;
  directory: Record<string, DirectoryEntry>;
  /** Signs in any address of this domain the directory lacks, as a teacher of `school` (the demo's sandbox). */
  anyAddressOf?: { domain: string; school?: string };
  port?: number;
  clientSecret?: string;
}): Promise<OidcIdp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'elp-district-client';
  const clientSecret = options.clientSecret ?? `secret-${randomUUID()}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const directory = { ...options.directory };
  /** Who the district says the address is: its directory entry, or a new teacher of the sandbox's domain. */
  const entryOf = (email: string): DirectoryEntry | undefined => {
    if (directory[email]) return directory[email];
    const local = email.endsWith(`@${options.anyAddressOf?.domain}`) ? email.split('@')[0]! : null;
    if (!local) return undefined;
    const [given = local, ...family] = local.split(/[._-]+/).map((part) => part.charAt(0).toUpperCase() + part.slice(1));
    directory[email] = { subject: `sandbox-${local}`, givenName: given, familyName: family.join(' ') || 'Teacher', school: options.anyAddressOf?.school };
    bySubject.set(directory[email].subject, { email, ...directory[email] });
    return directory[email];
  };
  const bySubject = new Map(Object.entries(directory).map(([email, entry]) => [entry.subject, { email, ...entry }]));
  const configuration: Configuration = {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'district-key', alg: 'RS256', use: 'sig' }] as NonNullable<Configuration['jwks']>['keys'] },
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [options.redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'school'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Grant: 600, Session: 600 },
    interactions: { url: async (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const entry = bySubject.get(sub);
      if (!entry) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: entry.claimedEmail ?? entry.email,
          email_verified: entry.emailVerified ?? true,
          given_name: entry.givenName,
          family_name: entry.familyName,
          ...(entry.school && { school: entry.school }),
        }),
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  const idp: OidcIdp = { issuer, clientId, clientSecret, signIns: 0, close: async () => void (await new Promise((resolve) => server.close(resolve))) };
  const callback = provider.callback();
  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)/.exec(req.url ?? '');
    if (!match) return void callback(req, res);
    void (async () => {
      try {
        const interaction = await provider.interactionDetails(req, res);
        const hint = String(interaction.params.login_hint ?? '').toLowerCase();
        const entry = entryOf(hint);
        if (!entry) {
          res.writeHead(403, { 'content-type': 'text/plain' }).end(`No account for ${hint} in this district`);
          return;
        }
        const grant = new provider.Grant({ accountId: entry.subject, clientId });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        idp.signIns += 1;
        await provider.interactionFinished(req, res, { login: { accountId: entry.subject }, consent: { grantId } }, { mergeWithLastSubmission: false });
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
      }
    })();
  });
  return idp;
}

export type SamlAnswer = {
  /** The SAMLResponse (base64) and RelayState to post to the ACS. */
  SAMLResponse: string;
  RelayState: string;
  /** Where to post it. */
  acs: string;
  /** The signed XML, for tests that tamper with it. */
  xml: string;
};

export type SamlIdp = {
  entityId: string;
  ssoUrl: string;
  certificate: string;
  /** The IdP's answer to the AuthnRequest of a redirect to `ssoUrl`, for the `login_hint` there (or `email`). */
  answer: (redirect: URL, options?: { email?: string; audience?: string; sign?: boolean; notOnOrAfter?: Date; issuer?: string }) => SamlAnswer;
  close: () => void;
};

const xmlText = (value: string) => value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A SAML IdP in the test: a key pair and a self-signed certificate made with openssl, and signed responses. */
export function createSamlIdp(options: { directory: Record<string, DirectoryEntry>; entityId?: string; ssoUrl?: string }): SamlIdp {
  const dir = mkdtempSync(join(tmpdir(), 'elp-saml-idp-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=District Test IdP'], { stdio: 'ignore' });
  const privateKey = readFileSync(join(dir, 'key.pem'), 'utf8');
  const certificate = readFileSync(join(dir, 'cert.pem'), 'utf8');
  const entityId = options.entityId ?? 'https://idp.district.test/saml';
  return {
    entityId,
    ssoUrl: options.ssoUrl ?? 'https://idp.district.test/saml/sso',
    certificate,
    close: () => rmSync(dir, { recursive: true, force: true }),
    answer(redirect, answerOptions = {}) {
      const request = inflateRawSync(Buffer.from(redirect.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
      const requestId = /\sID="([^"]+)"/.exec(request)?.[1] ?? '';
      const acs = /AssertionConsumerServiceURL="([^"]+)"/.exec(request)?.[1] ?? '';
      const spEntityId = /<saml:Issuer[^>]*>([^<]+)<\/saml:Issuer>/.exec(request)?.[1] ?? '';
      const email = (answerOptions.email ?? redirect.searchParams.get('login_hint') ?? '').toLowerCase();
      const entry = options.directory[email];
      if (!entry) throw new Error(`No account for ${email} in this district`);
      const now = new Date();
      const until = answerOptions.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
      const audience = answerOptions.audience ?? spEntityId;
      const issuer = answerOptions.issuer ?? entityId;
      const attribute = (name: string, value: string) =>
        `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">${xmlText(value)}</saml:AttributeValue></saml:Attribute>`;
      const assertionId = `_a${randomUUID()}`;
      const assertion =
        `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ID="${assertionId}" Version="2.0" IssueInstant="${now.toISOString()}">` +
        `<saml:Issuer>${xmlText(issuer)}</saml:Issuer>` +
        `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${xmlText(entry.subject)}</saml:NameID>` +
        `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${requestId}" NotOnOrAfter="${until.toISOString()}" Recipient="${xmlText(acs)}"/></saml:SubjectConfirmation></saml:Subject>` +
        `<saml:Conditions NotBefore="${new Date(now.getTime() - 60_000).toISOString()}" NotOnOrAfter="${until.toISOString()}"><saml:AudienceRestriction><saml:Audience>${xmlText(audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
        `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
        `<saml:AttributeStatement>${attribute('email', email)}${attribute('givenName', entry.givenName)}${attribute('sn', entry.familyName)}${entry.school ? attribute('school', entry.school) : ''}</saml:AttributeStatement>` +
        `</saml:Assertion>`;
      let signed = assertion;
      if (answerOptions.sign !== false) {
        const signature = new SignedXml({
          privateKey,
          publicCert: certificate,
          canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
          signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        });
        signature.addReference({
          xpath: "//*[local-name(.)='Assertion']",
          transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
          digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
        });
        signature.computeSignature(assertion, { location: { reference: "//*[local-name(.)='Issuer']", action: 'after' } });
        signed = signature.getSignedXml();
      }
      const xml =
        `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${xmlText(acs)}" InResponseTo="${requestId}">` +
        `<saml:Issuer>${xmlText(issuer)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${signed}</samlp:Response>`;
      return { SAMLResponse: Buffer.from(xml).toString('base64'), RelayState: redirect.searchParams.get('RelayState') ?? '', acs, xml };
    },
  };
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const postForm = (acs: string, fields: Record<string, string>, label: string) =>
  `<form method="post" action="${xmlText(acs)}">${Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${xmlText(value)}">`)
    .join('')}<button type="submit">${label}</button></form>`;

/**
 * The SAML IdP as a site of its own on 127.0.0.1, for Chromium: its sign-in URL answers the
 * product's AuthnRequest with the page an IdP posts from (HTTP-POST binding), a button to send the
 * signed answer, one to send it tampered with (another teacher's address in the signed part), and
 * one to send an answer signed for another service provider (another audience).
 */
export async function startSamlIdpServer(options: { directory: Record<string, DirectoryEntry>; tamperAs: string }): Promise<SamlIdp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const idp = createSamlIdp({ directory: options.directory, entityId: `http://127.0.0.1:${port}/metadata`, ssoUrl: `http://127.0.0.1:${port}/sso` });
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname !== '/sso') return void res.writeHead(404).end();
    try {
      const answer = idp.answer(url);
      const hint = (url.searchParams.get('login_hint') ?? '').toLowerCase();
      const tampered = answer.xml.replace(`${hint}</saml:AttributeValue>`, `${options.tamperAs}</saml:AttributeValue>`);
      const otherProduct = idp.answer(url, { audience: 'https://another-product.example.com/saml' });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        page(
          'District sign-in',
          `<p>Signed in as ${xmlText(hint)}.</p>${postForm(answer.acs, { SAMLResponse: answer.SAMLResponse, RelayState: answer.RelayState }, 'Continue')}${postForm(
            answer.acs,
            { SAMLResponse: Buffer.from(tampered).toString('base64'), RelayState: answer.RelayState },
            'Send a tampered answer',
          )}${postForm(answer.acs, { SAMLResponse: otherProduct.SAMLResponse, RelayState: otherProduct.RelayState }, 'Send an answer meant for another product')}`,
        ),
      );
    } catch (err) {
      res.writeHead(403, { 'content-type': 'text/html; charset=utf-8' }).end(page('No account', `<p>${xmlText(String(err))}</p>`));
    }
  });
  return { ...idp, close: () => (server.close(), idp.close()) };
}
