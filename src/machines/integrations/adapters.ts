// The customer-satisfaction survey and the product-analytics tool (spec §1), each configured by an
// id (values not in the spec). The vendors: Formbricks for the survey (`@formbricks/js`, whose
// wrapper loads the survey script from the Formbricks app the id belongs to) and PostHog for
// product analytics (`posthog-js/no-external`, the build that never fetches scripts of its own).
// Each SDK is imported the first time it is needed, so it is never part of the first page, and
// without an id the app does not even contain it (root.actors.ts). A vendor that cannot load
// (offline, blocked) is reported and otherwise ignored: the app never waits for it.

export type SurveyPerson = { id: string; name: string; email: string };

export type SurveyAdapter = {
  /** Tells the survey tool who answers (once per user, after onboarding). */
  identify: (person: SurveyPerson) => void;
};

export type AnalyticsAdapter = {
  identify: (userId: string) => void;
  /** Forgets the identified user (logout). */
  reset: () => void;
};

/** What the app uses of Formbricks' browser SDK (`@formbricks/js`). */
export type SurveyClient = {
  setup: (config: { workspaceId: string; appUrl: string }) => Promise<void>;
  setUserId: (userId: string) => Promise<void>;
  setEmail: (email: string) => Promise<void>;
  setAttribute: (key: string, value: string) => Promise<void>;
};

/** What the app uses of PostHog's browser SDK (`posthog-js`). */
export type AnalyticsClient = {
  init: (apiKey: string, options: AnalyticsOptions) => unknown;
  identify: (distinctId: string) => void;
  reset: () => void;
};

export type AnalyticsOptions = {
  api_host: string;
  /** Only people the app identifies get a profile: anonymous visitors stay events. */
  person_profiles: 'identified_only';
  /** Page views as the single-page app moves (history changes), nothing clicked is recorded. */
  capture_pageview: 'history_change';
  autocapture: false;
  disable_session_recording: true;
  disable_surveys: true;
  advanced_disable_feature_flags: true;
};

export type VendorSettings = { id: string; host: string; onError: (message: string, error: unknown) => void };

export const SURVEY_HOST_DEFAULT = 'https://app.formbricks.com';
export const ANALYTICS_HOST_DEFAULT = 'https://us.i.posthog.com';

/** The survey and analytics when no id is configured: nothing loads, nothing is sent. */
export const NO_SURVEY: SurveyAdapter = { identify: () => undefined };
export const NO_ANALYTICS: AnalyticsAdapter = { identify: () => undefined, reset: () => undefined };

/** One client per page, set up the first time it is needed. */
function lazily<T>(load: () => Promise<T>, start: (client: T) => unknown) {
  let client: Promise<T> | null = null;
  return {
    ready: () =>
      (client ??= load().then(async (loaded) => {
        await start(loaded);
        return loaded;
      })),
    loaded: () => client,
  };
}

export function createSurveyAdapter({ id, host, onError }: VendorSettings, load: () => Promise<SurveyClient>): SurveyAdapter {
  const vendor = lazily(load, (client) => client.setup({ workspaceId: id, appUrl: host }));
  return {
    identify: (person) =>
      void vendor
        .ready()
        .then(async (client) => {
          await client.setUserId(person.id);
          await client.setEmail(person.email);
          await client.setAttribute('name', person.name);
        })
        .catch((error: unknown) => onError('The survey tool could not be told who the user is', error)),
  };
}

export function createAnalyticsAdapter({ id, host, onError }: VendorSettings, load: () => Promise<AnalyticsClient>): AnalyticsAdapter {
  const vendor = lazily(load, (client) =>
    client.init(id, {
      api_host: host,
      person_profiles: 'identified_only',
      capture_pageview: 'history_change',
      autocapture: false,
      disable_session_recording: true,
      disable_surveys: true,
      advanced_disable_feature_flags: true,
    }),
  );
  return {
    identify: (userId) =>
      void vendor
        .ready()
        .then((client) => client.identify(userId))
        .catch((error: unknown) => onError('The analytics tool could not identify the user', error)),
    // Nobody to forget if it never loaded: a sign-out does not fetch the SDK.
    reset: () =>
      void vendor
        .loaded()
        ?.then((client) => client.reset())
        .catch((error: unknown) => onError('The analytics tool could not be reset', error)),
  };
}
