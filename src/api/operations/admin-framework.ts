import type { ApiClient } from '@/api/client';
import { unwrap, type CallOptions, type RequestBody, type ResponseBody } from '@/api/operations/call';

// The admin site's framework and audiences (openapi.yaml, tag admin-framework): only the admin
// app imports them, so the educator app's chunks never carry them.

export type AdminFrameworkItem = ResponseBody<'adminCreateFrameworkItem'>;
export type AdminFrameworkItemInput = RequestBody<'adminCreateFrameworkItem'>;
export type AdminFrameworkItemPatch = RequestBody<'adminUpdateFrameworkItem'>;
export type AdminAudience = ResponseBody<'adminCreateAudience'>;

export async function adminListFrameworkItems(client: ApiClient, init?: CallOptions): Promise<AdminFrameworkItem[]> {
  return (await unwrap(client.GET('/admin/framework/items', { ...init }))).data;
}

export async function adminCreateFrameworkItem(client: ApiClient, body: AdminFrameworkItemInput, init?: CallOptions): Promise<AdminFrameworkItem> {
  return unwrap(client.POST('/admin/framework/items', { body, ...init }));
}

export async function adminUpdateFrameworkItem(client: ApiClient, nodeId: string, body: AdminFrameworkItemPatch, init?: CallOptions): Promise<AdminFrameworkItem> {
  return unwrap(client.PATCH('/admin/framework/items/{nodeId}', { params: { path: { nodeId } }, body, ...init }));
}

export async function adminMoveFrameworkItem(client: ApiClient, nodeId: string, position: number, init?: CallOptions): Promise<AdminFrameworkItem> {
  return unwrap(client.PUT('/admin/framework/items/{nodeId}/position', { params: { path: { nodeId } }, body: { position }, ...init }));
}

export async function adminDeleteFrameworkItem(client: ApiClient, nodeId: string, init?: CallOptions): Promise<void> {
  await unwrap(client.DELETE('/admin/framework/items/{nodeId}', { params: { path: { nodeId } }, ...init }));
}

export async function adminListAudiences(client: ApiClient, init?: CallOptions): Promise<AdminAudience[]> {
  return (await unwrap(client.GET('/admin/audiences', { ...init }))).data;
}

export async function adminCreateAudience(client: ApiClient, name: string, init?: CallOptions): Promise<AdminAudience> {
  return unwrap(client.POST('/admin/audiences', { body: { name }, ...init }));
}

export async function adminUpdateAudience(client: ApiClient, audienceId: string, name: string, init?: CallOptions): Promise<AdminAudience> {
  return unwrap(client.PATCH('/admin/audiences/{audienceId}', { params: { path: { audienceId } }, body: { name }, ...init }));
}

export async function adminMoveAudience(client: ApiClient, audienceId: string, position: number, init?: CallOptions): Promise<AdminAudience> {
  return unwrap(client.PUT('/admin/audiences/{audienceId}/position', { params: { path: { audienceId } }, body: { position }, ...init }));
}

export async function adminDeleteAudience(client: ApiClient, audienceId: string, init?: CallOptions): Promise<void> {
  await unwrap(client.DELETE('/admin/audiences/{audienceId}', { params: { path: { audienceId } }, ...init }));
}
