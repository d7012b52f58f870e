import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor, type SnapshotFrom } from 'xstate';
import type { RouteFlags } from '@/lib/flags';
import { navigationGuardMachine } from '@/machines/navigation-guard/navigation-guard.machine';
import { runNavigationGuard, toNavigationTarget } from '@/machines/navigation-guard/navigation-guard.run';
import {
  GUARD_LOADING_TAGS,
  type GuardLoadingTag,
  type GuardOutcome,
  type NavigationGuardEvent,
  type NavigationGuardInput,
} from '@/machines/navigation-guard/navigation-guard.types';
import type { Profile, Subscription, User } from '@/machines/shared/domain';
import { coverageOf, expectFullCoverage } from '../support/model';
import { deferred, flush, makeProfile, makeSubscription, makeUser } from './fixtures';

// Every visitor kind × every kind of route, walked with xstate/graph. Each path drives the real
// router glue (runNavigationGuard) with loaders answered in the path's order, and its end is
// checked against the table below, which is written out by hand from spec §2, §4 and §6 rather
// than computed with the guard's own predicates.

type Visitor = {
  isAuthenticated: boolean;
  isLocalAuth: boolean;
  user: User | null;
  profile: Profile;
  subscriptions: Subscription[];
};

const signedIn = (user: User, profile: Profile, subscriptions: Subscription[] = [], isLocalAuth = false): Visitor => ({
  isAuthenticated: true,
  isLocalAuth,
  user,
  profile,
  subscriptions,
});

const VISITORS = {
  anonymous: { isAuthenticated: false, isLocalAuth: false, user: null, profile: makeProfile(), subscriptions: [] },
  demoNew: signedIn(makeUser('DEMO'), makeProfile({ completedOnboarding: false }), [], true),
  demoPersonalized: signedIn(makeUser('DEMO'), makeProfile({ completedOnboarding: true }), [], true),
  userFreeAccess: signedIn(makeUser('USER', { hasFreeAccess: true }), makeProfile()),
  userSubscribed: signedIn(makeUser('USER'), makeProfile(), [
    makeSubscription({ isActive: false, status: 'EXPIRED', createdAt: '2025-01-01T00:00:00.000Z' }),
    makeSubscription({ isActive: true }),
  ]),
  userNoAccess: signedIn(makeUser('USER'), makeProfile(), [makeSubscription({ isActive: false, status: 'CANCELED' })]),
  memberAccess: signedIn(makeUser('USER'), makeProfile({ isOrganizationMember: true }), [
    makeSubscription({ source: 'ORGANIZATION', isActive: true }),
  ]),
  memberNoAccess: signedIn(makeUser('USER'), makeProfile({ isOrganizationMember: true }), []),
  notOnboarded: signedIn(makeUser('USER', { hasFreeAccess: true, completedOnboarding: false }), makeProfile()),
  notOnboardedNoAccess: signedIn(makeUser('USER', { completedOnboarding: false }), makeProfile()),
  schoolAdmin: signedIn(makeUser('SCHOOL_ADMIN'), makeProfile({ isOrganizationMember: true }), [
    makeSubscription({ source: 'ORGANIZATION' }),
  ]),
  districtAdmin: signedIn(makeUser('DISTRICT_ADMIN', { hasFreeAccess: true }), makeProfile({ isOrganizationMember: true })),
  adminLocal: signedIn(makeUser('ADMIN'), makeProfile(), [], true),
  adminProvider: signedIn(makeUser('ADMIN'), makeProfile(), [], false),
  // Signed up, the e-mailed link not followed yet (and a demo account from before demo links).
  unverified: signedIn(makeUser('USER', { verified: false, hasFreeAccess: true }), makeProfile()),
  unverifiedDemo: signedIn(makeUser('DEMO', { verified: false }), makeProfile({ completedOnboarding: false }), [], true),
} satisfies Record<string, Visitor>;

type VisitorName = keyof typeof VISITORS;
const VISITOR_NAMES = Object.keys(VISITORS) as VisitorName[];

// Cell codes: P proceed, B back, L login (returning to the URL), 404 not found, ADMIN admin site,
// ADMIN+LOGOUT admin site after logging out, /path redirect there.
type Cell = 'P' | 'B' | 'L' | '404' | 'ADMIN' | 'ADMIN+LOGOUT' | `/${string}`;
type Row = Record<VisitorName, Cell>;

const FLAGS_ON: RouteFlags = { 'local-login': true, 'statechart-viewer': true };
const FLAGS_OFF: RouteFlags = { 'local-login': false, 'statechart-viewer': true };

type RouteCase = { kind: string; url: string; flags: RouteFlags; expected: Row };

/** Same answer for every signed-in visitor. */
function everySignedIn(anonymous: Cell, signedInCell: Cell): Row {
  const row = {} as Row;
  for (const name of VISITOR_NAMES) row[name] = name === 'anonymous' ? anonymous : signedInCell;
  return row;
}

const admins = { adminLocal: 'ADMIN+LOGOUT', adminProvider: 'ADMIN' } as const;
/** An address not proven yet reaches nothing but the link and the screen asking for it. */
const unproven = { unverified: '/check-email', unverifiedDemo: '/check-email' } as const;

const ROUTE_CASES: RouteCase[] = [
  { kind: 'anonymous-only', url: '/reveal', flags: FLAGS_ON, expected: everySignedIn('P', 'B') },
  { kind: 'anonymous-only (demo entry)', url: '/demo', flags: FLAGS_ON, expected: everySignedIn('P', 'B') },
  { kind: 'anonymous-only, flag on', url: '/login', flags: FLAGS_ON, expected: everySignedIn('P', 'B') },
  { kind: 'flag off', url: '/login', flags: FLAGS_OFF, expected: everySignedIn('404', '404') },
  {
    kind: 'public with token',
    url: '/email-verification?verification-token=tok_1234567890abcdef',
    flags: FLAGS_ON,
    expected: everySignedIn('P', 'P'),
  },
  { kind: 'public without token', url: '/email-verification', flags: FLAGS_ON, expected: everySignedIn('404', '404') },
  {
    kind: 'legacy redirect',
    url: '/my-account/billing?tab=invoices',
    flags: FLAGS_ON,
    expected: everySignedIn('/billing?tab=invoices', '/billing?tab=invoices'),
  },
  ...['/', '/catalog', '/learning-objects/lo-42?playVideo=1', '/livestreams/ls-7', '/playlists/pl-3'].map(
    (url): RouteCase => ({
      kind: 'demo-allowed',
      url,
      flags: FLAGS_ON,
      expected: {
        anonymous: 'L',
        demoNew: '/personalize',
        demoPersonalized: 'P',
        userFreeAccess: 'P',
        userSubscribed: 'P',
        userNoAccess: '/payment',
        memberAccess: 'P',
        memberNoAccess: '/expired-organization-subscription',
        notOnboarded: '/onboarding',
        notOnboardedNoAccess: '/payment',
        schoolAdmin: 'P',
        districtAdmin: 'P',
        ...admins,
        ...unproven,
      },
    }),
  ),
  {
    kind: 'demo-allowed, demo sent home',
    url: '/community',
    flags: FLAGS_ON,
    expected: {
      anonymous: 'L',
      demoNew: '/personalize',
      demoPersonalized: '/',
      userFreeAccess: 'P',
      userSubscribed: 'P',
      userNoAccess: '/payment',
      memberAccess: 'P',
      memberNoAccess: '/expired-organization-subscription',
      notOnboarded: '/onboarding',
      notOnboardedNoAccess: '/payment',
      schoolAdmin: 'P',
      districtAdmin: 'P',
      ...admins,
      ...unproven,
    },
  },
  ...['/profile', '/learning', '/billing'].map(
    (url): RouteCase => ({
      kind: 'paying-only',
      url,
      flags: FLAGS_ON,
      expected: {
        anonymous: 'L',
        demoNew: 'B',
        demoPersonalized: 'B',
        userFreeAccess: 'P',
        userSubscribed: 'P',
        userNoAccess: '/payment',
        memberAccess: 'P',
        memberNoAccess: '/expired-organization-subscription',
        notOnboarded: '/onboarding',
        notOnboardedNoAccess: '/payment',
        schoolAdmin: 'P',
        districtAdmin: 'P',
        ...admins,
        ...unproven,
      },
    }),
  ),
  {
    kind: 'admin-only (usage)',
    url: '/usage',
    flags: FLAGS_ON,
    expected: {
      anonymous: 'L',
      demoNew: 'B',
      demoPersonalized: 'B',
      userFreeAccess: 'B',
      userSubscribed: 'B',
      userNoAccess: '/payment',
      memberAccess: 'B',
      memberNoAccess: '/expired-organization-subscription',
      notOnboarded: '/onboarding',
      notOnboardedNoAccess: '/payment',
      schoolAdmin: 'P',
      districtAdmin: 'P',
      ...admins,
      ...unproven,
    },
  },
  {
    kind: 'demo-only (personalize)',
    url: '/personalize',
    flags: FLAGS_ON,
    expected: {
      anonymous: 'L',
      demoNew: 'P',
      demoPersonalized: '/',
      userFreeAccess: 'B',
      userSubscribed: 'B',
      userNoAccess: '/payment',
      memberAccess: 'B',
      memberNoAccess: '/expired-organization-subscription',
      notOnboarded: '/onboarding',
      notOnboardedNoAccess: '/payment',
      schoolAdmin: 'B',
      districtAdmin: 'B',
      ...admins,
      ...unproven,
    },
  },
  {
    kind: 'payment',
    url: '/payment',
    flags: FLAGS_ON,
    expected: {
      anonymous: 'L',
      demoNew: 'B',
      demoPersonalized: 'B',
      userFreeAccess: '/',
      userSubscribed: '/',
      userNoAccess: 'P',
      memberAccess: '/',
      memberNoAccess: '/expired-organization-subscription',
      notOnboarded: '/',
      notOnboardedNoAccess: 'P',
      schoolAdmin: '/',
      districtAdmin: '/',
      ...admins,
      ...unproven,
    },
  },
  {
    kind: 'expired-organization-subscription',
    url: '/expired-organization-subscription',
    flags: FLAGS_ON,
    expected: {
      anonymous: 'L',
      demoNew: 'B',
      demoPersonalized: 'B',
      userFreeAccess: '/',
      userSubscribed: '/',
      userNoAccess: '/payment',
      memberAccess: '/',
      memberNoAccess: 'P',
      notOnboarded: '/',
      notOnboardedNoAccess: '/payment',
      schoolAdmin: '/',
      districtAdmin: '/',
      ...admins,
      ...unproven,
    },
  },
  {
    kind: 'onboarding',
    url: '/onboarding',
    flags: FLAGS_ON,
    expected: {
      anonymous: 'L',
      demoNew: 'B',
      demoPersonalized: 'B',
      userFreeAccess: 'P',
      userSubscribed: 'P',
      userNoAccess: '/payment',
      memberAccess: 'P',
      memberNoAccess: '/expired-organization-subscription',
      notOnboarded: 'P',
      notOnboardedNoAccess: '/payment',
      schoolAdmin: 'P',
      districtAdmin: 'P',
      ...admins,
      ...unproven,
    },
  },
  {
    kind: 'check-email',
    url: '/check-email',
    flags: FLAGS_ON,
    expected: {
      ...everySignedIn('L', '/'),
      unverified: 'P',
      unverifiedDemo: 'P',
    },
  },
];

function outcomeOf(cell: Cell, url: string): GuardOutcome {
  if (cell === 'P') return { type: 'proceed' };
  if (cell === 'B') return { type: 'back' };
  if (cell === 'L') return { type: 'login', returnTo: url };
  if (cell === '404') return { type: 'notFound' };
  if (cell === 'ADMIN') return { type: 'adminSite', logout: false };
  if (cell === 'ADMIN+LOGOUT') return { type: 'adminSite', logout: true };
  return { type: 'redirect', to: cell };
}

// Loads each visitor kind may never need, whatever the route (spec §4 steps 3–5, 7).
const NEVER_FETCHED: Partial<Record<VisitorName, GuardLoadingTag[]>> = {
  anonymous: ['loadingUser', 'loadingProfile', 'loadingSubscriptions'],
  demoNew: ['loadingSubscriptions'],
  demoPersonalized: ['loadingSubscriptions'],
  adminLocal: ['loadingProfile', 'loadingSubscriptions'],
  adminProvider: ['loadingProfile', 'loadingSubscriptions'],
  unverified: ['loadingProfile', 'loadingSubscriptions'],
  unverifiedDemo: ['loadingProfile', 'loadingSubscriptions'],
};

type GuardSnapshot = SnapshotFrom<typeof navigationGuardMachine>;

/** The system under test: the router glue, its loaders answered only when a path step says so. */
function startSystem(input: NavigationGuardInput) {
  const pending = {
    loadingUser: deferred<User>(),
    loadingProfile: deferred<Profile>(),
    loadingSubscriptions: deferred<readonly Subscription[]>(),
  };
  const calls: Record<GuardLoadingTag, number> = { loadingUser: 0, loadingProfile: 0, loadingSubscriptions: 0 };
  const outcome = runNavigationGuard(input, {
    loadUser: () => {
      calls.loadingUser += 1;
      return pending.loadingUser.promise;
    },
    loadProfile: () => {
      calls.loadingProfile += 1;
      return pending.loadingProfile.promise;
    },
    loadSubscriptions: () => {
      calls.loadingSubscriptions += 1;
      return pending.loadingSubscriptions.promise;
    },
  });
  return { pending, calls, outcome };
}

function lastFailure(events: readonly NavigationGuardEvent[]): GuardOutcome | null {
  const last = events.at(-1);
  if (last?.type === 'identity.failed') return { type: 'failed', step: 'user' };
  if (last?.type === 'profile.failed') return { type: 'failed', step: 'profile' };
  if (last?.type === 'subscriptions.failed') return { type: 'failed', step: 'subscriptions' };
  return null;
}

type Combination = {
  title: string;
  visitorName: VisitorName;
  routeCase: RouteCase;
  input: NavigationGuardInput;
  visitor: Visitor;
};

function combinations(): Combination[] {
  const result: Combination[] = [];
  for (const routeCase of ROUTE_CASES) {
    const target = toNavigationTarget(routeCase.url);
    if (!target) throw new Error(`${routeCase.url} is not in the route table`);
    for (const visitorName of VISITOR_NAMES) {
      const visitor = VISITORS[visitorName];
      // Signed-in visitors twice: with the user already known, and with the guard loading it.
      const userKnown = visitor.user === null ? [true] : [true, false];
      for (const known of userKnown) {
        result.push({
          title: `${visitorName}${visitor.user && !known ? ' (user not loaded yet)' : ''} → ${routeCase.url} [${routeCase.kind}${routeCase.flags['local-login'] ? '' : ', local-login off'}]`,
          visitorName,
          routeCase,
          visitor,
          input: {
            to: target,
            isAuthenticated: visitor.isAuthenticated,
            isLocalAuth: visitor.isLocalAuth,
            user: known ? visitor.user : null,
            flags: routeCase.flags,
          },
        });
      }
    }
  }
  return result;
}

const COMBINATIONS = combinations();
let pathCount = 0;
// Which states and transitions of the guard's statechart the paths reach, over all combinations.
const coverage = coverageOf(navigationGuardMachine);

describe('navigation guard, model-based: every visitor × every route kind', () => {
  it.each(COMBINATIONS.map((combination) => [combination.title, combination] as const))('%s', async (_title, combination) => {
    const { visitor, input, routeCase, visitorName } = combination;
    const events: NavigationGuardEvent[] = [
      ...(visitor.user ? [{ type: 'identity.loaded' as const, user: visitor.user }] : []),
      { type: 'identity.failed' },
      { type: 'profile.loaded', profile: visitor.profile },
      { type: 'profile.failed' },
      { type: 'subscriptions.loaded', subscriptions: visitor.subscriptions },
      { type: 'subscriptions.failed' },
    ];
    const model = createTestModel(navigationGuardMachine, { input, events });
    const paths = model.getShortestPaths();
    expect(paths.length).toBeGreaterThan(0);
    pathCount += paths.length;

    const expectedSuccess = outcomeOf(routeCase.expected[visitorName], routeCase.url);
    let successPaths = 0;

    for (const path of paths) {
      const traced = createActor(navigationGuardMachine, { input, inspect: coverage.inspect }).start();
      for (const step of path.steps) if ((step.event.type as string) !== 'xstate.init') traced.send(step.event);
      traced.stop();
      const system = startSystem(input);
      const checkFetches = (snapshot: GuardSnapshot) => {
        for (const tag of GUARD_LOADING_TAGS) {
          // Exactly one fetch per loading step the model is in; none ever for what the
          // visitor kind never needs.
          if (snapshot.hasTag(tag)) expect(system.calls[tag], `${tag} fetched`).toBe(1);
          else expect(system.calls[tag], `${tag} fetched at most once`).toBeLessThanOrEqual(1);
        }
        for (const tag of NEVER_FETCHED[visitorName] ?? []) expect(system.calls[tag], `${tag} never`).toBe(0);
      };

      // The first step is the initial state (event xstate.init), so fetches started by the
      // start itself are checked too.
      await path.test({
        events: {
          'identity.loaded': async () => {
            system.pending.loadingUser.resolve(visitor.user as User);
            await flush();
          },
          'identity.failed': async () => {
            system.pending.loadingUser.reject(new Error('GET /identity/me failed'));
            await flush();
          },
          'profile.loaded': async () => {
            system.pending.loadingProfile.resolve(visitor.profile);
            await flush();
          },
          'profile.failed': async () => {
            system.pending.loadingProfile.reject(new Error('GET /profile failed'));
            await flush();
          },
          'subscriptions.loaded': async () => {
            system.pending.loadingSubscriptions.resolve(visitor.subscriptions);
            await flush();
          },
          'subscriptions.failed': async () => {
            system.pending.loadingSubscriptions.reject(new Error('GET /customers/current/subscriptions failed'));
            await flush();
          },
        },
        states: { '*': checkFetches },
      });

      expect(path.state.status, path.description).toBe('done');
      const outcome = await system.outcome;
      const failure = lastFailure(path.steps.map((step) => step.event));
      if (failure) {
        expect(outcome, path.description).toEqual(failure);
      } else {
        successPaths += 1;
        expect(outcome, path.description).toEqual(expectedSuccess);
      }
    }
    // Whatever may fail on the way, the loads succeeding (in any order) lead to the table's answer.
    expect(successPaths).toBeGreaterThanOrEqual(1);
  });

  it('covers every visitor kind and route kind, and reports the number of paths', (context) => {
    const kinds = new Set(ROUTE_CASES.map((routeCase) => routeCase.kind));
    expect(kinds).toEqual(
      new Set([
        'anonymous-only',
        'anonymous-only (demo entry)',
        'anonymous-only, flag on',
        'flag off',
        'public with token',
        'public without token',
        'legacy redirect',
        'demo-allowed',
        'demo-allowed, demo sent home',
        'paying-only',
        'admin-only (usage)',
        'demo-only (personalize)',
        'payment',
        'expired-organization-subscription',
        'onboarding',
        'check-email',
      ]),
    );
    expect(COMBINATIONS.length).toBe(ROUTE_CASES.length * (VISITOR_NAMES.length * 2 - 1));
    console.log(
      `navigation guard: ${pathCount} model paths over ${COMBINATIONS.length} visitor × route combinations`,
    );
    expect(pathCount).toBeGreaterThan(COMBINATIONS.length);
    expectFullCoverage(context, coverage.report(pathCount));
  });
});
