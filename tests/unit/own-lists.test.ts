import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOwnLists } from '../../server/services/own-lists.ts';

/** A compute that counts its calls and answers `value` (or what `answer` says at that moment). */
function counted(answer: () => unknown) {
  const calls = { n: 0 };
  const compute = async () => {
    calls.n++;
    return answer();
  };
  return { calls, compute };
}
const text = (body: { raw: Buffer }) => JSON.parse(body.raw.toString('utf8'));

describe('lists kept per learner (server/services/own-lists.ts)', () => {
  it('keeps nothing until announcements are received, and nothing again once they are lost', async () => {
    const own = createOwnLists();
    const { calls, compute } = counted(() => ({ items: [1] }));
    await own.json('a', 'list', { progress: 'IN_PROGRESS' }, compute);
    await own.json('a', 'list', { progress: 'IN_PROGRESS' }, compute);
    expect(calls.n).toBe(2);
    own.setLive(true);
    await own.json('a', 'list', { progress: 'IN_PROGRESS' }, compute);
    await own.json('a', 'list', { progress: 'IN_PROGRESS' }, compute);
    expect(calls.n).toBe(3);
    own.setLive(false);
    await own.json('a', 'list', { progress: 'IN_PROGRESS' }, compute);
    expect(calls.n).toBe(4);
  });

  it('answers each learner with their own response, the same query written in any order', async () => {
    const own = createOwnLists();
    own.setLive(true);
    expect(text(await own.json('a', 'list', { progress: 'SAVED', limit: 10 }, async () => ({ who: 'a' })))).toEqual({ who: 'a' });
    expect(text(await own.json('b', 'list', { progress: 'SAVED', limit: 10 }, async () => ({ who: 'b' })))).toEqual({ who: 'b' });
    expect(text(await own.json('a', 'list', { limit: 10, progress: 'SAVED' }, async () => ({ who: 'again' })))).toEqual({ who: 'a' });
    // A search and a list of the same query are different responses.
    expect(text(await own.json('a', 'search', { progress: 'SAVED', limit: 10 }, async () => ({ who: 'search' })))).toEqual({ who: 'search' });
  });

  it('drops a learner’s responses when their progress is announced, and everyone’s when the catalogue is', async () => {
    const own = createOwnLists();
    own.setLive(true);
    let version = 1;
    const ask = async (user: string) => text(await own.json(user, 'list', { progress: 'IN_PROGRESS' }, async () => ({ user, version })));
    expect(await ask('a')).toEqual({ user: 'a', version: 1 });
    expect(await ask('b')).toEqual({ user: 'b', version: 1 });
    version = 2;
    own.onChange('progress:a');
    expect(await ask('a')).toEqual({ user: 'a', version: 2 });
    expect(await ask('b')).toEqual({ user: 'b', version: 1 });
    // Someone else's account or a revoked token is not what these lists depend on.
    own.onChange('user:b');
    own.onChange('revoked:x');
    expect(await ask('b')).toEqual({ user: 'b', version: 1 });
    version = 3;
    own.onChange('catalog');
    expect(await ask('a')).toEqual({ user: 'a', version: 3 });
    expect(await ask('b')).toEqual({ user: 'b', version: 3 });
    version = 4;
    own.forget('b');
    expect(await ask('a')).toEqual({ user: 'a', version: 3 });
    expect(await ask('b')).toEqual({ user: 'b', version: 4 });
  });

  it('does not keep a response computed while the learner’s progress or the catalogue changed', async () => {
    for (const change of ['progress:a', 'catalog', 'forget', 'lost'] as const) {
      const own = createOwnLists();
      own.setLive(true);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = own.json('a', 'list', { progress: 'COMPLETED' }, async () => {
        await held;
        return { stale: true };
      });
      if (change === 'forget') own.forget('a');
      else if (change === 'lost') {
        own.setLive(false);
        own.setLive(true);
      } else own.onChange(change);
      release();
      expect(text(await first)).toEqual({ stale: true });
      expect(text(await own.json('a', 'list', { progress: 'COMPLETED' }, async () => ({ stale: false }))), change).toEqual({ stale: false });
    }
  });

  it('keeps a learner’s 16 most recent responses', async () => {
    const own = createOwnLists();
    own.setLive(true);
    const { calls, compute } = counted(() => ({}));
    for (let page = 0; page < 17; page++) await own.json('a', 'list', { progress: 'NOT_STARTED', offset: page * 10 }, compute);
    expect(calls.n).toBe(17);
    await own.json('a', 'list', { progress: 'NOT_STARTED', offset: 160 }, compute);
    await own.json('a', 'list', { progress: 'NOT_STARTED', offset: 10 }, compute);
    expect(calls.n).toBe(17);
    await own.json('a', 'list', { progress: 'NOT_STARTED', offset: 0 }, compute);
    expect(calls.n).toBe(18);
  });

  it('drops the least recently active learners beyond 32 MB', async () => {
    const own = createOwnLists();
    own.setLive(true);
    const big = 'x'.repeat(3.9 * 1024 * 1024);
    const { calls, compute } = counted(() => ({ big }));
    for (let user = 0; user < 9; user++) await own.json(`u${user}`, 'list', { progress: 'SAVED' }, compute);
    expect(calls.n).toBe(9);
    // The 9th (35 MB in all) pushed the first learner out; the last eight are still kept.
    for (let user = 1; user < 9; user++) await own.json(`u${user}`, 'list', { progress: 'SAVED' }, compute);
    expect(calls.n).toBe(9);
    await own.json('u0', 'list', { progress: 'SAVED' }, compute);
    expect(calls.n).toBe(10);
  });

  it('counts a response computed twice at once only once in the 32 MB', async () => {
    const own = createOwnLists();
    own.setLive(true);
    const big = 'x'.repeat(12 * 1024 * 1024);
    const { calls, compute } = counted(() => ({ big }));
    await Promise.all([own.json('u0', 'list', { progress: 'SAVED' }, compute), own.json('u0', 'list', { progress: 'SAVED' }, compute)]);
    await own.json('u1', 'list', { progress: 'SAVED' }, compute);
    expect(calls.n).toBe(3);
    // 24 MB kept, not 36: the first learner's response is still there.
    await own.json('u0', 'list', { progress: 'SAVED' }, compute);
    expect(calls.n).toBe(3);
  });

  it('counts a kept response’s gzip encoding in the 32 MB once it is made', async () => {
    const own = createOwnLists();
    own.setLive(true);
    // Base64 of random bytes: 12 MB that gzip leaves at about 9 MB.
    const noise = randomBytes(9 * 1024 * 1024).toString('base64');
    const { calls, compute } = counted(() => ({ noise }));
    await own.json('u0', 'list', { progress: 'SAVED' }, compute);
    const second = await own.json('u1', 'list', { progress: 'SAVED' }, compute);
    await own.json('u0', 'list', { progress: 'SAVED' }, compute);
    // 24 MB of raw bodies: both kept.
    expect(calls.n).toBe(2);
    // A client taking gzip asks for u1's: about 33 MB now, so the other learner is dropped.
    expect(second.gzip().length).toBeGreaterThan(8 * 1024 * 1024);
    expect(second.bytes()).toBe(second.raw.length + second.gzip().length);
    await own.json('u0', 'list', { progress: 'SAVED' }, compute);
    expect(calls.n).toBe(3);
  });
});
