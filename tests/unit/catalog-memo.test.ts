import { describe, expect, it } from 'vitest';
import { createCatalogMemo } from '../../server/services/catalog-cache.ts';

/** A memo over a token the test changes, counting how often each key is computed. */
function memoOver(entries = 2) {
  let token: string | null = 't1';
  const computed: string[] = [];
  const memo = createCatalogMemo<string>({ version: async () => token, entries });
  const get = (key: string) =>
    memo(key, async () => {
      computed.push(key);
      return `${key}@${token}`;
    });
  return { get, computed, setToken: (next: string | null) => (token = next) };
}

describe('createCatalogMemo', () => {
  it('computes a key once while the token is unchanged, and again after it changes', async () => {
    const m = memoOver();
    expect(await m.get('a')).toBe('a@t1');
    expect(await m.get('a')).toBe('a@t1');
    expect(m.computed).toEqual(['a']);
    m.setToken('t2');
    expect(await m.get('a')).toBe('a@t2');
    expect(m.computed).toEqual(['a', 'a']);
  });

  it('shares one computation between callers asking at once', async () => {
    const m = memoOver();
    expect(await Promise.all([m.get('a'), m.get('a'), m.get('a')])).toEqual(['a@t1', 'a@t1', 'a@t1']);
    expect(m.computed).toEqual(['a']);
  });

  it('keeps at most `entries` keys, dropping the least recently used', async () => {
    const m = memoOver(2);
    await m.get('a');
    await m.get('b');
    await m.get('a'); // a is now the most recent
    await m.get('c'); // drops b
    await m.get('a');
    await m.get('b');
    expect(m.computed).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not keep a failed computation, and computes every call without a token', async () => {
    let fail = true;
    const memo = createCatalogMemo<number>({ version: async () => 't', entries: 4 });
    const attempt = () =>
      memo('k', async () => {
        if (fail) throw new Error('database away');
        return 1;
      });
    await expect(attempt()).rejects.toThrow('database away');
    fail = false;
    expect(await attempt()).toBe(1);

    const m = memoOver();
    m.setToken(null);
    await m.get('a');
    await m.get('a');
    expect(m.computed).toEqual(['a', 'a']);
  });
});
