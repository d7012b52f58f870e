import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { operations } from '../../src/api/schema.d.ts';
import type { Config } from '../config.ts';
import type { Sso } from '../services/sso.ts';
import type { OperationId, OperationTags, Tag } from '../contract.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Authenticator, Principal } from '../auth/principal.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { AdminUsers } from '../services/admin-users.ts';
import type { BillingService } from '../services/billing.ts';
import type { Invitations } from '../services/invitations.ts';
import type { Mailer } from '../services/mailer.ts';
import type { PaymentGateway } from '../services/payment-gateway.ts';
import type { Sessions } from '../services/sessions.ts';
import type { Limiter } from '../services/limits.ts';
import type { PasswordChecks } from '../auth/passwords.ts';
import type { SignInThrottle } from '../auth/sign-in-throttle.ts';
import type { AdminChanges } from '../services/admin-changes.ts';
import type { Uploads } from '../services/uploads.ts';
import type { Rostering } from '../services/rostering.ts';
import type { MediaUrls } from '../media/signed-urls.ts';
import type { Features } from '../flags/features.ts';
import { unauthorized } from '../errors.ts';

type Parameters<K extends OperationId> = operations[K]['parameters'];
type JsonBody<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type RequestBody<K extends OperationId> = operations[K] extends { requestBody: infer R } ? JsonBody<NonNullable<R>> : unknown;

/** Dates go out as Date objects; the serializer writes them as the contract's ISO strings. */
export type Wire<T> = T extends string
  ? string | Date
  : T extends (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [P in keyof T]: Wire<T[P]> }
      : T;

type Responses<K extends OperationId> = operations[K]['responses'];
type SuccessBody<K extends OperationId> = {
  [S in keyof Responses<K>]: S extends 200 | 201 | 202 ? JsonBody<Responses<K>[S]> : never;
}[keyof Responses<K>];

export type Req<K extends OperationId> = FastifyRequest<{
  Params: Parameters<K>['path'] extends infer P ? ([P] extends [undefined] ? unknown : NonNullable<P>) : never;
  Querystring: Parameters<K>['query'] extends infer Q ? ([Q] extends [undefined] ? unknown : NonNullable<Q>) : never;
  Body: RequestBody<K>;
  Headers: Parameters<K>['header'] extends infer H ? ([H] extends [undefined] ? unknown : NonNullable<H>) : never;
}>;

export type Handler<K extends OperationId> = (request: Req<K>, reply: FastifyReply) => Promise<Wire<SuccessBody<K>> | void>;
export type Handlers<K extends OperationId> = { [P in K]: Handler<P> };

/**
 * A route module: `server/routes/<tag>.ts` default-exports the handlers of every operation of
 * that tag of openapi.yaml, and of no other (server/plugins/api.ts loads one per tag).
 */
export type RouteModule<T extends Tag = Tag> = { tag: T; handlers: (ctx: Context) => Handlers<OperationTags[T]> };

export function defineRoutes<T extends Tag>(tag: T, handlers: (ctx: Context) => Handlers<OperationTags[T]>): RouteModule<T> {
  return { tag, handlers };
}

/** What handlers work with: repositories and services, never the database itself. */
export type Context = {
  config: Config;
  repos: Repositories;
  billing: BillingService;
  invitations: Invitations;
  tokens: TokenService;
  auth: Authenticator;
  mailer: Mailer;
  gateway: PaymentGateway;
  sessions: Sessions;
  /** The admin site's account changes, each recorded in the audit log. */
  adminUsers: AdminUsers;
  /** Budgets for what clients send (learner events, page views), shared through Redis when set. */
  limiter: Limiter;
  /** Password checks, a few at a time (server/auth/passwords.ts). */
  passwords: PasswordChecks;
  /** Password sign-ins, throttled per account and per address (server/auth/sign-in-throttle.ts). */
  signIns: SignInThrottle;
  /** Every admin change with its audit entries, in one transaction (server/services/admin-changes.ts). */
  adminChanges: AdminChanges;
  /** Files the admin site uploads, in the media storage (server/services/uploads.ts). */
  uploads: Uploads;
  /** Districts' OneRoster imports, their REST endpoints and the nightly pulls (server/services/rostering.ts). */
  rostering: Rostering;
  /** Short-lived signed addresses of paid media (server/media/signed-urls.ts). */
  mediaUrls: MediaUrls;
  /** The feature flags' payload, its evaluation and its update stream (server/flags/features.ts). */
  features: Features;
  /** District sign-in: which connection serves an address, and the round trip to its provider (server/services/sso.ts). */
  sso: Sso;
  /**
   * The deployment's Redis (REDIS_URL), shared by every server process; null without it. Keys
   * go under `config.redisPrefix`. Commands fail fast while it is unreachable (no offline
   * queue): whatever uses it must treat it as optional.
   */
  redis: Redis | null;
  /** Tells readiness whether start-up (migrations, seed) has finished. */
  isReady: () => boolean;
};

/** The caller the policy authenticated. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
