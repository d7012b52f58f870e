import type { ApiClient } from '@/api/client';
import { ApiError } from '@/api/errors';
import { unwrap, type CallOptions, type Page, type QueryParams, type RequestBody, type ResponseBody } from '@/api/operations/call';
import type { AdminUser } from '@/api/operations/admin';

// The admin site's districts and schools (openapi.yaml, tag admin-organizations): only the
// admin app imports them.

export type AdminOrganization = ResponseBody<'adminGetOrganization'>;
export type AdminOrganizationInput = RequestBody<'adminCreateOrganization'>;
export type AdminOrganizationChange = RequestBody<'adminUpdateOrganization'>;
export type AdminSubscriptionInput = RequestBody<'adminSetOrganizationSubscription'>;
export type AdminMemberInput = RequestBody<'adminAddOrganizationMember'>;
export type OrganizationMember = ResponseBody<'adminListOrganizationMembers'>['items'][number];

export async function adminListOrganizations(client: ApiClient, query: QueryParams<'adminListOrganizations'>, init?: CallOptions): Promise<Page<AdminOrganization>> {
  const { items, total } = await unwrap(client.GET('/admin/organizations', { params: { query }, ...init }));
  return { items, total };
}

export async function adminCreateOrganization(client: ApiClient, body: AdminOrganizationInput, init?: CallOptions): Promise<AdminOrganization> {
  return unwrap(client.POST('/admin/organizations', { body, ...init }));
}

export async function adminGetOrganization(client: ApiClient, id: string, init?: CallOptions): Promise<AdminOrganization> {
  return unwrap(client.GET('/admin/organizations/{id}', { params: { path: { id } }, ...init }));
}

export async function adminUpdateOrganization(client: ApiClient, id: string, body: AdminOrganizationChange, init?: CallOptions): Promise<AdminOrganization> {
  return unwrap(client.PATCH('/admin/organizations/{id}', { params: { path: { id } }, body, ...init }));
}

export async function adminSetOrganizationSubscription(client: ApiClient, id: string, body: AdminSubscriptionInput, init?: CallOptions): Promise<AdminOrganization> {
  return unwrap(client.PUT('/admin/organizations/{id}/subscription', { params: { path: { id } }, body, ...init }));
}

export async function adminLapseOrganizationSubscription(client: ApiClient, id: string, init?: CallOptions): Promise<AdminOrganization> {
  return unwrap(client.POST('/admin/organizations/{id}/subscription/lapse', { params: { path: { id } }, ...init }));
}

export async function adminListOrganizationMembers(
  client: ApiClient,
  id: string,
  query: QueryParams<'adminListOrganizationMembers'>,
  init?: CallOptions,
): Promise<Page<OrganizationMember>> {
  const { items, total } = await unwrap(client.GET('/admin/organizations/{id}/members', { params: { path: { id }, query }, ...init }));
  return { items, total };
}

export async function adminAddOrganizationMember(client: ApiClient, id: string, body: AdminMemberInput, init?: CallOptions): Promise<AdminUser> {
  return unwrap(client.POST('/admin/organizations/{id}/members', { params: { path: { id } }, body, ...init }));
}

export async function adminRemoveOrganizationMember(client: ApiClient, id: string, userId: string, init?: CallOptions): Promise<AdminUser> {
  return unwrap(client.DELETE('/admin/organizations/{id}/members/{userId}', { params: { path: { id, userId } }, ...init }));
}

export type SsoConnection = ResponseBody<'adminGetSsoConnection'>;
export type SsoConnectionInput = RequestBody<'adminSaveSsoConnection'>;

/** The organization's single sign-on connection; null when it has none. */
export async function adminGetSsoConnection(client: ApiClient, id: string, init?: CallOptions): Promise<SsoConnection | null> {
  try {
    return await unwrap(client.GET('/admin/organizations/{id}/sso-connection', { params: { path: { id } }, ...init }));
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NO_SSO_CONNECTION') return null;
    throw error;
  }
}

export async function adminSaveSsoConnection(client: ApiClient, id: string, body: SsoConnectionInput, init?: CallOptions): Promise<SsoConnection> {
  return unwrap(client.PUT('/admin/organizations/{id}/sso-connection', { params: { path: { id } }, body, ...init }));
}

export async function adminDeleteSsoConnection(client: ApiClient, id: string, init?: CallOptions): Promise<void> {
  await unwrap(client.DELETE('/admin/organizations/{id}/sso-connection', { params: { path: { id } }, ...init }));
}
