import type { ApiClient } from '@/api/client';
import { ApiError } from '@/api/errors';
import { unwrap, type CallOptions, type QueryParams, type RequestBody, type ResponseBody } from '@/api/operations/call';

// The calls the app makes before any screen renders (signing in, the navigation guard's facts,
// reference data, page views): a module of their own, so the first page does not carry every
// operation. src/api/operations.ts re-exports them; code on the first page imports them here.

export async function getCurrentUser(client: ApiClient, init?: CallOptions): Promise<ResponseBody<'getCurrentUser'>> {
  return unwrap(client.GET('/identity/me', { ...init }));
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
  const data = await unwrap(client.GET('/identity/start', { ...init }));
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
  return unwrap(client.POST('/identity/local/authorize', { body, ...init }));
}

/** Follows a demo link (its ticket from the e-mail of `startDemo`): the demo's session. */
export async function startDemoSession(
  client: ApiClient,
  body: RequestBody<'startDemoSession'>,
  init?: CallOptions,
): Promise<ResponseBody<'startDemoSession'>> {
  return unwrap(client.POST('/identity/demo/session', { body, ...init }));
}

/** Demo registration leaves from whatever page the demo user is on: the ticket its sign-up needs. */
export async function issueDemoRegistrationTicket(client: ApiClient, init?: CallOptions): Promise<ResponseBody<'issueDemoRegistrationTicket'>> {
  return unwrap(client.POST('/identity/demo/registration-ticket', { ...init }));
}

export async function logout(client: ApiClient, init?: CallOptions): Promise<void> {
  await unwrap(client.POST('/identity/logout', { ...init }));
}

export async function getProgress(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'getProgress'>['catalogItemsProgress']> {
  return (await unwrap(client.GET('/progress', { ...init }))).catalogItemsProgress;
}

export async function recordLearnerEvents(
  client: ApiClient,
  body: RequestBody<'recordLearnerEvents'>,
  init?: CallOptions,
): Promise<ResponseBody<'recordLearnerEvents'>> {
  return unwrap(client.POST('/learner/events', { body, ...init }));
}

export async function getProfile(client: ApiClient, init?: CallOptions): Promise<ResponseBody<'getProfile'>> {
  return unwrap(client.GET('/profile', { ...init }));
}

export async function listSubscriptions(
  client: ApiClient,
  query?: QueryParams<'listSubscriptions'>,
  init?: CallOptions,
): Promise<ResponseBody<'listSubscriptions'>['data']> {
  try {
    return (await unwrap(client.GET('/customers/current/subscriptions', { params: { query }, ...init }))).data;
  } catch (error) {
    // The server answers 404 when the user never had a subscription (spec §8).
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export async function recordPageView(
  client: ApiClient,
  body: RequestBody<'recordPageView'>,
  init?: CallOptions,
): Promise<void> {
  await unwrap(client.POST('/reporting/event', { body, ...init }));
}

export async function listAudiences(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'listAudiences'>['data']> {
  return (await unwrap(client.GET('/catalog/audiences', { ...init }))).data;
}

export async function listNasotItems(
  client: ApiClient,
  init?: CallOptions,
): Promise<ResponseBody<'listNasotItems'>['data']> {
  return (await unwrap(client.GET('/catalog/nasot/items', { ...init }))).data;
}
