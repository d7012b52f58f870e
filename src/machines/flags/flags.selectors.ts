import type { SnapshotFrom } from 'xstate';
import { routeFlagFallback } from '@/lib/flags';
import type { RouteFlag } from '@/lib/routes';
import type { FlagsMachine } from '@/machines/flags/flags.machine';
import type { FlagClient } from '@/machines/flags/flags.types';

type FlagsSnapshot = SnapshotFrom<FlagsMachine>;

/** Flags are known (ready) or never will be (unavailable); until then every flag is its default. */
export const selectAreFlagsSettled = (snapshot: FlagsSnapshot): boolean => !snapshot.matches('initialising');
export const selectAreFlagsReady = (snapshot: FlagsSnapshot): boolean => snapshot.matches('ready');
/** The client for experiments, or null while loading and when unavailable. */
export const selectFlagClient = (snapshot: FlagsSnapshot): FlagClient | null => snapshot.context.client;

/**
 * A boolean feature's current value: `fallback` while the client is loading, unavailable, or
 * does not know the feature. Reads the client itself, so it is current on every call.
 */
export function selectFeatureOn(snapshot: FlagsSnapshot, key: string, fallback: boolean): boolean {
  const value: unknown = snapshot.context.client?.getFeatureValue(key, fallback);
  return typeof value === 'boolean' ? value : fallback;
}

/** A route flag for the signed-in user, with the same fallback the navigation guard uses. */
export function selectRouteFlagOn(snapshot: FlagsSnapshot, key: RouteFlag): boolean {
  return selectFeatureOn(snapshot, key, routeFlagFallback(key));
}
