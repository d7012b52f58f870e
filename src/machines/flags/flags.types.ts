import type { GrowthBook } from '@growthbook/growthbook';

/** Spec §1, §8: flags that do not answer within this time leave the app without experiments. */
export const FLAGS_INIT_TIMEOUT_MS = 3000;

/** The feature-flag and experiment client, app-wide (a type only: the SDK loads lazily). */
export type FlagClient = GrowthBook;

export type FlagsContext = {
  client: FlagClient | null;
  /** Bumped whenever the client's features change, so selectors re-run. */
  revision: number;
  error: unknown;
};

export type FlagsEvent =
  /** The client's features or attributes changed (payload refresh, dev tools). */
  | { type: 'flags.changed' }
  /** Experiments are assigned per user (spec §9 sticky buckets): who is signed in now. */
  | { type: 'flags.identify'; userId: string | null };
