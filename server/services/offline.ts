import { accessWithoutSubscription } from '../auth/enforce.ts';
import type { UserRow } from '../auth/principal.ts';
import type { BillingRepository } from '../repositories/billing.ts';

const DAY_MS = 24 * 3600 * 1000;
/**
 * The longest a copy of paid content saved on the device may play offline before the app asks
 * again (docs/decisions.md, "Offline copies expire"): within the life of the play session the
 * copy's viewing is counted in (PLAY_SESSION_DAYS, 15), so what is watched offline still counts.
 */
export const OFFLINE_LICENCE_DAYS = 14;

/**
 * Until when a copy saved on the device may play offline: OFFLINE_LICENCE_DAYS ahead, or sooner
 * when the access comes from a subscription whose period ends sooner (the latest of those that
 * give access now). Access that no subscription gives (free access, a demo, a platform admin)
 * has no end to wait for.
 */
export async function offlineUntil(user: UserRow, billing: Pick<BillingRepository, 'accessUntil'>, now: Date): Promise<Date> {
  const longest = new Date(now.getTime() + OFFLINE_LICENCE_DAYS * DAY_MS);
  if (accessWithoutSubscription(user)) return longest;
  // None: the subscription ended since the policy let the call in, so nothing may be kept.
  const until = (await billing.accessUntil(user, now)) ?? now;
  return until < longest ? until : longest;
}
