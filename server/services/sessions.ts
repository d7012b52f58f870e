import type { UsersRepository } from '../repositories/users.ts';

/**
 * Ending every session of a user: tokens issued before now are refused by the API (the user
 * row carries the moment, read on every request anyway), and whatever keeps sessions
 * elsewhere — the embedded provider's sessions, grants and refresh tokens — drops the user's.
 */
export function createSessions(users: Pick<UsersRepository, 'endSessions'>) {
  const listeners = new Set<(userId: string) => void | Promise<void>>();
  const signOutListeners = new Set<(grantId: string) => Promise<void>>();
  return {
    /** Called with a provider grant's id when the sign-in it stands for signs out; returns the unsubscribe. */
    onSignOut(listener: (grantId: string) => Promise<void>) {
      signOutListeners.add(listener);
      return () => void signOutListeners.delete(listener);
    },
    /**
     * One sign-in ends (the API's logout with a provider token): whatever keeps its refresh
     * tokens drops them, so signing out is not undone by the next refresh. A failure is the
     * caller's to answer: the refresh tokens would still work.
     */
    async signOut(grantId: string) {
      for (const listener of signOutListeners) await listener(grantId);
    },
    /** Called with the user's id whenever their sessions end; returns the unsubscribe. */
    onEnd(listener: (userId: string) => void | Promise<void>) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Password changed, role changed, deactivated, or "sign out everywhere". */
    async endAll(userId: string): Promise<Date> {
      const at = await users.endSessions(userId);
      for (const listener of listeners) await listener(userId);
      return at;
    },
    /** After a change that already stamped the user row (role, deactivation): the listeners only. */
    async notifyEnded(userId: string) {
      for (const listener of listeners) await listener(userId);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
