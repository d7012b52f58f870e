import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { OperationId } from '../contract.ts';
import { badRequest, forbidden, notFound, unauthorized, type HttpError } from '../errors.ts';
import type { BillingRepository } from '../repositories/billing.ts';
import type { OrganizationRow, OrganizationsRepository } from '../repositories/organizations.ts';
import { callerRefusal, POLICY, type OperationPolicy, type Tenancy } from './policy.ts';
import { bearerToken, type Authenticator, type Principal, type UserRow } from './principal.ts';
import type { TokenService } from './tokens.ts';
import { clock } from '../clock.ts';

/** The organization a call names (or the caller's own), visible to the caller, and the ids it covers: it and its schools. */
export type NamedOrganization = { organization: OrganizationRow; organizationIds: string[] };

/** The organizations an admin's call acts on, resolved and checked by the policy; null ids for every one. */
export type Tenant = NamedOrganization | { organization: null; organizationIds: string[] | null };

declare module 'fastify' {
  interface FastifyRequest {
    tenant?: Tenant;
  }
}

type Deps = {
  config: Pick<Config, 'allowedOrigins'>;
  tokens: TokenService;
  auth: Authenticator;
  organizations: OrganizationsRepository;
  billing: BillingRepository;
};

/**
 * Applies POLICY: returns, for an operation, the check that runs before its handler. Handlers
 * then read `request.principal` and `request.tenant` and check nothing themselves.
 */
export function createPolicyEnforcer({ config, tokens, auth, organizations, billing }: Deps) {
  async function authenticate(policy: OperationPolicy, request: FastifyRequest): Promise<Principal | null> {
    switch (policy.authentication) {
      case 'none':
        return null;
      case 'optionalBearer':
        return bearerToken(request) ? auth.authenticate(request) : null;
      case 'bearer':
        return auth.authenticate(request);
      case 'beacon': {
        const origin = request.headers.origin;
        if (!origin || !config.allowedOrigins.includes(origin)) throw forbidden('Events are only accepted from the app', 'FORBIDDEN_ORIGIN');
        const token = (request.body as { accessToken?: unknown } | undefined)?.accessToken;
        if (typeof token !== 'string') throw unauthorized();
        request.principal = await auth.principalFor(await tokens.verify(token));
        return request.principal;
      }
    }
  }

  async function requireAccess(user: UserRow) {
    const refusal = await accessRefusal(user, billing);
    if (refusal) throw refusal;
  }

  /**
   * Organizations an admin may see: a platform admin every one (null), a district admin their
   * district and its schools, a school admin their own school.
   */
  async function visibleOrganizationIds({ user }: Principal): Promise<string[] | null> {
    if (user.role === 'ADMIN') return null;
    if (!user.organizationId || (user.role !== 'DISTRICT_ADMIN' && user.role !== 'SCHOOL_ADMIN')) return [];
    if (user.role === 'SCHOOL_ADMIN') return [user.organizationId];
    return organizations.withSchools(user.organizationId);
  }

  async function visibleOrganization(principal: Principal, id: string): Promise<NamedOrganization> {
    const organization = await organizations.byId(id);
    if (!organization) throw notFound('Organization not found');
    const visible = await visibleOrganizationIds(principal);
    if (visible && !visible.includes(id)) throw forbidden('This organization is outside your account', 'FORBIDDEN_ORGANIZATION');
    return { organization, organizationIds: await organizations.withSchools(id) };
  }

  async function resolveTenant(tenancy: Tenancy, principal: Principal, request: FastifyRequest): Promise<Tenant> {
    const everyVisible = async (): Promise<Tenant> => ({ organization: null, organizationIds: await visibleOrganizationIds(principal) });
    const named = (request.query as { organizationId?: string } | undefined)?.organizationId;
    switch (tenancy) {
      case 'pathOrganization':
        return visibleOrganization(principal, (request.params as { id: string }).id);
      case 'queryOrganizationOrOwn': {
        const target = named ?? principal.user.organizationId;
        if (!target) throw badRequest('organizationId is required');
        return visibleOrganization(principal, target);
      }
      case 'queryOrganizationOrVisible':
        return named ? visibleOrganization(principal, named) : everyVisible();
      case 'visibleOrganizations':
        return everyVisible();
    }
  }

  return function enforce(operationId: OperationId) {
    const policy = POLICY[operationId];
    return async function checkPolicy(request: FastifyRequest) {
      const principal = await authenticate(policy, request);
      if (!principal || !('roles' in policy)) return;
      const refusal = callerRefusal(policy, principal.user);
      if (refusal) throw refusal;
      if (policy.access) await requireAccess(principal.user);
      if (policy.tenancy) request.tenant = await resolveTenant(policy.tenancy, principal, request);
    };
  };
}

/**
 * Why a user may not use paid content, or null: free access, an active subscription of the
 * user's own, or one of their organization (a school, or the district it belongs to) let them.
 * Demo users browse on the demo's terms and platform admins see everything.
 */
export async function accessRefusal(user: UserRow, billing: Pick<BillingRepository, 'hasActiveSubscription'>): Promise<HttpError | null> {
  if (accessWithoutSubscription(user)) return null;
  if (await billing.hasActiveSubscription(user, clock.now())) return null;
  return forbidden(user.organizationId ? "Your organization's subscription has expired" : 'An active subscription is required', 'SUBSCRIPTION_REQUIRED');
}

/** Whether the user's access to paid content comes from something other than a subscription. */
export const accessWithoutSubscription = (user: Pick<UserRow, 'role' | 'hasFreeAccess'>) => user.role === 'DEMO' || user.role === 'ADMIN' || user.hasFreeAccess;

/** The tenant the policy resolved for this call. */
export function tenantOf(request: FastifyRequest): Tenant {
  if (!request.tenant) throw new Error(`No tenancy is declared for ${request.method} ${request.routeOptions.url}`);
  return request.tenant;
}

/** The one organization the call names, resolved by the policy (`pathOrganization`, `queryOrganizationOrOwn`). */
export function namedOrganizationOf(request: FastifyRequest): NamedOrganization {
  const tenant = tenantOf(request);
  if (!tenant.organization) throw new Error(`${request.method} ${request.routeOptions.url} names no organization`);
  return tenant;
}
