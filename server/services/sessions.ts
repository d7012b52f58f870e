import type { UsersRepository } from '../repositories/users.ts';

/**
 * Ending every session of a user: tokens issued before now are refused by the API (the user
 * row carries the moment, read on every request anyway), and whatever keeps sessions
 * elsewhere — the embedded provider's sessions, grants and refresh tokens — drops the user's.
 */
export function createSessions(users: Pick<UsersRepository, 'endSessions'>) {
  const listeners = new Set<(userId: string) => void | Promise<void>>();
  return {
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
