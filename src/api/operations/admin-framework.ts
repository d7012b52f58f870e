import type { ApiClient } from '@/api/client';
import { toApiError } from '@/api/errors';
import { settle, type CallOptions, type RequestBody, type ResponseBody } from '@/api/operations/call';

// The admin site's framework and audiences (openapi.yaml, tag admin-framework): only the admin
// app imports them, so the educator app's chunks never carry them.

export type AdminFrameworkItem = ResponseBody<'adminCreateFrameworkItem'>;
export type AdminFrameworkItemInput = RequestBody<'adminCreateFrameworkItem'>;
export type AdminFrameworkItemPatch = RequestBody<'adminUpdateFrameworkItem'>;
export type AdminAudience = ResponseBody<'adminCreateAudience'>;

export async function adminListFrameworkItems(client: ApiClient, init?: CallOptions): Promise<AdminFrameworkItem[]> {
  const { data, error, response } = await settle(client.GET('/admin/framework/items', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data.data;
}

export async function adminCreateFrameworkItem(client: ApiClient, body: AdminFrameworkItemInput, init?: CallOptions): Promise<AdminFrameworkItem> {
  const { data, error, response } = await settle(client.POST('/admin/framework/items', { body, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function adminUpdateFrameworkItem(client: ApiClient, nodeId: string, body: AdminFrameworkItemPatch, init?: CallOptions): Promise<AdminFrameworkItem> {
  const { data, error, response } = await settle(client.PATCH('/admin/framework/items/{nodeId}', { params: { path: { nodeId } }, body, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function adminMoveFrameworkItem(client: ApiClient, nodeId: string, position: number, init?: CallOptions): Promise<AdminFrameworkItem> {
  const { data, error, response } = await settle(client.PUT('/admin/framework/items/{nodeId}/position', { params: { path: { nodeId } }, body: { position }, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function adminDeleteFrameworkItem(client: ApiClient, nodeId: string, init?: CallOptions): Promise<void> {
  const { error, response } = await settle(client.DELETE('/admin/framework/items/{nodeId}', { params: { path: { nodeId } }, ...init }));
  if (!response.ok) throw toApiError(response.status, error);
}

export async function adminListAudiences(client: ApiClient, init?: CallOptions): Promise<AdminAudience[]> {
  const { data, error, response } = await settle(client.GET('/admin/audiences', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data.data;
}

export async function adminCreateAudience(client: ApiClient, name: string, init?: CallOptions): Promise<AdminAudience> {
  const { data, error, response } = await settle(client.POST('/admin/audiences', { body: { name }, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function adminUpdateAudience(client: ApiClient, audienceId: string, name: string, init?: CallOptions): Promise<AdminAudience> {
  const { data, error, response } = await settle(client.PATCH('/admin/audiences/{audienceId}', { params: { path: { audienceId } }, body: { name }, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function adminMoveAudience(client: ApiClient, audienceId: string, position: number, init?: CallOptions): Promise<AdminAudience> {
  const { data, error, response } = await settle(client.PUT('/admin/audiences/{audienceId}/position', { params: { path: { audienceId } }, body: { position }, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function adminDeleteAudience(client: ApiClient, audienceId: string, init?: CallOptions): Promise<void> {
  const { error, response } = await settle(client.DELETE('/admin/audiences/{audienceId}', { params: { path: { audienceId } }, ...init }));
  if (!response.ok) throw toApiError(response.status, error);
}
