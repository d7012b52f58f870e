import type { ApiClient } from '@/api/client';
import { toApiError } from '@/api/errors';
import { settle, type CallOptions, type Page, type PathParams, type QueryParams, type RequestBody, type ResponseBody } from '@/api/operations/call';

// One function per operationId of openapi.yaml. List rule (spec §7 "Response handling"):
// a list without a total answers its `data` array; a list with a total answers { items, total }.
// The start-up calls live in src/api/operations/start-up.ts (on the first page) and the shared
// types and call handling in src/api/operations/call.ts; both are re-exported here.

export type { CallOptions, Page, PathParams, QueryParams, RequestBody, ResponseBody } from '@/api/operations/call';
export * from '@/api/operations/start-up';

// ───────────────────────────── demo ─────────────────────────────

export async function startDemo(
  client: ApiClient,
  body: RequestBody<'startDemo'>,
  init?: CallOptions,
): Promise<ResponseBody<'startDemo'>> {
  const { data, error, response } = await settle(client.POST('/identity/demo', { body, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

// ───────────────────────────── catalog ─────────────────────────────

export async function searchCatalog(
  client: ApiClient,
  query: QueryParams<'searchCatalog'>,
  init?: CallOptions,
): Promise<Page<ResponseBody<'searchCatalog'>['items'][number]>> {
  const { data, error, response } = await settle(client.GET('/catalog/search', { params: { query }, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return { items: data.items, total: data.total };
}

export async function listCatalogItems(
  client: ApiClient,
  query?: QueryParams<'listCatalogItems'>,
  init?: CallOptions,
): Promise<Page<ResponseBody<'listCatalogItems'>['items'][number]>> {
  const { data, error, response } = await settle(client.GET('/catalog/items', { params: { query }, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return { items: data.items, total: data.total };
}

export async function getCatalogItem(
  client: ApiClient,
  id: PathParams<'getCatalogItem'>['id'],
  init?: CallOptions,
): Promise<ResponseBody<'getCatalogItem'>> {
  const { data, error, response } = await settle(
    client.GET('/catalog/items/{id}', { params: { path: { id } }, ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function rateCatalogItem(
  client: ApiClient,
  id: PathParams<'rateCatalogItem'>['id'],
  body: RequestBody<'rateCatalogItem'>,
  init?: CallOptions,
): Promise<ResponseBody<'rateCatalogItem'>> {
  const { data, error, response } = await settle(
    client.POST('/catalog/items/{id}/ratings', { params: { path: { id } }, body, ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function deleteRating(
  client: ApiClient,
  id: PathParams<'deleteRating'>['id'],
  ratingId: PathParams<'deleteRating'>['ratingId'],
  init?: CallOptions,
): Promise<void> {
  const { error, response } = await settle(
    client.DELETE('/catalog/items/{id}/ratings/{ratingId}', { params: { path: { id, ratingId } }, ...init }),
  );
  if (!response.ok) throw toApiError(response.status, error);
}

export async function getCatalogItemVideo(
  client: ApiClient,
  id: PathParams<'getCatalogItemVideo'>['id'],
  init?: CallOptions,
): Promise<ResponseBody<'getCatalogItemVideo'>> {
  const { data, error, response } = await settle(
    client.GET('/catalog/items/{id}/video', { params: { path: { id } }, ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export type Download = { blob: Blob; fileName: string };

/** Reads the file name of `attachment; filename="a.zip"` or its RFC 5987 form `filename*=UTF-8''a.zip`. */
export function fileNameFromContentDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim().replace(/^"(.*)"$/, '$1'));
    } catch {
      // A malformed percent-encoding: the plain filename parameter is the fallback it is meant for.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name ? name : undefined;
}

export async function downloadReproducibles(
  client: ApiClient,
  id: PathParams<'downloadReproducibles'>['id'],
  query: QueryParams<'downloadReproducibles'>,
  init?: CallOptions,
): Promise<Download> {
  const { data, error, response } = await settle(
    client.GET('/catalog/items/{id}/reproducibles', {
      params: { path: { id }, query },
      parseAs: 'blob',
      ...init,
    }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  const fileName =
    fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ?? `${query.archiveName}.zip`;
  return { blob: data, fileName };
}

export async function saveRubricScore(
  client: ApiClient,
  id: PathParams<'saveRubricScore'>['id'],
  body: RequestBody<'saveRubricScore'>,
  init?: CallOptions,
): Promise<ResponseBody<'saveRubricScore'>> {
  const { data, error, response } = await settle(
    client.PUT('/catalog/items/{id}/rubric-scores', { params: { path: { id } }, body, ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function applyStrategy(
  client: ApiClient,
  id: PathParams<'applyStrategy'>['id'],
  init?: CallOptions,
): Promise<ResponseBody<'applyStrategy'>> {
  const { data, error, response } = await settle(
    client.POST('/catalog/items/{id}/strategy-application', { params: { path: { id } }, ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function removeStrategyApplication(
  client: ApiClient,
  id: PathParams<'removeStrategyApplication'>['id'],
  init?: CallOptions,
): Promise<void> {
  const { error, response } = await settle(
    client.DELETE('/catalog/items/{id}/strategy-application', { params: { path: { id } }, ...init }),
  );
  if (!response.ok) throw toApiError(response.status, error);
}

/** Recommended playlists and in-progress items are cut to this many (spec §7, §9). */
export const SHORT_RECOMMENDATION_LIST = 3;

export async function getFeaturedItems(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'getFeaturedItems'>['data']> {
  const { data, error, response } = await settle(client.GET('/catalog/recommendations/featured', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data.data;
}

export async function getRecommendedItems(
  client: ApiClient,
  query?: QueryParams<'getRecommendedItems'>,
  init?: CallOptions,
): Promise<ResponseBody<'getRecommendedItems'>['data']> {
  const { data, error, response } = await settle(
    client.GET('/catalog/recommendations/recommended', { params: { query }, ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data.data;
}

export async function getRecommendedPlaylists(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'getRecommendedPlaylists'>['data']> {
  const { data, error, response } = await settle(
    client.GET('/catalog/recommendations/recommended-playlists', { ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data.data.slice(0, SHORT_RECOMMENDATION_LIST);
}

export async function getNewItems(client: ApiClient, init?: CallOptions): Promise<ResponseBody<'getNewItems'>['data']> {
  const { data, error, response } = await settle(client.GET('/catalog/recommendations/new', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data.data;
}

export async function getInProgressItems(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'getInProgressItems'>['data']> {
  const { data, error, response } = await settle(client.GET('/catalog/recommendations/in-progress', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data.data.slice(0, SHORT_RECOMMENDATION_LIST);
}

// ───────────────────────────── identity ─────────────────────────────

export async function authorizeEmail(
  client: ApiClient,
  body: RequestBody<'authorizeEmail'>,
  init?: CallOptions,
): Promise<ResponseBody<'authorizeEmail'>> {
  const { data, error, response } = await settle(client.POST('/identity/authorize', { body, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function getPasswordChangeUrl(
  client: ApiClient,
  query: QueryParams<'getPasswordChangeUrl'>,
  init?: CallOptions,
): Promise<ResponseBody<'getPasswordChangeUrl'>> {
  const { data, error, response } = await settle(
    client.GET('/identity/password-change-url', { params: { query }, ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function verifyEmail(
  client: ApiClient,
  token: PathParams<'verifyEmail'>['token'],
  init?: CallOptions,
): Promise<ResponseBody<'verifyEmail'>> {
  const { data, error, response } = await settle(
    client.POST('/identity/verify-email/{token}', { params: { path: { token } }, ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function sendVerificationEmail(client: ApiClient, init?: CallOptions): Promise<void> {
  const { error, response } = await settle(client.POST('/identity/verification-email', { ...init }));
  if (!response.ok) throw toApiError(response.status, error);
}

export async function signOutEverywhere(client: ApiClient, init?: CallOptions): Promise<void> {
  const { error, response } = await settle(client.POST('/identity/sign-out-everywhere', { ...init }));
  if (!response.ok) throw toApiError(response.status, error);
}

// ───────────────────────────── learner ─────────────────────────────

// ───────────────────────────── profile ─────────────────────────────

export async function updateProfile(
  client: ApiClient,
  body: RequestBody<'updateProfile'>,
  init?: CallOptions,
): Promise<ResponseBody<'updateProfile'>> {
  const { data, error, response } = await settle(client.PATCH('/profile', { body, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function getAchievements(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'getAchievements'>['data']> {
  const { data, error, response } = await settle(client.GET('/profile/achievements', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data.data;
}

export async function getProfileInProgress(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'getProfileInProgress'>['catalogItemsInProgress']> {
  const { data, error, response } = await settle(client.GET('/profile/in-progress', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data.catalogItemsInProgress;
}

export async function getSystemStreaks(
  client: ApiClient,
  query?: QueryParams<'getSystemStreaks'>,
  init?: CallOptions,
): Promise<ResponseBody<'getSystemStreaks'>> {
  const { data, error, response } = await settle(client.GET('/profile/system-streaks', { params: { query }, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function listInteractions(
  client: ApiClient,
  query?: QueryParams<'listInteractions'>,
  init?: CallOptions,
): Promise<Page<ResponseBody<'listInteractions'>['items'][number]>> {
  const { data, error, response } = await settle(client.GET('/profile/interactions', { params: { query }, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return { items: data.items, total: data.total };
}

export async function exportInteractions(
  client: ApiClient,
  query?: QueryParams<'exportInteractions'>,
  init?: CallOptions,
): Promise<Download> {
  const { data, error, response } = await settle(
    client.GET('/profile/interactions/export', { params: { query }, parseAs: 'blob', ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  const fileName = fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ?? 'my-learning.csv';
  return { blob: data, fileName };
}

export async function listCertificates(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'listCertificates'>['data']> {
  const { data, error, response } = await settle(client.GET('/profile/certificates', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data.data;
}

export async function createCertificate(
  client: ApiClient,
  body: RequestBody<'createCertificate'>,
  init?: CallOptions,
): Promise<ResponseBody<'createCertificate'>> {
  const { data, error, response } = await settle(client.POST('/profile/certificates', { body, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function getCertificatePdf(
  client: ApiClient,
  code: PathParams<'getCertificatePdf'>['code'],
  init?: CallOptions,
): Promise<Download> {
  const { data, error, response } = await settle(
    client.GET('/profile/certificates/{code}/pdf', { params: { path: { code } }, parseAs: 'blob', ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  const fileName = fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ?? `learning-certificate-${code}.pdf`;
  return { blob: data, fileName };
}

export async function addBookmark(
  client: ApiClient,
  body: RequestBody<'addBookmark'>,
  init?: CallOptions,
): Promise<ResponseBody<'addBookmark'>> {
  const { data, error, response } = await settle(client.POST('/profile/bookmarks', { body, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function removeBookmark(
  client: ApiClient,
  query: QueryParams<'removeBookmark'>,
  init?: CallOptions,
): Promise<ResponseBody<'removeBookmark'>> {
  const { data, error, response } = await settle(client.DELETE('/profile/bookmarks', { params: { query }, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

// ───────────────────────────── billing ─────────────────────────────

export async function cancelSubscription(
  client: ApiClient,
  id: PathParams<'cancelSubscription'>['id'],
  init?: CallOptions,
): Promise<ResponseBody<'cancelSubscription'>> {
  const { data, error, response } = await settle(
    client.DELETE('/customers/current/subscriptions/{id}', { params: { path: { id } }, ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function reactivateSubscription(
  client: ApiClient,
  id: PathParams<'reactivateSubscription'>['id'],
  init?: CallOptions,
): Promise<ResponseBody<'reactivateSubscription'>> {
  const { data, error, response } = await settle(
    client.PUT('/customers/current/subscriptions/{id}', { params: { path: { id } }, ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function getPaymentMethod(
  client: ApiClient,
  id: PathParams<'getPaymentMethod'>['id'],
  init?: CallOptions,
): Promise<ResponseBody<'getPaymentMethod'>> {
  const { data, error, response } = await settle(
    client.GET('/customers/current/subscriptions/{id}/payment-method', { params: { path: { id } }, ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function updatePaymentMethod(
  client: ApiClient,
  id: PathParams<'updatePaymentMethod'>['id'],
  body: RequestBody<'updatePaymentMethod'>,
  init?: CallOptions,
): Promise<ResponseBody<'updatePaymentMethod'>> {
  const { data, error, response } = await settle(
    client.PUT('/customers/current/subscriptions/{id}/payment-method', { params: { path: { id } }, body, ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function listTransactions(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'listTransactions'>['data']> {
  const { data, error, response } = await settle(client.GET('/customers/current/transactions', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data.data;
}

export async function getReceiptPdf(
  client: ApiClient,
  id: PathParams<'getReceipt'>['id'],
  init?: CallOptions,
): Promise<Download> {
  const { data, error, response } = await settle(
    client.GET('/customers/current/transactions/{id}/receipt', { params: { path: { id } }, parseAs: 'blob', ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  const fileName = fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ?? `receipt-${id}.pdf`;
  return { blob: data, fileName };
}

export async function getPaymentGatewayToken(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'getPaymentGatewayToken'>> {
  const { data, error, response } = await settle(client.GET('/customers/payment-gateway-tokens', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

/**
 * One registration attempt. The Idempotency-Key names the purchase: the registration machine
 * (src/machines/registration) makes one per purchase attempt and sends it again on each retry
 * (spec §7: up to 4 retries, 2^n seconds apart, on a network error or a 422), so a replay
 * answers the first outcome instead of charging twice.
 */
export async function register(
  client: ApiClient,
  body: RequestBody<'register'>,
  idempotencyKey: string,
  init?: CallOptions,
): Promise<ResponseBody<'register'>> {
  const { data, error, response } = await settle(
    client.POST('/customers/registration', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body, ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

// ───────────────────────────── reporting ─────────────────────────────

export async function getUsageReport(
  client: ApiClient,
  query?: QueryParams<'getUsageReport'>,
  init?: CallOptions,
): Promise<ResponseBody<'getUsageReport'>> {
  const { data, error, response } = await settle(client.GET('/reporting', { params: { query }, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function listUsers(
  client: ApiClient,
  query?: QueryParams<'listUsers'>,
  init?: CallOptions,
): Promise<Page<ResponseBody<'listUsers'>['items'][number]>> {
  const { data, error, response } = await settle(client.GET('/users', { params: { query }, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return { items: data.items, total: data.total };
}

export async function getFrameworkUsage(
  client: ApiClient,
  query?: QueryParams<'getFrameworkUsage'>,
  init?: CallOptions,
): Promise<ResponseBody<'getFrameworkUsage'>> {
  const { data, error, response } = await settle(client.GET('/reporting/framework', { params: { query }, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

/** Every user the list would show (all pages), as a CSV file. */
export async function exportUsers(
  client: ApiClient,
  query?: QueryParams<'exportUsers'>,
  init?: CallOptions,
): Promise<Download> {
  const { data, error, response } = await settle(client.GET('/users/export', { params: { query }, parseAs: 'blob', ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  const fileName = fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ?? 'educators.csv';
  return { blob: data, fileName };
}

// ───────────────────────────── organizations ─────────────────────────────

export async function listOrganizations(
  client: ApiClient,
  query?: QueryParams<'listOrganizations'>,
  init?: CallOptions,
): Promise<Page<ResponseBody<'listOrganizations'>['items'][number]>> {
  const { data, error, response } = await settle(client.GET('/organizations', { params: { query }, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return { items: data.items, total: data.total };
}

export async function inviteUser(
  client: ApiClient,
  organizationId: PathParams<'inviteUser'>['id'],
  body: RequestBody<'inviteUser'>,
  init?: CallOptions,
): Promise<ResponseBody<'inviteUser'>> {
  const { data, error, response } = await settle(
    client.POST('/organizations/{id}/users', { params: { path: { id: organizationId } }, body, ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function resendInvitation(
  client: ApiClient,
  path: PathParams<'resendInvitation'>,
  init?: CallOptions,
): Promise<ResponseBody<'resendInvitation'>> {
  const { data, error, response } = await settle(client.POST('/organizations/{id}/users/{userId}/invitation', { params: { path }, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function importUsers(
  client: ApiClient,
  organizationId: PathParams<'importUsers'>['id'],
  body: RequestBody<'importUsers'>,
  init?: CallOptions,
): Promise<ResponseBody<'importUsers'>> {
  const { data, error, response } = await settle(
    client.POST('/organizations/{id}/users/import', { params: { path: { id: organizationId } }, body, ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

// ───────────────────────────── flags and system ─────────────────────────────

export async function getFeatures(
  client: ApiClient,
  clientKey: PathParams<'getFeatures'>['clientKey'],
  init?: CallOptions,
): Promise<ResponseBody<'getFeatures'>> {
  const { data, error, response } = await settle(
    client.GET('/flags/api/features/{clientKey}', { params: { path: { clientKey } }, ...init }),
  );
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function getHealth(client: ApiClient, init?: CallOptions): Promise<ResponseBody<'getHealth'>> {
  const { data, error, response } = await settle(client.GET('/healthz', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function getReadiness(client: ApiClient, init?: CallOptions): Promise<ResponseBody<'getReadiness'>> {
  const { data, error, response } = await settle(client.GET('/readyz', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}
