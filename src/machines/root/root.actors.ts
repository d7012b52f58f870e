import { createActor, fromPromise, type Actor } from 'xstate';
import { createApiClient, onUnauthorized, type ApiClient } from '@/api/client';
import {
  getProfile,
  getProgress,
  listAudiences,
  listNasotItems,
  listSubscriptions,
  recordPageView,
  updateProfile,
  verifyEmail,
} from '@/api/operations';
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
import { createLocalTokenStore } from '@/machines/auth/local-token';
import { createTokenProvider, type TokenProvider } from '@/machines/auth/token-provider';
import type { OnboardingPatch } from '@/machines/onboarding/onboarding.types';
import type { PersonalizePatch } from '@/machines/personalize/personalize.types';
import { profileMachine } from '@/machines/profile/profile.machine';
import {
  rootMachine,
  systemAuthMachine,
  systemOnboardingMachine,
  systemPersonalizeMachine,
  systemEmailVerificationMachine,
  type RootMachine,
} from '@/machines/root/root.machine';
import type { Profile, Subscription } from '@/machines/shared/domain';
import { subscriptionsMachine } from '@/machines/subscriptions/subscriptions.machine';
import { referenceDataMachine, type Audience, type NasotItem } from '@/machines/reference-data/reference-data.machine';
import { flagsMachine } from '@/machines/flags/flags.machine';
import { createGrowthBookClient, readGrowthBookConfig, type GrowthBookConfig } from '@/machines/flags/flags.actors';
import { selectFeatureOn } from '@/machines/flags/flags.selectors';
import type { FlagClient } from '@/machines/flags/flags.types';
import { navigationProgressMachine } from '@/machines/navigation-progress/navigation-progress.machine';
import type { PageView } from '@/machines/navigation-progress/navigation-progress.types';
import { integrationsMachine } from '@/machines/integrations/integrations.machine';
import { progressMachine } from '@/machines/progress/progress.machine';
import type { LearnerProgress } from '@/machines/progress/progress.types';
import {
  browserLearnerEventsEdge,
  createLearnerEventsLogic,
  type LearnerEventsEdge,
} from '@/machines/learner-events/learner-events.actors';
import {
  createAnalyticsAdapter,
  createSurveyAdapter,
  type AnalyticsAdapter,
  type SurveyAdapter,
  type SurveyPerson,
} from '@/machines/integrations/adapters';

// The edge: every effect of the app's spine supplied in one place, over src/api and
// auth0-spa-js. Nothing else in src/machines touches the network, storage or the URL.

export type RootOptions = {
  /**
   * In-app navigation (the router's navigate). Called after sign-in, logout and a failed
   * provider callback. Defaults to a full page load.
   */
  navigate?: (to: string) => void;
  auth?: AuthInput;
  auth0?: Auth0Config;
  browser?: BrowserPort;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Overrides the API client's fetch (tests). */
  fetch?: typeof fetch;
  baseUrl?: string;
  /** The feature-flag client (spec §1): GrowthBook settings, or a stand-in client (tests). */
  flags?: Partial<GrowthBookConfig> & { createClient?: () => Promise<FlagClient> };
  /** Survey and analytics tools; default: the sandboxed adapters configured by VITE_* ids. */
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

function isAdminSite(to: string): boolean {
  return to === ADMIN_SITE_PATH || to.startsWith(`${ADMIN_SITE_PATH}/`);
}

export function createRootServices(options: RootOptions = {}): RootServices {
  const browser = options.browser ?? browserPort();
  const config = options.auth0 ?? readAuth0Config(browser.origin);
  const getAuth0 = createAuth0Loader(config);
  const localToken = createLocalTokenStore(options.storage ?? globalThis.localStorage);
  const appNavigate = options.navigate ?? browser.load;
  // The admin site is served outside this SPA, so it always needs a full page load.
  const navigate = (to: string) => (isAdminSite(to) ? browser.load(to) : appNavigate(to));

  let root: RootActor | null = null;
  const tokens = createTokenProvider({
    fetchToken: createTokenSource({ localToken, getAuth0, clientId: config.clientId, browser }),
    // A refresh the provider refuses with login_required ends the session (spec §4).
    onRefreshError: (error) => root?.system.get('auth')?.send({ type: 'auth.tokenFailed', error }),
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
  const survey = options.survey ?? createSurveyAdapter(import.meta.env.VITE_SURVEY_ID);
  const analytics = options.analytics ?? createAnalyticsAdapter(import.meta.env.VITE_ANALYTICS_ID);

  const storage = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  const learnerEvents = createLearnerEventsLogic({
    ...(options.learnerEvents ?? browserLearnerEventsEdge()),
    storage,
    getToken: tokens.getToken,
    baseUrl: options.baseUrl,
  });

  const logic = rootMachine.provide({
    actors: {
      progress: progressMachine.provide({
        actors: { fetchProgress: fromPromise<LearnerProgress[], void>(({ signal }) => getProgress(api, { signal })) },
      }),
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
      profile: profileMachine.provide({
        actors: { fetchProfile: fromPromise<Profile, void>(({ signal }) => getProfile(api, { signal })) },
      }),
      subscriptions: subscriptionsMachine.provide({
        actors: {
          fetchSubscriptions: fromPromise<readonly Subscription[], void>(({ signal }) =>
            listSubscriptions(api, undefined, { signal }),
          ),
        },
      }),
      onboarding: systemOnboardingMachine.provide({
        actors: {
          saveProfile: fromPromise<Profile, OnboardingPatch>(({ input, signal }) => updateProfile(api, input, { signal })),
        },
      }),
      referenceData: referenceDataMachine.provide({
        actors: {
          fetchNasotItems: fromPromise<NasotItem[], void>(({ signal }) => listNasotItems(api, { signal })),
          fetchAudiences: fromPromise<Audience[], void>(({ signal }) => listAudiences(api, { signal })),
        },
      }),
      emailVerification: systemEmailVerificationMachine.provide({
        actors: {
          verifyEmail: fromPromise<{ email: string }, { token: string }>(({ input, signal }) => verifyEmail(api, input.token, { signal })),
        },
      }),
      personalize: systemPersonalizeMachine.provide({
        actors: {
          saveProfile: fromPromise<Profile, PersonalizePatch>(({ input, signal }) =>
            updateProfile(api, input, { signal }),
          ),
        },
      }),
    },
  });

  return {
    logic,
    api,
    tokens,
    connect: (actor) => {
      root = actor;
      // Any 401 from the API logs out (spec §4 "Access token", §8).
      const stopListening = onUnauthorized(() => actor.system.get('auth')?.send({ type: 'auth.unauthorized' }));
      // The navigation guard reads route flags through src/lib/flags.ts: from the flags actor.
      const flags = actor.getSnapshot().context.flags;
      const disconnectFlags = connectFeatureReader((key, fallback) => selectFeatureOn(flags.getSnapshot(), key, fallback));
      return () => {
        stopListening();
        disconnectFlags();
        root = null;
      };
    },
  };
}

/** The app's actor system, started: create once at start-up and hand it to the views. */
export type RootApp = { actor: RootActor; api: ApiClient };

/** The started root actor and the API client its effects use (screen logic is built over it). */
export function createRootApp(options: RootOptions = {}): RootApp {
  const services = createRootServices(options);
  const actor = createActor(services.logic, { input: { auth: options.auth } });
  const disconnect = services.connect(actor);
  actor.subscribe({ complete: disconnect, error: disconnect });
  actor.start();
  return { actor, api: services.api };
}

export function createRootActor(options: RootOptions = {}): RootActor {
  return createRootApp(options).actor;
}
