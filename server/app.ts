import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { JWTVerifyGetKey } from 'jose';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createTokenService } from './auth/tokens.ts';
import { createAuthenticator } from './auth/principal.ts';
import { createPasswordChecks } from './auth/passwords.ts';
import { createSignInThrottle, type SignInThrottle } from './auth/sign-in-throttle.ts';
import { embeddedProvider } from './auth/provider/provider.ts';
import { loggerOptions } from './logging.ts';
import { connectRedis } from './redis.ts';
import { createRepositories } from './repositories/repositories.ts';
import { createBillingService } from './services/billing.ts';
import { createInvitations } from './services/invitations.ts';
import { createMailer, type Mailer } from './services/mailer.ts';
import type { PaymentGateway } from './services/payment-gateway.ts';
import { GATEWAYS, type GatewaySetup } from './gateways.ts';
import { createSessions } from './services/sessions.ts';
import { createAdminChanges } from './services/admin-changes.ts';
import { createSso } from './services/sso.ts';
import { createAdminUsers } from './services/admin-users.ts';
import { createUploads, type Uploads } from './services/uploads.ts';
import { createRostering, type Rostering } from './services/rostering.ts';
import { sealer } from './services/sealed.ts';
import { createMediaStorage, type MediaStorage } from './media/storage.ts';
import { createMediaUrls } from './media/signed-urls.ts';
import { memoryLimiter, redisLimiter } from './services/limits.ts';
import { api } from './plugins/api.ts';
import { security } from './plugins/security.ts';
import { spa } from './plugins/spa.ts';
import { frameworkErrors, validation } from './plugins/validation.ts';
import type { Context } from './routes/types.ts';
import type { BillingService } from './services/billing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The billing service, for what runs beside requests (the trial reminders of server/main.ts). */
    billing: BillingService;
    /** Districts' rostering, for the nightly roster pulls of server/main.ts. */
    rostering: Rostering;
    /** The admin site's uploads, for reading older captions files' cues at start-up (server/main.ts). */
    uploads: Uploads;
  }
}
import { accountPages } from './routes/account-pages.ts';
import { certificatePages } from './routes/certificate-pages.ts';
import { adminPage } from './routes/admin-page.ts';
import { mediaRoutes } from './routes/media.ts';
import { createFeatures } from './flags/features.ts';

export type AppOptions = {
  config: Config;
  database: Database;
  /** Key source for provider tokens; defaults to the provider's JWKS URL. */
  providerKeys?: JWTVerifyGetKey;
  mailer?: Mailer;
  /** A gateway of the caller's instead of the configured adapter (whose own routes are then not served). */
  gateway?: PaymentGateway;
  /** Destination of the structured log (tests capture it). */
  logStream?: NodeJS.WritableStream;
  isReady?: () => boolean;
  /** Where uploads are kept instead of the configured storage. */
  mediaStorage?: MediaStorage;
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    // A number of proxies: the socket's peer and the next hops-1 addresses from the right of
    // X-Forwarded-For are theirs; the address before those is the client.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 256 * 1024,
    logger: loggerOptions(config.logLevel, options.logStream),
    // Long path parameters reach validation (and its 400) instead of the router's 414.
    routerOptions: { maxParamLength: 1000 },
    frameworkErrors,
  });
  // Several processes share rate limits and the embedded provider's sessions through Redis when it is configured.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  const gateway: GatewaySetup = options.gateway ? { gateway: options.gateway } : GATEWAYS[config.billing.gateway](config);
  const ctx = createContext(options, gateway.gateway, redis, app.log);
  app.decorate('billing', ctx.billing);
  app.decorate('rostering', ctx.rostering);
  app.decorate('uploads', ctx.uploads);
  // Receipts and invitations being e-mailed when the server stops are sent first.
  app.addHook('onClose', async () => void (await Promise.all([ctx.billing.drain(), ctx.invitations.drain()])));
  // Open flag streams end first: a connection that never finishes must not hold the shutdown.
  app.addHook('preClose', async () => ctx.features.close());

  await app.register(validation);
  await app.register(security(config, redis));
  await app.register(api(ctx));
  await app.register(accountPages(ctx));
  await app.register(certificatePages(ctx));
  // Posters, captions, demo clips and uploads; paid ones only through signed addresses.
  await app.register(mediaRoutes(ctx));
  // The sandbox gateway's card form endpoint (a real gateway's card fields are the provider's).
  if (gateway.routes) await app.register(gateway.routes(ctx));
  // Platform admins' landing page, and the embedded identity provider when AUTH0_DOMAIN is not set.
  await app.register(adminPage(ctx));
  if (config.provider.embedded) await app.register(embeddedProvider(ctx));
  await app.register(spa(config.staticDir));
  return app;
}

/** Repositories over the database, and the services built on them, for handlers and pages. */
function createContext(
  options: AppOptions,
  gateway: PaymentGateway,
  redis: Redis | null,
  log: FastifyBaseLogger,
): Context {
  const { config, database, providerKeys, mailer = createMailer(config.mail), isReady = () => true } = options;
  const repos = createRepositories(database.db);
  const tokens = createTokenService(config, providerKeys);
  const limiter = redis ? redisLimiter(redis, `${config.redisPrefix}limit:`) : memoryLimiter();
  const invitations = createInvitations({ users: repos.users, organizations: repos.organizations, tokens, mailer, limiter, config, log: log.child({ service: 'invitations' }) });
  const sessions = createSessions(repos.users);
  const adminChanges = createAdminChanges(database.db);
  return {
    config,
    repos,
    tokens,
    auth: createAuthenticator(repos, tokens, (token) => fetchUserInfo(config.provider.issuer, token)),
    mailer,
    gateway,
    billing: createBillingService({ billing: repos.billing, organizations: repos.organizations, gateway, mailer, log: log.child({ service: 'billing' }), config }),
    invitations,
    sessions,
    adminUsers: createAdminUsers({ repos, changes: adminChanges, invitations, sessions }),
    adminChanges,
    uploads: createUploads({ storage: options.mediaStorage ?? createMediaStorage(config.media.storage), maxKb: config.media.maxKb, uploads: repos.uploads, adminChanges }),
    rostering: createRostering({ repos, changes: adminChanges, sessions, sealer: sealer(config.localTokens.secret), log: log.child({ service: 'rostering' }) }),
    mediaUrls: createMediaUrls({ secret: config.localTokens.secret, ttlSeconds: config.media.signedUrlTtlSeconds }),
    features: createFeatures(config.growthbook.featuresFile),
    sso: createSso({ repos, config, sessions, log: log.child({ service: 'sso' }) }),
    limiter,
    passwords: createPasswordChecks(config.passwordChecks),
    signIns: config.rateLimit.enabled ? createSignInThrottle({ limits: config.rateLimit.signIn, redis, prefix: config.redisPrefix }) : UNTHROTTLED,
    redis,
    isReady,
  };
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

const UNTHROTTLED: SignInThrottle = { attempt: (_email, _address, check) => check() };

async function fetchUserInfo(issuer: string, token: string) {
  try {
    const response = await fetch(new URL('userinfo', issuer), { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) return null;
    return (await response.json()) as { email?: string; given_name?: string; family_name?: string; name?: string };
  } catch {
    return null;
  }
}
