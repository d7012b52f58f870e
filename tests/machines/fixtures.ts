import type { Role } from '@/lib/routes';
import type { Profile, Subscription, User } from '@/machines/shared/domain';

// Records shaped like the API's answers, with only the facts a test cares about changed.

let sequence = 0;
function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

export function makeUser(role: Role, overrides: Partial<User> = {}): User {
  return {
    id: nextId(),
    ssoId: null,
    role,
    organizationId: null,
    email: `${role.toLowerCase()}@example.org`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    fullName: 'Ada Lovelace',
    completedOnboarding: true,
    createdAt: '2026-09-01T08:00:00.000Z',
    hasFreeAccess: false,
    verified: true,
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    interestIds: [],
    audienceId: null,
    isOrganizationMember: false,
    experienceLevel: null,
    completedOnboarding: true,
    firstName: 'Ada',
    lastName: 'Lovelace',
    bookmarks: [],
    ...overrides,
  };
}

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: nextId(),
    source: 'PERSONAL',
    organizationId: null,
    organizationName: null,
    status: 'ACTIVE',
    isActive: true,
    isTrialActive: false,
    trialEndsAt: null,
    currentPeriodEnd: '2027-09-01T08:00:00.000Z',
    cancelAtPeriodEnd: false,
    amount: 149,
    currency: 'USD',
    createdAt: '2026-09-01T08:00:00.000Z',
    ...overrides,
  };
}

export type Deferred<T> = {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
};

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise callback run. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
