import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { profileMachine } from '@/machines/profile/profile.machine';
import { selectIsProfileLoading, selectProfile } from '@/machines/profile/profile.selectors';
import type { Profile, Subscription } from '@/machines/shared/domain';
import { subscriptionsMachine } from '@/machines/subscriptions/subscriptions.machine';
import {
  selectActiveSubscription,
  selectLatestSubscription,
  selectSubscriptions,
} from '@/machines/subscriptions/subscriptions.selectors';
import { withFetch } from '@/machines/shared/resource';
import { makeProfile, makeSubscription } from './fixtures';

function profileActor(fetchProfile: () => Promise<Profile>) {
  const fetch = vi.fn(fetchProfile);
  const actor = createActor(withFetch(profileMachine, () => fetch()), { input: {} }).start();
  const emitted: string[] = [];
  actor.on('*', (event) => emitted.push(event.type));
  return { actor, fetch, emitted };
}

const settled = (snapshot: { matches: (value: 'loaded' | 'failed') => boolean }) =>
  snapshot.matches('loaded') || snapshot.matches('failed');

describe('profile actor', () => {
  it('loads once and emits resource.loaded', async () => {
    const profile = makeProfile();
    const { actor, fetch, emitted } = profileActor(async () => profile);
    actor.send({ type: 'resource.load' });
    expect(selectIsProfileLoading(actor.getSnapshot())).toBe(true);
    await waitFor(actor, settled);
    actor.send({ type: 'resource.load' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(selectProfile(actor.getSnapshot())).toEqual(profile);
    expect(emitted).toEqual(['resource.loaded']);
  });

  it('reloads on demand', async () => {
    let version = 0;
    const { actor, fetch } = profileActor(async () => makeProfile({ firstName: `v${(version += 1)}` }));
    actor.send({ type: 'resource.load' });
    await waitFor(actor, settled);
    actor.send({ type: 'resource.reload' });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded') && snapshot.context.data?.firstName === 'v2');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('emits resource.failed and loads again when asked after a failure', async () => {
    const { actor, fetch, emitted } = profileActor(async () => {
      if (fetch.mock.calls.length === 1) throw new Error('offline');
      return makeProfile();
    });
    actor.send({ type: 'resource.load' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'resource.load' });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(emitted).toEqual(['resource.failed', 'resource.loaded']);
  });

  it('takes a profile saved elsewhere, and forgets it at logout', () => {
    const { actor, fetch } = profileActor(async () => makeProfile());
    const saved = makeProfile({ completedOnboarding: true });
    actor.send({ type: 'resource.set', data: saved });
    expect(selectProfile(actor.getSnapshot())).toEqual(saved);
    actor.send({ type: 'resource.clear' });
    expect(selectProfile(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('subscriptions actor', () => {
  it('loads once, reloads on demand and clears', async () => {
    const list = [
      makeSubscription({ isActive: false, createdAt: '2026-01-01T00:00:00.000Z' }),
      makeSubscription({ isActive: true, createdAt: '2025-06-01T00:00:00.000Z' }),
    ];
    const fetch = vi.fn(async () => list);
    const actor = createActor(withFetch(subscriptionsMachine, (): Promise<readonly Subscription[]> => fetch()), { input: {} }).start();
    expect(selectSubscriptions(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'resource.load' });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'resource.load' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(selectActiveSubscription(actor.getSnapshot())).toBe(list[1]);
    expect(selectLatestSubscription(actor.getSnapshot())).toBe(list[0]);
    actor.send({ type: 'resource.reload' });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(fetch).toHaveBeenCalledTimes(2);
    actor.send({ type: 'resource.clear' });
    expect(actor.getSnapshot().context.data).toBeNull();
  });
});
