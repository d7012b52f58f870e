import type { ApiClient } from '@/api/client';
import { toApiError } from '@/api/errors';
import { settle, type CallOptions, type QueryParams, type RequestBody, type ResponseBody } from '@/api/operations/call';

// The calls the app makes before any screen renders (signing in, the navigation guard's facts,
// reference data, page views): a module of their own, so the first page does not carry every
// operation. src/api/operations.ts re-exports them; code on the first page imports them here.

export async function getCurrentUser(client: ApiClient, init?: CallOptions): Promise<ResponseBody<'getCurrentUser'>> {
  const { data, error, response } = await settle(client.GET('/identity/me', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

/** What GET /identity/start answers, each part read as its own operation reads its answer. */
export type StartUpAnswer = {
  user: ResponseBody<'getCurrentUser'>;
  /** null: that part was refused or failed, and its actor asks for it itself when needed. */
  profile: ResponseBody<'getProfile'> | null;
  subscriptions: ResponseBody<'listSubscriptions'>['data'] | null;
  progress: ResponseBody<'getProgress'>['catalogItemsProgress'] | null;
};

type StartUpPart<T> = { status: number; data?: T };

const partData = <T>(part: StartUpPart<T>): T | null => (part.status < 300 && part.data !== undefined ? part.data : null);

/**
 * What the first screen needs, in one response: the user with the answers of GET /profile,
 * GET /customers/current/subscriptions?include=paymentMethod and GET /progress. The root actor
 * hands each part to the actor that owns it (src/machines/root/root.machine.ts).
 */
export async function startUp(client: ApiClient, init?: CallOptions): Promise<StartUpAnswer> {
  const { data, error, response } = await settle(client.GET('/identity/start', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  const progress = partData(data.progress);
  return {
    user: data.user,
    profile: partData(data.profile),
    // As listSubscriptions reads the server's 404: no subscriptions (spec §8).
    subscriptions: data.subscriptions.status === 404 ? [] : (partData(data.subscriptions)?.data ?? null),
    progress: progress?.catalogItemsProgress ?? null,
  };
}

export async function localLogin(
  client: ApiClient,
  body: RequestBody<'localLogin'>,
  init?: CallOptions,
): Promise<ResponseBody<'localLogin'>> {
  const { data, error, response } = await settle(client.POST('/identity/local/authorize', { body, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

/** Follows a demo link (its ticket from the e-mail of `startDemo`): the demo's session. */
export async function startDemoSession(
  client: ApiClient,
  body: RequestBody<'startDemoSession'>,
  init?: CallOptions,
): Promise<ResponseBody<'startDemoSession'>> {
  const { data, error, response } = await settle(client.POST('/identity/demo/session', { body, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

/** Demo registration leaves from whatever page the demo user is on: the ticket its sign-up needs. */
export async function issueDemoRegistrationTicket(client: ApiClient, init?: CallOptions): Promise<ResponseBody<'issueDemoRegistrationTicket'>> {
  const { data, error, response } = await settle(client.POST('/identity/demo/registration-ticket', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function logout(client: ApiClient, init?: CallOptions): Promise<void> {
  const { error, response } = await settle(client.POST('/identity/logout', { ...init }));
  if (!response.ok) throw toApiError(response.status, error);
}

export async function getProgress(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'getProgress'>['catalogItemsProgress']> {
  const { data, error, response } = await settle(client.GET('/progress', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data.catalogItemsProgress;
}

export async function recordLearnerEvents(
  client: ApiClient,
  body: RequestBody<'recordLearnerEvents'>,
  init?: CallOptions,
): Promise<ResponseBody<'recordLearnerEvents'>> {
  const { data, error, response } = await settle(client.POST('/learner/events', { body, ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function getProfile(client: ApiClient, init?: CallOptions): Promise<ResponseBody<'getProfile'>> {
  const { data, error, response } = await settle(client.GET('/profile', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data;
}

export async function listSubscriptions(
  client: ApiClient,
  query?: QueryParams<'listSubscriptions'>,
  init?: CallOptions,
): Promise<ResponseBody<'listSubscriptions'>['data']> {
  const { data, error, response } = await settle(
    client.GET('/customers/current/subscriptions', { params: { query }, ...init }),
  );
  // The server answers 404 when the user never had a subscription (spec §8).
  if (response.status === 404) return [];
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data.data;
}

export async function recordPageView(
  client: ApiClient,
  body: RequestBody<'recordPageView'>,
  init?: CallOptions,
): Promise<void> {
  const { error, response } = await settle(client.POST('/reporting/event', { body, ...init }));
  if (!response.ok) throw toApiError(response.status, error);
}

export async function listAudiences(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'listAudiences'>['data']> {
  const { data, error, response } = await settle(client.GET('/catalog/audiences', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data.data;
}

export async function listNasotItems(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'listNasotItems'>['data']> {
  const { data, error, response } = await settle(client.GET('/catalog/nasot/items', { ...init }));
  if (!response.ok || data === undefined) throw toApiError(response.status, error);
  return data.data;
}
