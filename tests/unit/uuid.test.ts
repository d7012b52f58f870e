import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUuid } from '@/lib/uuid';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses crypto.randomUUID where the page is a secure context', () => {
    expect(randomUuid()).toMatch(V4);
  });

  it('builds a version 4 UUID from getRandomValues where randomUUID is missing (plain http)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(0xff) });
    expect(randomUuid()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(0) });
    expect(randomUuid()).toMatch(V4);
    expect(randomUuid()).toBe('00000000-0000-4000-8000-000000000000');
  });
});
