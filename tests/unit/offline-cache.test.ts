import { describe, expect, it } from 'vitest';
import { subjectOf, userCacheName } from '@/lib/offline-cache';

// The service worker names a user's cache by their token's subject; anything that is not a
// bearer JWT with a plain subject gets no cache.

const jwt = (payload: unknown) => `Bearer eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;

describe('subjectOf', () => {
  it("reads the bearer token's subject", () => {
    expect(subjectOf(jwt({ sub: 'f3fd5af6-28b4-4be0-9037-cb44a8943ea8', exp: 1 }))).toBe('f3fd5af6-28b4-4be0-9037-cb44a8943ea8');
    expect(userCacheName('abc')).toBe('user-data-abc');
  });

  it('gives none for no token, another scheme, a malformed token or an odd subject', () => {
    expect(subjectOf(null)).toBeNull();
    expect(subjectOf('Basic dXNlcjpwYXNz')).toBeNull();
    expect(subjectOf('Bearer opaque-token')).toBeNull();
    expect(subjectOf('Bearer a.!!!.c')).toBeNull();
    expect(subjectOf(jwt({ exp: 1 }))).toBeNull();
    expect(subjectOf(jwt({ sub: 42 }))).toBeNull();
    expect(subjectOf(jwt({ sub: '../other user' }))).toBeNull();
  });
});
