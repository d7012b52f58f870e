import { describe, expect, it, vi } from 'vitest';
import { PROVIDER_TOKEN_LEEWAY_MS, createTokenProvider, type AccessTokenGrant } from '@/machines/auth/token-provider';
import { deferred } from './fixtures';

// Spec §4 "Access token": refreshed when missing or expired, one shared refresh, provider
// tokens treated as expired 60 s early. The clock is injected, so nothing waits.

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('token provider', () => {
  it('shares one refresh between concurrent requests', async () => {
    const pending = deferred<AccessTokenGrant | null>();
    const fetchToken = vi.fn(() => pending.promise);
    const tokens = createTokenProvider({ fetchToken });
    const first = tokens.getToken();
    const second = tokens.getToken();
    expect(fetchToken).toHaveBeenCalledTimes(1);
    pending.resolve({ token: 't1', expiresAt: null, source: 'local' });
    await expect(Promise.all([first, second])).resolves.toEqual(['t1', 't1']);
    await expect(tokens.getToken()).resolves.toBe('t1');
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it('refreshes a provider token 60 s before it expires', async () => {
    const time = clock();
    let issued = 0;
    const fetchToken = vi.fn(async (): Promise<AccessTokenGrant> => {
      issued += 1;
      return { token: `p${issued}`, expiresAt: time.now() + 3_600_000, source: 'provider' };
    });
    const tokens = createTokenProvider({ fetchToken, now: time.now });
    await expect(tokens.getToken()).resolves.toBe('p1');
    time.advance(3_600_000 - PROVIDER_TOKEN_LEEWAY_MS - 1);
    await expect(tokens.getToken()).resolves.toBe('p1');
    time.advance(1);
    await expect(tokens.getToken()).resolves.toBe('p2');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('uses a local token until its own expiry, then asks again', async () => {
    const time = clock();
    const expiresAt = time.now() + 10_000;
    const fetchToken = vi.fn(async (): Promise<AccessTokenGrant> => ({ token: 'local', expiresAt, source: 'local' }));
    const tokens = createTokenProvider({ fetchToken, now: time.now });
    await tokens.getToken();
    time.advance(9_999);
    await tokens.getToken();
    expect(fetchToken).toHaveBeenCalledTimes(1);
    time.advance(1);
    // Still handed out: the server's 401 then logs out, which is the spec's path for it.
    await expect(tokens.getToken()).resolves.toBe('local');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('offline, keeps handing out a provider token past its time without asking the provider; back online, refreshes it', async () => {
    const time = clock();
    let offline = false;
    let issued = 0;
    const fetchToken = vi.fn(async (): Promise<AccessTokenGrant> => ({ token: `provider-${++issued}`, expiresAt: time.now() + 600_000, source: 'provider' }));
    const tokens = createTokenProvider({ fetchToken, now: time.now, isOffline: () => offline });
    await expect(tokens.getToken()).resolves.toBe('provider-1');
    offline = true;
    time.advance(3_600_000);
    // The worker names the user's copies by it; a refresh could only fail (or hang in the provider's iframe).
    await expect(tokens.getToken()).resolves.toBe('provider-1');
    expect(fetchToken).toHaveBeenCalledTimes(1);
    offline = false;
    await expect(tokens.getToken()).resolves.toBe('provider-2');
  });

  it('answers null when nobody is signed in, and asks again next time', async () => {
    const fetchToken = vi.fn(async () => null);
    const tokens = createTokenProvider({ fetchToken });
    await expect(tokens.getToken()).resolves.toBeNull();
    await expect(tokens.getToken()).resolves.toBeNull();
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('reports a failed refresh to every waiting caller and to onRefreshError, then retries', async () => {
    const failure = Object.assign(new Error('Login required'), { error: 'login_required' });
    const fetchToken = vi
      .fn<() => Promise<AccessTokenGrant | null>>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce({ token: 'again', expiresAt: null, source: 'provider' });
    const onRefreshError = vi.fn();
    const tokens = createTokenProvider({ fetchToken, onRefreshError });
    const results = await Promise.allSettled([tokens.getToken(), tokens.getToken()]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(onRefreshError).toHaveBeenCalledTimes(1);
    expect(onRefreshError).toHaveBeenCalledWith(failure);
    await expect(tokens.getToken()).resolves.toBe('again');
  });

  it('does not keep a token fetched for a session that was cleared meanwhile', async () => {
    const old = deferred<AccessTokenGrant | null>();
    const fetchToken = vi
      .fn<() => Promise<AccessTokenGrant | null>>()
      .mockReturnValueOnce(old.promise)
      .mockResolvedValueOnce({ token: 'new-session', expiresAt: null, source: 'local' });
    const tokens = createTokenProvider({ fetchToken });
    const stale = tokens.getToken();
    tokens.clear();
    const fresh = tokens.getToken();
    old.resolve({ token: 'old-session', expiresAt: null, source: 'provider' });
    await expect(stale).resolves.toBe('old-session');
    await expect(fresh).resolves.toBe('new-session');
    await expect(tokens.getToken()).resolves.toBe('new-session');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });
});
