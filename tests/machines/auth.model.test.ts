import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type StateValue } from 'xstate';
import { ApiError } from '@/api/errors';
import { POPUP_TIMEOUT_MS, REVOKE_TIMEOUT_MS, authMachine } from '@/machines/auth/auth.machine';
import type { AuthEvent, AuthInput, CheckSessionOutput, LoginWithRedirectInput, SessionKind, TokenGrant } from '@/machines/auth/auth.types';
import type { User } from '@/machines/shared/domain';
import { controllableActors, effectFreeModel, expectFullCoverage, settle, simulatedClock, walkModel } from '../support/model';
import { makeUser } from './fixtures';

// The auth chart (spec §4 "Authentication" and "Access token") walked to every state and along
// every transition, each path replayed on the real machine: every provider/API call is a stub
// the driver resolves or rejects when the path says so, and the two timeouts run on a simulated
// clock, one millisecond short first so an early timeout fails the path.
//
// The model is the chart itself, so agreeing with it proves little about what the user sees.
// After every step the driver therefore also checks, against its own record written from the
// spec rather than read from the chart: every effect of that step and its arguments, in order
// (token stored or cleared, who is announced, where the browser is sent, what the provider is
// asked); who is signed in, with what kind of session and where they return to; that only the
// call the state waits on is still running (anything left behind was aborted: a pop-up that
// timed out is closed); and that logout takes the session's own way out.

type Done<TSrc extends string, TOutput = undefined> = { type: `model.done.${TSrc}`; output?: TOutput };
type Failed<TSrc extends string> = { type: `model.error.${TSrc}`; error: unknown };

type ModelEvent =
  | AuthEvent
  | { type: 'xstate.init' }
  | Done<'checkSession', CheckSessionOutput>
  | Failed<'checkSession'>
  | Done<'getAccessToken', string>
  | Failed<'getAccessToken'>
  | Done<'fetchUser', User>
  | Failed<'fetchUser'>
  | Done<'sendLoginEvent'>
  | Failed<'sendLoginEvent'>
  | Failed<'loginWithRedirect'>
  | Done<'loginWithPopup'>
  | Failed<'loginWithPopup'>
  | { type: 'model.after.popupTimeout' }
  | Done<'localLogin', TokenGrant>
  | Failed<'localLogin'>
  | Done<'startDemo', TokenGrant>
  | Failed<'startDemo'>
  | Done<'revokeLocalToken'>
  | Failed<'revokeLocalToken'>
  | { type: 'model.after.revokeTimeout' }
  | Done<'providerLogout'>
  | Failed<'providerLogout'>;

const model = effectFreeModel(authMachine);

const INPUT: AuthInput = { callbackErrorPath: '/reveal' };
const admin = makeUser('ADMIN');
const demo = makeUser('DEMO', { email: 'demo-visitor@example.org' });
const learner = makeUser('USER');

const loginRequired = Object.assign(new Error('Login required'), { error: 'login_required' });
const network = new TypeError('Failed to fetch');
const callbackFailure = { code: 'access_denied', message: 'Something went wrong, please try again later' };

const EVENTS: ModelEvent[] = [
  { type: 'model.done.checkSession', output: { providerSession: true, localToken: false } },
  // Back from the provider's redirect, with a local token left from before.
  { type: 'model.done.checkSession', output: { providerSession: true, localToken: true, callback: { ok: true, returnTo: '/catalog?audience=a1' } } },
  { type: 'model.done.checkSession', output: { providerSession: false, localToken: true } },
  { type: 'model.done.checkSession', output: { providerSession: false, localToken: false, callback: { ok: false, error: callbackFailure } } },
  { type: 'model.done.checkSession', output: { providerSession: false, localToken: false } },
  { type: 'model.error.checkSession', error: new Error('crypto.subtle is missing') },
  { type: 'model.done.getAccessToken', output: 'access-token' },
  { type: 'model.error.getAccessToken', error: loginRequired },
  { type: 'model.error.getAccessToken', error: network },
  { type: 'model.done.fetchUser', output: admin },
  { type: 'model.done.fetchUser', output: demo },
  { type: 'model.done.fetchUser', output: learner },
  { type: 'model.error.fetchUser', error: new ApiError(500, 'UNKNOWN', 'boom') },
  { type: 'model.done.sendLoginEvent' },
  { type: 'model.error.sendLoginEvent', error: new Error('beacon refused') },
  { type: 'model.error.loginWithRedirect', error: network },
  { type: 'model.done.loginWithPopup' },
  { type: 'model.error.loginWithPopup', error: Object.assign(new Error('Popup closed'), { error: 'cancelled' }) },
  { type: 'model.after.popupTimeout' },
  { type: 'model.done.localLogin', output: { accessToken: 'local-token' } },
  { type: 'model.error.localLogin', error: new ApiError(401, 'INVALID_CREDENTIALS', 'Wrong e-mail or password') },
  { type: 'model.done.startDemo', output: { accessToken: 'demo-token' } },
  { type: 'model.error.startDemo', error: new ApiError(429, 'RATE_LIMITED', 'Too many demos') },
  { type: 'model.done.revokeLocalToken' },
  { type: 'model.error.revokeLocalToken', error: network },
  { type: 'model.after.revokeTimeout' },
  { type: 'model.done.providerLogout' },
  { type: 'model.error.providerLogout', error: network },
  { type: 'auth.loginWithRedirect', returnTo: '/learning', inviteTicket: 'ticket-1', screenHint: 'signup' },
  { type: 'auth.loginWithRedirect' },
  { type: 'auth.loginWithPopup', returnTo: '/profile' },
  { type: 'auth.loginWithPopup' },
  { type: 'auth.loginLocal', email: 'ada@example.org', password: 'secret-password', returnTo: '/billing' },
  { type: 'auth.loginLocal', email: 'ada@example.org', password: 'secret-password' },
  { type: 'auth.startDemo', ticket: 'demo-link-ticket' },
  { type: 'auth.register' },
  { type: 'auth.logout' },
  { type: 'auth.logout', returnTo: '/admin' },
  { type: 'auth.unauthorized' },
  { type: 'auth.tokenFailed', error: loginRequired },
  { type: 'auth.tokenFailed', error: network },
  { type: 'auth.clearError' },
];

/** What the state waits on: the one call that may be running there (spec §4, §8). */
const WAITS_ON: [StateValue, string][] = [
  ['loading', 'checkSession'],
  [{ signingIn: 'fetchingToken' }, 'getAccessToken'],
  [{ signingIn: 'loadingUser' }, 'fetchUser'],
  [{ signingIn: 'recordingLogin' }, 'sendLoginEvent'],
  [{ authenticated: 'registering' }, 'loginWithRedirect'],
  ['redirectingToLogin', 'loginWithRedirect'],
  ['loggingInWithPopup', 'loginWithPopup'],
  ['loggingInLocally', 'localLogin'],
  ['startingDemo', 'startDemo'],
  [{ loggingOut: 'revokingLocalToken' }, 'revokeLocalToken'],
  [{ loggingOut: 'endingProviderSession' }, 'providerLogout'],
];
const waitsOn = (snapshot: AnyMachineSnapshot) => WAITS_ON.find(([value]) => snapshot.matches(value))?.[1] ?? null;

type Call = [string] | [string, unknown];
type Known = { session: SessionKind | null; user: User | null; returnTo: string | null; logout: { redirect: boolean; to: string | null } };

/** Spec §2: after logging out a demo user sees /reveal, anyone else /login, unless told where. */
const destination = (known: Known) => known.logout.to ?? (known.user?.role === 'DEMO' ? '/reveal' : '/login');

/** How a logout was asked for decides whether it goes anywhere (not when the provider already ended the session). */
function logoutPlan(event: ModelEvent): Known['logout'] {
  if (event.type === 'auth.logout') return { redirect: true, to: event.returnTo ?? null };
  const error = 'error' in event ? event.error : undefined;
  return { redirect: error !== loginRequired, to: null };
}

/** The call starting the effect `src`, with what it must be told. */
function startOf(src: string, event: ModelEvent, known: Known): Call {
  switch (src) {
    case 'sendLoginEvent':
      return [src, { user: known.user }];
    case 'loginWithRedirect': {
      if (event.type === 'auth.loginWithRedirect') {
        const { type: _type, ...options } = event;
        return [src, { ...options, returnTo: options.returnTo ?? '/' }];
      }
      // A demo user's sign-up: the demo e-mail as hint, and the provider must ask again.
      return [src, { returnTo: '/', loginHint: known.user?.email, screenHint: 'signup', prompt: 'login', registersDemo: true }];
    }
    case 'localLogin':
      if (event.type !== 'auth.loginLocal') throw new Error(`localLogin started by ${event.type}`);
      return [src, { email: event.email, password: event.password }];
    case 'startDemo':
      if (event.type !== 'auth.startDemo') throw new Error(`startDemo started by ${event.type}`);
      return [src, { ticket: event.ticket }];
    case 'providerLogout':
      return [src, { returnTo: known.logout.redirect ? destination(known) : null }];
    default:
      return [src];
  }
}

/** What a sign-in screen shows after the step (spec §8), where the step alone decides it. */
function shownError(event: ModelEvent): object | null | undefined {
  switch (event.type) {
    case 'model.after.popupTimeout':
      return { code: 'timeout' };
    case 'model.error.loginWithPopup':
      return { code: 'cancelled' };
    case 'model.error.localLogin':
      // The API's own message, meant for the user.
      return { code: 'INVALID_CREDENTIALS', message: 'Wrong e-mail or password' };
    case 'model.done.checkSession':
      return event.output?.callback?.ok === false ? callbackFailure : undefined;
    case 'auth.clearError':
    case 'auth.loginWithRedirect':
    case 'auth.loginWithPopup':
    case 'auth.loginLocal':
    case 'auth.startDemo':
      return null;
    default:
      return undefined;
  }
}

type Invocation = { src: string; signal: AbortSignal; settled: boolean };

function startDriver() {
  const { clock, advance } = simulatedClock();
  const control = controllableActors();
  const calls: Call[] = [];
  const invocations: Invocation[] = [];
  const effect =
    <TOutput, TInput = void>(src: string) =>
    ({ input, signal }: { input: TInput; signal: AbortSignal }) => {
      calls.push(input === undefined ? [src] : [src, input]);
      invocations.push({ src, signal, settled: false });
      return control.promise<TOutput>(src)();
    };
  const machine = authMachine.provide({
    actors: {
      checkSession: fromPromise(effect<CheckSessionOutput>('checkSession')),
      getAccessToken: fromPromise(effect<string>('getAccessToken')),
      fetchUser: fromPromise(effect<User>('fetchUser')),
      sendLoginEvent: fromPromise(effect<void, { user: User }>('sendLoginEvent')),
      loginWithRedirect: fromPromise(effect<void, LoginWithRedirectInput>('loginWithRedirect')),
      loginWithPopup: fromPromise(effect<void>('loginWithPopup')),
      providerLogout: fromPromise(effect<void, { returnTo: string | null }>('providerLogout')),
      revokeLocalToken: fromPromise(effect<void>('revokeLocalToken')),
      localLogin: fromPromise(effect<TokenGrant, { email: string; password: string }>('localLogin')),
      startDemo: fromPromise(effect<TokenGrant, { ticket: string }>('startDemo')),
    },
    actions: {
      navigate: (_, { to }) => void calls.push(['navigate', to]),
      storeLocalToken: (_, { token }) => void calls.push(['storeLocalToken', token]),
      clearLocalToken: () => void calls.push(['clearLocalToken']),
      announceUser: (_, { user }) => void calls.push(['announceUser', user]),
      announceSignedOut: () => void calls.push(['announceSignedOut']),
    },
  });
  const actor = createActor(machine, { input: INPUT, clock }).start();
  const settleLatest = (src: string) => {
    const invocation = invocations.findLast((candidate) => candidate.src === src);
    if (invocation) invocation.settled = true;
  };
  return { actor, advance, control, calls, invocations, settleLatest };
}

describe('auth, model-based', () => {
  it('walks every transition of the statechart on the real machine', async (context) => {
    const coverage = await walkModel<ModelEvent>(model, {
      events: EVENTS,
      input: INPUT,
      // What decides where the chart can go next: who, how signed in, where to return, how to
      // leave, and whether a failure is on screen (to be cleared).
      serializeState: (snapshot) => {
        const { session, user, returnTo, logout, error } = snapshot.context;
        return JSON.stringify([snapshot.value, session, user?.role ?? null, returnTo, logout, error !== null]);
      },
      createDriver: () => {
        const { actor, advance, control, calls, invocations, settleLatest } = startDriver();
        const known: Known = { session: null, user: null, returnTo: null, logout: { redirect: true, to: null } };
        let event: ModelEvent = { type: 'xstate.init' };
        let before: AnyMachineSnapshot | null = null;

        const wait = (timer: string) => {
          const [delay, src] = timer === 'popupTimeout' ? [POPUP_TIMEOUT_MS, 'loginWithPopup'] : [REVOKE_TIMEOUT_MS, 'revokeLocalToken'];
          const value = actor.getSnapshot().value;
          advance(delay - 1);
          expect(actor.getSnapshot().value, `${delay - 1} ms`).toEqual(value);
          advance(1);
          // Given up on, so it must be stopped: a pop-up left open would still sign someone in.
          expect(invocations.findLast((invocation) => invocation.src === src)?.signal.aborted, `${src} aborted`).toBe(true);
        };

        /** The effects one step must have, in order, and what the driver now knows. */
        const expectedCalls = (previous: AnyMachineSnapshot, now: AnyMachineSnapshot): Call[] => {
          const expected: Call[] = [];
          switch (event.type) {
            case 'model.done.checkSession': {
              const output = event.output!;
              // A provider session wins over a local token, which is dropped (spec §4).
              known.session = output.providerSession ? 'provider' : output.localToken ? 'local' : null;
              if (output.providerSession) {
                expected.push(['clearLocalToken']);
                known.returnTo = output.callback?.ok ? output.callback.returnTo : null;
              } else if (!output.localToken) {
                expected.push(['announceSignedOut']);
                if (output.callback?.ok === false) expected.push(['navigate', INPUT.callbackErrorPath]);
              }
              break;
            }
            case 'model.error.checkSession':
              expected.push(['announceSignedOut']);
              break;
            case 'model.done.fetchUser':
              known.user = event.output!;
              break;
            case 'auth.loginWithPopup':
              known.returnTo = event.returnTo ?? null;
              break;
            case 'auth.loginLocal':
            case 'auth.startDemo':
              known.returnTo = event.returnTo ?? '/';
              break;
            case 'model.done.loginWithPopup':
              known.session = 'provider';
              expected.push(['clearLocalToken']);
              break;
            case 'model.done.localLogin':
            case 'model.done.startDemo':
              known.session = 'local';
              expected.push(['storeLocalToken', event.output!.accessToken]);
              break;
            case 'model.error.loginWithPopup':
            case 'model.after.popupTimeout':
            case 'model.error.localLogin':
            case 'model.error.startDemo':
              known.returnTo = null;
              break;
          }
          if (previous.matches('signingIn') && now.matches('authenticated')) {
            expected.push(['announceUser', known.user]);
            if (known.returnTo !== null) expected.push(['navigate', known.returnTo]);
            known.returnTo = null;
          }
          const loggedOut =
            now.matches('unauthenticated') && (previous.matches('loggingOut') || (previous.matches('unauthenticated') && event.type === 'auth.logout'));
          if (!previous.matches('loggingOut') && (now.matches('loggingOut') || loggedOut)) known.logout = logoutPlan(event);
          if (loggedOut) {
            expected.push(['clearLocalToken'], ['announceSignedOut']);
            if (known.logout.redirect) expected.push(['navigate', destination(known)]);
            Object.assign(known, { session: null, user: null, returnTo: null });
          }
          const src = waitsOn(now);
          if (src && JSON.stringify(now.value) !== JSON.stringify(previous.value)) expected.push(startOf(src, event, known));
          return expected;
        };

        return {
          actor,
          step: async (next) => {
            event = next;
            if (next.type === 'xstate.init') return;
            calls.length = 0;
            const [, outcome, src] = /^model\.(done|error|after)\.(.+)$/.exec(next.type) ?? [];
            if (outcome === 'after' && src) wait(src);
            else if (outcome && src) {
              settleLatest(src);
              if (outcome === 'done') control.resolve(src, 'output' in next ? next.output : undefined);
              else control.reject(src, 'error' in next ? next.error : undefined);
              await settle();
            } else actor.send(next as AuthEvent);
          },
          check: (real, expected) => {
            const expectedEffects = before ? expectedCalls(before, expected) : [['checkSession']];
            before = expected;
            expect(calls, 'effects of this step').toEqual(expectedEffects);
            expect(real.context.session).toBe(known.session);
            expect(real.context.user).toEqual(known.user);
            expect(real.context.returnTo).toBe(known.returnTo);
            expect(real.context.error).toEqual(expected.context.error);
            const shown = shownError(event);
            if (shown === null) expect(real.context.error).toBeNull();
            else if (shown) expect(real.context.error).toMatchObject(shown);
            expect([...real.tags].sort()).toEqual([...expected.tags].sort());
            // Logging out ends the session the way it was opened.
            if (real.matches('loggingOut')) {
              expect(real.value).toEqual({ loggingOut: known.session === 'local' ? 'revokingLocalToken' : 'endingProviderSession' });
            }
            const running = invocations.filter((invocation) => !invocation.settled && !invocation.signal.aborted).map((invocation) => invocation.src);
            const waiting = waitsOn(expected);
            expect(running, 'calls still running').toEqual(waiting ? [waiting] : []);
          },
        };
      },
    });
    expectFullCoverage(context, coverage);
  });
});
