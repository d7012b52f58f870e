import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { jwtVerify } from 'jose';
import Provider, { errors, type Configuration, type Interaction } from 'oidc-provider';
import { HttpError } from '../../errors.ts';
import { GRANT_CLAIM } from '../tokens.ts';
import { describeMailError } from '../../services/mailer.ts';
import type { Context } from '../../routes/types.ts';
import { claimsOf, createAccounts, PASSWORD_MIN, type SignUpInput } from './accounts.ts';
import { NAME_MAX } from '../../../src/lib/validation/fields.ts';
import { createProviderStore, STORE_FILE } from './adapter.ts';
import { deriveCookieKeys, keepSharedKeys, loadSigningKeys, localKeySet } from './keys.ts';
import { createRedisProviderStore } from './redis-adapter.ts';
import { REDIS_RETRY_AFTER_S, redisReady } from '../../redis.ts';
import { addressProof } from '../../services/address-proof.ts';
import { errorPage, federationPage, loginPage, logoutPage, messagePage, PRODUCT, signUpPage, STYLESHEET, STYLESHEET_PATH, type SignUpValues } from './pages.ts';
import { SSO_PATHS, SsoRefusal } from '../../services/sso.ts';
import type { SsoConnectionRow } from '../../repositories/sso.ts';

/** A JSON body the token or revocation endpoint cannot use (not an object of text parameters). */
const UNUSABLE_JSON = Symbol('unusable JSON body');

/** Origin of the Vite dev server, whose /callback is also registered outside production. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';
/**
 * Carries "offline_access was asked for" through the interaction: oidc-provider drops that
 * scope from an authorization request without prompt=consent, while Auth0 (and so the SPA)
 * get a refresh token for it without a consent screen. Set by the server only, never trusted
 * from the query string.
 */
const OFFLINE_PARAM = 'elp_offline_access';

const TTL = {
  AuthorizationCode: 60,
  IdToken: 3600,
  Interaction: 3600,
  Session: 7 * 24 * 3600,
  /** Rotating refresh tokens keep the lifetime of the first one: 30 days, like Auth0's default. */
  RefreshToken: 30 * 24 * 3600,
  Grant: 30 * 24 * 3600,
};

type Uid = { Params: { uid: string } };
type LoginBody = { email?: unknown; password?: unknown };
type SignUpBody = Partial<Record<keyof SignUpInput, unknown>>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export type EmbeddedProviderOptions = {
  /** JWKS JSON with private RSA signing keys (PROVIDER_JWKS); else DATA_DIR/provider-keys.json. */
  jwks?: string;
};

/**
 * The embedded OpenID provider (oidc-provider), Auth0-compatible: mounted in this server when
 * AUTH0_DOMAIN is not set. Accounts are the `users` table; passwords are checked with argon2.
 *
 * Provider endpoints (/authorize, /oauth/token, /.well-known/*, /userinfo, /oidc/logout…) are
 * handed to oidc-provider's Koa app with the raw request; the sign-in and sign-up pages (/u/*)
 * and Auth0's /v2/logout are Fastify routes.
 */
export function embeddedProvider(ctx: Context, options: EmbeddedProviderOptions = { jwks: process.env.PROVIDER_JWKS }) {
  return async function embeddedProviderPlugin(app: FastifyInstance) {
    const { config } = ctx;
    /** The account an invitation ticket (from the invite e-mail, via /invite) was issued for, while its link is the current one. */
    const invitedUserId = async (ticket: unknown) => (typeof ticket === 'string' && ticket ? ctx.invitations.invitedUserId(ticket) : null);
    const proof = addressProof(ctx);
    const publicUrl = new URL(config.publicUrl);
    const issuer = config.provider.issuer;
    const { audience, clientId } = config.provider;
    const home = `${config.publicUrl}/`;
    const accounts = createAccounts(ctx.repos.users, ctx.passwords);
    const { redis } = ctx;
    // With Redis, every server process (and machine) signs with the same keys and sees every
    // session; without it, one process keeps them in DATA_DIR.
    const shared = redis ? { redis, prefix: config.redisPrefix } : undefined;
    const keys = await loadSigningKeys(config.dataDir, options.jwks, shared);
    if (shared && keys.source === 'redis') {
      const stop = keepSharedKeys(shared, keys);
      app.addHook('onClose', async () => stop());
    }
    const verifyKeys = localKeySet(keys);
    const store = redis
      ? createRedisProviderStore(redis, config.redisPrefix)
      : createProviderStore({
          file: join(config.dataDir, STORE_FILE),
          onError: (err) => app.log.error({ err }, 'identity provider store could not be read or written'),
        });
    app.addHook('onClose', async () => store.close());
    // A password change, a role change, a deactivation or "sign out everywhere" ends the user's
    // provider sessions, grants and refresh tokens too.
    const stopListening = ctx.sessions.onEnd(async (userId) => {
      try {
        await store.revokeAccount(userId);
      } catch (err) {
        app.log.error({ err, userId }, 'identity provider sessions could not be ended');
      }
    });
    app.addHook('onClose', async () => stopListening());

    // With Redis, the provider's sessions, grants and codes live there: while it is away, what
    // needs them answers 503 with Retry-After (the sign-in page says so), never a 500 or a hang.
    // Its keys and discovery documents, and /userinfo for the API's tokens, do not need it.
    const storeAway = () => redis !== null && !redisReady(redis);
    const unavailable = (request: FastifyRequest, reply: FastifyReply) => {
      void reply.code(503).header('retry-after', String(REDIS_RETRY_AFTER_S)).header('cache-control', 'no-store');
      const message = 'Sign-in is briefly unavailable. Please try again in a moment.';
      if (!(request.headers.accept ?? '').includes('text/html')) return reply.send({ error: { code: 'SERVICE_UNAVAILABLE', message } });
      return reply.type('text/html; charset=utf-8').send(messagePage({ title: 'Sign-in unavailable', heading: 'Sign-in is briefly unavailable', message: 'Please try again in a moment.', link: { href: home, text: `Go back to ${PRODUCT}` } }));
    };
    const WITHOUT_STORE = new Set(['/.well-known/jwks.json', '/.well-known/openid-configuration', '/.well-known/oauth-authorization-server', STYLESHEET_PATH, SSO_PATHS.samlMetadata]);
    app.addHook('onRequest', async (request, reply) => {
      if (!storeAway() || WITHOUT_STORE.has(request.url.split('?')[0]!)) return;
      // An API access token at /userinfo is checked without the store (the route below).
      if (request.url.startsWith('/userinfo') && /^Bearer\s+[^.\s]+\.[^.\s]+\.[^.\s]+$/i.test(request.headers.authorization ?? '')) return;
      return unavailable(request, reply);
    });

    /** `org_id` and `org_name`: the account's district, or its school when the school has none; nothing without an organization. */
    async function organizationClaims(user: { organizationId: string | null }): Promise<{ org_id?: string; org_name?: string }> {
      const own = user.organizationId ? await ctx.repos.organizations.byId(user.organizationId) : undefined;
      const top = own?.parentId ? await ctx.repos.organizations.byId(own.parentId) : own;
      return top ? { org_id: top.id, org_name: top.name } : {};
    }

    const appOrigins = [...new Set([config.publicUrl, ...(process.env.NODE_ENV === 'production' ? [] : [VITE_DEV_ORIGIN])])];
    const redirectUris = appOrigins.map((origin) => `${origin}/callback`);
    const postLogoutRedirectUris = appOrigins.flatMap((origin) => [`${origin}/login`, `${origin}/reveal`, `${origin}/`]);
    const isFirstParty = (id: string | undefined) => id === clientId;

    const configuration: Configuration = {
      adapter: store.Adapter,
      clients: [
        {
          client_id: clientId,
          client_name: PRODUCT,
          application_type: 'web',
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          redirect_uris: redirectUris,
          post_logout_redirect_uris: postLogoutRedirectUris,
        },
      ],
      jwks: { keys: keys.keys as NonNullable<Configuration['jwks']>['keys'] },
      cookies: {
        keys: deriveCookieKeys(config.localTokens.secret),
        long: { httpOnly: true, sameSite: 'lax' },
        short: { httpOnly: true, sameSite: 'lax' },
      },
      scopes: ['openid', 'offline_access', 'profile', 'email'],
      claims: {
        // Like an Auth0 Organization's: the district (or the school without one) the account belongs to.
        openid: ['sub', 'org_id', 'org_name'],
        email: ['email', 'email_verified'],
        profile: ['name', 'given_name', 'family_name', 'updated_at'],
      },
      // Like Auth0: the ID token of the code flow carries the profile and e-mail claims.
      conformIdTokenClaims: false,
      extraParams: ['audience', 'screen_hint', 'invite_ticket', 'demo_ticket', OFFLINE_PARAM],
      features: {
        devInteractions: { enabled: false },
        dPoP: { enabled: false },
        pushedAuthorizationRequests: { enabled: false },
        revocation: { enabled: true },
        userinfo: { enabled: true },
        webMessageResponseMode: { enabled: true, ack: 'individual-draft-01' },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: async (koa, form) => {
            koa.type = 'html';
            koa.body = logoutPage(form);
          },
          postLogoutSuccessSource: async (koa) => {
            koa.type = 'html';
            koa.body = signedOutPage();
          },
        },
        resourceIndicators: {
          enabled: true,
          // Auth0's `audience` parameter names the API; without one the API is the default.
          defaultResource: async (koa, _client, oneOf) => {
            if (oneOf) return oneOf;
            const requested = koa.oidc.params?.audience;
            return typeof requested === 'string' && requested ? requested : audience;
          },
          // The token endpoint receives no audience: use the one granted at /authorize.
          useGrantedResource: async () => true,
          getResourceServerInfo: async (_koa, indicator) => {
            if (indicator !== audience) throw new errors.InvalidTarget(`Service not found: ${indicator}`);
            return {
              audience,
              scope: 'openid profile email offline_access',
              accessTokenFormat: 'jwt',
              accessTokenTTL: config.provider.accessTokenTtl,
              jwt: { sign: { alg: 'RS256' } },
            };
          },
        },
      },
      routes: {
        authorization: '/authorize',
        token: '/oauth/token',
        jwks: '/.well-known/jwks.json',
        userinfo: '/userinfo',
        end_session: '/oidc/logout',
        revocation: '/oauth/revoke',
      },
      interactions: { url: async (_koa, interaction) => `/u/${interaction.uid}` },
      // Also asked when a refresh token is used: one older than the user's last "end every
      // session" (or any token of a deactivated account) finds no account, so it is refused.
      findAccount: async (_koa, sub, token) => {
        const user = await accounts.byId(sub);
        if (!user || user.deactivatedAt) return undefined;
        const used = token as { kind?: string; iat?: number } | undefined;
        if (used?.kind === 'RefreshToken' && user.sessionsNotBefore && used.iat !== undefined && used.iat * 1000 < user.sessionsNotBefore.getTime()) return undefined;
        return { accountId: user.id, claims: async () => ({ ...claimsOf(user), ...(await organizationClaims(user)) }) };
      },
      // Access tokens carry the e-mail (the API links accounts by it); Auth0 needs an Action for that.
      extraTokenClaims: async (_koa, token) => {
        const { accountId, grantId } = token as { accountId?: string; grantId?: string };
        if (!accountId) return undefined;
        const user = await accounts.byId(accountId);
        if (!user) return undefined;
        const { email, email_verified } = claimsOf(user);
        const organization = await organizationClaims(user);
        // `iat` has whole seconds; the API compares issue times with "sessions ended at" to the ms.
        // The grant: the API's logout revokes its refresh tokens with the token.
        return { email, email_verified, ...organization, iat_ms: Date.now(), ...(grantId && { [GRANT_CLAIM]: grantId }) };
      },
      // No consent screen for the first-party client: its grant is topped up with what it asks for.
      loadExistingGrant: async (koa) => {
        const { client, session, params } = koa.oidc;
        const grantId = koa.oidc.result?.consent?.grantId ?? (client && session?.grantIdFor(client.clientId));
        let grant = grantId ? await koa.oidc.provider.Grant.find(grantId) : undefined;
        if (!client || !session?.accountId || !isFirstParty(client.clientId)) return grant;
        if (grant && grant.accountId !== session.accountId) grant = undefined;
        grant ??= new koa.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
        const scopes = new Set(koa.oidc.requestParamOIDCScopes);
        if (params?.[OFFLINE_PARAM] === '1') scopes.add('offline_access');
        grant.addOIDCScope([...scopes].join(' '));
        for (const [indicator, server] of Object.entries(koa.oidc.resourceServers ?? {})) {
          if (server.scope) grant.addResourceScope(indicator, server.scope);
        }
        const now = Math.floor(Date.now() / 1000);
        if (!grant.exp || grant.exp < now + TTL.Grant - 24 * 3600) grant.exp = now + TTL.Grant;
        await grant.save();
        return grant;
      },
      issueRefreshToken: async (koa, client, code) => {
        if (!client.grantTypeAllowed('refresh_token')) return false;
        if (code.scopes.has('offline_access')) return true;
        const grant = koa.oidc.entities.Grant;
        return isFirstParty(client.clientId) && Boolean(grant?.getOIDCScope().split(' ').includes('offline_access'));
      },
      expiresWithSession: async (koa, code) => {
        if (code.scopes.has('offline_access')) return false;
        return !(koa.oidc.params?.[OFFLINE_PARAM] === '1' && isFirstParty(koa.oidc.client?.clientId));
      },
      pkce: { required: () => true },
      clientBasedCORS: (_koa, origin, client) => origin !== 'null' && client.redirectUris!.some((uri) => new URL(uri).origin === origin),
      renderError: async (koa, out) => {
        koa.type = 'html';
        koa.body = errorPage({ error: out.error, description: out.error_description, home });
      },
      ttl: {
        AccessToken: config.provider.accessTokenTtl,
        AuthorizationCode: TTL.AuthorizationCode,
        IdToken: TTL.IdToken,
        Interaction: TTL.Interaction,
        Session: TTL.Session,
        Grant: TTL.Grant,
        RefreshToken: (koa, token, client) => {
          const rotated = koa?.oidc?.entities.RotatedRefreshToken;
          if (rotated && client.clientAuthMethod === 'none') return rotated.remainingTTL;
          return TTL.RefreshToken;
        },
      },
    };

    const provider = new Provider(issuer, configuration);
    // The provider always sees the public origin (PUBLIC_URL), whatever Host a request carries:
    // prepare() below sets the forwarded headers it reads.
    provider.proxy = true;
    provider.on('server_error', (_koa: unknown, err: unknown) => app.log.error({ err }, 'identity provider error'));
    provider.on('grant.error', (_koa: unknown, err: { statusCode?: number; message?: string }) => {
      if ((err.statusCode ?? 500) >= 500) app.log.error({ err }, 'identity provider token error');
    });
    // Redis lost in the middle of a request: oidc-provider answers its own 500; it is a 503.
    provider.use(async (koa, next) => {
      await next();
      if (koa.status >= 500 && storeAway()) {
        koa.status = 503;
        koa.set('retry-after', String(REDIS_RETRY_AFTER_S));
      }
    });
    const callback = provider.callback();

    /** A sign-in's grant with its refresh tokens, codes and access tokens. */
    async function revokeGrant(grantId: string) {
      await Promise.all([provider.RefreshToken.revokeByGrantId(grantId), provider.AuthorizationCode.revokeByGrantId(grantId), provider.AccessToken.revokeByGrantId(grantId)]);
      const grant = await provider.Grant.find(grantId);
      await grant?.destroy();
    }
    // The API's logout with one of this provider's tokens: that sign-in's refresh tokens stop too.
    const stopSignOuts = ctx.sessions.onSignOut(revokeGrant);
    app.addHook('onClose', async () => stopSignOuts());
    const forwardedProto = publicUrl.protocol.replace(':', '');

    function prepare(raw: IncomingMessage) {
      raw.headers['x-forwarded-proto'] = forwardedProto;
      raw.headers['x-forwarded-host'] = publicUrl.host;
      delete raw.headers['x-forwarded-port'];
    }

    function handoff(request: FastifyRequest, reply: FastifyReply) {
      const raw = request.raw;
      prepare(raw);
      const path = (raw.url ?? '/').split('?')[0];
      if (path === '/authorize') {
        const url = new URL(raw.url ?? '/', 'http://internal');
        url.searchParams.delete(OFFLINE_PARAM);
        const scopes = (url.searchParams.get('scope') ?? '').split(' ');
        if (scopes.includes('offline_access') && isFirstParty(url.searchParams.get('client_id') ?? undefined)) url.searchParams.set(OFFLINE_PARAM, '1');
        raw.url = `${url.pathname}${url.search}`;
      }
      reply.hijack();
      void callback(raw, reply.raw);
    }

    function signedOutPage() {
      return messagePage({ title: 'Signed out', heading: 'You are signed out', message: `You have signed out of ${PRODUCT}.`, link: { href: home, text: `Go to ${PRODUCT}` } });
    }

    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

    const expired = (reply: FastifyReply) =>
      html(
        reply,
        400,
        messagePage({
          title: 'Sign-in expired',
          heading: 'This sign-in page has expired',
          message: 'It was open for too long, or it was already used. Go back to the platform and sign in again.',
          link: { href: home, text: `Go to ${PRODUCT}` },
        }),
      );

    async function interactionFor(request: FastifyRequest<Uid>, reply: FastifyReply): Promise<Interaction | null> {
      try {
        const interaction = await provider.interactionDetails(request.raw, reply.raw);
        // The cookie names the current interaction: a page of an older one is stale.
        return interaction.uid === request.params.uid ? interaction : null;
      } catch (err) {
        if (err instanceof errors.SessionNotFound) return null;
        throw err;
      }
    }

    async function finish(request: FastifyRequest, reply: FastifyReply, result: Parameters<Provider['interactionResult']>[2]) {
      const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    }

    /** The first-party client never sees a consent screen; should a consent prompt come up anyway, it is granted. */
    async function grantConsent(request: FastifyRequest, reply: FastifyReply, interaction: Interaction) {
      if (!isFirstParty(interaction.params.client_id as string | undefined) || !interaction.session?.accountId) {
        return html(reply, 400, errorPage({ error: 'invalid_client', home }));
      }
      const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
      const grant = existing ?? new provider.Grant({ clientId: clientId, accountId: interaction.session.accountId });
      const details = interaction.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
      if (details.missingOIDCScope?.length) grant.addOIDCScope(details.missingOIDCScope.join(' '));
      if (details.missingOIDCClaims?.length) grant.addOIDCClaims(details.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
      const grantId = await grant.save();
      return finish(request, reply, { consent: { grantId } });
    }

    const loginHint = (interaction: Interaction) => {
      const hint = interaction.params.login_hint;
      return typeof hint === 'string' ? hint.slice(0, 254) : undefined;
    };

    const rateLimit = config.rateLimit.enabled ? { rateLimit: { max: config.rateLimit.signInPerMinute, timeWindow: '1 minute' } } : {};

    // Provider endpoints: the raw request goes to oidc-provider untouched (it reads the body itself),
    // except a JSON body, which Auth0's token and revocation endpoints take beside the form
    // encoding (spec §7 "form-encoded by default, JSON possible") and oidc-provider does not: it
    // is read here and handed on as the form it stands for.
    await app.register(async (passthrough) => {
      passthrough.removeAllContentTypeParsers();
      passthrough.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      passthrough.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 56 * 1024 }, (request, body, done) => {
        const path = (request.raw.url ?? '/').split('?')[0];
        if (path !== '/oauth/token' && path !== '/oauth/revoke') return done(null, undefined);
        let parsed: unknown;
        try {
          parsed = JSON.parse(body as string);
        } catch {
          parsed = null;
        }
        const fields = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.entries(parsed) : null;
        // An unusable body is answered as OAuth answers (the route's handler, below).
        if (!fields || fields.some(([, value]) => typeof value !== 'string')) return done(null, UNUSABLE_JSON);
        // oidc-provider reads an already-read request's parameters from `req.body` (selective_body.js).
        Object.assign(request.raw, { body: Object.fromEntries(fields) });
        request.raw.headers['content-type'] = 'application/x-www-form-urlencoded';
        done(null, undefined);
      });
      const methods: HTTPMethods[] = ['GET', 'POST', 'OPTIONS'];
      for (const url of [
        '/authorize',
        '/authorize/:uid',
        '/oauth/token',
        '/oauth/revoke',
        '/.well-known/jwks.json',
        '/.well-known/openid-configuration',
        '/.well-known/oauth-authorization-server',
        '/oidc/logout',
        '/oidc/logout/confirm',
        '/oidc/logout/success',
      ]) {
        passthrough.route({
          method: methods,
          url,
          handler: async (request, reply) =>
            request.body === UNUSABLE_JSON
              ? reply.code(400).header('cache-control', 'no-store').send({ error: 'invalid_request', error_description: 'the JSON body must be an object of text parameters' })
              : handoff(request, reply),
        });
      }
      passthrough.route({ method: 'OPTIONS', url: '/userinfo', handler: async (request, reply) => handoff(request, reply) });

      // Auth0's /userinfo answers to the API access token too (oidc-provider's only to opaque ones).
      passthrough.route({
        method: ['GET', 'POST'],
        url: '/userinfo',
        handler: async (request, reply) => {
          const token = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(request.headers.authorization ?? '')?.[1];
          if (!token || token.split('.').length !== 3) return handoff(request, reply);
          const origin = request.headers.origin;
          if (origin && (origin === publicUrl.origin || redirectUris.some((uri) => new URL(uri).origin === origin))) {
            void reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
          }
          void reply.header('cache-control', 'no-store');
          const refuse = (status: number, error: string, description: string) =>
            reply
              .code(status)
              .header('www-authenticate', `Bearer realm="${issuer}", error="${error}", error_description="${description}"`)
              .send({ error, error_description: description });
          let payload;
          try {
            ({ payload } = await jwtVerify(token, verifyKeys, { issuer, audience, algorithms: ['RS256'], requiredClaims: ['sub', 'exp'] }));
          } catch {
            return refuse(401, 'invalid_token', 'invalid token provided');
          }
          const scopes = new Set(String(payload.scope ?? '').split(' '));
          if (!scopes.has('openid')) return refuse(403, 'insufficient_scope', 'access token missing openid scope');
          const user = await accounts.byId(payload.sub!);
          if (!user) return refuse(401, 'invalid_token', 'invalid token provided');
          const { sub, email, email_verified, name, given_name, family_name, updated_at } = claimsOf(user);
          return {
            sub,
            ...(scopes.has('profile') && { name, given_name, family_name, updated_at }),
            ...(scopes.has('email') && { email, email_verified }),
          };
        },
      });

      // Auth0's logout: ends the provider session (and revokes its grants, so refresh tokens
      // stop working) without a confirmation page, then returns to an allowed URL.
      passthrough.get<{ Querystring: { client_id?: string; returnTo?: string } }>('/v2/logout', async (request, reply) => {
        const { client_id: requestedClient, returnTo } = request.query;
        if (requestedClient !== undefined && !isFirstParty(requestedClient)) {
          return html(reply, 400, errorPage({ error: 'invalid_client', home }));
        }
        if (returnTo !== undefined && !logoutTargetAllowed(returnTo)) {
          return html(
            reply,
            400,
            messagePage({
              title: 'Sign-out not allowed',
              heading: 'This sign-out link is not allowed',
              message: 'The address to return to after signing out is not one of the platform’s pages.',
              link: { href: home, text: `Go to ${PRODUCT}` },
            }),
          );
        }
        prepare(request.raw);
        const koa = provider.createContext(request.raw, reply.raw);
        const session = await provider.Session.get(koa);
        for (const { grantId } of Object.values(session.authorizations ?? {})) if (grantId) await revokeGrant(grantId);
        await session.destroy();
        koa.cookies.set(provider.cookieName('session'), null, { httpOnly: true, sameSite: 'lax' });
        void reply.header('cache-control', 'no-store');
        if (returnTo) return reply.redirect(returnTo, 302);
        return html(reply, 200, signedOutPage());
      });
    });

    function logoutTargetAllowed(target: string) {
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        return false;
      }
      // Like Auth0's Allowed Logout URLs, the query string does not take part in the match.
      return postLogoutRedirectUris.includes(`${url.origin}${url.pathname}`);
    }

    /**
     * Sends this sign-in to the district's provider. After a form's POST, a page that moves on by
     * itself (the content security policy's form-action keeps a form's redirects on this site).
     */
    async function federate(reply: FastifyReply, uid: string, connection: SsoConnectionRow, email: string, how: 'redirect' | 'page') {
      let target: string;
      try {
        target = await ctx.sso.begin(connection, uid, email);
      } catch (err) {
        app.log.warn({ err, connection: connection.id }, 'district sign-in could not start');
        return html(
          reply,
          502,
          messagePage({
            title: 'District sign-in unavailable',
            heading: `${connection.displayName} is not answering`,
            message: `Your district signs you in with ${connection.displayName}, which could not be reached. Please try again in a few minutes, or ask your district's IT team.`,
            link: { href: home, text: `Go back to ${PRODUCT}` },
          }),
        );
      }
      if (how === 'redirect') return reply.header('cache-control', 'no-store').redirect(target, 303);
      return html(reply, 200, federationPage({ target, provider: connection.displayName, organization: connection.organizationName }));
    }

    const ssoRefused = (reply: FastifyReply, error: SsoRefusal) =>
      html(
        reply,
        error.code === 'SSO_REQUEST_UNKNOWN' ? 400 : 403,
        messagePage({ title: 'Sign-in not completed', heading: 'The district sign-in was not completed', message: error.message, link: { href: `${home}login`, text: 'Sign in again' } }),
      );

    // The district providers' answers: OpenID Connect comes back by GET, SAML posts (a form of its own page, so with a larger body limit).
    await app.register(async (answers) => {
      await answers.register(formbody, { bodyLimit: 512 * 1024 });
      answers.get<{ Querystring: Record<string, string> }>(SSO_PATHS.oidcCallback, { config: rateLimit }, async (request, reply) => {
        try {
          const { requestId, interactionUid } = await ctx.sso.completeOidc(new URL(request.url, config.publicUrl));
          return reply.header('cache-control', 'no-store').redirect(`/u/${encodeURIComponent(interactionUid)}/sso?request=${encodeURIComponent(requestId)}`, 303);
        } catch (error) {
          if (!(error instanceof SsoRefusal)) throw error;
          request.log.info({ code: error.code }, 'district sign-in refused');
          return ssoRefused(reply, error);
        }
      });
      answers.post<{ Body: { SAMLResponse?: unknown; RelayState?: unknown } }>(SSO_PATHS.samlAcs, { config: rateLimit }, async (request, reply) => {
        try {
          const { requestId, interactionUid } = await ctx.sso.completeSaml(request.body ?? {});
          return reply.header('cache-control', 'no-store').redirect(`/u/${encodeURIComponent(interactionUid)}/sso?request=${encodeURIComponent(requestId)}`, 303);
        } catch (error) {
          if (!(error instanceof SsoRefusal)) throw error;
          request.log.info({ code: error.code }, 'district sign-in refused');
          return ssoRefused(reply, error);
        }
      });
      answers.get(SSO_PATHS.samlMetadata, async (_request, reply) => reply.type('application/samlmetadata+xml; charset=utf-8').send(ctx.sso.samlMetadata()));
      answers.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        const status = error.statusCode ?? 500;
        if (status >= 500) request.log.error({ err: error }, 'district sign-in answer failed');
        return html(reply, status >= 400 && status < 500 ? status : 500, errorPage({ home }));
      });
    });

    // Sign-in and sign-up pages: Fastify routes with parsed form bodies.
    await app.register(async (pages) => {
      await pages.register(formbody, { bodyLimit: 16 * 1024 });

      pages.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        const status = error.statusCode ?? 500;
        if (status === 429) {
          return html(
            reply,
            429,
            messagePage({ title: 'Too many attempts', message: 'There were too many sign-in attempts from your network. Wait a minute, then try again.' }),
          );
        }
        if (status >= 500 && storeAway()) return unavailable(request, reply);
        if (status >= 500) request.log.error({ err: error }, 'sign-in page failed');
        else request.log.info({ status }, 'sign-in page request rejected');
        return html(reply, status >= 400 && status < 500 ? status : 500, errorPage({ home }));
      });

      pages.get(STYLESHEET_PATH, async (_request, reply) =>
        reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLESHEET),
      );

      const showLogin = (reply: FastifyReply, uid: string, email: string | undefined, error?: string, status = 200) =>
        html(reply, status, loginPage({ uid, email, error }));
      const showSignUp = (reply: FastifyReply, uid: string, values: SignUpValues, error?: Parameters<typeof signUpPage>[0]['error'], status = 200) =>
        html(reply, status, signUpPage({ uid, values, error, passwordMin: PASSWORD_MIN, nameMax: NAME_MAX }));

      pages.get<Uid>('/u/:uid', async (request, reply) => {
        const interaction = await interactionFor(request, reply);
        if (!interaction) return expired(reply);
        if (interaction.prompt.name !== 'login') return grantConsent(request, reply, interaction);
        // An address of a district's domain goes straight to the district's sign-in, sign-up included.
        const hint = loginHint(interaction);
        const connection = hint ? await ctx.sso.connectionFor(hint) : undefined;
        if (hint && connection && !connection.allowPasswords) return federate(reply, interaction.uid, connection, hint, 'redirect');
        if (interaction.params.screen_hint === 'signup') return showSignUp(reply, interaction.uid, { email: hint });
        return showLogin(reply, interaction.uid, hint);
      });

      pages.get<Uid & { Querystring: { email?: string } }>('/u/:uid/login', async (request, reply) => {
        const interaction = await interactionFor(request, reply);
        if (!interaction) return expired(reply);
        if (interaction.prompt.name !== 'login') return grantConsent(request, reply, interaction);
        const email = typeof request.query.email === 'string' ? request.query.email.slice(0, 254) : loginHint(interaction);
        return showLogin(reply, interaction.uid, email);
      });

      pages.get<Uid>('/u/:uid/signup', async (request, reply) => {
        const interaction = await interactionFor(request, reply);
        if (!interaction) return expired(reply);
        if (interaction.prompt.name !== 'login') return grantConsent(request, reply, interaction);
        return showSignUp(reply, interaction.uid, { email: loginHint(interaction) });
      });

      // The district's provider answered (server/services/sso.ts checked it): this browser's sign-in goes on as that account.
      pages.get<Uid & { Querystring: { request?: string } }>('/u/:uid/sso', async (request, reply) => {
        const interaction = await interactionFor(request, reply);
        if (!interaction) return expired(reply);
        if (interaction.prompt.name !== 'login') return grantConsent(request, reply, interaction);
        const accountId = typeof request.query.request === 'string' ? await ctx.sso.finish(request.query.request, interaction.uid) : undefined;
        if (!accountId) return expired(reply);
        return finish(request, reply, { login: { accountId, remember: true, amr: ['ext'] } });
      });

      pages.post<Uid & { Body: LoginBody }>('/u/:uid/login', async (request, reply) => {
        const interaction = await interactionFor(request, reply);
        if (!interaction) return expired(reply);
        if (interaction.prompt.name !== 'login') return grantConsent(request, reply, interaction);
        const email = text(request.body?.email).trim();
        const password = text(request.body?.password);
        // Home-realm discovery: the district's domains sign in at the district (with a password too only during a switch-over).
        const connection = email ? await ctx.sso.connectionFor(email) : undefined;
        if (connection && (!connection.allowPasswords || !password)) return federate(reply, interaction.uid, connection, email.slice(0, 254), 'page');
        if (!password) return showLogin(reply, interaction.uid, email.slice(0, 254), 'Enter your password.', 400);
        let user: Awaited<ReturnType<typeof accounts.checkPassword>> = null;
        try {
          user = email && password ? await ctx.signIns.attempt(email, request.ip, () => accounts.checkPassword(email, password)) : null;
        } catch (error) {
          // The account or this address must wait (server/auth/sign-in-throttle.ts).
          if (error instanceof HttpError && error.statusCode === 429) {
            request.log.info({ interaction: interaction.uid }, 'sign-in refused: too many attempts');
            void reply.header('retry-after', String(error.retryAfterS));
            return showLogin(reply, interaction.uid, email.slice(0, 254), `${error.message}.`, 429);
          }
          // Too many sign-ins waiting for their password check (server/auth/passwords.ts).
          if (!(error instanceof HttpError && error.code === 'BUSY')) throw error;
          request.log.warn({ interaction: interaction.uid }, 'sign-in refused: password checks busy');
          return showLogin(reply, interaction.uid, email.slice(0, 254), 'Many people are signing in right now. Wait a moment, then try again.', 503);
        }
        if (!user) {
          request.log.info({ interaction: interaction.uid }, 'sign-in refused');
          return showLogin(reply, interaction.uid, email.slice(0, 254), 'Wrong email or password.', 401);
        }
        // Said only to whoever knows the password.
        if (user.deactivatedAt) return showLogin(reply, interaction.uid, email.slice(0, 254), 'This account has been deactivated.', 403);
        return finish(request, reply, { login: { accountId: user.id, remember: true, amr: ['pwd'] } });
      });

      pages.post<Uid & { Body: SignUpBody }>('/u/:uid/signup', { config: rateLimit }, async (request, reply) => {
        const interaction = await interactionFor(request, reply);
        if (!interaction) return expired(reply);
        if (interaction.prompt.name !== 'login') return grantConsent(request, reply, interaction);
        const input: SignUpInput = {
          firstName: text(request.body?.firstName),
          lastName: text(request.body?.lastName),
          email: text(request.body?.email),
          password: text(request.body?.password),
          confirm: text(request.body?.confirm),
        };
        // A district's teachers get their account from the district's sign-in, not from a password.
        const connection = input.email.trim() ? await ctx.sso.connectionFor(input.email) : undefined;
        if (connection && !connection.allowPasswords) return federate(reply, interaction.uid, connection, input.email.trim().slice(0, 254), 'page');
        const [invited, demo] = await Promise.all([invitedUserId(interaction.params.invite_ticket), proof.registeringDemoId(interaction.params.demo_ticket)]);
        const result = await accounts.signUp(input, { invitedUserId: invited, demoUserId: demo });
        if (!result.ok) {
          const values = { firstName: input.firstName.slice(0, 100), lastName: input.lastName.slice(0, 100), email: input.email.trim().slice(0, 254) };
          return showSignUp(reply, interaction.uid, values, { field: result.field, message: result.message, exists: result.exists, demo: result.demo }, result.exists ? 409 : 400);
        }
        request.log.info({ userId: result.user.id, kind: result.upgraded }, 'account signed up');
        if (result.upgraded === 'created') {
          // Signed in at once, but held at "check your e-mail" until the link is followed (the
          // API's policy): a failed e-mail is sent again from there.
          await proof.sendVerification(result.user).catch((err: unknown) => request.log.warn({ err: describeMailError(err), userId: result.user.id }, 'verification e-mail not sent'));
        } else {
          // Whoever held the account before (an earlier sign-up of the address, a demo session)
          // is signed out everywhere, the provider's sessions and refresh tokens included.
          await ctx.sessions.notifyEnded(result.user.id);
        }
        return finish(request, reply, { login: { accountId: result.user.id, remember: true, amr: ['pwd'] } });
      });
    });

    app.log.debug({ keys: keys.source }, 'embedded identity provider ready');
  };
}
