import { hash, verify } from '@node-rs/argon2';
import { createHash } from 'node:crypto';
import { HttpError } from '../errors.ts';

/** Checks a password against an account's argon2id hash. */
export type PasswordChecks = {
  /**
   * True when `password` matches `passwordHash`. Without a hash (an unknown e-mail, an account
   * without a password) it compares against a decoy and answers false, so a miss takes as long as
   * a wrong password. Throws 503 BUSY when too many checks are already waiting.
   */
  verify(passwordHash: string | null | undefined, password: string): Promise<boolean>;
  /** Checks running and waiting now (for tests and diagnostics). */
  load(): { running: number; waiting: number };
};

export type PasswordCheckOptions = {
  /** Checks that may run at once in this process. */
  atOnce: number;
  /** Checks that may wait for their turn; one more is refused with 503 BUSY. */
  maxWaiting: number;
  /** The comparison itself (argon2's verify; tests slow it down or count it). */
  compare?: (passwordHash: string, password: string) => Promise<boolean>;
};

/**
 * Password checks, at most `atOnce` at a time in this process, the rest in turn (first come,
 * first served). One check is about 25 ms of CPU on one core (argon2id at OWASP's minimum,
 * @node-rs/argon2's defaults, run on libuv's pool of four threads): a burst of sign-ins would
 * otherwise take every core from the requests of educators already signed in, and from
 * PostgreSQL. So a sign-in waits a little longer in a burst and everything else keeps its pace
 * (docs/decisions.md "Password checks in turn").
 */
export function createPasswordChecks({ atOnce, maxWaiting, compare = verify }: PasswordCheckOptions): PasswordChecks {
  if (!Number.isInteger(atOnce) || atOnce < 1) throw new Error(`atOnce must be a positive whole number (got ${atOnce})`);
  // Compared against when there is no hash, so a miss takes as long as a wrong password.
  const decoyHash = hash('decoy-password-for-timing');
  let running = 0;
  const waiting: (() => void)[] = [];

  async function turn<T>(task: () => Promise<T>): Promise<T> {
    if (running < atOnce) running++;
    else {
      if (waiting.length >= maxWaiting) throw new HttpError(503, 'BUSY', 'The server is busy: try again in a moment');
      // The check that ends hands its place over (running stays the same).
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  }

  return {
    async verify(passwordHash, password) {
      const stored = passwordHash || (await decoyHash);
      const ok = await turn(() => compare(stored, password).catch(() => false));
      return Boolean(passwordHash) && ok;
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}

/**
 * A short fingerprint of an account's password hash, carried by password links: a link stops
 * working once the password it was sent for has changed, so one reset ends every other link
 * still in someone's inbox.
 */
export function passwordVersion(passwordHash: string | null | undefined) {
  return createHash('sha256')
    .update(passwordHash ?? '')
    .digest('base64url')
    .slice(0, 16);
}
