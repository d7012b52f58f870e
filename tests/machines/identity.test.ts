import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Role } from '@/lib/routes';
import { identityMachine } from '@/machines/identity/identity.machine';
import {
  selectHasFreeAccess,
  selectIsAdmin,
  selectIsAppLoading,
  selectIsAuthenticated,
  selectIsDemoUser,
  selectIsDistrictAdmin,
  selectIsInitialized,
  selectIsSchoolAdmin,
  selectUser,
} from '@/machines/identity/identity.selectors';
import { makeUser } from './fixtures';

// Spec §4 "Identity state": user, isInitialized, isAppLoading and the derived flags.

function started() {
  return createActor(identityMachine).start();
}

describe('identity', () => {
  it('starts with no user, not initialized, app loading', () => {
    const snapshot = started().getSnapshot();
    expect(selectUser(snapshot)).toBeNull();
    expect(selectIsInitialized(snapshot)).toBe(false);
    expect(selectIsAppLoading(snapshot)).toBe(true);
    expect(selectIsAuthenticated(snapshot)).toBe(false);
  });

  it.each<[Role, { admin: boolean; district: boolean; school: boolean; demo: boolean }]>([
    ['ADMIN', { admin: true, district: false, school: false, demo: false }],
    ['DISTRICT_ADMIN', { admin: false, district: true, school: false, demo: false }],
    ['SCHOOL_ADMIN', { admin: false, district: false, school: true, demo: false }],
    ['USER', { admin: false, district: false, school: false, demo: false }],
    ['DEMO', { admin: false, district: false, school: false, demo: true }],
  ])('derives the flags of a %s', (role, flags) => {
    const actor = started();
    actor.send({ type: 'identity.loaded', user: makeUser(role) });
    const snapshot = actor.getSnapshot();
    expect({
      admin: selectIsAdmin(snapshot),
      district: selectIsDistrictAdmin(snapshot),
      school: selectIsSchoolAdmin(snapshot),
      demo: selectIsDemoUser(snapshot),
    }).toEqual(flags);
    expect(selectIsAuthenticated(snapshot)).toBe(true);
    expect(selectIsInitialized(snapshot)).toBe(true);
    expect(selectIsAppLoading(snapshot)).toBe(false);
  });

  it('reads free access from the user record', () => {
    const actor = started();
    expect(selectHasFreeAccess(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'identity.loaded', user: makeUser('USER', { hasFreeAccess: true }) });
    expect(selectHasFreeAccess(actor.getSnapshot())).toBe(true);
  });

  it('marks the user verified after an e-mail verification', () => {
    const actor = started();
    actor.send({ type: 'identity.loaded', user: makeUser('USER', { verified: false }) });
    actor.send({ type: 'identity.emailVerified' });
    expect(selectUser(actor.getSnapshot())?.verified).toBe(true);
  });

  it('ignores a verification when nobody is signed in', () => {
    const actor = started();
    actor.send({ type: 'identity.cleared' });
    actor.send({ type: 'identity.emailVerified' });
    expect(selectUser(actor.getSnapshot())).toBeNull();
  });

  it('records a completed onboarding on the user', () => {
    const actor = started();
    actor.send({ type: 'identity.loaded', user: makeUser('USER', { completedOnboarding: false }) });
    actor.send({ type: 'identity.onboardingCompleted' });
    expect(selectUser(actor.getSnapshot())?.completedOnboarding).toBe(true);
  });

  it('forgets the user on logout but stays initialized', () => {
    const actor = started();
    actor.send({ type: 'identity.loaded', user: makeUser('SCHOOL_ADMIN') });
    actor.send({ type: 'identity.cleared' });
    const snapshot = actor.getSnapshot();
    expect(selectUser(snapshot)).toBeNull();
    expect(selectIsAuthenticated(snapshot)).toBe(false);
    expect(selectIsSchoolAdmin(snapshot)).toBe(false);
    expect(selectIsInitialized(snapshot)).toBe(true);
  });

  it('is initialized when the visitor turns out anonymous', () => {
    const actor = started();
    actor.send({ type: 'identity.cleared' });
    expect(selectIsInitialized(actor.getSnapshot())).toBe(true);
    expect(selectIsAppLoading(actor.getSnapshot())).toBe(false);
  });

  it('lets screens raise and lower the app loading flag', () => {
    const actor = started();
    actor.send({ type: 'identity.cleared' });
    actor.send({ type: 'identity.appLoading', isAppLoading: true });
    expect(selectIsAppLoading(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'identity.appLoading', isAppLoading: false });
    expect(selectIsAppLoading(actor.getSnapshot())).toBe(false);
  });
});
