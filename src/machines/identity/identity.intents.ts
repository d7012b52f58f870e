import type { User } from '@/machines/shared/domain';
import type { IdentityEvent } from './identity.types';

/** What other actors' effects tell the signed-in user's identity. */
export const identityIntents = (send: (event: IdentityEvent) => void) => ({
  /** The user as it is now (a save elsewhere answered it). */
  loaded: (user: User) => send({ type: 'identity.loaded', user }),
  emailVerified: () => send({ type: 'identity.emailVerified' }),
  onboardingCompleted: () => send({ type: 'identity.onboardingCompleted' }),
});
