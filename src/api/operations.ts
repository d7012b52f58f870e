import type { ApiClient } from '@/api/client';
import { answer, unwrap, type CallOptions, type Outcome, type Page, type PathParams, type QueryParams, type RequestBody, type ResponseBody } from '@/api/operations/call';

// One function per operation of openapi.yaml the app calls. List rule (spec §7 "Response handling"):
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
  return unwrap(client.POST('/identity/demo', { body, ...init }));
}

// ───────────────────────────── catalog ─────────────────────────────

export type Download = { blob: Blob; fileName: string };

/** A file the server sends, named as its Content-Disposition says, else `fallbackName`. */
async function download(pending: Promise<Outcome<Blob>>, fallbackName: string): Promise<Download> {
  const { data, response } = await answer(pending);
  return { blob: data, fileName: fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ?? fallbackName };
}

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

export async function searchCatalog(
  client: ApiClient,
  query: QueryParams<'searchCatalog'>,
  init?: CallOptions,
): Promise<Page<ResponseBody<'searchCatalog'>['items'][number]>> {
  const { items, total } = await unwrap(client.GET('/catalog/search', { params: { query }, ...init }));
  return { items, total };
}

export async function listCatalogItems(
  client: ApiClient,
  query?: QueryParams<'listCatalogItems'>,
  init?: CallOptions,
): Promise<Page<ResponseBody<'listCatalogItems'>['items'][number]>> {
  const { items, total } = await unwrap(client.GET('/catalog/items', { params: { query }, ...init }));
  return { items, total };
}

export async function getCatalogItem(
  client: ApiClient,
  id: PathParams<'getCatalogItem'>['id'],
  init?: CallOptions,
): Promise<ResponseBody<'getCatalogItem'>> {
  return unwrap(client.GET('/catalog/items/{id}', { params: { path: { id } }, ...init }));
}

export async function rateCatalogItem(
  client: ApiClient,
  id: PathParams<'rateCatalogItem'>['id'],
  body: RequestBody<'rateCatalogItem'>,
  init?: CallOptions,
): Promise<ResponseBody<'rateCatalogItem'>> {
  return unwrap(client.POST('/catalog/items/{id}/ratings', { params: { path: { id } }, body, ...init }));
}

export async function getCatalogItemVideo(
  client: ApiClient,
  id: PathParams<'getCatalogItemVideo'>['id'],
  init?: CallOptions,
): Promise<ResponseBody<'getCatalogItemVideo'>> {
  return unwrap(client.GET('/catalog/items/{id}/video', { params: { path: { id } }, ...init }));
}

export async function downloadReproducibles(
  client: ApiClient,
  id: PathParams<'downloadReproducibles'>['id'],
  query: QueryParams<'downloadReproducibles'>,
  init?: CallOptions,
): Promise<Download> {
  return download(client.GET('/catalog/items/{id}/reproducibles', { params: { path: { id }, query }, parseAs: 'blob', ...init }), `${query.archiveName}.zip`);
}

export async function saveRubricScore(
  client: ApiClient,
  id: PathParams<'saveRubricScore'>['id'],
  body: RequestBody<'saveRubricScore'>,
  init?: CallOptions,
): Promise<ResponseBody<'saveRubricScore'>> {
  return unwrap(client.PUT('/catalog/items/{id}/rubric-scores', { params: { path: { id } }, body, ...init }));
}

export async function applyStrategy(
  client: ApiClient,
  id: PathParams<'applyStrategy'>['id'],
  init?: CallOptions,
): Promise<ResponseBody<'applyStrategy'>> {
  return unwrap(client.POST('/catalog/items/{id}/strategy-application', { params: { path: { id } }, ...init }));
}

export async function removeStrategyApplication(
  client: ApiClient,
  id: PathParams<'removeStrategyApplication'>['id'],
  init?: CallOptions,
): Promise<void> {
  await unwrap(client.DELETE('/catalog/items/{id}/strategy-application', { params: { path: { id } }, ...init }));
}

/** Recommended playlists and in-progress items are cut to this many (spec §7, §9). */
export const SHORT_RECOMMENDATION_LIST = 3;

export async function getFeaturedItems(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'getFeaturedItems'>['data']> {
  return (await unwrap(client.GET('/catalog/recommendations/featured', { ...init }))).data;
}

export async function getRecommendedItems(
  client: ApiClient,
  query?: QueryParams<'getRecommendedItems'>,
  init?: CallOptions,
): Promise<ResponseBody<'getRecommendedItems'>['data']> {
  return (await unwrap(client.GET('/catalog/recommendations/recommended', { params: { query }, ...init }))).data;
}

export async function getRecommendedPlaylists(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'getRecommendedPlaylists'>['data']> {
  return (await unwrap(client.GET('/catalog/recommendations/recommended-playlists', { ...init }))).data.slice(0, SHORT_RECOMMENDATION_LIST);
}

export async function getNewItems(client: ApiClient, init?: CallOptions): Promise<ResponseBody<'getNewItems'>['data']> {
  return (await unwrap(client.GET('/catalog/recommendations/new', { ...init }))).data;
}

export async function getInProgressItems(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'getInProgressItems'>['data']> {
  return (await unwrap(client.GET('/catalog/recommendations/in-progress', { ...init }))).data.slice(0, SHORT_RECOMMENDATION_LIST);
}

// ───────────────────────────── identity ─────────────────────────────

export async function authorizeEmail(
  client: ApiClient,
  body: RequestBody<'authorizeEmail'>,
  init?: CallOptions,
): Promise<ResponseBody<'authorizeEmail'>> {
  return unwrap(client.POST('/identity/authorize', { body, ...init }));
}

export async function getPasswordChangeUrl(
  client: ApiClient,
  query: QueryParams<'getPasswordChangeUrl'>,
  init?: CallOptions,
): Promise<ResponseBody<'getPasswordChangeUrl'>> {
  return unwrap(client.GET('/identity/password-change-url', { params: { query }, ...init }));
}

export async function verifyEmail(
  client: ApiClient,
  token: PathParams<'verifyEmail'>['token'],
  init?: CallOptions,
): Promise<ResponseBody<'verifyEmail'>> {
  return unwrap(client.POST('/identity/verify-email/{token}', { params: { path: { token } }, ...init }));
}

export async function sendVerificationEmail(client: ApiClient, init?: CallOptions): Promise<void> {
  await unwrap(client.POST('/identity/verification-email', { ...init }));
}

export async function signOutEverywhere(client: ApiClient, init?: CallOptions): Promise<void> {
  await unwrap(client.POST('/identity/sign-out-everywhere', { ...init }));
}

// ───────────────────────────── learner ─────────────────────────────

// ───────────────────────────── profile ─────────────────────────────

export async function updateProfile(
  client: ApiClient,
  body: RequestBody<'updateProfile'>,
  init?: CallOptions,
): Promise<ResponseBody<'updateProfile'>> {
  return unwrap(client.PATCH('/profile', { body, ...init }));
}

export async function getAchievements(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'getAchievements'>['data']> {
  return (await unwrap(client.GET('/profile/achievements', { ...init }))).data;
}

export async function getSystemStreaks(
  client: ApiClient,
  query?: QueryParams<'getSystemStreaks'>,
  init?: CallOptions,
): Promise<ResponseBody<'getSystemStreaks'>> {
  return unwrap(client.GET('/profile/system-streaks', { params: { query }, ...init }));
}

export async function listInteractions(
  client: ApiClient,
  query?: QueryParams<'listInteractions'>,
  init?: CallOptions,
): Promise<Page<ResponseBody<'listInteractions'>['items'][number]>> {
  const { items, total } = await unwrap(client.GET('/profile/interactions', { params: { query }, ...init }));
  return { items, total };
}

export async function exportInteractions(
  client: ApiClient,
  query?: QueryParams<'exportInteractions'>,
  init?: CallOptions,
): Promise<Download> {
  return download(client.GET('/profile/interactions/export', { params: { query }, parseAs: 'blob', ...init }), 'my-learning.csv');
}

export async function listCertificates(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'listCertificates'>['data']> {
  return (await unwrap(client.GET('/profile/certificates', { ...init }))).data;
}

export async function createCertificate(
  client: ApiClient,
  body: RequestBody<'createCertificate'>,
  init?: CallOptions,
): Promise<ResponseBody<'createCertificate'>> {
  return unwrap(client.POST('/profile/certificates', { body, ...init }));
}

export async function getCertificatePdf(
  client: ApiClient,
  code: PathParams<'getCertificatePdf'>['code'],
  init?: CallOptions,
): Promise<Download> {
  return download(client.GET('/profile/certificates/{code}/pdf', { params: { path: { code } }, parseAs: 'blob', ...init }), `learning-certificate-${code}.pdf`);
}

export async function addBookmark(
  client: ApiClient,
  body: RequestBody<'addBookmark'>,
  init?: CallOptions,
): Promise<ResponseBody<'addBookmark'>> {
  return unwrap(client.POST('/profile/bookmarks', { body, ...init }));
}

export async function removeBookmark(
  client: ApiClient,
  query: QueryParams<'removeBookmark'>,
  init?: CallOptions,
): Promise<ResponseBody<'removeBookmark'>> {
  return unwrap(client.DELETE('/profile/bookmarks', { params: { query }, ...init }));
}

// ───────────────────────────── billing ─────────────────────────────

export async function cancelSubscription(
  client: ApiClient,
  id: PathParams<'cancelSubscription'>['id'],
  init?: CallOptions,
): Promise<ResponseBody<'cancelSubscription'>> {
  return unwrap(client.DELETE('/customers/current/subscriptions/{id}', { params: { path: { id } }, ...init }));
}

export async function reactivateSubscription(
  client: ApiClient,
  id: PathParams<'reactivateSubscription'>['id'],
  init?: CallOptions,
): Promise<ResponseBody<'reactivateSubscription'>> {
  return unwrap(client.PUT('/customers/current/subscriptions/{id}', { params: { path: { id } }, ...init }));
}

export async function updatePaymentMethod(
  client: ApiClient,
  id: PathParams<'updatePaymentMethod'>['id'],
  body: RequestBody<'updatePaymentMethod'>,
  init?: CallOptions,
): Promise<ResponseBody<'updatePaymentMethod'>> {
  return unwrap(client.PUT('/customers/current/subscriptions/{id}/payment-method', { params: { path: { id } }, body, ...init }));
}

export async function listTransactions(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'listTransactions'>['data']> {
  return (await unwrap(client.GET('/customers/current/transactions', { ...init }))).data;
}

export async function getReceiptPdf(
  client: ApiClient,
  id: PathParams<'getReceipt'>['id'],
  init?: CallOptions,
): Promise<Download> {
  return download(client.GET('/customers/current/transactions/{id}/receipt', { params: { path: { id } }, parseAs: 'blob', ...init }), `receipt-${id}.pdf`);
}

export async function getPaymentGatewayToken(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'getPaymentGatewayToken'>> {
  return unwrap(client.GET('/customers/payment-gateway-tokens', { ...init }));
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
  return unwrap(client.POST('/customers/registration', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body, ...init }));
}

// ───────────────────────────── reporting ─────────────────────────────

export async function getUsageReport(
  client: ApiClient,
  query?: QueryParams<'getUsageReport'>,
  init?: CallOptions,
): Promise<ResponseBody<'getUsageReport'>> {
  return unwrap(client.GET('/reporting', { params: { query }, ...init }));
}

export async function listUsers(
  client: ApiClient,
  query?: QueryParams<'listUsers'>,
  init?: CallOptions,
): Promise<Page<ResponseBody<'listUsers'>['items'][number]>> {
  const { items, total } = await unwrap(client.GET('/users', { params: { query }, ...init }));
  return { items, total };
}

export async function getFrameworkUsage(
  client: ApiClient,
  query?: QueryParams<'getFrameworkUsage'>,
  init?: CallOptions,
): Promise<ResponseBody<'getFrameworkUsage'>> {
  return unwrap(client.GET('/reporting/framework', { params: { query }, ...init }));
}

/** Every user the list would show (all pages), as a CSV file. */
export async function exportUsers(
  client: ApiClient,
  query?: QueryParams<'exportUsers'>,
  init?: CallOptions,
): Promise<Download> {
  return download(client.GET('/users/export', { params: { query }, parseAs: 'blob', ...init }), 'educators.csv');
}

// ───────────────────────────── organizations ─────────────────────────────

export async function listOrganizations(
  client: ApiClient,
  query?: QueryParams<'listOrganizations'>,
  init?: CallOptions,
): Promise<Page<ResponseBody<'listOrganizations'>['items'][number]>> {
  const { items, total } = await unwrap(client.GET('/organizations', { params: { query }, ...init }));
  return { items, total };
}

export async function inviteUser(
  client: ApiClient,
  organizationId: PathParams<'inviteUser'>['id'],
  body: RequestBody<'inviteUser'>,
  init?: CallOptions,
): Promise<ResponseBody<'inviteUser'>> {
  return unwrap(client.POST('/organizations/{id}/users', { params: { path: { id: organizationId } }, body, ...init }));
}

export async function resendInvitation(
  client: ApiClient,
  path: PathParams<'resendInvitation'>,
  init?: CallOptions,
): Promise<ResponseBody<'resendInvitation'>> {
  return unwrap(client.POST('/organizations/{id}/users/{userId}/invitation', { params: { path }, ...init }));
}

export async function importUsers(
  client: ApiClient,
  organizationId: PathParams<'importUsers'>['id'],
  body: RequestBody<'importUsers'>,
  init?: CallOptions,
): Promise<ResponseBody<'importUsers'>> {
  return unwrap(client.POST('/organizations/{id}/users/import', { params: { path: { id: organizationId } }, body, ...init }));
}

// ───────────────────────────── flags and system ─────────────────────────────

export async function getFeatures(
  client: ApiClient,
  clientKey: PathParams<'getFeatures'>['clientKey'],
  init?: CallOptions,
): Promise<ResponseBody<'getFeatures'>> {
  return unwrap(client.GET('/flags/api/features/{clientKey}', { params: { path: { clientKey } }, ...init }));
}

export async function getHealth(client: ApiClient, init?: CallOptions): Promise<ResponseBody<'getHealth'>> {
  return unwrap(client.GET('/healthz', { ...init }));
}

export async function getReadiness(client: ApiClient, init?: CallOptions): Promise<ResponseBody<'getReadiness'>> {
  return unwrap(client.GET('/readyz', { ...init }));
}
