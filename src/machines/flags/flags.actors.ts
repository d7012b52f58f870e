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
};

export function readGrowthBookConfig(origin: string): GrowthBookConfig {
  const env = import.meta.env;
  return {
    clientKey: env.VITE_GROWTHBOOK_CLIENT_KEY || 'sdk-local',
    apiHost: env.VITE_GROWTHBOOK_API_HOST || `${origin}/api/flags`,
    enableDevMode: Boolean(env.DEV),
  };
}

/**
 * Creates and initialises the client; rejects with the SDK's error ('HTTP error: 404', a timeout,
 * 'Failed to decrypt', …) so the flags actor can log it and go on without experiments.
 */
export function createGrowthBookClient(config: GrowthBookConfig) {
  return fromPromise<FlagClient, void>(async ({ signal }) => {
    const { GrowthBook } = await import('@growthbook/growthbook');
    const client = new GrowthBook({ ...config });
    // The flags actor gave up (its own 3 s timeout): nothing may keep running for it.
    const drop = () => client.destroy();
    signal.addEventListener('abort', drop, { once: true });
    try {
      // Feature cache defaults match spec §9 (stale after 1 min, max age 4 h, 10 entries).
      const result = await client.init({ timeout: FLAGS_INIT_TIMEOUT_MS });
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
