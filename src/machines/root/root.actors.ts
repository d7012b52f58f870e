import { createActor, fromPromise, type Actor } from 'xstate';
import { createApiClient, onUnauthorized, type ApiClient } from '@/api/client';
import { getProfile, getProgress, listSubscriptions, recordPageView, startUp } from '@/api/operations/start-up';
import { connectFeatureReader } from '@/lib/flags';
import { ADMIN_SITE_PATH } from '@/lib/routes';
import {
  browserPort,
  createAuth0Loader,
  createAuthEffects,
  createTokenSource,
  readAuth0Config,
  type Auth0Config,
  type BrowserPort,
} from '@/machines/auth/auth0.actors';
import type { AuthInput } from '@/machines/auth/auth.types';
import { authIntents } from '@/machines/auth/auth.intents';
import { createLocalTokenStore } from '@/machines/auth/local-token';
import { createTokenProvider, type TokenProvider } from '@/machines/auth/token-provider';
import { profileMachine } from '@/machines/profile/profile.machine';
import { ROOT_SYSTEM_ID, rootMachine, systemAuthMachine, type RootMachine, type StartUp } from '@/machines/root/root.machine';
import type { AppServices, BrowserEdge, RouterPort } from '@/machines/root/app-services';
import { browserEdge, lateRouterPort } from '@/machines/root/browser-edge';
import { withFetch } from '@/machines/shared/resource';
import { bindIntents } from '@/machines/shared/intents';
import { createLiveActors } from '@/machines/shared/live-actors';
import { subscriptionsMachine } from '@/machines/subscriptions/subscriptions.machine';
import { createAudiencesLogic, createNasotItemsLogic } from '@/machines/reference-data/reference-data.actors';
import { flagsMachine } from '@/machines/flags/flags.machine';
import { createGrowthBookClient, readGrowthBookConfig, type GrowthBookConfig } from '@/machines/flags/flags.actors';
import { selectFeatureOn } from '@/machines/flags/flags.selectors';
import type { FlagClient } from '@/machines/flags/flags.types';
import { navigationProgressMachine } from '@/machines/navigation-progress/navigation-progress.machine';
import type { PageView } from '@/machines/navigation-progress/navigation-progress.types';
import { integrationsMachine } from '@/machines/integrations/integrations.machine';
import { progressMachine } from '@/machines/progress/progress.machine';
import type { LearnerProgress, ProgressByItem } from '@/machines/progress/progress.types';
import {
  browserLearnerEventsEdge,
  createLearnerEventsLogic,
  type LearnerEventsEdge,
} from '@/machines/learner-events/learner-events.actors';
import {
  ANALYTICS_HOST_DEFAULT,
  createAnalyticsAdapter,
  createSurveyAdapter,
  NO_ANALYTICS,
  NO_SURVEY,
  SURVEY_HOST_DEFAULT,
  type AnalyticsAdapter,
  type SurveyAdapter,
  type SurveyPerson,
} from '@/machines/integrations/adapters';

// The edge: every effect of the app's spine supplied in one place, over src/api and
// auth0-spa-js, and the services screens build their effects from (AppServices).

export type RootOptions = {
  /**
   * In-app navigation for the spine (after sign-in, logout and a failed provider callback).
   * Defaults to the router port's navigation.
   */
  navigate?: (to: string) => void;
  /** The app's router; defaults to one bound later with `services.router.bind` (src/main.tsx). */
  router?: RouterPort;
  /** Downloads, new tabs and page lifecycle; default: the browser's own. */
  pageEdge?: BrowserEdge;
  auth?: AuthInput;
  auth0?: Auth0Config;
  browser?: BrowserPort;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Overrides the API client's fetch (tests). */
  fetch?: typeof fetch;
  baseUrl?: string;
  /** The feature-flag client (spec §1): GrowthBook settings, or a stand-in client (tests). */
  flags?: Partial<GrowthBookConfig> & { createClient?: () => Promise<FlagClient> };
  /** Survey and analytics tools; default: Formbricks and PostHog when their VITE_* ids are set, else nothing. */
  survey?: SurveyAdapter;
  analytics?: AnalyticsAdapter;
  /** Where an error the app survives is reported (a flags client that failed). */
  logError?: (message: string, error: unknown) => void;
  /** The learner-events beacon, online state and page signals; default: the browser's own. */
  learnerEvents?: Pick<LearnerEventsEdge, 'sendBeacon' | 'isOnline' | 'signals'>;
};

export type RootActor = Actor<RootMachine>;

export type RootServices = {
  logic: RootMachine;
  api: ApiClient;
  tokens: TokenProvider;
  /** Starts the wiring that needs the running actor (401 → logout); returns its undo. */
  connect: (root: RootActor) => () => void;
};

const byItem = (list: readonly LearnerProgress[]): ProgressByItem => Object.fromEntries(list.map((item) => [item.catalogItemId, item]));

function isAdminSite(to: string): boolean {
  return to === ADMIN_SITE_PATH || to.startsWith(`${ADMIN_SITE_PATH}/`);
}

export function createRootServices(options: RootOptions & { router: RouterPort }): RootServices {
  const browser = options.browser ?? browserPort();
  const config = options.auth0 ?? readAuth0Config(browser.origin);
  const getAuth0 = createAuth0Loader(config);
  const localToken = createLocalTokenStore(options.storage ?? globalThis.localStorage);
  const appNavigate = options.navigate ?? ((to: string) => options.router.navigate(to));
  // The admin site is served outside this SPA, so it always needs a full page load.
  const navigate = (to: string) => (isAdminSite(to) ? browser.load(to) : appNavigate(to));

  let root: RootActor | null = null;
  const tokens = createTokenProvider({
    fetchToken: createTokenSource({ localToken, getAuth0, clientId: config.clientId, browser }),
    // A refresh the provider refuses with login_required ends the session (spec §4).
    onRefreshError: (error) => {
      if (root) bindIntents(root.getSnapshot().context.auth, authIntents).tokenFailed(error);
    },
    isOffline: browser.isOffline,
  });
  const api = createApiClient({ getAccessToken: tokens.getToken, baseUrl: options.baseUrl, fetch: options.fetch });
  const authEffects = createAuthEffects({
    api,
    tokens,
    localToken,
    getAuth0,
    clientId: config.clientId,
    browser,
    navigate,
  });

  const flagsConfig = { ...readGrowthBookConfig(browser.origin), ...options.flags };
  const createFlagClient = options.flags?.createClient;
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  // Each vendor's SDK is imported the first time it is needed, and only when its id is set.
  const survey =
    options.survey ??
    (import.meta.env.VITE_SURVEY_ID
      ? createSurveyAdapter({ id: import.meta.env.VITE_SURVEY_ID, host: import.meta.env.VITE_SURVEY_HOST || SURVEY_HOST_DEFAULT, onError: logError }, () => import('@formbricks/js').then((m) => m.default))
      : NO_SURVEY);
  const analytics =
    options.analytics ??
    (import.meta.env.VITE_ANALYTICS_ID
      ? createAnalyticsAdapter({ id: import.meta.env.VITE_ANALYTICS_ID, host: import.meta.env.VITE_ANALYTICS_HOST || ANALYTICS_HOST_DEFAULT, onError: logError }, () =>
          import('posthog-js/no-external').then((m) => m.default),
        )
      : NO_ANALYTICS);

  const storage = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  const learnerEvents = createLearnerEventsLogic({
    ...(options.learnerEvents ?? browserLearnerEventsEdge()),
    storage,
    getToken: tokens.getToken,
    baseUrl: options.baseUrl,
  });

  const logic = rootMachine.provide({
    actors: {
      loadStartUp: fromPromise<StartUp, void>(async ({ signal }) => {
        try {
          const answer = await startUp(api, { signal });
          return { ...answer, progress: answer.progress && byItem(answer.progress) };
        } catch (error) {
          // Cut off because the page is going away (a reload as the app starts): the page is
          // leaving anyway, and a failure would log out (spec §4) and revoke the token the
          // reloaded page is about to use.
          if (browser.isLeaving?.()) return new Promise<StartUp>(() => undefined);
          throw error;
        }
      }),
      progress: withFetch(progressMachine, async (_, signal) => byItem(await getProgress(api, { signal }))),
      learnerEvents,
      flags: flagsMachine.provide({
        actors: {
          initClient: createFlagClient ? fromPromise<FlagClient, void>(() => createFlagClient()) : createGrowthBookClient(flagsConfig),
        },
        actions: {
          logError: (_, params: { error: unknown }) =>
            logError('Feature flags are unavailable; the app runs without experiments.', params.error),
        },
      }),
      navigationProgress: navigationProgressMachine.provide({
        actions: {
          // Spec §7: failures are ignored.
          recordPageView: (_, view: PageView) =>
            void recordPageView(api, { event: 'PAGE_VIEW', properties: view }).catch(() => undefined),
        },
      }),
      integrations: integrationsMachine.provide({
        actions: {
          identifyAnalytics: (_, params: { userId: string }) => analytics.identify(params.userId),
          resetAnalytics: () => analytics.reset(),
          identifySurvey: (_, person: SurveyPerson) => survey.identify(person),
        },
      }),
      auth: systemAuthMachine.provide(authEffects),
      profile: withFetch(profileMachine, (_, signal) => getProfile(api, { signal })),
      // With the card on file: billing shows it, and the guard reads the same list.
      subscriptions: withFetch(subscriptionsMachine, (_, signal) => listSubscriptions(api, { include: ['paymentMethod'] }, { signal })),
      nasotItems: createNasotItemsLogic(api),
      audiences: createAudiencesLogic(api),
    },
  });

  return {
    logic,
    api,
    tokens,
    connect: (actor) => {
      root = actor;
      const refs = actor.getSnapshot().context;
      // Any 401 from the API logs out (spec §4 "Access token", §8).
      const stopListening = onUnauthorized(() => bindIntents(refs.auth, authIntents).unauthorized());
      // The navigation guard reads route flags through src/lib/flags.ts: from the flags actor.
      const disconnectFlags = connectFeatureReader((key, fallback) => selectFeatureOn(refs.flags.getSnapshot(), key, fallback));
      return () => {
        stopListening();
        disconnectFlags();
        root = null;
      };
    },
  };
}

/** The app's actor system, started: create once at start-up and hand it to the views. */
export type RootApp = {
  actor: RootActor;
  /** What screens build their effects from (src/machines/shared/screen.ts). */
  services: AppServices;
  /** Binds the router once it exists (it is built from the root actor). */
  bindRouter: (router: Parameters<ReturnType<typeof lateRouterPort>['bind']>[0]) => void;
};

export function createRootApp(options: RootOptions = {}): RootApp {
  const late = lateRouterPort();
  const router = options.router ?? late;
  const services = createRootServices({ ...options, router });
  const actor = createActor(services.logic, { input: { auth: options.auth }, systemId: ROOT_SYSTEM_ID });
  const disconnect = services.connect(actor);
  actor.subscribe({ complete: disconnect, error: disconnect });
  actor.start();
  return {
    actor,
    services: {
      api: services.api,
      actors: actor.getSnapshot().context,
      router,
      browser: options.pageEdge ?? browserEdge(),
      live: createLiveActors(),
      accessToken: services.tokens.getToken,
    },
    bindRouter: late.bind,
  };
}

export function createRootActor(options: RootOptions = {}): RootActor {
  return createRootApp(options).actor;
}

