import type { GrowthBook } from '@growthbook/growthbook';

/** Spec §1, §8: flags that do not answer within this time leave the app without experiments. */
export const FLAGS_INIT_TIMEOUT_MS = 3000;

/** The feature-flag and experiment client, app-wide (a type only: the SDK loads lazily). */
export type FlagClient = GrowthBook;

/** What the flag rules may target besides the user id (e.g. `role`), per spec §9 attributes. */
export type FlagAttributes = Record<string, string | number | boolean>;

/** Who the flags are evaluated for: nobody (signed out) is `userId: null` without attributes. */
export type FlagUser = { userId: string | null; attributes: FlagAttributes };

export type FlagsContext = {
  client: FlagClient | null;
  /** Kept while the client loads, and handed to it once it is there. */
  user: FlagUser;
  /** Bumped whenever the client's features change, so selectors re-run. */
  revision: number;
  error: unknown;
};

export type FlagsEvent =
  /** The client's features or attributes changed (payload refresh, dev tools). */
  | { type: 'flags.changed' }
  /**
   * Experiments are assigned per user (spec §9 sticky buckets) and features may target
   * attributes such as the role: who is signed in now. Replaces the previous user's attributes.
   */
  | { type: 'flags.identify'; userId: string | null; attributes?: FlagAttributes };
