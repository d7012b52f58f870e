/// <reference types="vite/client" />
import { fromPromise } from 'xstate';
import { FLAGS_INIT_TIMEOUT_MS, type FlagClient } from '@/machines/flags/flags.types';

// The real feature-flag client: GrowthBook, loaded with a dynamic import so the SDK stays out of
// the app's first chunk. The server serves GrowthBook's features payload at
// `<apiHost>/api/features/<clientKey>` (GET /api/flags/api/features/sdk-local by default).

export type GrowthBookConfig = {
  clientKey: string;
  /** Where the features payload is served; the SDK appends `/api/features/<clientKey>`. */
  apiHost: string;
  /** Exposes the client to the GrowthBook DevTools (development builds). */
  enableDevMode: boolean;
  /**
   * Features evaluated by the server for the user's attributes (POST `<apiHost>/api/eval/<key>`)
   * instead of in the browser: targeting rules stay private, at a request per change of user.
   */
  remoteEval: boolean;
  /** Keeps GrowthBook's update stream open (`<apiHost>/sub/<key>`): flag changes arrive without a reload. */
  streaming: boolean;
};

export function readGrowthBookConfig(origin: string): GrowthBookConfig {
  const env = import.meta.env;
  return {
    clientKey: env.VITE_GROWTHBOOK_CLIENT_KEY || 'sdk-local',
    apiHost: env.VITE_GROWTHBOOK_API_HOST || `${origin}/api/flags`,
    enableDevMode: Boolean(env.DEV),
    remoteEval: env.VITE_GROWTHBOOK_REMOTE_EVAL === 'true',
    streaming: env.VITE_GROWTHBOOK_STREAMING === 'true',
  };
}

/**
 * Creates and initialises the client; rejects with the SDK's error ('HTTP error: 404', a timeout,
 * 'Failed to decrypt', …) so the flags actor can log it and go on without experiments.
 */
export function createGrowthBookClient(config: GrowthBookConfig) {
  return fromPromise<FlagClient, void>(async ({ signal }) => {
    const { GrowthBook } = await import('@growthbook/growthbook');
    const { streaming, ...options } = config;
    const client = new GrowthBook(options);
    // The flags actor gave up (its own 3 s timeout): nothing may keep running for it.
    const drop = () => client.destroy();
    signal.addEventListener('abort', drop, { once: true });
    try {
      // Feature cache defaults match spec §9 (stale after 1 min, max age 4 h, 10 entries).
      const result = await client.init({ timeout: FLAGS_INIT_TIMEOUT_MS, streaming });
      if (!result.success) throw result.error ?? new Error(`Feature flags could not load (${result.source})`);
      return client;
    } catch (error) {
      client.destroy();
      throw error;
    } finally {
      signal.removeEventListener('abort', drop);
    }
  });
}
