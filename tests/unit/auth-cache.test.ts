import { describe, expect, it } from 'vitest';
import { createAuthCache } from '../../server/auth/auth-cache.ts';
import { createChanges } from '../../server/services/changes.ts';
import type { UserRow } from '../../server/auth/principal.ts';

// What every authenticated request reads (its user, whether its token was signed out, its access)
// is kept between requests and dropped on the database's announcements (server/auth/auth-cache.ts).

const user = (id: string, extra: Partial<UserRow> = {}) => ({ id, ssoId: null, organizationId: null, role: 'USER', ...extra }) as UserRow;

function counting<T>(answer: () => T) {
  const calls = { n: 0 };
  return { calls, load: async () => (calls.n++, answer()) };
}

describe('auth cache', () => {
  it('reads the database once per user while nothing changes, and again after a change is announced', async () => {
    const cache = createAuthCache();
    cache.setLive(true);
    let row = user('u1', { firstName: 'Ada' });
    const { calls, load } = counting(() => row);
    expect((await cache.userById('u1', load))?.firstName).toBe('Ada');
    expect((await cache.userById('u1', load))?.firstName).toBe('Ada');
    expect(calls.n).toBe(1);
    row = user('u1', { firstName: 'Grace' });
    cache.onChange('user:u2'); // another user's change
    expect((await cache.userById('u1', load))?.firstName).toBe('Ada');
    cache.onChange('user:u1');
    expect((await cache.userById('u1', load))?.firstName).toBe('Grace');
    expect(calls.n).toBe(2);
  });

  it('keeps nothing while the announcements are not received (not listening yet, or the connection was lost)', async () => {
    const cache = createAuthCache();
    const { calls, load } = counting(() => user('u1'));
    await cache.userById('u1', load);
    await cache.userById('u1', load);
    expect(calls.n).toBe(2);
    cache.setLive(true);
    await cache.userById('u1', load);
    await cache.userById('u1', load);
    expect(calls.n).toBe(3);
    cache.setLive(false);
    await cache.userById('u1', load);
    expect(calls.n).toBe(4);
    // Back: what was kept before the gap is gone (a change may have been missed meanwhile).
    cache.setLive(true);
    await cache.userById('u1', load);
    expect(calls.n).toBe(5);
  });

  it('keeps everything through the catalogue’s and the learners’ progress announcements, and drops it on one it does not know', async () => {
    const cache = createAuthCache();
    cache.setLive(true);
    const { calls, load } = counting(() => user('u1'));
    await cache.userById('u1', load);
    for (const payload of ['catalog', 'progress:u1', 'progress:u2']) cache.onChange(payload);
    await cache.userById('u1', load);
    expect(calls.n).toBe(1);
    // Nor do they hold back a read in flight.
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const reading = cache.userById('u2', async () => (await slow, user('u2')));
    cache.onChange('progress:u2');
    release();
    await reading;
    const other = counting(() => user('u2'));
    await cache.userById('u2', other.load);
    expect(other.calls.n).toBe(0);
    cache.onChange('something-new:x');
    await cache.userById('u1', load);
    expect(calls.n).toBe(2);
  });

  it('does not keep a row read while a change was announced (it may be the old one)', async () => {
    const cache = createAuthCache();
    cache.setLive(true);
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const reading = cache.userById('u1', async () => (await slow, user('u1', { firstName: 'Old' })));
    cache.onChange('user:u1');
    release();
    expect((await reading)?.firstName).toBe('Old');
    const { calls, load } = counting(() => user('u1', { firstName: 'New' }));
    expect((await cache.userById('u1', load))?.firstName).toBe('New');
    expect(calls.n).toBe(1);
  });

  it('finds a provider user by subject, and forgets the subject with the user', async () => {
    const cache = createAuthCache();
    cache.setLive(true);
    const { calls, load } = counting(() => user('u1', { ssoId: 'auth0|1' }));
    await cache.userBySubject('auth0|1', load);
    await cache.userBySubject('auth0|1', load);
    expect(calls.n).toBe(1);
    cache.onChange('user:u1');
    await cache.userBySubject('auth0|1', load);
    expect(calls.n).toBe(2);
    // The user row kept under its id is not taken for another subject.
    const other = counting(() => undefined);
    expect(await cache.userBySubject('auth0|2', other.load)).toBeUndefined();
    expect(other.calls.n).toBe(1);
  });

  it('keeps "not signed out" until the token is revoked, and never keeps "signed out"', async () => {
    const cache = createAuthCache();
    cache.setLive(true);
    let revoked = false;
    const { calls, load } = counting(() => revoked);
    expect(await cache.isRevoked('j1', load)).toBe(false);
    expect(await cache.isRevoked('j1', load)).toBe(false);
    expect(calls.n).toBe(1);
    revoked = true;
    cache.onChange('revoked:j1');
    expect(await cache.isRevoked('j1', load)).toBe(true);
    expect(await cache.isRevoked('j1', load)).toBe(true);
    expect(calls.n).toBe(3);
  });

  it('answers access from the end of the paid period, so it ends on time without any write', async () => {
    const cache = createAuthCache();
    cache.setLive(true);
    const until = new Date('2026-06-30T00:00:00Z');
    const { calls, load } = counting(() => until);
    const u = user('u1', { organizationId: 'o1' });
    expect(await cache.hasAccess(u, new Date('2026-06-29T23:59:59Z'), load)).toBe(true);
    expect(await cache.hasAccess(u, new Date('2026-06-30T00:00:00Z'), load)).toBe(false);
    expect(calls.n).toBe(1);
    // Moved to another organization: read again.
    expect(await cache.hasAccess({ ...u, organizationId: 'o2' }, new Date('2026-06-01T00:00:00Z'), load)).toBe(true);
    expect(calls.n).toBe(2);
    // Any subscription or organization change: read again.
    cache.onChange('access');
    await cache.hasAccess({ ...u, organizationId: 'o2' }, new Date('2026-06-01T00:00:00Z'), load);
    expect(calls.n).toBe(3);
    const none = counting(() => null);
    expect(await cache.hasAccess(user('u9'), new Date(), none.load)).toBe(false);
  });

  it('reads again after the time to live, and keeps at most `max` entries', async () => {
    let clock = 0;
    const cache = createAuthCache({ ttlMs: 1_000, max: 2, now: () => clock });
    cache.setLive(true);
    const { calls, load } = counting(() => user('u1'));
    await cache.userById('u1', load);
    clock = 999;
    await cache.userById('u1', load);
    expect(calls.n).toBe(1);
    clock = 2_001;
    await cache.userById('u1', load);
    expect(calls.n).toBe(2);
    await cache.userById('u2', async () => user('u2'));
    await cache.userById('u3', async () => user('u3'));
    expect(cache.size().users).toBe(2);
    // u1 was the least recently used: it went first.
    await cache.userById('u1', load);
    expect(calls.n).toBe(3);
  });

  it('sync resolves when its own announcement comes back, and makes listeners drop everything when it does not', async () => {
    const sent: string[] = [];
    let echo = true;
    const changes = createChanges({
      notify: async (payload) => {
        sent.push(payload);
        if (echo) setTimeout(() => changes.receive(payload), 5);
      },
    });
    const cache = createAuthCache();
    changes.subscribe(cache);
    changes.setLive(true);
    const { calls, load } = counting(() => user('u1'));
    await cache.userById('u1', load);
    await changes.sync();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^sync:/);
    await cache.userById('u1', load);
    expect(calls.n).toBe(1);
    echo = false;
    await changes.sync();
    expect(cache.live).toBe(true);
    await cache.userById('u1', load);
    expect(calls.n).toBe(2);
  });

  it('hands every announcement to every listener, but not the sync ones', async () => {
    const changes = createChanges();
    const seen: string[] = [];
    changes.subscribe({ onChange: (p) => seen.push(p), setLive: () => {} });
    changes.receive('user:u1');
    changes.receive('catalog');
    changes.receive('sync:someone-else.1');
    expect(seen).toEqual(['user:u1', 'catalog']);
  });

  it('hands out rows that cannot be changed by one request for the next', async () => {
    const cache = createAuthCache();
    cache.setLive(true);
    const row = await cache.userById('u1', async () => user('u1'));
    expect(Object.isFrozen(row)).toBe(true);
  });
});
