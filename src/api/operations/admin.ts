import type { ApiClient } from '@/api/client';
import { unwrap, type CallOptions, type Page, type QueryParams, type RequestBody, type ResponseBody } from '@/api/operations/call';

// The admin site's operations (openapi.yaml, tag admin): only the admin app imports them, so
// the educator app's chunks never carry them.

export type AdminUser = ResponseBody<'adminGetUser'>;
export type AdminUserChange = RequestBody<'adminUpdateUser'>;
export type AuditEntry = ResponseBody<'listAuditEntries'>['items'][number];

export async function adminListUsers(client: ApiClient, query: QueryParams<'adminListUsers'>, init?: CallOptions): Promise<Page<AdminUser>> {
  const { items, total } = await unwrap(client.GET('/admin/users', { params: { query }, ...init }));
  return { items, total };
}

export async function adminGetUser(client: ApiClient, id: string, init?: CallOptions): Promise<AdminUser> {
  return unwrap(client.GET('/admin/users/{id}', { params: { path: { id } }, ...init }));
}

export async function adminUpdateUser(client: ApiClient, id: string, body: AdminUserChange, init?: CallOptions): Promise<AdminUser> {
  return unwrap(client.PATCH('/admin/users/{id}', { params: { path: { id } }, body, ...init }));
}

export async function adminResendInvitation(client: ApiClient, id: string, init?: CallOptions): Promise<AdminUser> {
  return unwrap(client.POST('/admin/users/{id}/invitation', { params: { path: { id } }, ...init }));
}

export async function listAuditEntries(client: ApiClient, query: QueryParams<'listAuditEntries'>, init?: CallOptions): Promise<Page<AuditEntry>> {
  const { items, total } = await unwrap(client.GET('/admin/audit-log', { params: { query }, ...init }));
  return { items, total };
}

// The catalogue (openapi.yaml, tag admin-catalog).

export type AdminCatalogItem = ResponseBody<'adminGetCatalogItem'>;
export type AdminCatalogItemSummary = ResponseBody<'adminListCatalogItems'>['items'][number];
export type AdminCatalogItemInput = RequestBody<'adminCreateCatalogItem'>;
export type AdminCatalogItemPatch = RequestBody<'adminUpdateCatalogItem'>;
export type CatalogItemStatus = AdminCatalogItemSummary['status'];

export async function adminListCatalogItems(client: ApiClient, query: QueryParams<'adminListCatalogItems'>, init?: CallOptions): Promise<Page<AdminCatalogItemSummary>> {
  const { items, total } = await unwrap(client.GET('/admin/catalog/items', { params: { query }, ...init }));
  return { items, total };
}

export async function adminCreateCatalogItem(client: ApiClient, body: AdminCatalogItemInput, init?: CallOptions): Promise<AdminCatalogItem> {
  return unwrap(client.POST('/admin/catalog/items', { body, ...init }));
}

export async function adminGetCatalogItem(client: ApiClient, itemId: string, init?: CallOptions): Promise<AdminCatalogItem> {
  return unwrap(client.GET('/admin/catalog/items/{itemId}', { params: { path: { itemId } }, ...init }));
}

export async function adminUpdateCatalogItem(client: ApiClient, itemId: string, body: AdminCatalogItemPatch, init?: CallOptions): Promise<AdminCatalogItem> {
  return unwrap(client.PATCH('/admin/catalog/items/{itemId}', { params: { path: { itemId } }, body, ...init }));
}

export async function adminChangeCatalogItemStatus(client: ApiClient, itemId: string, status: CatalogItemStatus, init?: CallOptions): Promise<AdminCatalogItem> {
  return unwrap(client.PUT('/admin/catalog/items/{itemId}/status', { params: { path: { itemId } }, body: { status }, ...init }));
}

export async function adminReorderPlaylistEntries(client: ApiClient, itemId: string, itemIds: string[], init?: CallOptions): Promise<AdminCatalogItem> {
  return unwrap(client.PUT('/admin/catalog/items/{itemId}/entries', { params: { path: { itemId } }, body: { itemIds }, ...init }));
}
